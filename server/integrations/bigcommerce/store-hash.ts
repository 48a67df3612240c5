// Store hashes end up in the request URL (`/stores/{hash}/...`), so they are checked before any request is built:
// no input may change the host or the path. BigCommerce defines no pattern; every documented hash is short lowercase
// letters and digits (../shared/bigcommerce/API-NOTES.md §1). Sandbox stores use the prefix `sandbox-`.
// The pattern itself lives in common/ so the client's store form checks exactly what the server enforces.
import { isValidStoreHash } from '../../../common/stores/store-hash';
import { BigCommerceError } from './errors';

export { isSandboxStoreHash, isValidStoreHash, SANDBOX_PREFIX } from '../../../common/stores/store-hash';

export function assertStoreHash(value: unknown): asserts value is string {
  if (!isValidStoreHash(value)) {
    throw new BigCommerceError({
      code: 'bc_invalid_store_hash',
      message:
        'The store hash is not valid: use the lowercase letters and digits from the store’s API path (or a sandbox-… name).',
    });
  }
}
