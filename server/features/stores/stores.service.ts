// The store features' logic: the user's cloud list (spec part 1 §4, §7) and the connection test (`GET /v2/store`).
// Adapters (the repository, the BigCommerce client factory, the logger) come in as arguments.
import type {
  CloudStore,
  ConnectionCredentials,
  ScopeCheck,
  TestConnectionResult,
} from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import { dedupeByStoreHash } from '../../../common/stores/merge';
import { AppError } from '../../errors';
import type { BigCommerceClient, BigCommerceClientFactory } from '../../integrations/bigcommerce/client';
import { isBigCommerceError } from '../../integrations/bigcommerce/errors';
import type { Logger } from '../../logger';
import { StoreTokenUnreadableError, type StoreRepository } from './repository';

export async function listUserStores(
  repository: StoreRepository,
  logger: Logger,
  userId: string,
): Promise<CloudStore[]> {
  try {
    return await repository.list(userId);
  } catch (error) {
    if (!(error instanceof StoreTokenUnreadableError)) throw error;
    logger.error({ userId, storeHash: error.storeHash }, 'stored access token does not decrypt');
    throw new AppError(
      ERROR_CODES.storeKeyMismatch,
      'Your cloud stores cannot be read: the server’s store token key has changed. The stores in this browser are kept; sync them again.',
    );
  }
}

/** Replaces the user's list with `stores`, keeping the first store of each store hash. */
export async function saveUserStores(
  repository: StoreRepository,
  userId: string,
  stores: CloudStore[],
): Promise<CloudStore[]> {
  const kept = dedupeByStoreHash(stores);
  await repository.replace(userId, kept);
  return kept;
}

export type StoreInformationSummary = { name: string; domain: string; secureUrl: string };

/**
 * Asks BigCommerce for the store's information with the given credentials, and which of the scopes the tools need
 * the token has (issue 11, point 7). A refusal (wrong token, missing scope, unknown hash, unreachable) is a result in
 * plain words, never a thrown error.
 */
export async function testConnection(
  clients: BigCommerceClientFactory,
  credentials: ConnectionCredentials,
  caller?: string,
): Promise<TestConnectionResult> {
  try {
    const client = clients.forStore(credentials, caller !== undefined ? { caller } : {});
    // The store first (a wrong token or hash needs no more requests), then the scopes, as steps of the same test.
    const info = await client.store.get();
    const scopes = await checkScopes(client);
    return {
      success: true,
      data: {
        name: info.name,
        domain: info.domain ?? '',
        secureUrl: info.secure_url ?? '',
        scopes: [{ scope: 'information', access: 'read-only', granted: true }, ...scopes],
      },
    };
  } catch (error) {
    if (!isBigCommerceError(error) || error.code === 'bc_busy') throw error;
    if (error.code === 'bc_not_found') {
      return {
        success: false,
        code: ERROR_CODES.storeNotFound,
        error: `Store not found: no BigCommerce store answers to the store hash "${credentials.storeHash}". Check the Store Hash.`,
      };
    }
    return { success: false, code: error.code, error: error.message };
  }
}

/**
 * One request per scope, each refused by BigCommerce before anything changes: a read for a read scope, a write that
 * cannot be applied (an empty batch, a template without its required fields) for a modify scope. 403 (missing
 * scope) means not granted; the expected refusal (400 or 422) or success means granted; anything else is unknown.
 */
async function checkScopes(client: BigCommerceClient): Promise<ScopeCheck[]> {
  const probe = async (send: () => Promise<unknown>): Promise<boolean | null> => {
    try {
      await send();
      return true;
    } catch (error) {
      if (!isBigCommerceError(error)) throw error;
      if (error.code === 'bc_forbidden_scope') return false;
      if (error.code === 'bc_busy') throw error;
      if (error.status === 400 || error.status === 422) return true;
      // A wrong token fails the whole test (store.get says so); other failures leave the scope untold.
      if (error.code === 'bc_unauthorized') throw error;
      return null;
    }
  };
  const [products, content, channels] = await Promise.all([
    probe(() => client.http.exchange('PUT', '/v3/catalog/products', { body: [], continuation: true })),
    probe(() =>
      client.http.exchange('POST', '/v3/content/widget-templates', { body: {}, continuation: true }),
    ),
    probe(() => client.http.exchange('GET', '/v3/channels', { query: { limit: 1 }, continuation: true })),
  ]);
  return [
    { scope: 'products', access: 'modify', granted: products },
    { scope: 'content', access: 'modify', granted: content },
    { scope: 'channels', access: 'read-only', granted: channels },
  ];
}
