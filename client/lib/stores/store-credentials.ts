// What a tool call carries of the chosen store (spec part 1 §7).
import type { LocalStore, StoreCredentials } from '../../../common/contracts/stores';

/** `storeCredentials` of spec part 1 §7: the whole store object, the token under `accessToken`. */
export function toStoreCredentials(store: LocalStore): StoreCredentials {
  return {
    id: store.id,
    name: store.name,
    storeHash: store.storeHash,
    accessToken: store.apiToken,
    clientId: store.clientId,
  };
}

/** `store` of the import calls (spec part 1 §7): `{storeHash, accessToken, clientId}`. */
export function toStoreRef(store: LocalStore): { storeHash: string; accessToken: string; clientId: string } {
  return { storeHash: store.storeHash, accessToken: store.apiToken, clientId: store.clientId };
}
