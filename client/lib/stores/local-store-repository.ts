// The browser's store list under `bc-tools-stores` (spec part 1 §3, §9). Read and write errors are only logged, and a
// failed read gives an empty list (spec part 1 §8).
import { STORES_LOCAL_STORAGE_KEY, type LocalStore } from '../../../common/contracts/stores';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): StorageLike | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * One saved entry, read leniently: a store written by an older version with a missing field is kept (with an empty
 * field the form will ask for) rather than dropped, so no later write loses it. Entries that are not objects are
 * skipped: there is nothing in them to keep.
 */
function readEntry(entry: unknown, index: number): LocalStore | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const record = entry as Record<string, unknown>;
  const storeHash = text(record.storeHash);
  return {
    id: text(record.id) || `store-${index}-${storeHash}`,
    name: text(record.name),
    storeHash,
    // Older lists may hold the token as `accessToken` (the cloud's name for it).
    apiToken: text(record.apiToken) || text(record.accessToken),
    clientId: text(record.clientId),
    createdAt: text(record.createdAt) || new Date(0).toISOString(),
    source: record.source === 'cloud' ? 'cloud' : 'local',
  };
}

export function readLocalStores(storage: StorageLike | undefined = browserStorage()): LocalStore[] {
  try {
    const raw = storage?.getItem(STORES_LOCAL_STORAGE_KEY);
    if (raw === null || raw === undefined) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error(`${STORES_LOCAL_STORAGE_KEY} does not hold a list`);
    return parsed.map(readEntry).filter((store): store is LocalStore => store !== null);
  } catch (error) {
    console.error('Error loading stores from local storage:', error);
    return [];
  }
}

export function writeLocalStores(
  stores: readonly LocalStore[],
  storage: StorageLike | undefined = browserStorage(),
): void {
  try {
    if (!storage) throw new Error('local storage is not available');
    storage.setItem(STORES_LOCAL_STORAGE_KEY, JSON.stringify(stores));
  } catch (error) {
    console.error('Error saving stores to local storage:', error);
  }
}
