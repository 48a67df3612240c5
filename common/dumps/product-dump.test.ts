// The product dump format: a dump made before `product_list_products` existed stays valid, and the product-list ids.
import { describe, expect, it } from 'vitest';
import { listedProductIds, productDumpSchema } from './product-dump';
import { productDumpHead } from './product-dump.fixtures';

const base = {
  ...productDumpHead('abc', 1, 'Trail Pack', '2026-11-23T10:00:00.000Z'),
  sku: 'PACK',
  type: 'physical',
  brand_id: null,
  brand_name: null,
};

describe('product dump', () => {
  it('reads an older dump without product_list_products as not naming them (not as an empty list)', () => {
    expect(productDumpSchema.parse(base).product_list_products).toBeUndefined();
    const listed = [{ id: 80, sku: 'STRAP', name: 'Strap' }];
    expect(productDumpSchema.parse({ ...base, product_list_products: listed }).product_list_products).toEqual(
      listed,
    );
  });

  it('lists the products that product-list options and modifiers name, once each, and only those', () => {
    const value = (productId: unknown, label = 'x') => ({ label, value_data: { product_id: productId } });
    expect(
      listedProductIds({
        options: [
          { type: 'product_list', option_values: [value(80), value(81)] },
          { type: 'dropdown', option_values: [value(90)] },
        ],
        modifiers: [
          { type: 'product_list_with_images', option_values: [value(81), value('82'), { label: 'none' }] },
          { type: 'checkbox', option_values: [{ label: 'Yes', value_data: { checked_value: true } }] },
        ],
      }),
    ).toEqual([80, 81]);
  });
});
