import { describe, expect, it } from 'vitest';
import {
  copyDescriptionRequestSchema,
  resetPageTitleRequestSchema,
} from '../../../common/contracts/bulk-edit';
import { asText, planEdit, toPreview } from './bulk-edit.service';

const STORE = { storeHash: 'sandbox-demo', accessToken: 'demo-token' };

describe('bulk-edit requests (spec part 1 §5, §7)', () => {
  it('reads the scope, requires a value unless the scope is all, and dedupes product ids', () => {
    expect(resetPageTitleRequestSchema.parse({ storeCredentials: STORE, targetOption: 'all' }).scope).toEqual(
      {
        kind: 'all',
      },
    );
    expect(
      resetPageTitleRequestSchema.parse({
        storeCredentials: STORE,
        targetOption: 'specific',
        targetValue: '7, 3,7,',
      }).scope,
    ).toEqual({ kind: 'specific', productIds: [7, 3] });
    expect(
      resetPageTitleRequestSchema.parse({
        storeCredentials: STORE,
        targetOption: 'category',
        targetValue: 18,
      }).scope,
    ).toEqual({ kind: 'category', categoryId: 18 });
    const missing = resetPageTitleRequestSchema.safeParse({ storeCredentials: STORE, targetOption: 'brand' });
    expect(missing.error?.issues[0]).toMatchObject({
      message: 'Please enter a value for the chosen scope',
      params: { code: 'target_value_required' },
    });
    const bad = resetPageTitleRequestSchema.safeParse({
      storeCredentials: STORE,
      targetOption: 'specific',
      targetValue: '7, x',
    });
    expect(bad.error?.issues[0]?.message).toBe(
      'Product IDs must be positive whole numbers separated by commas',
    );
    expect(resetPageTitleRequestSchema.safeParse({ targetOption: 'all' }).error?.issues[0]?.message).toBe(
      'Please select a store',
    );
  });

  it('needs a source product id for a copy', () => {
    const parsed = copyDescriptionRequestSchema.parse({
      sourceStoreCredentials: STORE,
      sourceProductId: ' 77 ',
      targetStoreCredentials: STORE,
      targetOption: 'brand',
      targetValue: '36',
    });
    expect(parsed).toMatchObject({ sourceProductId: 77, scope: { kind: 'brand', brandId: 36 } });
    const missing = copyDescriptionRequestSchema.safeParse({
      sourceStoreCredentials: STORE,
      sourceProductId: '',
      targetStoreCredentials: STORE,
      targetOption: 'all',
    });
    expect(missing.error?.issues[0]?.message).toBe('Please enter the source product ID');
  });
});

describe('planEdit', () => {
  const resolved = {
    products: [
      { id: 1, name: 'A', value: 'Old' },
      { id: 2, name: 'B', value: '' },
      { id: 3, name: 'C', value: 'Other' },
    ],
    notFound: [99],
  };

  it('writes only what changes, skips what already holds the value, fails unknown ids', () => {
    const plan = planEdit(resolved, '');
    expect(plan.items.map((item) => item.id)).toEqual([1, 3]);
    expect(plan).toMatchObject({ total: 4, skipped: 1 });
    expect(plan.errors).toEqual([{ productId: 99, name: null, reason: 'Product not found in the store' }]);
  });

  it('never makes the source product a target of its own copy', () => {
    const plan = planEdit(resolved, 'New', 1);
    expect(plan.items.map((item) => item.id)).toEqual([2, 3]);
    expect(plan.total).toBe(3);
  });

  it('previews the first products with their current and new text', () => {
    const plan = planEdit(
      { products: [{ id: 5, name: 'E', value: '<p>Hello&nbsp;<b>world</b></p>\n' }], notFound: [] },
      '<div>New &amp; better</div>',
    );
    expect(toPreview(plan, 'description')).toEqual({
      total: 1,
      changing: 1,
      skipped: 0,
      notFound: [],
      sample: [{ productId: 5, name: 'E', current: 'Hello world', next: 'New & better' }],
    });
  });

  it('asText drops tags, scripts and styles', () => {
    expect(asText('<style>p{}</style><p>One</p><script>x()</script> <p>Two</p>')).toBe('One Two');
  });
});
