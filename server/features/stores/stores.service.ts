// The store features' logic: the user's cloud list (spec part 1 §4, §7) and the connection test (`GET /v2/store`).
// Adapters (the repository, the BigCommerce client factory, the logger) come in as arguments.
import type { z } from 'zod';
import {
  saveUserStoresRequestSchema,
  STORE_ERROR_CODES,
  type CloudStore,
  type ConnectionCredentials,
  type TestConnectionResult,
} from '../../../common/contracts/stores';
import { API_ERROR_CODES } from '../../../common/errors';
import { dedupeByStoreHash } from '../../../common/stores/merge';
import { ApiError } from '../../http';
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
    throw new ApiError(
      500,
      STORE_ERROR_CODES.storeKeyMismatch,
      'Your cloud stores cannot be read: the server’s store token key has changed. The stores in this browser are kept; sync them again.',
    );
  }
}

/**
 * Validates the whole list before anything is written (one bad store: 400 naming the store and the field, nothing
 * changed), keeps the first store of each store hash, and replaces the user's list.
 */
export async function saveUserStores(
  repository: StoreRepository,
  userId: string,
  body: unknown,
): Promise<CloudStore[]> {
  const parsed = saveUserStoresRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(400, STORE_ERROR_CODES.invalidStore, describeStoreIssue(body, parsed.error));
  }
  const stores = dedupeByStoreHash(parsed.data.stores);
  await repository.replace(userId, stores);
  return stores;
}

/** 'Store 2 ("Shop B"): Store Hash is required' — the position and name a person recognises, then the rule. */
export function describeStoreIssue(body: unknown, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The store list is not valid';
  const [first, index] = issue.path;
  if (first !== 'stores') return 'The body must be {"stores": [...]}';
  if (typeof index !== 'number') {
    return issue.code === 'too_big' ? issue.message : 'stores must be a list of stores';
  }
  const raw = (body as { stores: unknown[] }).stores[index];
  const name =
    typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string'
      ? (raw as { name: string }).name.trim()
      : '';
  const which = name ? `Store ${index + 1} ("${name.slice(0, 80)}")` : `Store ${index + 1}`;
  if (issue.path.length === 2) return `${which}: must be an object`;
  // The contract's messages name the field ('Store Hash is required', 'createdAt must be an ISO date-time').
  return `${which}: ${issue.message}`;
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
        code: STORE_ERROR_CODES.storeNotFound,
        error: `Store not found: no BigCommerce store answers to the store hash "${credentials.storeHash}". Check the Store Hash.`,
      };
    }
    return { success: false, code: error.code, error: error.message };
  }
}

export const invalidConnectionBody = (message: string): TestConnectionResult => ({
  success: false,
  code: API_ERROR_CODES.invalidInput,
  error: message,
});
