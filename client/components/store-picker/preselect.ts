// Which store a tool opens on (issue 10, point 4): the store last used in that tool, if it is still in the list,
// else the only store; none otherwise (the user picks). Remembered per tool in local storage, by store id.
import type { LocalStore } from '../../../common/contracts/stores';

export const LAST_STORE_KEY_PREFIX = 'bc-tools-last-store:';

export function preselectStore(stores: readonly LocalStore[], lastUsedId: string | null): LocalStore | null {
  const remembered = lastUsedId ? stores.find((s) => s.id === lastUsedId) : undefined;
  if (remembered) return remembered;
  return stores.length === 1 ? (stores[0] ?? null) : null;
}

export function readLastStoreId(tool: string): string | null {
  try {
    return window.localStorage.getItem(LAST_STORE_KEY_PREFIX + tool);
  } catch {
    return null;
  }
}

export function rememberLastStore(tool: string, storeId: string): void {
  try {
    window.localStorage.setItem(LAST_STORE_KEY_PREFIX + tool, storeId);
  } catch {
    // Storage full or refused: the picker simply does not remember.
  }
}
