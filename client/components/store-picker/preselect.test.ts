import { describe, expect, it } from 'vitest';
import type { LocalStore } from '../../../common/contracts/stores';
import {
  LAST_STORE_KEY,
  LAST_STORE_KEY_PREFIX,
  preselectStore,
  readLastStoreId,
  rememberLastStore,
} from './preselect';

const store = (id: string): LocalStore => ({
  id,
  name: `Shop ${id}`,
  storeHash: `hash${id}`,
  apiToken: 't',
  clientId: 'c',
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'local',
});

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('preselectStore', () => {
  it('opens on the store chosen last while it is still listed', () => {
    expect(preselectStore([store('a'), store('b')], 'b')?.id).toBe('b');
  });

  it('else on the only store, else on none', () => {
    expect(preselectStore([store('a')], null)?.id).toBe('a');
    expect(preselectStore([store('a')], 'gone')?.id).toBe('a');
    expect(preselectStore([store('a'), store('b')], 'gone')).toBeNull();
    expect(preselectStore([store('a'), store('b')], null)).toBeNull();
    expect(preselectStore([], 'a')).toBeNull();
  });

  it('never opens by itself on the store it is told to avoid', () => {
    expect(preselectStore([store('a'), store('b')], 'a', 'a')).toBeNull();
    expect(preselectStore([store('a')], null, 'a')).toBeNull();
    expect(preselectStore([store('a'), store('b')], 'b', 'a')?.id).toBe('b');
  });
});

describe('the last store chosen', () => {
  it('is one for every tool: chosen in Dump Product, it is what Dump Widgets opens on', () => {
    const storage = memoryStorage();
    rememberLastStore('b', storage);
    expect(storage.values.get(LAST_STORE_KEY)).toBe('b');
    expect(readLastStoreId('dump-widgets', storage)).toBe('b');
    expect(preselectStore([store('a'), store('b')], readLastStoreId('dump-widgets', storage))?.id).toBe('b');
    rememberLastStore('a', storage);
    expect(readLastStoreId('dump-product', storage)).toBe('a');
  });

  it("reads a tool's own store of before only while no store was chosen since", () => {
    const storage = memoryStorage({ [`${LAST_STORE_KEY_PREFIX}dump-widgets`]: 'a' });
    expect(readLastStoreId('dump-widgets', storage)).toBe('a');
    expect(readLastStoreId('dump-product', storage)).toBeNull();
    rememberLastStore('b', storage);
    expect(readLastStoreId('dump-widgets', storage)).toBe('b');
  });

  it('is none when storage is missing or refuses', () => {
    expect(readLastStoreId('dump-product', null)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readLastStoreId('dump-product', refusing)).toBeNull();
    expect(() => rememberLastStore('a', refusing)).not.toThrow();
  });
});
