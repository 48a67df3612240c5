// The store repository with its token key (STORE_TOKEN_KEY, or generated once into DATA_DIR). server/services.ts
// loads it on first use and retries after a failure.
import type { Database } from '../../db/database';
import type { Env } from '../../env';
import { createStoreRepository, type StoreRepository } from './repository';
import { createTokenCipher, loadTokenKey, parseTokenKey, type TokenCipher } from '../../token-cipher';

/** The store-token cipher (also seals a job's store credentials). */
export async function loadTokenCipher(env: Env): Promise<TokenCipher> {
  const configured = env.STORE_TOKEN_KEY ? parseTokenKey(env.STORE_TOKEN_KEY) : undefined;
  return createTokenCipher(await loadTokenKey({ configured, dataDir: env.DATA_DIR }));
}

export async function loadStoreRepository(cipher: TokenCipher, database: Database): Promise<StoreRepository> {
  return Promise.resolve(createStoreRepository(database.db, cipher));
}
