import { describe, expect, it } from 'vitest';
import type { LocalStore } from '../../../common/contracts/stores';
import { preselectStore } from './preselect';

const store = (id: string): LocalStore => ({
  id,
  name: `Shop ${id}`,
  storeHash: `hash${id}`,
  apiToken: 't',
  clientId: 'c',
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'local',
});

describe('preselectStore', () => {
  it('opens on the store last used in the tool while it is still listed', () => {
    expect(preselectStore([store('a'), store('b')], 'b')?.id).toBe('b');
  });

  it('else on the only store, else on none', () => {
    expect(preselectStore([store('a')], null)?.id).toBe('a');
    expect(preselectStore([store('a')], 'gone')?.id).toBe('a');
    expect(preselectStore([store('a'), store('b')], 'gone')).toBeNull();
    expect(preselectStore([store('a'), store('b')], null)).toBeNull();
    expect(preselectStore([], 'a')).toBeNull();
  });
});
