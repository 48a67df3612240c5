// Issue 29: the speed book shared through the database (app_settings) by two instances on PGlite and PostgreSQL: one
// calibration for both, what one learns read back by the other, learning at once on both kept, a stored model this
// code cannot read measured again; and once, the real calibration and probe with this machine's ffmpeg.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalibrationEncode, SpeedModel } from '../../../common/video/h265-estimate';
import { appSettings } from '../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/harness';
import { createSpeedBook, ENCODE_PROBE_MS } from './calibration';
import { findFfmpeg, type FfmpegBinary } from './ffmpeg';

const HD = { width: 1920, height: 1080 };
const CALIBRATION: CalibrationEncode[] = [
  { width: 1280, height: 720, preset: 'ultrafast', speed: 80 },
  { width: 1280, height: 720, preset: 'medium', speed: 20 },
];
const noBinary = () => Promise.reject<FfmpegBinary>(new Error('no ffmpeg needed'));

describe.each(testDatabaseKinds())('the speed book on one database (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** An instance of the app: its own probe (0.5 s, idle) and calibration, counted. */
  const instance = (machine: string, counts: { calibrations: number }) =>
    createSpeedBook(noBinary, undefined, {
      db: database.db,
      machine,
      modelTtlMs: 0,
      probe: () => Promise.resolve(0.5),
      calibrate: async () => {
        counts.calibrations += 1;
        await new Promise((resolve) => setTimeout(resolve, 400));
        return CALIBRATION;
      },
    });
  /** Two instances of one machine on a clock the test moves, calibrating at once; their calibrations counted. */
  const twoOnAClock = (machine: string) => {
    const counts = { calibrations: 0 };
    const clock = { at: Date.now() };
    const books = [0, 1].map(() =>
      createSpeedBook(noBinary, undefined, {
        db: database.db,
        machine,
        modelTtlMs: 0,
        now: () => clock.at,
        probe: () => Promise.resolve(0.5),
        calibrate: () => {
          counts.calibrations += 1;
          return Promise.resolve(CALIBRATION);
        },
      }),
    );
    return { counts, clock, books };
  };
  const stored = async (machine: string) =>
    (await database.db.select().from(appSettings).where(eq(appSettings.key, machine)))[0]?.value as
      SpeedModel | undefined;
  /** 20 s of 1080p at `speed` megapixels per second. */
  const work = (speed: number) => ({
    ...HD,
    frames: Math.round((speed * 20e6) / (1920 * 1080)),
    seconds: 20,
  });

  it('calibrates once for both instances, and the second reads the first one’s model', async () => {
    const counts = { calibrations: 0 };
    const a = instance('machine-1', counts);
    const b = instance('machine-1', counts);
    const [fromA, fromB] = await Promise.all([a.speeds(HD), b.speeds(HD)]);
    expect(counts.calibrations).toBe(1);
    expect(fromA).toEqual(fromB);
    expect(fromA).toMatchObject({ ultrafast: 80, medium: 20 });
    expect((await stored('machine-1'))?.speeds['1080p']?.medium?.value).toBeCloseTo(10, 6);
    // A third instance started later calibrates nothing either.
    await instance('machine-1', counts).speeds(HD);
    expect(counts.calibrations).toBe(1);
    // Another kind of machine has its own.
    await instance('machine-2', counts).speeds(HD);
    expect(counts.calibrations).toBe(2);
    expect(
      await database.db
        .select({ key: appSettings.key })
        .from(appSettings)
        .where(like(appSettings.key, 'machine-%')),
    ).toHaveLength(2);
  });

  it('what one instance learns, the other estimates with', async () => {
    const {
      counts,
      clock,
      books: [a, b],
    } = twoOnAClock('machine-3');
    expect((await b!.speeds(HD)).medium).toBeCloseTo(20, 6);
    // Four conversions on A: 1080p at medium really runs at 26 MP/s here.
    for (let i = 0; i < 4; i += 1) {
      await a!.speeds(HD, 'encode');
      clock.at += 20_000;
      a!.record('medium', work(26));
      clock.at += 5_000;
    }
    await a!.settled();
    expect((await b!.speeds(HD)).medium).toBeCloseTo(26, 0);
    expect((await b!.speeds({ width: 854, height: 480 })).medium).toBeCloseTo(20, 6);
    expect(counts.calibrations).toBe(1);
  });

  it('keeps what two instances learn at the same moment (one change at a time)', async () => {
    const { clock, books } = twoOnAClock('machine-4');
    await Promise.all(books.map((book) => book.speeds(HD, 'encode')));
    clock.at += 20_000;
    for (const book of books) book.record('medium', work(22));
    await Promise.all(books.map((book) => book.settled()));
    // The calibration's three samples and both conversions.
    expect((await stored('machine-4'))?.speeds['1080p']?.medium?.recent).toHaveLength(5);
  });

  it('measures again when the stored model is not one this code reads', async () => {
    await database.db
      .insert(appSettings)
      .values({ key: 'machine-5', value: { speeds: 'from an old version' } });
    const counts = { calibrations: 0 };
    expect((await instance('machine-5', counts).speeds(HD)).medium).toBeCloseTo(20, 6);
    expect(counts.calibrations).toBe(1);
    expect((await stored('machine-5'))?.probeFloor).toEqual([0.5]);
  });
});

describe('the speed book with this machine’s ffmpeg', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('calibrates with real encodes and probes the load, under the kind of machine’s key', async () => {
    const binary = await findFfmpeg(undefined);
    if (!binary) throw new Error('no ffmpeg');
    // The book's clock is the real one, moved on at will: no waiting for its probe to age.
    let skewMs = 0;
    const book = createSpeedBook(() => Promise.resolve(binary), undefined, {
      db: database.db,
      now: () => Date.now() + skewMs,
    });
    const speeds = await book.speeds(HD);
    for (const preset of ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium'] as const) {
      expect(speeds[preset]).toBeGreaterThan(0.1);
    }
    expect(speeds.ultrafast).toBeGreaterThan(speeds.medium ?? 0);
    const [row] = await database.db.select().from(appSettings).where(like(appSettings.key, 'h265-speeds:%'));
    const model = row?.value as SpeedModel;
    expect(Object.keys(model.speeds)).toEqual(['360p', '480p', '720p', '1080p', '1440p', '2160p']);
    expect(model.probeFloor[0]).toBeGreaterThan(0.05);
    // The decision before an encode probes again (its last probe is older than 2 s), for any frame size.
    skewMs += ENCODE_PROBE_MS + 100;
    const again = await book.speeds({ width: 854, height: 480 }, 'encode');
    expect(again.medium).toBeGreaterThan(0.1);
  }, 300_000);
});
