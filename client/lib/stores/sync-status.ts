// The sync chip (spec part 1 §4, §9): idle -> syncing -> success (back to idle after 2 s) or error (after 3 s).
import { SYNC_ERROR_CHIP_MS, SYNC_SUCCESS_CHIP_MS } from '../../../common/contracts/stores';

export type SyncStatus = 'idle' | 'syncing' | 'success' | 'error';

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The chip's state; `error` is the server's reason while the chip shows the failure. */
export type SyncState = { status: SyncStatus; error?: string };

export type SyncStatusStore = {
  get: () => SyncState;
  subscribe: (listener: () => void) => () => void;
  start: () => void;
  succeed: () => void;
  fail: (error?: string) => void;
};

/** A tiny external store (for `useSyncExternalStore`) so every view shows the same chip. */
export function createSyncStatusStore(timers: Timers = realTimers): SyncStatusStore {
  const IDLE: SyncState = { status: 'idle' };
  let state = IDLE;
  let timer: unknown;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const set = (next: SyncState, backToIdleAfterMs?: number) => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    state = next;
    if (backToIdleAfterMs !== undefined) {
      timer = timers.setTimeout(() => {
        timer = undefined;
        state = IDLE;
        notify();
      }, backToIdleAfterMs);
    }
    notify();
  };
  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => set({ status: 'syncing' }),
    succeed: () => set({ status: 'success' }, SYNC_SUCCESS_CHIP_MS),
    fail: (error) => set(error ? { status: 'error', error } : { status: 'error' }, SYNC_ERROR_CHIP_MS),
  };
}

/** The write lock (spec part 1 §4): set during add, edit and delete, released 2 s later; a load while it is held keeps the list as it is. */
export function createWriteLock(durationMs: number, now: () => number = Date.now) {
  let until = 0;
  return {
    hold: () => {
      until = now() + durationMs;
    },
    isHeld: () => now() < until,
  };
}
