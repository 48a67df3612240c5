// What a restore writes for each diff path (issue 32): the write units, their values, and the bodies of the calls.
import { describe, expect, it } from 'vitest';
import { planItem } from './restore-preview';
import { productCreateBody } from './restore-create';
import {
  fieldsBody,
  parsePath,
  unitOf,
  unitPath,
  unitsOfItem,
  unitValue,
  valueHash,
  variantBodies,
} from './restore-paths';

const product = {
  id: 7,
  name: 'Chair',
  description: '<p>Old</p>',
  calculated_price: 10,
  custom_url: { url: '/chair/', is_customized: true },
  categories: [1, 2],
  variants: [
    { id: 1, sku: 'CH.1]x', price: 10, calculated_price: 10 },
    { id: 2, sku: 'CH-2', price: 12, calculated_price: 12 },
  ],
  custom_fields: [{ id: 5, name: 'Material', value: 'Oak' }],
};

describe('restore paths', () => {
  it('reads diff paths, SKUs with dots and brackets included', () => {
    expect(parsePath('description')).toEqual([{ field: 'description' }]);
    expect(parsePath('variants[sku=CH.1]x].price')).toEqual([
      { field: 'variants', select: { key: 'sku', value: 'CH.1]x' } },
      { field: 'price' },
    ]);
    expect(parsePath('categories[2]')).toEqual([{ field: 'categories', select: { index: 2 } }]);
    for (const bad of ['', 'a.', '.a', 'a[', 'a[x]', 'a[0][1]']) expect(parsePath(bad)).toBeNull();
  });

  it('maps each path to the unit one call writes, and refuses computed fields', () => {
    expect(unitOf('product', 'description')).toEqual({ type: 'field', field: 'description' });
    expect(unitOf('product', 'custom_url.url')).toEqual({ type: 'field', field: 'custom_url' });
    expect(unitOf('product', 'categories[1]')).toEqual({ type: 'field', field: 'categories' });
    expect(unitOf('product', 'variants[sku=CH-2].price')).toEqual({
      type: 'variant',
      select: { key: 'sku', value: 'CH-2' },
      field: 'price',
    });
    expect(unitOf('product', 'custom_fields[name=Material].value')).toEqual({
      type: 'custom-field',
      select: { key: 'name', value: 'Material' },
    });
    expect(unitOf('product', 'calculated_price')).toBeNull();
    expect(unitOf('product', 'variants[sku=CH-2].calculated_price')).toBeNull();
    expect(unitOf('product', 'variants[sku=CH-2]')).toBeNull();
    expect(unitOf('product', 'images[id=3].description')).toBeNull();
    // A part is named whole, never one element of it.
    expect(unitOf('product', 'images')).toEqual({ type: 'part', part: 'images' });
    expect(unitOf('product', 'variants')).toEqual({ type: 'part', part: 'variants' });
    expect(unitOf('product', 'custom_fields')).toEqual({ type: 'part', part: 'custom_fields' });
    expect(unitOf('category', 'images')).toBeNull();
    expect(unitOf('category', 'name')).toEqual({ type: 'field', field: 'name' });
    expect(unitOf('category', 'category_id')).toBeNull();
    expect(unitOf('brand', 'custom_url.url')).toEqual({ type: 'field', field: 'custom_url' });
    expect(unitOf('widget-template', 'template')).toEqual({ type: 'field', field: 'template' });
    expect(unitOf('widget-template', 'current_version_uuid')).toBeNull();
    expect(unitOf('page', 'regions[name=header].children[0].configuration.title')).toEqual({ type: 'page' });
  });

  it('reads a unit from an item and names it back the same way', () => {
    const variant = unitOf('product', 'variants[sku=CH.1]x].price')!;
    expect(unitValue(product, variant)).toBe(10);
    expect(unitPath(variant)).toBe('variants[sku=CH.1]x].price');
    expect(unitValue(product, unitOf('product', 'custom_fields[name=Material].value')!)).toBe('Oak');
    expect(unitValue(product, unitOf('product', 'custom_fields[name=Colour].value')!)).toBeUndefined();
    expect(valueHash(undefined)).toBe(valueHash(null));
    expect(valueHash({ a: 1, b: 2 })).toBe(valueHash({ b: 2, a: 1 }));
  });

  it('groups the units of one product into one product update and one update per variant', () => {
    const units = [
      { unit: unitOf('product', 'description')!, value: '<p>Old</p>' },
      { unit: unitOf('product', 'variants[sku=CH-2].price')!, value: 12 },
      { unit: unitOf('product', 'variants[sku=CH-2].sale_price')!, value: 0 },
      { unit: unitOf('product', 'variants[sku=CH.1]x].weight')!, value: 3 },
    ];
    expect(fieldsBody(units)).toEqual({ description: '<p>Old</p>' });
    expect(variantBodies(units)).toEqual([
      { select: { key: 'sku', value: 'CH-2' }, body: { price: 12, sale_price: 0 } },
      { select: { key: 'sku', value: 'CH.1]x' }, body: { weight: 3 } },
    ]);
  });

  it('looks at every writable field of a whole item, variants by SKU, and each part it holds as one unit', () => {
    const live = { ...product, custom_fields: [{ id: 9, name: 'Added since', value: 'x' }] };
    const paths = unitsOfItem('product', product, live).map(unitPath);
    expect(paths).toEqual(
      expect.arrayContaining([
        'name',
        'description',
        'custom_url',
        'categories',
        'variants[sku=CH-2].price',
        'variants',
        'custom_fields',
      ]),
    );
    // A part the snapshot does not hold has nothing to be restored to.
    expect(paths).not.toContain('images');
    expect(paths).not.toContain('calculated_price');
    expect(paths).not.toContain('variants[sku=CH-2].calculated_price');
  });

  it('plans only what differs: a changed description, custom fields added since and gone since (one part)', () => {
    const live = {
      ...product,
      description: '<p>New</p>',
      calculated_price: 99,
      custom_fields: [{ id: 9, name: 'Added since', value: 'x' }],
    };
    const { preview, plan } = planItem({ kind: 'product', key: { id: 7 } }, 'Chair', product, live);
    expect(preview.action).toBe('update');
    expect(preview.fields).toEqual([
      { path: 'description', live: '<p>New</p>', restored: '<p>Old</p>' },
      {
        path: 'custom_fields',
        live: [{ name: 'Added since', value: 'x' }],
        restored: [{ name: 'Material', value: 'Oak' }],
      },
    ]);
    // The part's value keeps the ids (the writer pairs elements by them); its expectation is of its content.
    expect(plan.units[1]!.value).toEqual([{ id: 5, name: 'Material', value: 'Oak' }]);
    expect(plan.units.map((u) => u.expect)).toEqual([
      valueHash('<p>New</p>'),
      valueHash([{ name: 'Added since', value: 'x' }]),
    ]);
    // Named by an id the store no longer has, a custom field is written by its name.
    const named = planItem(
      { kind: 'product', key: { id: 7 }, fields: ['custom_fields[id=5].value'] },
      'Chair',
      product,
      live,
    );
    expect(named.preview.fields.map((f) => f.path)).toEqual(['custom_fields[name=Material].value']);
  });

  it('keeps a custom field named by id on that id while the store has it: two of one name are two units', () => {
    const twins = {
      ...product,
      custom_fields: [
        { id: 5, name: 'Material', value: 'Oak' },
        { id: 6, name: 'Material', value: 'Beech' },
      ],
    };
    const live = {
      ...twins,
      custom_fields: [
        { id: 5, name: 'Material', value: 'Oak' },
        { id: 6, name: 'Material', value: 'Pine' },
      ],
    };
    const { preview, plan } = planItem(
      { kind: 'product', key: { id: 7 }, fields: ['custom_fields[id=6].value', 'custom_fields[id=5].value'] },
      'Chair',
      twins,
      live,
    );
    expect(preview.fields).toEqual([{ path: 'custom_fields[id=6].value', live: 'Pine', restored: 'Beech' }]);
    expect(plan.units).toEqual([
      { path: 'custom_fields[id=6].value', value: 'Beech', expect: valueHash('Pine') },
    ]);
    // The whole item: the custom fields part, both of one name.
    const whole = planItem({ kind: 'product', key: { id: 7 } }, 'Chair', twins, live);
    expect(whole.preview.fields).toEqual([
      {
        path: 'custom_fields',
        live: [
          { name: 'Material', value: 'Oak' },
          { name: 'Material', value: 'Pine' },
        ],
        restored: [
          { name: 'Material', value: 'Beech' },
          { name: 'Material', value: 'Oak' },
        ],
      },
    ]);
  });

  it('plans a deleted product as a create with its fields, and an unchanged one as nothing', () => {
    const { preview, plan } = planItem({ kind: 'product', key: { id: 7 } }, 'Chair', product, null);
    expect(preview.action).toBe('create');
    // The plan keeps the whole product; it is made again from it (restore-create.ts).
    const body = productCreateBody(plan.create!);
    expect(body).toMatchObject({
      name: 'Chair',
      description: '<p>Old</p>',
      custom_url: { url: '/chair/', is_customized: true },
      custom_fields: [{ name: 'Material', value: 'Oak' }],
    });
    expect(body).not.toHaveProperty('calculated_price');
    const same = planItem({ kind: 'product', key: { id: 7 } }, 'Chair', product, product);
    expect(same.preview).toMatchObject({ action: 'unchanged', fields: [] });
  });
});
