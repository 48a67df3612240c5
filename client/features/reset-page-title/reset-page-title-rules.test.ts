import { describe, expect, it } from 'vitest';
import { resetPageTitleRequestSchema } from '../../../common/contracts/bulk-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import { buildResetRequest } from './reset-page-title-rules';

const store: LocalStore = {
  id: 's1',
  name: 'Shop',
  storeHash: 'abc123',
  apiToken: 'token',
  clientId: 'client',
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'local',
};

describe('buildResetRequest', () => {
  it("builds the spec's body, which the contract reads as the scope asked for", () => {
    const built = buildResetRequest(store, { targetOption: 'specific', targetValue: ' 3, 4,3 ' });
    if (!built.ok) throw new Error('expected a request');
    expect(built.request).toMatchObject({
      storeCredentials: { storeHash: 'abc123', accessToken: 'token', clientId: 'client' },
      targetOption: 'specific',
      targetValue: '3, 4,3',
    });
    expect(resetPageTitleRequestSchema.parse(built.request).scope).toEqual({
      kind: 'specific',
      productIds: [3, 4],
    });
  });

  it('refuses a missing store or value', () => {
    expect(buildResetRequest(null, { targetOption: 'all', targetValue: '' })).toEqual({
      ok: false,
      problem: { field: 'store', kind: 'store-required' },
    });
    expect(buildResetRequest(store, { targetOption: 'brand', targetValue: '' })).toEqual({
      ok: false,
      problem: { field: 'targetValue', kind: 'value-required' },
    });
  });
});
