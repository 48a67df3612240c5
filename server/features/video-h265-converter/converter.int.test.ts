// Issue 17: the converter service on a real database, the local store and real ffmpeg, with an injected clock and
// speeds: the 5-minute limit (refused up front when the estimate cannot fit, stopped when the encoder runs past it)
// and the deletion of everything 24 hours on.
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EncoderSpeeds } from '../../../common/video/h265-estimate';
import { mediaToolPath } from '../../../e2e/fixtures/media-tools';
import { makeClip } from '../../../e2e/fixtures/video-clips';
import { videoConversion } from '../../db/schema';
import { AppError } from '../../errors';
import { createLogger } from '../../logger';
import { createLocalStorage } from '../../storage/local-storage';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/harness';
import { createAttemptCounter } from '../auth/attempts';
import { createSpeedBook } from './calibration';
import {
  createConverter,
  MAX_WAITING_PER_OWNER,
  MAX_WAITING_UPLOADS,
  WAITING_RESERVED_FOR_NEWCOMERS,
  type Caller,
} from './video-h265-converter.service';
import { findFfmpeg, type FfmpegBinary } from './ffmpeg';

const HOUR = 3600_000;
const caller: Caller = { owner: 'visitor:abc', loggedIn: false, rateKey: 'h265:guest:192.0.2.1' };

