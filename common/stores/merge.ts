// The store-list rules of spec part 1 §4, as pure functions the client runs and the tests check exhaustively.
import type { CloudStore, LocalStore } from '../contracts/stores';

export function toCloudStore(store: LocalStore): CloudStore {
  return {
    id: store.id,
    name: store.name,
    storeHash: store.storeHash,
    accessToken: store.apiToken,
    clientId: store.clientId,
    createdAt: store.createdAt,
  };
}

export function fromCloudStore(store: CloudStore): LocalStore {
  return {
    id: store.id,
    name: store.name,
    storeHash: store.storeHash,
    apiToken: store.accessToken,
    clientId: store.clientId,
    createdAt: store.createdAt,
    source: 'cloud',
  };
}

/** Keeps the first store of each store hash, in order. */
export function dedupeByStoreHash<T extends { storeHash: string }>(stores: readonly T[]): T[] {
  const seen = new Set<string>();
  return stores.filter((store) => {
    if (seen.has(store.storeHash)) return false;
    seen.add(store.storeHash);
    return true;
  });
}

/**
 * Merges by store hash, cloud winning (spec part 1 §4): the cloud stores in the cloud's order, then every local
 * store the cloud does not have, in local order. A local store the cloud lacks is kept and marked `local` (even if it
 * was once synced) so no store is ever lost and the user sees it is not in the cloud.
 */
export function mergeStoreLists(cloud: readonly CloudStore[], local: readonly LocalStore[]): LocalStore[] {
  const cloudStores = dedupeByStoreHash(cloud).map(fromCloudStore);
  const inCloud = new Set(cloudStores.map((s) => s.storeHash));
  const localOnly = dedupeByStoreHash(local)
    .filter((s) => !inCloud.has(s.storeHash))
    .map((s): LocalStore => ({ ...s, source: 'local' }));
  return [...cloudStores, ...localOnly];
}

export type StoreLoadPlan = {
  /** What the Store Manager shows. */
  stores: LocalStore[];
  /** Write `stores` to local storage. */
  saveLocally: boolean;
  /** Upload these to the cloud (the first sync of a browser's stores). */
  upload: CloudStore[] | null;
};

/**
 * Loading (spec part 1 §4): logged out shows local stores; impersonating shows only the impersonated user's cloud
 * stores and touches neither the admin's local list nor the cloud; logged in with an empty cloud uploads the local
 * stores; otherwise merges, cloud winning, and saves the result locally.
 */
export function planStoreLoad(input: {
  isLoggedIn: boolean;
  isImpersonating: boolean;
  cloud: readonly CloudStore[] | null;
  local: readonly LocalStore[];
}): StoreLoadPlan {
  const local = dedupeByStoreHash(input.local);
  if (!input.isLoggedIn || input.cloud === null) return { stores: local, saveLocally: false, upload: null };
  if (input.isImpersonating) {
    return { stores: dedupeByStoreHash(input.cloud).map(fromCloudStore), saveLocally: false, upload: null };
  }
  if (input.cloud.length === 0 && local.length > 0) {
    return { stores: local, saveLocally: false, upload: local.map(toCloudStore) };
  }
  return { stores: mergeStoreLists(input.cloud, local), saveLocally: true, upload: null };
}

/** After a successful sync every store is in the cloud (spec: "local becomes cloud after a successful sync"). */
export function markAllSynced(stores: readonly LocalStore[]): LocalStore[] {
  return stores.map((s) => ({ ...s, source: 'cloud' }));
}

export function countLocalOnly(stores: readonly LocalStore[]): number {
  return stores.filter((s) => s.source === 'local').length;
}
