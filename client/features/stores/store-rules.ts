// Pure rules of the Store Manager: the form (spec part 1 §5: all four fields required) and the list operations.
import type { DemoStore } from '../../../common/contracts/demo-stores';
import type { LocalStore, StoreSource } from '../../../common/contracts/stores';
import { isValidAccessToken } from '../../../common/stores/access-token';
import { isValidStoreHash } from '../../../common/stores/store-hash';

export type StoreFormValues = { name: string; storeHash: string; apiToken: string; clientId: string };
export type StoreField = keyof StoreFormValues;
export const STORE_FIELDS: readonly StoreField[] = ['name', 'storeHash', 'apiToken', 'clientId'];

export type StoreFieldError = 'required' | 'storeHashInvalid' | 'storeHashTaken' | 'apiTokenInvalid';
export type StoreFormErrors = Partial<Record<StoreField, StoreFieldError>>;

export const emptyStoreForm: StoreFormValues = { name: '', storeHash: '', apiToken: '', clientId: '' };

export function formValuesOf(store: LocalStore): StoreFormValues {
  return { name: store.name, storeHash: store.storeHash, apiToken: store.apiToken, clientId: store.clientId };
}

/** Trimmed values; the store hash lowercased (BigCommerce hashes are lowercase). */
export function normaliseStoreForm(values: StoreFormValues): StoreFormValues {
  return {
    name: values.name.trim(),
    storeHash: values.storeHash.trim().toLowerCase(),
    apiToken: values.apiToken.trim(),
    clientId: values.clientId.trim(),
  };
}

/**
 * Every field is required; the store hash must be one the server accepts and must not be another store's (two stores
 * with one hash would be merged into one by the sync, losing one of them).
 */
export function validateStoreForm(
  values: StoreFormValues,
  stores: readonly LocalStore[],
  editingId: string | null,
): StoreFormErrors {
  const v = normaliseStoreForm(values);
  const errors: StoreFormErrors = {};
  for (const field of STORE_FIELDS) if (v[field] === '') errors[field] = 'required';
  if (!errors.storeHash) {
    if (!isValidStoreHash(v.storeHash)) errors.storeHash = 'storeHashInvalid';
    else if (stores.some((s) => s.storeHash === v.storeHash && s.id !== editingId)) {
      errors.storeHash = 'storeHashTaken';
    }
  }
  if (!errors.apiToken && !isValidAccessToken(v.apiToken)) errors.apiToken = 'apiTokenInvalid';
  return errors;
}

export function hasErrors(errors: StoreFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** A fresh id: `crypto.randomUUID` where the page is a secure context, else random hex. */
export function newStoreId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Spec part 1 §4: a new store is added as cloud when logged in, as local otherwise. */
export function sourceForNewStore(isLoggedIn: boolean): StoreSource {
  return isLoggedIn ? 'cloud' : 'local';
}

export function addStore(
  stores: readonly LocalStore[],
  values: StoreFormValues,
  meta: { id: string; now: Date; source: StoreSource },
): LocalStore[] {
  return [
    ...stores,
    { ...normaliseStoreForm(values), id: meta.id, createdAt: meta.now.toISOString(), source: meta.source },
  ];
}

/** Keeps the id, creation time and source; replaces the four fields. */
export function updateStore(
  stores: readonly LocalStore[],
  id: string,
  values: StoreFormValues,
): LocalStore[] {
  return stores.map((s) => (s.id === id ? { ...s, ...normaliseStoreForm(values) } : s));
}

export function deleteStore(stores: readonly LocalStore[], id: string): LocalStore[] {
  return stores.filter((s) => s.id !== id);
}

/** The caller's demo stores (`POST /api/demo-stores`) not already in the list. */
export function addDemoStores(
  stores: readonly LocalStore[],
  issued: readonly DemoStore[],
  meta: { newId: () => string; now: Date; source: StoreSource },
): LocalStore[] {
  const taken = new Set(stores.map((s) => s.storeHash));
  const demos = issued
    .filter((d) => !taken.has(d.storeHash))
    .map((d): LocalStore => ({
      id: meta.newId(),
      name: d.name,
      storeHash: d.storeHash,
      apiToken: d.accessToken,
      clientId: d.clientId,
      createdAt: meta.now.toISOString(),
      source: meta.source,
    }));
  return [...stores, ...demos];
}

/** What the card shows of a token: dots, never a character of it. */
export function maskToken(token: string): string {
  return '•'.repeat(Math.min(Math.max(token.length, 8), 24));
}
