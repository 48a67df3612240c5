// A secret the app generates once and keeps in app_settings, so every instance on the same database shares it.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { appSettings } from './schema';

export async function loadGeneratedSecret(db: Db, key: string): Promise<string> {
  // Two instances starting together: the first insert wins and both read the same row back.
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
  if (typeof row?.value !== 'string') throw new Error(`The generated setting ${key} could not be read back`);
  return row.value;
}
