// Issue 29: the H.265 speed book calibrates this machine's x265 once per database (five short encodes, about 12 s on
// an idle machine, far more on a busy one). Every integration test file starts from a fresh copy of the template, so
// without this each file that converts a video would calibrate again, inside its conversion's job, on a machine
// loaded by the other test files. The global setup calibrates once, idle, before any test file runs, and the
// templates carry the model (`app_settings`, the key of this kind of machine), as a database of a deployment that
// has converted before does. `calibration.int.test.ts` still runs the real calibration on a database of its own.
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { appSettings } from '../db/schema';
import { createSpeedBook } from '../features/video-h265-converter/calibration';
import { findFfmpeg } from '../features/video-h265-converter/ffmpeg';

export type SeededSpeeds = { key: string; value: unknown } | undefined;

/**
 * Runs on one machine reuse its calibration for a few hours (a file in the temporary folder, keyed by the ffmpeg
 * used): a single test file run again does not pay for five encodes each time. The row's own key names the kind of
 * machine, so a model made elsewhere is not found by the app, which then calibrates as a fresh deployment does.
 */
const CACHE_FILE = path.join(tmpdir(), 'bct-test-h265-speeds.json');
const CACHE_MS = 6 * 60 * 60 * 1000;

/** Calibrates into `database` (the PGlite template); answers the row written, or undefined without an able ffmpeg. */
export async function calibrateInto(database: Database): Promise<SeededSpeeds> {
  const binary = await findFfmpeg(process.env.FFMPEG_PATH);
  if (!binary?.libx265 || !binary.aac) return undefined;
  const ffmpeg = `${binary.path} ${binary.version}`;
  const cached = await readFile(CACHE_FILE, 'utf8')
    .then((text) => JSON.parse(text) as { ffmpeg: string; at: number; row: NonNullable<SeededSpeeds> })
    .catch(() => undefined);
  if (cached?.ffmpeg === ffmpeg && Date.now() - cached.at < CACHE_MS && cached.row.key) {
    await seedInto(database, cached.row);
    console.log('integration: H.265 speeds from this machine’s calibration of the last hours');
    return cached.row;
  }
  const started = performance.now();
  const book = createSpeedBook(() => Promise.resolve(binary), undefined, { db: database.db });
  await book.speeds();
  await book.settled();
  const rows = await database.db.select().from(appSettings);
  const row = rows.find((one) => one.key.startsWith('h265-speeds:'));
  if (!row) return undefined;
  console.log(
    `integration: H.265 speeds calibrated once for every test database in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const seeded = { key: row.key, value: row.value };
  await writeFile(CACHE_FILE, JSON.stringify({ ffmpeg, at: Date.now(), row: seeded })).catch(() => undefined);
  return seeded;
}

/** Writes the calibrated model into another template (PostgreSQL). */
export async function seedInto(database: Database, seeded: SeededSpeeds): Promise<void> {
  if (!seeded) return;
  await database.db.delete(appSettings).where(eq(appSettings.key, seeded.key));
  await database.db.insert(appSettings).values({ key: seeded.key, value: seeded.value });
}
