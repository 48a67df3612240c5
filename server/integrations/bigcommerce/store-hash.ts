// Store hashes end up in the request URL (`/stores/{hash}/...`), so they are checked before any request is built:
// no input may change the host or the path. BigCommerce defines no pattern; every documented hash is short lowercase
// letters and digits (../shared/bigcommerce/API-NOTES.md §1). Sandbox stores use the prefix `sandbox-`.
import { BigCommerceError } from './errors';

const REAL_HASH = /^[a-z0-9]{1,64}$/;
const SANDBOX_HASH = /^sandbox-[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export const SANDBOX_PREFIX = 'sandbox-';

export function isValidStoreHash(value: unknown): value is string {
  return typeof value === 'string' && (REAL_HASH.test(value) || SANDBOX_HASH.test(value));
}

export function isSandboxStoreHash(hash: string): boolean {
  return hash.startsWith(SANDBOX_PREFIX);
}

export function assertStoreHash(value: unknown): asserts value is string {
  if (!isValidStoreHash(value)) {
    throw new BigCommerceError({
      code: 'bc_invalid_store_hash',
      message:
        'The store hash is not valid: use the lowercase letters and digits from the store’s API path (or a sandbox-… name).',
    });
  }
}
