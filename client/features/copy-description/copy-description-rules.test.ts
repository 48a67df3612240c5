import { describe, expect, it } from 'vitest';
import { copyDescriptionRequestSchema } from '../../../common/contracts/bulk-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import { buildCopyRequest, type CopyForm } from './copy-description-rules';

const store = (id: string, storeHash: string): LocalStore => ({
  id,
  name: id,
  storeHash,
  apiToken: `token-${id}`,
  clientId: 'client',
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'local',
});

const form: CopyForm = {
  sourceStore: store('a', 'hasha'),
  sourceProductId: ' 77 ',
  targetStore: store('b', 'hashb'),
  scope: { targetOption: 'all', targetValue: 'ignored' },
};

describe('buildCopyRequest', () => {
  it("builds the spec's body, which the contract accepts", () => {
    const built = buildCopyRequest(form);
    if (!built.ok) throw new Error('expected a request');
    expect(built.request).toMatchObject({
      sourceStoreCredentials: { storeHash: 'hasha', accessToken: 'token-a' },
      sourceProductId: '77',
      targetStoreCredentials: { storeHash: 'hashb', accessToken: 'token-b' },
      targetOption: 'all',
      targetValue: '',
    });
    const command = copyDescriptionRequestSchema.parse(built.request);
    expect(command.sourceProductId).toBe(77);
    expect(command.scope).toEqual({ kind: 'all' });
  });

  it('names the first missing field', () => {
    expect(buildCopyRequest({ ...form, sourceStore: null })).toMatchObject({
      problem: { field: 'sourceStore' },
    });
    expect(buildCopyRequest({ ...form, sourceProductId: '' })).toMatchObject({
      problem: { field: 'sourceProductId', kind: 'source-product-required' },
    });
    expect(buildCopyRequest({ ...form, targetStore: null })).toMatchObject({
      problem: { field: 'targetStore' },
    });
    expect(buildCopyRequest({ ...form, scope: { targetOption: 'category', targetValue: '' } })).toMatchObject(
      { problem: { field: 'targetValue', kind: 'value-required' } },
    );
  });
});
