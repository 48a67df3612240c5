// Demo copies in their pool, on an injected clock and the in-memory journal: created on first use with the right
// token, at most `maxCopies` alive, idle ones dropped, the least recently used one evicted only once idle long enough.
import { describe, expect, it } from 'vitest';
import { MemoryCopyJournal } from './copy-journal';
import { DemoCopiesBusyError } from './demo-copies';
import { DemoCopyPool } from './demo-copy-pool';
import { DEFAULT_RATE_LIMIT } from '../core/rate-limit';
import { StoreRegistry } from '../core/store-registry';

const copy = (n: number, kind: 'demo' | 'empty' = 'empty') =>
  `sandbox-${kind}-${'a'.repeat(15)}${'abcdefghijklmnopqrstuvwxyz'[n]}`;
const tokenOf = (hash: string) => `t-${hash}`;

function registry(now: { ms: number }) {
  const stores = new StoreRegistry();
  const pool = new DemoCopyPool({
    journal: new MemoryCopyJournal(),
    clock: () => now.ms,
    verify: (hash, token) => token === tokenOf(hash),
    limits: { maxCopies: 3, idleMs: 30 * 60_000, evictIdleMs: 2 * 60_000 },
    rateLimit: DEFAULT_RATE_LIMIT,
    build: (spec) => stores.build(spec),
    replay: () => Promise.reject(new Error('nothing to replay in one process')),
  });
  return {
    open: async (hash: string, token: string | undefined) => (await pool.open(hash, token))?.store,
    get: (hash: string) => pool.find(hash),
    count: () => pool.count(),
  };
}

describe('demo copies', () => {
  it('creates a copy from the seed on first use, only with the token signed for its hash', async () => {
    const now = { ms: 0 };
    const stores = registry(now);
    expect(await stores.open(copy(0), 'wrong')).toBeUndefined();
    expect(await stores.open(copy(0), undefined)).toBeUndefined();
    expect(await stores.open('sandbox-other', tokenOf('sandbox-other'))).toBeUndefined();
    const demo = await stores.open(copy(1, 'demo'), tokenOf(copy(1, 'demo')));
    expect(demo?.spec).toMatchObject({ hash: copy(1, 'demo'), kind: 'demo' });
    expect(demo?.data.products.size).toBe(1260);
    const empty = await stores.open(copy(0), tokenOf(copy(0)));
    expect(empty?.data.products.size).toBe(0);
    expect(await stores.count()).toBe(2);
    // Opening again returns the same store (its changes kept).
    demo?.data.products.delete(77);
    expect((await stores.open(copy(1, 'demo'), tokenOf(copy(1, 'demo'))))?.data.products.has(77)).toBe(false);
  });

  it('keeps at most maxCopies: a full registry evicts the least recently used copy once idle long enough', async () => {
    const now = { ms: 0 };
    const stores = registry(now);
    for (const n of [0, 1, 2]) {
      now.ms += 1_000;
      await stores.open(copy(n), tokenOf(copy(n)));
    }
    // Copy 0 is used again: copy 1 is now the least recently used.
    now.ms += 1_000;
    await stores.open(copy(0), tokenOf(copy(0)));
    let busy: unknown;
    try {
      await stores.open(copy(3), tokenOf(copy(3)));
    } catch (error) {
      busy = error;
    }
    expect(busy).toBeInstanceOf(DemoCopiesBusyError);
    // Copy 1 was last used at 2 s; now is 4 s: 118 s to go before it may be evicted.
    expect((busy as DemoCopiesBusyError).retryAfterMs).toBe(118_000);
    expect(await stores.count()).toBe(3);

    now.ms = 2_000 + 2 * 60_000;
    expect(await stores.open(copy(3), tokenOf(copy(3)))).toBeDefined();
    expect(await stores.get(copy(1))).toBeUndefined();
    for (const n of [0, 2, 3]) expect(await stores.get(copy(n))).toBeDefined();
    expect(await stores.count()).toBe(3);
  });

  it('drops copies idle for idleMs; a dropped copy comes back from the seed', async () => {
    const now = { ms: 0 };
    const stores = registry(now);
    const first = await stores.open(copy(0, 'demo'), tokenOf(copy(0, 'demo')));
    first?.data.products.clear();
    now.ms += 10 * 60_000;
    await stores.open(copy(1), tokenOf(copy(1)));
    now.ms += 21 * 60_000; // copy 0 idle 31 minutes, copy 1 idle 21
    expect(await stores.get(copy(0, 'demo'))).toBeUndefined();
    expect(await stores.get(copy(1))).toBeDefined();
    expect(await stores.count()).toBe(1);
    const again = await stores.open(copy(0, 'demo'), tokenOf(copy(0, 'demo')));
    expect(again?.data.products.size).toBe(1260);
  });

  it('a store over its write budget refuses more until measured growth allows it', () => {
    const stores = new StoreRegistry({ budgetBytes: 1_000 });
    const store = stores.create({ hash: 'sandbox-budget', token: 't', kind: 'empty' });
    expect(store.budget.take(600)).toBe(true);
    // 600 + 600 > 1,000: measured, and nothing was really written, so the count restarts from 0.
    expect(store.budget.take(600)).toBe(true);
    // Now the store really grows by about 900 bytes: 600 + 500 goes over, is measured, and stays over.
    const before = store.data.info.name.length;
    store.data.info.name = 'x'.repeat(before + 900);
    expect(store.budget.take(500)).toBe(false);
    expect(store.budget.take(90)).toBe(true);
  });
});
