// Wires the stores feature into the app: the token key (STORE_TOKEN_KEY, or generated once into DATA_DIR; loaded on
// first use and retried after a failure), the repository and the routes.
import type { Context } from 'hono';
import type { Database } from '../../db/database';
import type { Env } from '../../env';
import type { BigCommerceClientFactory } from '../../integrations/bigcommerce/client';
import type { Logger } from '../../logger';
import type { Auth } from '../auth/auth';
import { createStoreRepository, type StoreRepository } from './repository';
import { storeRoutes } from './stores.routes';
import { lazyRetrying } from '../../lazy';
import { createTokenCipher, loadTokenKey, parseTokenKey } from './token-cipher';

export function createStores(deps: {
  env: Env;
  database: Database;
  logger: Logger;
  getAuth: () => Promise<Auth>;
  clients: BigCommerceClientFactory;
  callerOf: (c: Context) => string;
}) {
  // Loaded on first use and retried after a failure.
  const getRepository: () => Promise<StoreRepository> = lazyRetrying(async () => {
    const configured = deps.env.STORE_TOKEN_KEY ? parseTokenKey(deps.env.STORE_TOKEN_KEY) : undefined;
    const key = await loadTokenKey({ configured, dataDir: deps.env.DATA_DIR });
    return createStoreRepository(deps.database.db, createTokenCipher(key));
  });
  return {
    getRepository,
    routes: storeRoutes({
      getAuth: deps.getAuth,
      getRepository,
      clients: deps.clients,
      callerOf: deps.callerOf,
      logger: deps.logger.child({ component: 'stores' }),
    }),
  };
}
