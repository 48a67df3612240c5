// Issue 29: the H.265 speed book calibrates this machine's x265 once per database (five short encodes, about 12 s on
// an idle machine, far more on a busy one). Every integration test file starts from a fresh copy of the template, so
// without this each file that converts a video would calibrate again, inside its conversion's job, on a machine
// loaded by the other test files. The global setup calibrates once, idle, before any test file runs, and the
// templates carry the model (`app_settings`, the key of this kind of machine), as a database of a deployment that
// has converted before does. `calibration.int.test.ts` still runs the real calibration on a database of its own.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { appSettings } from '../db/schema';
import { createSpeedBook } from '../features/video-h265-converter/calibration';
import { findFfmpeg } from '../features/video-h265-converter/ffmpeg';

export type SeededSpeeds = { key: string; value: unknown } | undefined;

/** Calibrates into `database` (the PGlite template); answers the row written, or undefined without an able ffmpeg. */
export async function calibrateInto(database: Database): Promise<SeededSpeeds> {
  const binary = await findFfmpeg(process.env.FFMPEG_PATH);
  if (!binary?.libx265 || !binary.aac) return undefined;
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
  return { key: row.key, value: row.value };
}

/** Writes the calibrated model into another template (PostgreSQL). */
export async function seedInto(database: Database, seeded: SeededSpeeds): Promise<void> {
  if (!seeded) return;
  await database.db.delete(appSettings).where(eq(appSettings.key, seeded.key));
  await database.db.insert(appSettings).values({ key: seeded.key, value: seeded.value });
}
