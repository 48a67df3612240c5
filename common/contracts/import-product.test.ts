import { describe, expect, it } from 'vitest';
import {
  emptyImportProductResult,
  importProductRequestSchema,
  importProductResultSchema,
} from './import-product';

describe('Import Product contract (spec part 1 §3, §7)', () => {
  it('counts every step of §3 from zero', () => {
    const result = emptyImportProductResult({ id: 12, name: 'Kettle', sku: 'K-1' });
    expect(importProductResultSchema.parse(result)).toEqual(result);
    expect(Object.keys(result).sort()).toEqual(
      [
        'action',
        'bulkPricing',
        'channels',
        'customFields',
        'idMap',
        'images',
        'logs',
        'modifiers',
        'notCarried',
        'notices',
        'options',
        'productId',
        'productName',
        'productSku',
        'reviews',
        'variants',
        'videos',
      ].sort(),
    );
  });

  it('reads a result without notices (an older answer) as having none, and refuses an unknown notice', () => {
    const { notices: _notices, ...older } = emptyImportProductResult({ id: 1, name: 'N', sku: '' });
    expect(importProductResultSchema.parse(older).notices).toEqual([]);
    const unknown = { ...older, notices: [{ kind: 'image_resized', image: 'a.png', size: 'huge' }] };
    expect(importProductResultSchema.safeParse(unknown).success).toBe(false);
  });

  it('needs a store and a product dump', () => {
    const missingStore = importProductRequestSchema.safeParse({ productData: {} });
    expect(missingStore.error?.issues[0]?.message).toBe('Please select a store');
    const badDump = importProductRequestSchema.safeParse({
      store: { storeHash: 'sandbox-demo', accessToken: 'demo-token' },
      productData: { name: 3 },
    });
    expect(badDump.success).toBe(false);
    expect(badDump.error?.issues[0]?.path[0]).toBe('productData');
  });
});
