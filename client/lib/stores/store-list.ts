// The store list every screen shares (Store Manager and the store picker of each tool): loading and merging per spec
// part 1 §4 with TanStack Query, the sync to the cloud with the chip, and the 2 s write lock.
//
// No path loses a store: a load never replaces a list changed while it ran, and an upload (which replaces the cloud
// list) only ever sends a list that already holds the cloud's stores, so a cloud list that could not be read is read
// and merged first.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { STORE_WRITE_LOCK_MS, type CloudStore, type LocalStore } from '../../../common/contracts/stores';
import { countLocalOnly, mergeStoreLists, planStoreLoad, toCloudStore } from '../../../common/stores/merge';
import { useSession, type SessionUser } from '../session';
import { ApiError, readErrorText } from '../api';
import { fetchCloudStores, markUploaded, saveCloudStores } from './cloud-stores';
import { readLocalStores, writeLocalStores } from './local-store-repository';
import { createSyncStatusStore, createWriteLock, type SyncState } from './sync-status';

/** Whose list is shown: a visitor's (local only), a user's (cloud + local) or, while impersonating, the user's cloud. */
export type StoreListMode = 'visitor' | 'user' | 'impersonating';

export function storeListMode(user: SessionUser | null): StoreListMode {
  if (!user) return 'visitor';
  return user.isImpersonating ? 'impersonating' : 'user';
}

export const storesQueryKey = (userId: string | undefined, mode: StoreListMode) =>
  ['stores', userId ?? 'visitor', mode] as const;
type StoresQueryKey = ReturnType<typeof storesQueryKey>;

/** The list, and whether it already holds the cloud's stores (false for a visitor, or when the cloud did not answer). */
type StoreListData = { stores: LocalStore[]; hasCloud: boolean };

// One browser tab holds one chip, one lock and one upload at a time.
const syncStatus = createSyncStatusStore();
const writeLock = createWriteLock(STORE_WRITE_LOCK_MS);
let writeCount = 0;
let uploads: Promise<unknown> = Promise.resolve();

function errorText(error: unknown): string | undefined {
  if (error instanceof ApiError) return readErrorText(error.body) ?? error.message;
  return error instanceof Error ? error.message : undefined;
}

/**
 * Loads the list for the mode (spec part 1 §4 "Store loading"). The admin's local list is never read while
 * impersonating. During the write lock, or when the list was changed while this load ran, the list stays as it is.
 */
async function loadStores(
  queryClient: QueryClient,
  key: StoresQueryKey,
  mode: StoreListMode,
): Promise<StoreListData> {
  const cached = queryClient.getQueryData<StoreListData>(key);
  if (cached && writeLock.isHeld()) return cached;
  const writesBefore = writeCount;
  const local = mode === 'impersonating' ? [] : readLocalStores();
  let cloud: CloudStore[] | null = null;
  if (mode !== 'visitor') {
    try {
      cloud = await fetchCloudStores();
    } catch (error) {
      // Shown without the cloud's stores (nothing is lost); the next load or sync reads the cloud again.
      console.warn('Could not load the cloud stores:', error);
    }
  }
  const changedMeanwhile = () => writeCount !== writesBefore;
  if (changedMeanwhile())
    return queryClient.getQueryData<StoreListData>(key) ?? { stores: local, hasCloud: false };

  const plan = planStoreLoad({
    isLoggedIn: mode !== 'visitor',
    isImpersonating: mode === 'impersonating',
    cloud,
    local,
  });
  const hasCloud = cloud !== null;
  if (plan.saveLocally && mode === 'user') writeLocalStores(plan.stores);
  if (plan.upload) {
    // The first sync of this browser's stores into an empty cloud list.
    const uploaded = await upload(plan.upload);
    if (changedMeanwhile())
      return queryClient.getQueryData<StoreListData>(key) ?? { stores: plan.stores, hasCloud };
    if (uploaded) {
      const synced = markUploaded(plan.stores, uploaded);
      if (mode === 'user') writeLocalStores(synced);
      return { stores: synced, hasCloud };
    }
  }
  return { stores: plan.stores, hasCloud };
}

/** Uploads one list, after any upload already running; the chip follows. The hashes sent, or null on failure. */
function upload(stores: readonly CloudStore[]): Promise<Set<string> | null> {
  const run = async () => {
    syncStatus.start();
    try {
      await saveCloudStores(stores);
      syncStatus.succeed();
      return new Set(stores.map((s) => s.storeHash));
    } catch (error) {
      console.warn('Sync failed:', error);
      syncStatus.fail(errorText(error));
      return null;
    }
  };
  const next = uploads.then(run, run);
  uploads = next;
  return next;
}

export type StoreList = {
  stores: LocalStore[];
  isLoading: boolean;
  mode: StoreListMode;
  localOnlyCount: number;
  /** Replaces the list after an add, edit or delete: holds the write lock, saves, then syncs when logged in. */
  commit: (next: LocalStore[]) => Promise<void>;
  /** The Sync and Sync Now buttons: uploads the list as it is. */
  sync: () => Promise<void>;
};

export function useStoreList(): StoreList {
  const { user, isLoading: isSessionLoading } = useSession();
  const queryClient = useQueryClient();
  const mode = storeListMode(user);
  const userId = user?.id;
  const key = useMemo(() => storesQueryKey(userId, mode), [userId, mode]);
  const query = useQuery({
    queryKey: key,
    queryFn: () => loadStores(queryClient, key, mode),
    enabled: !isSessionLoading,
    retry: false,
  });

  const setData = useCallback(
    (update: (current: StoreListData) => StoreListData) => {
      const current = queryClient.getQueryData<StoreListData>(key);
      if (!current) return;
      const next = update(current);
      queryClient.setQueryData(key, next);
      if (mode !== 'impersonating') writeLocalStores(next.stores);
    },
    [queryClient, key, mode],
  );

  const sync = useCallback(async () => {
    if (mode === 'visitor' || !queryClient.getQueryData<StoreListData>(key)) return;
    // Never replace a cloud list we have not read: read it and merge it in first (cloud winning).
    if (!queryClient.getQueryData<StoreListData>(key)?.hasCloud) {
      syncStatus.start();
      let cloud: CloudStore[];
      try {
        cloud = await fetchCloudStores();
      } catch (error) {
        syncStatus.fail(errorText(error));
        return;
      }
      writeCount += 1;
      setData((data) => ({ stores: mergeStoreLists(cloud, data.stores), hasCloud: true }));
    }
    const current = queryClient.getQueryData<StoreListData>(key)?.stores ?? [];
    const uploaded = await upload(current.map(toCloudStore));
    if (uploaded) setData((data) => ({ ...data, stores: markUploaded(data.stores, uploaded) }));
  }, [queryClient, key, mode, setData]);

  const commit = useCallback(
    async (next: LocalStore[]) => {
      // Writes wait for the list: a write before the load would overwrite the saved stores.
      if (!queryClient.getQueryData<StoreListData>(key)) return;
      writeLock.hold();
      writeCount += 1;
      setData((data) => ({ ...data, stores: next }));
      await sync();
    },
    [queryClient, key, setData, sync],
  );

  const stores = useMemo(() => query.data?.stores ?? [], [query.data]);
  return {
    stores,
    isLoading: isSessionLoading || query.isPending,
    mode,
    localOnlyCount: mode === 'user' ? countLocalOnly(stores) : 0,
    commit,
    sync,
  };
}

export function useSyncStatus(): SyncState {
  return useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
}
