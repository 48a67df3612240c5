import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSyncStatusStore, createWriteLock } from './sync-status';

describe('sync chip', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes idle -> syncing -> success, and back to idle after 2 s', () => {
    const store = createSyncStatusStore();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get().status));
    expect(store.get()).toEqual({ status: 'idle' });
    store.start();
    store.succeed();
    vi.advanceTimersByTime(1_999);
    expect(store.get().status).toBe('success');
    vi.advanceTimersByTime(1);
    expect(store.get().status).toBe('idle');
    expect(seen).toEqual(['syncing', 'success', 'idle']);
  });

  it('shows a failure with its reason for 3 s', () => {
    const store = createSyncStatusStore();
    store.start();
    store.fail('Store 1: Client ID is required');
    expect(store.get()).toEqual({ status: 'error', error: 'Store 1: Client ID is required' });
    vi.advanceTimersByTime(2_999);
    expect(store.get().status).toBe('error');
    vi.advanceTimersByTime(1);
    expect(store.get()).toEqual({ status: 'idle' });
  });

  it('a new sync cancels the pending return to idle', () => {
    const store = createSyncStatusStore();
    store.fail();
    vi.advanceTimersByTime(2_500);
    store.start();
    vi.advanceTimersByTime(1_000);
    expect(store.get().status).toBe('syncing');
  });
});

describe('write lock', () => {
  it('is held for 2 s after each write', () => {
    let now = 1_000;
    const lock = createWriteLock(2_000, () => now);
    expect(lock.isHeld()).toBe(false);
    lock.hold();
    now += 1_999;
    expect(lock.isHeld()).toBe(true);
    now += 1;
    expect(lock.isHeld()).toBe(false);
  });
});
