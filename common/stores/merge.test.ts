import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CloudStore, LocalStore } from '../contracts/stores';
import {
  countLocalOnly,
  dedupeByStoreHash,
  fromCloudStore,
  mergeStoreLists,
  planStoreLoad,
  toCloudStore,
} from './merge';

const hash = fc.constantFrom('abc123', 'def456', 'ghi789', 'jkl000', 'sandbox-demo', 'sandbox-empty', 'zz9');
const text = fc.string({ minLength: 1, maxLength: 8 });
const iso = fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-05-05T10:00:00.000Z');

const localStore: fc.Arbitrary<LocalStore> = fc.record({
  id: fc.uuid(),
  name: text,
  storeHash: hash,
  apiToken: text,
  clientId: text,
  createdAt: iso,
  source: fc.constantFrom('local' as const, 'cloud' as const),
});
const cloudStore: fc.Arbitrary<CloudStore> = fc.record({
  id: fc.uuid(),
  name: text,
  storeHash: hash,
  accessToken: text,
  clientId: text,
  createdAt: iso,
});

describe('fromCloudStore and toCloudStore', () => {
  it('name the token apiToken in the browser and accessToken in the cloud; a cloud store comes back as cloud', () => {
    const cloud: CloudStore = {
      id: 'id-1',
      name: 'Shop',
      storeHash: 'abc123',
      accessToken: 'token',
      clientId: 'client',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(fromCloudStore(cloud)).toEqual({
      id: 'id-1',
      name: 'Shop',
      storeHash: 'abc123',
      apiToken: 'token',
      clientId: 'client',
      createdAt: '2026-01-01T00:00:00.000Z',
      source: 'cloud',
    });
    expect(toCloudStore(fromCloudStore(cloud))).toEqual(cloud);
  });
});

describe('mergeStoreLists', () => {
  it('never loses a store: every store hash of either list is in the result exactly once', () => {
    fc.assert(
      fc.property(fc.array(cloudStore), fc.array(localStore), (cloud, local) => {
        const merged = mergeStoreLists(cloud, local);
        const expected = new Set([...cloud, ...local].map((s) => s.storeHash));
        expect(new Set(merged.map((s) => s.storeHash))).toEqual(expected);
        expect(merged).toHaveLength(expected.size);
      }),
    );
  });

  it('lets the cloud win on the same store hash', () => {
    fc.assert(
      fc.property(fc.array(cloudStore), fc.array(localStore), (cloud, local) => {
        const merged = mergeStoreLists(cloud, local);
        for (const c of dedupeByStoreHash(cloud)) {
          const m = merged.find((s) => s.storeHash === c.storeHash);
          expect(m).toEqual(fromCloudStore(c));
        }
      }),
    );
  });

  it('keeps a stable order: cloud order first, then local-only stores in local order', () => {
    fc.assert(
      fc.property(fc.array(cloudStore), fc.array(localStore), (cloud, local) => {
        const merged = mergeStoreLists(cloud, local).map((s) => s.storeHash);
        const cloudHashes = dedupeByStoreHash(cloud).map((s) => s.storeHash);
        const localOnly = dedupeByStoreHash(local)
          .map((s) => s.storeHash)
          .filter((h) => !cloudHashes.includes(h));
        expect(merged).toEqual([...cloudHashes, ...localOnly]);
        // Merging again with the same cloud is a fixed point.
        expect(mergeStoreLists(cloud, mergeStoreLists(cloud, local)).map((s) => s.storeHash)).toEqual(merged);
      }),
    );
  });

  it('marks stores the cloud lacks as local, and cloud stores as cloud', () => {
    fc.assert(
      fc.property(fc.array(cloudStore), fc.array(localStore), (cloud, local) => {
        const merged = mergeStoreLists(cloud, local);
        const cloudHashes = new Set(cloud.map((s) => s.storeHash));
        for (const s of merged) expect(s.source).toBe(cloudHashes.has(s.storeHash) ? 'cloud' : 'local');
        expect(countLocalOnly(merged)).toBe(merged.filter((s) => !cloudHashes.has(s.storeHash)).length);
      }),
    );
  });
});

describe('planStoreLoad', () => {
  it('logged out: shows the local stores and touches nothing', () => {
    fc.assert(
      fc.property(fc.array(localStore), (local) => {
        const plan = planStoreLoad({ isLoggedIn: false, isImpersonating: false, cloud: null, local });
        expect(plan).toEqual({ stores: dedupeByStoreHash(local), saveLocally: false, upload: null });
      }),
    );
  });

  it('impersonating: shows only the cloud stores; the admin’s local stores are neither merged nor uploaded', () => {
    fc.assert(
      fc.property(fc.array(cloudStore), fc.array(localStore), (cloud, local) => {
        const plan = planStoreLoad({ isLoggedIn: true, isImpersonating: true, cloud, local });
        expect(plan.upload).toBeNull();
        expect(plan.saveLocally).toBe(false);
        expect(plan.stores.map((s) => s.storeHash)).toEqual(dedupeByStoreHash(cloud).map((s) => s.storeHash));
      }),
    );
  });

  it('logged in with an empty cloud uploads every local store', () => {
    fc.assert(
      fc.property(fc.array(localStore, { minLength: 1 }), (local) => {
        const plan = planStoreLoad({ isLoggedIn: true, isImpersonating: false, cloud: [], local });
        expect(plan.upload).toEqual(dedupeByStoreHash(local).map(toCloudStore));
      }),
    );
  });

  it('logged in otherwise merges and saves locally', () => {
    const cloud: CloudStore[] = [
      {
        id: 'c1',
        name: 'Cloud A',
        storeHash: 'abc123',
        accessToken: 't1',
        clientId: 'x',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    const local: LocalStore[] = [
      {
        id: 'l1',
        name: 'Local A',
        storeHash: 'abc123',
        apiToken: 'old',
        clientId: 'x',
        createdAt: '2026-01-01T00:00:00.000Z',
        source: 'local',
      },
      {
        id: 'l2',
        name: 'Local B',
        storeHash: 'def456',
        apiToken: 't2',
        clientId: 'y',
        createdAt: '2026-01-01T00:00:00.000Z',
        source: 'local',
      },
    ];
    const plan = planStoreLoad({ isLoggedIn: true, isImpersonating: false, cloud, local });
    expect(plan.saveLocally).toBe(true);
    expect(plan.stores.map((s) => [s.name, s.apiToken, s.source])).toEqual([
      ['Cloud A', 't1', 'cloud'],
      ['Local B', 't2', 'local'],
    ]);
  });
});
