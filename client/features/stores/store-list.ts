// The store list every screen shares (Store Manager and the store picker of each tool): loading and merging per spec
// part 1 §4 with TanStack Query, the sync to the cloud with the chip, and the 2 s write lock.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { STORE_WRITE_LOCK_MS, type CloudStore, type LocalStore } from '../../../common/contracts/stores';
import { countLocalOnly, planStoreLoad, toCloudStore } from '../../../common/stores/merge';
import { useSession, type SessionUser } from '../../app/session';
import { ApiError, readErrorText } from '../../lib/api';
import { fetchCloudStores, saveCloudStores } from './api';
import { readLocalStores, writeLocalStores } from './local-store-repository';
import { markUploaded } from './store-rules';
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

// One browser tab holds one list, one chip, one lock and one upload at a time.
const syncStatus = createSyncStatusStore();
const writeLock = createWriteLock(STORE_WRITE_LOCK_MS);
let uploads: Promise<unknown> = Promise.resolve();

/** Loads the list for the mode (spec part 1 §4 "Store loading"). The admin's local list is never read while impersonating. */
async function loadStores(
  queryClient: QueryClient,
  key: StoresQueryKey,
  mode: StoreListMode,
): Promise<LocalStore[]> {
  const cached = queryClient.getQueryData<LocalStore[]>(key);
  // A load during the write lock would replace a list that was just changed (and is still being uploaded).
  if (cached && writeLock.isHeld()) return cached;
  const local = mode === 'impersonating' ? [] : readLocalStores();
  let cloud: CloudStore[] | null = null;
  if (mode !== 'visitor') {
    try {
      cloud = await fetchCloudStores();
    } catch (error) {
      // Shown as local stores (nothing is lost); the next load or sync tries again.
      console.warn('Could not load the cloud stores:', error);
    }
  }
  const plan = planStoreLoad({
    isLoggedIn: mode !== 'visitor',
    isImpersonating: mode === 'impersonating',
    cloud,
    local,
  });
  if (plan.saveLocally && mode === 'user') writeLocalStores(plan.stores);
  if (plan.upload) {
    // The first sync of this browser's stores into an empty cloud list.
    const uploaded = await upload(plan.upload);
    if (uploaded) {
      const synced = markUploaded(plan.stores, uploaded);
      if (mode === 'user') writeLocalStores(synced);
      return synced;
    }
  }
  return plan.stores;
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
      syncStatus.fail(error instanceof ApiError ? readErrorText(error.body) : undefined);
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
  const stores = query.data ?? [];

  const setStores = useCallback(
    (update: (current: LocalStore[]) => LocalStore[]) => {
      const next = update(queryClient.getQueryData<LocalStore[]>(key) ?? []);
      queryClient.setQueryData(key, next);
      if (mode !== 'impersonating') writeLocalStores(next);
      return next;
    },
    [queryClient, key, mode],
  );

  const sync = useCallback(async () => {
    if (mode === 'visitor') return;
    const current = queryClient.getQueryData<LocalStore[]>(key) ?? [];
    const uploaded = await upload(current.map(toCloudStore));
    if (uploaded) setStores((list) => markUploaded(list, uploaded));
  }, [queryClient, key, mode, setStores]);

  const commit = useCallback(
    async (next: LocalStore[]) => {
      writeLock.hold();
      setStores(() => next);
      await sync();
    },
    [setStores, sync],
  );

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
