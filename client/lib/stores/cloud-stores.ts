// The signed-in user's cloud store list (spec part 1 §4): read, replace, and what a successful upload changes.
import {
  getUserStoresResponseSchema,
  saveUserStoresResponseSchema,
  USER_STORES_PATH,
  type CloudStore,
  type LocalStore,
} from '../../../common/contracts/stores';
import { apiPost, apiRequest } from '../api';

/** `GET /api/user/stores`: the signed-in user's cloud list. */
export async function fetchCloudStores(): Promise<CloudStore[]> {
  return (await apiRequest({ path: USER_STORES_PATH, schema: getUserStoresResponseSchema })).stores;
}

/** `POST /api/user/stores` with `{stores}`: replaces the user's cloud list. */
export async function saveCloudStores(stores: readonly CloudStore[]): Promise<CloudStore[]> {
  const body = { stores };
  return (await apiPost(USER_STORES_PATH, body, saveUserStoresResponseSchema)).stores;
}

/**
 * After a successful upload: the stores that were sent are in the cloud now (spec part 1 §4 "local becomes cloud
 * after a successful sync"). A store added while the upload was in flight stays as it is until the next one.
 */
export function markUploaded(
  stores: readonly LocalStore[],
  uploadedHashes: ReadonlySet<string>,
): LocalStore[] {
  return stores.map((s) => (uploadedHashes.has(s.storeHash) ? { ...s, source: 'cloud' } : s));
}
