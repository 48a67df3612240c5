// What a tool call carries of the chosen store (spec part 1 §7).
import type { LocalStore, StoreCredentials } from '../../../common/contracts/stores';
import { toCloudStore } from '../../../common/stores/merge';

/** `storeCredentials` of spec part 1 §7: the whole store object, the token under `accessToken`. */
export function toStoreCredentials(store: LocalStore): StoreCredentials {
  // The cloud form of the store (the token under `accessToken`) without its creation date.
  const { createdAt: _createdAt, ...credentials } = toCloudStore(store);
  return credentials;
}

/** `store` of the import calls (spec part 1 §7): `{storeHash, accessToken, clientId}`. */
export function toStoreRef(store: LocalStore): { storeHash: string; accessToken: string; clientId: string } {
  return { storeHash: store.storeHash, accessToken: store.apiToken, clientId: store.clientId };
}
