import { describe, expect, it } from 'vitest';
import { buildLocalStore } from '../../../common/stores/test-stores';
import { markUploaded } from './cloud-stores';
import { toStoreCredentials, toStoreRef } from './store-credentials';

const buildStore = buildLocalStore;

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
