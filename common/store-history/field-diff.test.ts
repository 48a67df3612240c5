import { describe, expect, it } from 'vitest';
import { canonicalItem, fieldChanges, MAX_FIELDS_PER_ITEM } from './field-diff';

describe('canonicalItem', () => {
  it('sorts object keys and leaves out the fields a store changes by itself', () => {
    expect(
      JSON.stringify(canonicalItem({ name: 'Mug', date_modified: 'x', id: 7, v: [{ b: 1, a: 2 }] })),
    ).toBe('{"id":7,"name":"Mug","v":[{"a":2,"b":1}]}');
  });
});

describe('fieldChanges', () => {
  it('names a variant by its SKU and a custom field by its id, whatever their order', () => {
    const mug1 = { id: 1, sku: 'MUG-1', price: 10 };
    const mug2 = { id: 2, sku: 'MUG-2', price: 12 };
    const material = { id: 5, name: 'Material', value: 'Clay' };
    const before = {
      name: 'Mug',
      description: '<p>Old</p>',
      variants: [mug1, mug2],
      custom_fields: [material],
      date_modified: '2026-01-01',
    };
    // The variants swapped, one's price changed; the field's value changed.
    const after = {
      ...before,
      description: '<p>New</p>',
      variants: [mug2, { ...mug1, price: 11.5 }],
      custom_fields: [{ ...material, value: 'Stoneware' }],
      date_modified: '2026-02-02',
    };
    expect(fieldChanges(before, after)).toEqual([
      { path: 'custom_fields[id=5].value', before: 'Clay', after: 'Stoneware' },
      { path: 'description', before: '<p>Old</p>', after: '<p>New</p>' },
      { path: 'variants[sku=MUG-1].price', before: 10, after: 11.5 },
    ]);
  });

  it('lists an element added or removed whole, and a page region by its name', () => {
    const before = { regions: [{ name: 'header', widgets: [{ uuid: 'w1', title: 'A' }] }] };
    const after = {
      regions: [
        { name: 'header', widgets: [{ uuid: 'w2', title: 'B' }] },
        { name: 'footer', widgets: [] },
      ],
    };
    expect(fieldChanges(before, after)).toEqual([
      { path: 'regions[name=header].widgets[uuid=w1]', before: { title: 'A', uuid: 'w1' }, after: null },
      { path: 'regions[name=header].widgets[uuid=w2]', before: null, after: { title: 'B', uuid: 'w2' } },
      { path: 'regions[name=footer]', before: null, after: { name: 'footer', widgets: [] } },
    ]);
  });

  it('compares plain arrays by position and finds nothing in equal items', () => {
    expect(fieldChanges({ categories: [1, 2] }, { categories: [1, 3] })).toEqual([
      { path: 'categories[1]', before: 2, after: 3 },
    ]);
    expect(fieldChanges({ a: { b: [1] } }, { a: { b: [1] } })).toEqual([]);
  });

  it('caps the fields of one item, counting the rest', () => {
    const before = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`f${String(i).padStart(3, '0')}`, i]),
    );
    const after = Object.fromEntries(Object.entries(before).map(([key, value]) => [key, value + 1]));
    const changes = fieldChanges(before, after);
    expect(changes).toHaveLength(MAX_FIELDS_PER_ITEM);
    expect(changes.at(-1)).toEqual({ path: '(101 more fields)', before: null, after: null });
  });

  it('leaves out the fields a store sets itself at the top level only (issue 40)', () => {
    const item = {
      id: 1,
      date_modified: 'x',
      views: 3,
      configuration: { views: 'grid', date_modified: 'kept' },
    };
    expect(canonicalItem(item)).toEqual({ configuration: { date_modified: 'kept', views: 'grid' }, id: 1 });
    expect(fieldChanges(item, { ...item, date_modified: 'y', configuration: { views: 'list' } })).toEqual([
      { path: 'configuration.date_modified', before: 'kept', after: null },
      { path: 'configuration.views', before: 'grid', after: 'list' },
    ]);
    expect(canonicalItem({ inventory_level: null })).toEqual({ inventory_level: null });
  });
});
