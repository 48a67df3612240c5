import { describe, expect, it } from 'vitest';
import type { LocalStore } from '../../../common/contracts/stores';
import { markUploaded } from './cloud-stores';
import { toStoreCredentials, toStoreRef } from './store-credentials';

function buildStore(overrides: Partial<LocalStore> = {}): LocalStore {
  return {
    id: 's1',
    name: 'Shop',
    storeHash: 'abc123',
    apiToken: 'tok',
    clientId: 'cid',
    createdAt: '2026-01-01T00:00:00.000Z',
    source: 'local',
    ...overrides,
  };
}

describe('what a tool call carries', () => {
  it('sends the token as accessToken (spec part 1 §7)', () => {
    const store = buildStore();
    expect(toStoreCredentials(store)).toEqual({
      id: 's1',
      name: 'Shop',
      storeHash: 'abc123',
      accessToken: 'tok',
      clientId: 'cid',
    });
    expect(toStoreRef(store)).toEqual({ storeHash: 'abc123', accessToken: 'tok', clientId: 'cid' });
  });
});

describe('after an upload', () => {
  it('marks only the uploaded stores as cloud', () => {
    const stores = [buildStore({ id: 'a', storeHash: 'a1' }), buildStore({ id: 'b', storeHash: 'b1' })];
    expect(markUploaded(stores, new Set(['a1'])).map((s) => s.source)).toEqual(['cloud', 'local']);
  });
});
