// A store of the local list for tests, with the fields overridden that a test is about.
import type { LocalStore } from '../contracts/stores';

export function buildLocalStore(overrides: Partial<LocalStore> = {}): LocalStore {
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
