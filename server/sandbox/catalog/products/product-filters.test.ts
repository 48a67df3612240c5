import { describe, expect, it } from 'vitest';
import { createStoreData } from '../../core/store-state';
import { defaultProductFields, emptyProductRecord } from '../records';
import type { ProductFields } from '../types';
import { DELETE_PRODUCTS_FILTERS, productPredicate, sortProducts } from './product-filters';

function store() {
  const data = createStoreData('t', { id: 't', name: 'T', domain: 't.example' });
  data.brands.set(5, {
    id: 5,
    name: 'Kestrel Audio',
    page_title: '',
    meta_keywords: [],
    meta_description: '',
    image_url: '',
    search_keywords: '',
    custom_url: { url: '/brands/kestrel', is_customized: false },
  });
  const add = (patch: Partial<ProductFields>, channels: number[]) => {
    const fields = { ...defaultProductFields(patch.id!, '2024-01-01T00:00:00+00:00'), ...patch };
    const record = emptyProductRecord(fields);
    record.channelIds = channels;
    data.products.set(fields.id, record);
  };
  add(
    {
      id: 77,
      name: 'Summit Headphones',
      sku: 'KST-1',
      price: 99,
      categories: [20],
      brand_id: 5,
      description: '<p>Closed-back <b>studio</b> sound</p>',
    },
    [1],
  );
  add(
    {
      id: 78,
      name: 'Harbour Mug',
      sku: 'CPL-2',
      price: 12,
      categories: [20, 21],
      is_visible: false,
      description: '<p>Stoneware</p><script>studio()</script>',
    },
    [1, 2],
  );
  add(
    { id: 79, name: 'Drift Mug', sku: 'CPL-3', price: 14, categories: [21], description: '<p>Glazed</p>' },
    [2],
  );
  return data;
}

const ids = (qs: string) => {
  const data = store();
  return [...data.products.values()]
    .filter(productPredicate(new URLSearchParams(qs), data))
    .map((r) => r.fields.id);
};

describe('productPredicate', () => {
  it('matches categories:in on any of the ids, and categories only on single-category products', () => {
    expect(ids('categories:in=21')).toEqual([78, 79]);
    expect(ids('categories:in=20,21')).toEqual([77, 78, 79]);
    expect(ids('categories=20')).toEqual([77]);
  });

  it('filters by id lists, sku (case-insensitive), brand, visibility and channel', () => {
    expect(ids('id:in=77,79')).toEqual([77, 79]);
    expect(ids('id:not_in=77')).toEqual([78, 79]);
    expect(ids('sku=cpl-2')).toEqual([78]);
    expect(ids('brand_id=5')).toEqual([77]);
    expect(ids('is_visible=false')).toEqual([78]);
    expect(ids('channel_id:in=2')).toEqual([78, 79]);
    expect(ids('price=14')).toEqual([79]);
  });

  it('ignores what getProducts does not document: name:like, price and weight ranges', () => {
    expect(ids('name:like=mug')).toEqual([77, 78, 79]);
    expect(ids('price:min=13')).toEqual([77, 78, 79]);
    expect(ids('weight:max=-1')).toEqual([77, 78, 79]);
    expect(ids('sku:in=cpl-2,KST-1')).toEqual([77, 78]);
  });

  it('reads only the filters DELETE documents when given its list', () => {
    const data = store();
    const only = (qs: string) =>
      [...data.products.values()]
        .filter(productPredicate(new URLSearchParams(qs), data, DELETE_PRODUCTS_FILTERS))
        .map((r) => r.fields.id);
    expect(only('id:in=77')).toEqual([77]);
    expect(only('sku:in=CPL-2')).toEqual([77, 78, 79]);
  });

  it('matches keyword words in the name, SKU, description text and brand name, not in scripts', () => {
    expect(ids('keyword=mug')).toEqual([78, 79]);
    expect(ids('keyword=kestrel')).toEqual([77]);
    expect(ids('keyword=studio')).toEqual([77]);
    expect(ids('keyword=drift glazed')).toEqual([79]);
  });

  it('sorts by a field and direction, breaking ties by id', () => {
    const data = store();
    const sorted = sortProducts(
      [...data.products.values()],
      new URLSearchParams('sort=price&direction=desc'),
    );
    expect(sorted.map((r) => r.fields.id)).toEqual([77, 79, 78]);
    const byName = sortProducts([...data.products.values()], new URLSearchParams('sort=name'));
    expect(byName.map((r) => r.fields.name)).toEqual(['Drift Mug', 'Harbour Mug', 'Summit Headphones']);
  });

  it('rejects a malformed filter value', () => {
    expect(() => ids('brand_id=abc')).toThrow(
      'Query parameter "brand_id" value must be integer. For input string: "abc".',
    );
  });
});
