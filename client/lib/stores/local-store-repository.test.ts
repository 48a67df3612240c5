import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORES_LOCAL_STORAGE_KEY, type LocalStore } from '../../../common/contracts/stores';
import { readLocalStores, writeLocalStores } from './local-store-repository';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const store: LocalStore = {
  id: 'a',
  name: 'Shop',
  storeHash: 'abc123',
  apiToken: 'tok',
  clientId: 'cid',
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'cloud',
};

describe('local store repository', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it(`round-trips the list under ${STORES_LOCAL_STORAGE_KEY} with the spec's fields`, () => {
    const storage = memoryStorage();
    writeLocalStores([store], storage);
    expect(JSON.parse(storage.data.get('bc-tools-stores') ?? '')).toEqual([store]);
    expect(readLocalStores(storage)).toEqual([store]);
  });

  it('gives an empty list when nothing is saved', () => {
    expect(readLocalStores(memoryStorage())).toEqual([]);
  });

  it('logs a failed read and gives an empty list', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readLocalStores(memoryStorage({ [STORES_LOCAL_STORAGE_KEY]: '{not json' }))).toEqual([]);
    expect(readLocalStores(memoryStorage({ [STORES_LOCAL_STORAGE_KEY]: '{"a":1}' }))).toEqual([]);
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(readLocalStores(throwing)).toEqual([]);
    expect(logged).toHaveBeenCalledTimes(3);
  });

  it('logs a failed write and goes on', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeLocalStores([store], full)).not.toThrow();
    expect(logged).toHaveBeenCalledOnce();
  });

  it('keeps an older entry with missing fields rather than dropping it, and defaults the source to local', () => {
    const storage = memoryStorage({
      [STORES_LOCAL_STORAGE_KEY]: JSON.stringify([
        { id: 'old', name: 'Old', storeHash: 'old1', accessToken: 'legacy' },
        'junk',
      ]),
    });
    expect(readLocalStores(storage)).toEqual([
      {
        id: 'old',
        name: 'Old',
        storeHash: 'old1',
        apiToken: 'legacy',
        clientId: '',
        createdAt: '1970-01-01T00:00:00.000Z',
        source: 'local',
      },
    ]);
  });
});
