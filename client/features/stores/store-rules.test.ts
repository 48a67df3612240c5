import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLocalStore } from '../../../common/stores/test-stores';
import {
  addDemoStores,
  addStore,
  deleteStore,
  emptyStoreForm,
  maskToken,
  sourceForNewStore,
  updateStore,
  validateStoreForm,
} from './store-rules';

const buildStore = buildLocalStore;

const filled = { name: ' New ', storeHash: ' XYZ789 ', apiToken: ' t ', clientId: ' c ' };

describe('validateStoreForm', () => {
  it('requires all four fields', () => {
    expect(validateStoreForm(emptyStoreForm, [], null)).toEqual({
      name: 'required',
      storeHash: 'required',
      apiToken: 'required',
      clientId: 'required',
    });
    expect(validateStoreForm({ ...filled, name: '   ' }, [], null)).toEqual({ name: 'required' });
  });

  it('accepts a hash in capitals (it is lowercased) and refuses one that could change the request path', () => {
    expect(validateStoreForm(filled, [], null)).toEqual({});
    for (const storeHash of ['abc/../x', 'abc def', 'stores/abc', 'héllo']) {
      expect(validateStoreForm({ ...filled, storeHash }, [], null)).toEqual({
        storeHash: 'storeHashInvalid',
      });
    }
  });

  it('refuses another store’s hash, but not the edited store’s own', () => {
    const stores = [buildStore({ id: 'a', storeHash: 'xyz789' })];
    expect(validateStoreForm(filled, stores, null)).toEqual({ storeHash: 'storeHashTaken' });
    // A token that could not travel in a header (issue 9, point 10).
    for (const apiToken of ['abc\u0007def', 'tökén', 'abc def', 'abc\ndef']) {
      expect(validateStoreForm({ ...filled, apiToken }, [], null)).toEqual({ apiToken: 'apiTokenInvalid' });
    }
    expect(validateStoreForm(filled, stores, 'a')).toEqual({});
  });
});

describe('list operations', () => {
  const now = new Date('2026-02-02T02:02:02.000Z');

  it('adds a trimmed store as cloud when logged in and as local otherwise (spec part 1 §4)', () => {
    expect(sourceForNewStore(true)).toBe('cloud');
    expect(sourceForNewStore(false)).toBe('local');
    const [store] = addStore([], filled, { id: 'n1', now, source: 'local' });
    expect(store).toEqual({
      id: 'n1',
      name: 'New',
      storeHash: 'xyz789',
      apiToken: 't',
      clientId: 'c',
      createdAt: '2026-02-02T02:02:02.000Z',
      source: 'local',
    });
  });

  it('updates the four fields only, and deletes by id, leaving the others untouched', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 6 }), fc.nat(), (ids, pick) => {
        const stores = ids.map((id, i) =>
          buildStore({ id, storeHash: `h${i}`, source: i % 2 ? 'cloud' : 'local' }),
        );
        const target = stores[pick % stores.length]!;
        const updated = updateStore(stores, target.id, { ...filled, storeHash: 'zz1' });
        expect(updated.find((s) => s.id === target.id)).toMatchObject({
          id: target.id,
          createdAt: target.createdAt,
          source: target.source,
          storeHash: 'zz1',
        });
        expect(updated.filter((s) => s.id !== target.id)).toEqual(stores.filter((s) => s.id !== target.id));
        const deleted = deleteStore(stores, target.id);
        expect(deleted).toEqual(stores.filter((s) => s.id !== target.id));
      }),
    );
  });

  it('adds the issued demo stores once', () => {
    let n = 0;
    const meta = { newId: () => `d${++n}`, now, source: 'local' as const };
    const issued = [
      { name: 'Demo', storeHash: 'sandbox-demo-abcdefghijklmnop', accessToken: 'demo_1', clientId: 'c1' },
      { name: 'Empty', storeHash: 'sandbox-empty-abcdefghijklmnop', accessToken: 'demo_2', clientId: 'c2' },
    ];
    const once = addDemoStores([], issued, meta);
    expect(once.map((s) => [s.id, s.name, s.storeHash, s.apiToken, s.clientId])).toEqual([
      ['d1', 'Demo', 'sandbox-demo-abcdefghijklmnop', 'demo_1', 'c1'],
      ['d2', 'Empty', 'sandbox-empty-abcdefghijklmnop', 'demo_2', 'c2'],
    ]);
    expect(addDemoStores(once, issued, meta)).toEqual(once);
  });
});

describe('the card', () => {
  it('masks a token without showing any of it', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 80 }).filter((s) => !s.includes('•')),
        (token) => {
          const masked = maskToken(token);
          expect(masked).toMatch(/^•{8,24}$/);
        },
      ),
    );
  });
});
