// Store hashes end up in BigCommerce request URLs (`/stores/{hash}/...`), so both sides check them the same way:
// no input may change the host or the path. BigCommerce defines no pattern; every documented hash is short
// lowercase letters and digits (../shared/bigcommerce/API-NOTES.md §1). Sandbox stores use the prefix `sandbox-`.
export const REAL_STORE_HASH = /^[a-z0-9]{1,64}$/;
export const SANDBOX_STORE_HASH = /^sandbox-[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const SANDBOX_PREFIX = 'sandbox-';

export function isValidStoreHash(value: unknown): value is string {
  return typeof value === 'string' && (REAL_STORE_HASH.test(value) || SANDBOX_STORE_HASH.test(value));
}

export function isSandboxStoreHash(hash: string): boolean {
  return hash.startsWith(SANDBOX_PREFIX);
}
