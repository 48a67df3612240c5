// The store repository with its token key (STORE_TOKEN_KEY, or generated once into DATA_DIR). server/services.ts
// loads it on first use and retries after a failure.
import type { Database } from '../../db/database';
import type { Env } from '../../env';
import { createStoreRepository, type StoreRepository } from './repository';
import { createTokenCipher, loadTokenKey, parseTokenKey } from './token-cipher';

export async function loadStoreRepository(env: Env, database: Database): Promise<StoreRepository> {
  const configured = env.STORE_TOKEN_KEY ? parseTokenKey(env.STORE_TOKEN_KEY) : undefined;
  const key = await loadTokenKey({ configured, dataDir: env.DATA_DIR });
  return createStoreRepository(database.db, createTokenCipher(key));
}