describe.each(testDatabaseKinds())('the converter service (%s)', (kind) => {
  let database: TestDatabase;
  let dir: string;
  let binary: FfmpegBinary;
  let clock = Date.now();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dir = await mkdtemp(path.join(tmpdir(), 'bct-h265-service-'));
    const found = await findFfmpeg(undefined);
    if (!found) throw new Error('no ffmpeg');
    binary = found;
  });
  afterAll(async () => {
    await database?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const storage = () =>
    createLocalStorage({
      rootDir: path.join(dir, 'storage'),
      baseUrl: 'http://127.0.0.1:9',
      getSigningKey: () => Promise.resolve(randomBytes(32)),
    });

  const converterWith = (speeds: EncoderSpeeds, timeLimitSeconds = 300) => {
    const store = storage();
    const converter = createConverter({
      db: database.db,
      storage: store,
      logger: createLogger('silent'),
      getBinary: () => Promise.resolve(binary),
      speeds: createSpeedBook(() => Promise.resolve(binary), speeds),
      enqueue: () => Promise.resolve(),
      limits: {
        user: createAttemptCounter(database.db, { limit: 100, windowSeconds: 300 }),
        guest: createAttemptCounter(database.db, { limit: 100, windowSeconds: 300 }),
        uploads: createAttemptCounter(database.db, { limit: 1000, windowSeconds: 300 }),
      },
      jobExpireSeconds: 420,
      now: () => clock,
      timeLimitSeconds,
    });
    return { converter, store };
  };

  /** An upload as the browser leaves it: the address asked for, the bytes written where it points. */
  const uploaded = async (
    store: ReturnType<typeof storage>,
    converter: ReturnType<typeof converterWith>['converter'],
    file: string,
  ) => {
    const bytes = await readFile(file);
    const address = await converter.createUpload(caller, 'h265-upload:192.0.2.1', {
      filename: path.basename(file),
      contentType: 'video/mp4',
      size: bytes.length,
    });
    await store.putObject(address.s3Key, bytes, { contentType: 'video/mp4' });
    return address.s3Key;
  };

  const failureOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof AppError)
        return { status: error.status, code: error.code, message: error.message };
      throw error;
    }
    throw new Error('no failure');
  };

  it('refuses up front a video that cannot finish in 5 minutes even at the fastest preset', async () => {
    // This "machine" encodes 2 megapixels a second at best: 10 s of 720p (276 MP) would take over 2 minutes.
    const { converter, store } = converterWith({ ultrafast: 2, medium: 0.5 }, 60);
    const s3Key = await uploaded(store, converter, await makeClip({ width: 1280, height: 720, seconds: 10 }));
    const row = await converter.start(caller, s3Key, 'long.mp4');
    await converter.runConversion(row.id);
    const ended = await converter.waitFor(row.id, new AbortController().signal, 10_000);
    expect(ended).toMatchObject({ state: 'failed', errorCode: 'conversion_too_long', preset: null });
    expect(ended.encodeSeconds).toBeNull();
    expect(ended.errorMessage).toBe(
      'This video would take about 2 min 20 s to convert here, more than the 1 min limit. Please trim it or lower its resolution.',
    );
    expect(await failureOf(converter.resultOf(ended))).toMatchObject({
      status: 408,
      code: 'conversion_too_long',
    });
  });

  it('stops an encode that runs past the limit with the spec’s timeout message', async () => {
    // Speeds that promise far more than the machine gives: the estimate fits 2 s, the encode does not.
    const { converter, store } = converterWith({ medium: 1e6 }, 2);
    const s3Key = await uploaded(store, converter, await makeClip({ width: 1280, height: 720, seconds: 6 }));
    const row = await converter.start(caller, s3Key, 'slow.mp4');
    const started = Date.now();
    await converter.runConversion(row.id);
    expect(Date.now() - started).toBeLessThan(15_000);
    const ended = await converter.waitFor(row.id, new AbortController().signal, 10_000);
    expect(ended).toMatchObject({ state: 'failed', errorCode: 'conversion_timeout', preset: 'medium' });
    expect(await failureOf(converter.resultOf(ended))).toEqual({
      status: 408,
      code: 'conversion_timeout',
      message: 'Conversion timeout. Video too large or complex.',
    });
  });

  it('deletes conversions, uploads and results 24 hours on, and not before', async () => {
    clock = Date.now();
    const { converter, store } = converterWith({ medium: 30, ultrafast: 80 });
    const clip = await makeClip({ width: 320, height: 240, seconds: 2 });
    const convertedKey = await uploaded(store, converter, clip);
    const row = await converter.start(caller, convertedKey, 'done.mp4');
    await converter.runConversion(row.id);
    const done = await converter.waitFor(row.id, new AbortController().signal, 10_000);
    expect(done.state).toBe('done');
    const result = await converter.resultOf(done);
    expect(Date.parse(result.expires_at)).toBe(clock + 24 * HOUR);
    const outputKey = done.outputKey ?? '';
    expect(await store.headObject(outputKey)).not.toBeNull();
    expect(await store.headObject(convertedKey)).toBeNull(); // the original goes once converted
    const leftKey = await uploaded(store, converter, clip); // uploaded, never converted

    // Within the hour an upload waits for its conversion; after it, it goes (the result stays its 24 hours).
    clock += 50 * 60_000;
    expect(await converter.sweep()).toEqual({ rows: 0, objects: 0 });
    expect(await store.headObject(leftKey)).not.toBeNull();
    clock += 20 * 60_000;
    expect(await converter.sweep()).toEqual({ rows: 1, objects: 1 });
    expect(await store.headObject(leftKey)).toBeNull();
    expect(await failureOf(converter.start(caller, leftKey, 'x.mp4'))).toMatchObject({
      status: 404,
      code: 'upload_not_found',
    });

    clock += 22 * HOUR - 10 * 60_000;
    expect(await converter.sweep()).toEqual({ rows: 0, objects: 0 });
    expect(await store.headObject(outputKey)).not.toBeNull();
    // An hour before the end the link is still given, for the hour left.
    const later = await converter.resultOf(done);
    const lifetime =
      Number(new URL(later.download_url).searchParams.get('expires')) - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThanOrEqual(3598);
    expect(lifetime).toBeLessThanOrEqual(3600);

    clock += 2 * HOUR;
    const swept = await converter.sweep();
    expect(swept.rows).toBeGreaterThanOrEqual(1);
    expect(swept.objects).toBeGreaterThanOrEqual(1);
    expect(await store.headObject(outputKey)).toBeNull();
    const rows = await database.db.select().from(videoConversion).where(eq(videoConversion.id, row.id));
    expect(rows).toEqual([]);
  });

  it('holds at most 100 uploads waiting for their conversion, whoever asks', async () => {
    clock = Date.now();
    const { converter } = converterWith({ medium: 30 });
    await converter.sweep();
    await database.db.delete(videoConversion);
    const ask = (i: number) =>
      converter.createUpload({ ...caller, owner: `visitor:${i}` }, `h265-upload:192.0.2.${i % 200}`, {
        filename: `v${i}.mp4`,
        contentType: 'video/mp4',
        size: 1000,
      });
    for (let i = 0; i < MAX_WAITING_UPLOADS; i += 1) await ask(i);
    expect(await failureOf(ask(1000))).toMatchObject({
      status: 429,
      code: 'conversion_rate_limited',
      message: 'Rate limit exceeded. Please try again later.',
    });
    // An hour on, the unconverted ones are gone and there is room again.
    clock += 61 * 60_000;
    expect((await converter.sweep()).rows).toBe(MAX_WAITING_UPLOADS);
    expect((await ask(1001)).s3Key).toMatch(/^h265\/uploads\//);
  });

  it('counts waiting uploads per caller, keeps a share for newcomers and frees unused addresses in minutes (issue 26)', async () => {
    clock = Date.now();
    const { converter } = converterWith({ medium: 30 });
    await database.db.delete(videoConversion);
    const ask = (owner: string, address: string) =>
      converter.createUpload({ ...caller, owner }, `h265-upload:${address}`, {
        filename: 'v.mp4',
        contentType: 'video/mp4',
        size: 1000,
      });
    // Twenty requests at once from one visitor: exactly three addresses, the others refused in the same step.
    const burst = await Promise.allSettled(
      Array.from({ length: 20 }, () => ask('visitor:eager', '198.51.100.1')),
    );
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_WAITING_PER_OWNER);
    const refused = burst.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(AppError);
    expect((refused?.reason as AppError).message).toBe(
      'You already have 3 videos uploading or waiting to be converted. Please convert them first, or try again in 15 minutes (unused upload addresses expire).',
    );
    // One address, many cookies: ten at most.
    for (let i = 0; i < 7; i += 1) await ask(`visitor:nat-${i}`, '198.51.100.1');
    expect(await failureOf(ask('visitor:nat-new', '198.51.100.1'))).toMatchObject({
      status: 429,
      code: 'conversion_rate_limited',
    });
    // The report's 89 addresses from 3 addresses cannot happen; 80 from many callers fill the shared part...
    for (let i = 0; i < 70; i += 1) await ask(`visitor:crowd-${i}`, `203.0.113.${i}`);
    expect(await failureOf(ask('visitor:crowd-0', '203.0.113.0'))).toMatchObject({ status: 429 });
    // ...and the last 20 places stay for callers with nothing waiting.
    for (let i = 0; i < WAITING_RESERVED_FOR_NEWCOMERS; i += 1) {
      expect((await ask(`visitor:new-${i}`, `192.0.2.${i}`)).s3Key).toMatch(/^h265\/uploads\//);
    }
    expect(await failureOf(ask('visitor:late', '192.0.2.200'))).toMatchObject({
      status: 429,
      message: 'Rate limit exceeded. Please try again later.',
    });
    // Nobody uploaded: 15 minutes on, the addresses no longer count; 40 minutes on, their rows are gone.
    clock += 16 * 60_000;
    expect((await ask('visitor:eager', '198.51.100.1')).s3Key).toMatch(/^h265\/uploads\//);
    clock += 25 * 60_000;
    expect((await converter.sweep()).rows).toBe(MAX_WAITING_UPLOADS);
    const left = await database.db.select().from(videoConversion);
    expect(left.map((row) => row.owner)).toEqual(['visitor:eager']);
  });

  it('bounds the memory of ffmpeg, and reports a video that needs more as too large (issue 26)', async () => {
    clock = Date.now();
    const limited = await findFfmpeg(undefined, { memoryLimitBytes: 600 * 1024 * 1024 });
    expect(limited?.memoryBound).toBe('address space 600 MB per ffmpeg (prlimit --as)');
    const system = binary;
    binary = limited as FfmpegBinary;
    try {
      const { converter, store } = converterWith({ medium: 30 });
      // 4K: 1080p fits in 600 MB now and then with the npm-shipped 2018 build; 4K never does, with it or with Debian's.
      const s3Key = await uploaded(
        store,
        converter,
        await makeClip({ width: 3840, height: 2160, seconds: 1 }),
      );
      const row = await converter.start(caller, s3Key, 'hd.mp4');
      await converter.runConversion(row.id);
      const ended = await converter.waitFor(row.id, new AbortController().signal, 10_000);
      expect(ended).toMatchObject({ state: 'failed', errorCode: 'video_frame_too_large', attempts: 1 });
      expect(ended.errorMessage).toBe(
        'This video needs more memory to convert than the converter allows. Please lower its resolution.',
      );
      expect(await store.headObject(s3Key)).toBeNull();
    } finally {
      binary = system;
    }
  });

  it('learns its speed from the frames encoded, not from a duration a file claims (issue 26)', async () => {
    clock = Date.now();
    // One second of video with a subtitle cue at 4:00: the headers say 240 s.
    const poisoned = path.join(dir, 'poisoned.mp4');
    const cues = path.join(dir, 'cue.srt');
    await writeFile(cues, '1\n00:04:00,000 --> 00:04:00,500\nhello\n');
    await promisify(execFile)(mediaToolPath('ffmpeg'), [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-t', '1', '-i', 'testsrc2=size=320x240:rate=30'],
      ...['-i', cues, '-map', '0:v', '-map', '1:s', '-c:v', 'libx264', '-c:s', 'mov_text', poisoned],
    ]);
    const speeds = { superfast: 70.7, ultrafast: 90 };
    const { converter, store } = converterWith(speeds);
    const s3Key = await uploaded(store, converter, poisoned);
    const row = await converter.start(caller, s3Key, 'poisoned.mp4');
    await converter.runConversion(row.id);
    const done = await converter.waitFor(row.id, new AbortController().signal, 10_000);
    expect(done.state).toBe('done');
    expect((done.probe as { durationSeconds: number }).durationSeconds).toBeGreaterThan(239);
    const after = await converter.estimate({ durationSeconds: 10, width: 1280, height: 720, size: 1e6 });
    expect(after.speeds).toEqual({ superfast: 70.7, ultrafast: 90 });
  });

  it('falls back to the ffmpeg shipped in @ffmpeg-installer/ffmpeg, and converts with it', async () => {
    const saved = process.env.PATH;
    let shipped: FfmpegBinary | undefined;
    try {
      process.env.PATH = '/nonexistent';
      shipped = await findFfmpeg(undefined);
    } finally {
      process.env.PATH = saved;
    }
    expect(shipped).toMatchObject({ source: 'npm', libx265: true, aac: true });
    expect(shipped?.path).toMatch(/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
    const system = binary;
    binary = shipped as FfmpegBinary;
    try {
      const { converter, store } = converterWith({ medium: 30, ultrafast: 80 });
      const s3Key = await uploaded(store, converter, await makeClip({ width: 320, height: 240, seconds: 2 }));
      const row = await converter.start(caller, s3Key, 'npm.mp4');
      await converter.runConversion(row.id);
      const done = await converter.waitFor(row.id, new AbortController().signal, 10_000);
      expect(done).toMatchObject({ state: 'done', outputName: 'npm-h265.mp4' });
      expect(done.convertedSize).toBeGreaterThan(1000);
    } finally {
      binary = system;
    }
  });
});
