// BETTER_AUTH_SECRET, or one generated once and kept in app_settings so every instance signs with the same key.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appSettings } from '../../db/schema';

const SECRET_KEY = 'better_auth_secret';

export async function loadAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Two instances starting together: the first insert wins and both read the same row back.
  await db
    .insert(appSettings)
    .values({ key: SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SECRET_KEY)).limit(1);
  if (typeof row?.value !== 'string') throw new Error('The generated auth secret could not be read back');
  return row.value;
}
