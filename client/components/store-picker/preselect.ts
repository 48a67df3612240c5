// Which store a tool opens on (issue 10, point 4; issue 31): the store chosen last, in any tool, if it is still in the
// list, else the only store; none otherwise (the user picks). One key in local storage holds the last store chosen
// (by id); the per-tool keys written before issue 31 are read only while that key has never been written.
import type { LocalStore } from '../../../common/contracts/stores';

export const LAST_STORE_KEY = 'bc-tools-last-store';
/** Before issue 31 each tool remembered its own store under this prefix and its id. */
export const LAST_STORE_KEY_PREFIX = 'bc-tools-last-store:';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The store a picker opens on. `avoidId` is a store it must not open on by itself (Import Product's target when the
 * dump was handed over from that store): then it opens on none, and the user picks.
 */
export function preselectStore(
  stores: readonly LocalStore[],
  lastUsedId: string | null,
  avoidId?: string,
): LocalStore | null {
  const remembered = lastUsedId ? stores.find((s) => s.id === lastUsedId) : undefined;
  const chosen = remembered ?? (stores.length === 1 ? (stores[0] ?? null) : null);
  return chosen && chosen.id === avoidId ? null : chosen;
}

function localStorageOrNull(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The id of the store chosen last in any tool (or, never written yet, the one `tool` remembered on its own). */
export function readLastStoreId(
  tool?: string,
  storage: StorageLike | null = localStorageOrNull(),
): string | null {
  try {
    const last = storage?.getItem(LAST_STORE_KEY) ?? null;
    if (last !== null || tool === undefined) return last;
    return storage?.getItem(LAST_STORE_KEY_PREFIX + tool) ?? null;
  } catch {
    return null;
  }
}

/** Remembers the store just chosen: the next tool opened (any tool) opens on it. */
export function rememberLastStore(storeId: string, storage: StorageLike | null = localStorageOrNull()): void {
  try {
    storage?.setItem(LAST_STORE_KEY, storeId);
  } catch {
    // Storage full or refused: the picker simply does not remember.
  }
}
