// BETTER_AUTH_SECRET, or one generated once and kept in app_settings so every instance signs with the same key.
import type { Db } from '../../db/database';
import { loadGeneratedSecret } from '../../db/generated-setting';

const SECRET_KEY = 'better_auth_secret';

export async function loadAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return loadGeneratedSecret(db, SECRET_KEY);
}
