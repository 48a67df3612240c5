// The store features' logic: the user's cloud list (spec part 1 §4, §7) and the connection test (`GET /v2/store`).
// Adapters (the repository, the BigCommerce client factory, the logger) come in as arguments.
import type {
  CloudStore,
  ConnectionCredentials,
  TestConnectionResult,
} from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import { dedupeByStoreHash } from '../../../common/stores/merge';
import { AppError } from '../../errors';
import type { BigCommerceClientFactory } from '../../integrations/bigcommerce/client';
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
 * Asks BigCommerce for the store's information with the given credentials. A refusal (wrong token, missing scope,
 * unknown hash, unreachable) is a result in plain words, never a thrown error.
 */
export async function testConnection(
  clients: BigCommerceClientFactory,
  credentials: ConnectionCredentials,
  caller?: string,
): Promise<TestConnectionResult> {
  try {
    const client = clients.forStore(credentials, caller !== undefined ? { caller } : {});
    const info = await client.store.get();
    return {
      success: true,
      data: { name: info.name, domain: info.domain ?? '', secureUrl: info.secure_url ?? '' },
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
