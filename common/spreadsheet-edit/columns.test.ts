import { describe, expect, it } from 'vitest';
import { buildLookups } from './lookups';
import {
  cellOf,
  columnOf,
  exportLayout,
  liveValue,
  parseCell,
  priceWarning,
  sameValue,
  splitCategoryPaths,
} from './columns';

const lookups = buildLookups(
  [
    { id: 7, name: 'Nike' },
    { id: 8, name: 'Acme & Co' },
  ],
  [
    { id: 1, name: 'Shoes', parentId: 0 },
    { id: 2, name: 'Running', parentId: 1 },
    { id: 3, name: 'Sale', parentId: 0 },
  ],
);
const column = (sheet: 'Products' | 'Variants', header: string) => columnOf(sheet, header)!;
const parse = (sheet: 'Products' | 'Variants', header: string, raw: string | number | boolean | null) =>
  parseCell(column(sheet, header), raw, lookups);

describe('Spreadsheet Edit columns', () => {
  it('reads each documented rule, with a message naming the column', () => {
    expect(parse('Products', 'Price', '19.99')).toEqual({ ok: true, value: 19.99 });
    expect(parse('Products', 'Price', 5)).toEqual({ ok: true, value: 5 });
    expect(parse('Products', 'Price', null)).toEqual({ ok: true, value: 0 });
    expect(parse('Products', 'Price', -1)).toEqual({
      ok: false,
      code: 'belowMin',
      params: { column: 'Price', min: 0 },
      message: 'Price cannot be below 0',
    });
    expect(parse('Products', 'Price', '1,000')).toMatchObject({
      ok: false,
      message: 'Price must be a number',
    });
    expect(parse('Variants', 'Price', '')).toEqual({ ok: true, value: null });
    expect(parse('Products', 'Inventory Level', 2.5)).toMatchObject({
      ok: false,
      message: 'Inventory Level must be a whole number',
    });
    expect(parse('Products', 'Sort Order', -3)).toEqual({ ok: true, value: -3 });
    expect(parse('Products', 'Visible', 'TRUE')).toEqual({ ok: true, value: true });
    expect(parse('Products', 'Visible', false)).toEqual({ ok: true, value: false });
    expect(parse('Products', 'Visible', 'maybe')).toMatchObject({
      ok: false,
      message: 'Visible must be TRUE or FALSE',
    });
    expect(parse('Products', 'Availability', 'Preorder')).toEqual({ ok: true, value: 'preorder' });
    expect(parse('Products', 'Condition', 'new')).toEqual({ ok: true, value: 'New' });
    expect(parse('Products', 'Type', 'service')).toMatchObject({
      ok: false,
      message: 'Type must be one of: physical, digital',
    });
    expect(parse('Products', 'Name', '  ')).toMatchObject({ ok: false, message: 'Name cannot be empty' });
    expect(parse('Products', 'Name', 'x'.repeat(251))).toMatchObject({
      ok: false,
      message: 'Name is longer than 250 characters (251)',
    });
    expect(parse('Products', 'SKU', 1036)).toEqual({ ok: true, value: '1036' });
    expect(parse('Products', 'Page Title', null)).toEqual({ ok: true, value: '' });
    expect(parse('Products', 'URL', 'shoes/')).toMatchObject({ ok: false, message: 'URL must start with /' });
    expect(parse('Products', 'URL', '/shoes/')).toEqual({ ok: true, value: '/shoes/' });
    expect(parse('Products', 'Description', 'a\u0000b')).toMatchObject({
      ok: false,
      message: 'Description contains a NUL character',
    });
    expect(parse('Products', 'Custom Field: Material', '')).toEqual({ ok: true, value: null });
    expect(parse('Products', 'Custom Field: Material', 'Wool')).toEqual({ ok: true, value: 'Wool' });
    expect(parse('Variants', 'Options', 'Color=Red')).toMatchObject({
      ok: false,
      message: 'Options is read only',
    });
  });

  it('names brands and category paths, and refuses those the store does not have', () => {
    expect(parse('Products', 'Brand', 'acme & co')).toEqual({ ok: true, value: 8 });
    expect(parse('Products', 'Brand', '')).toEqual({ ok: true, value: 0 });
    expect(parse('Products', 'Brand', 'Adidas')).toMatchObject({
      ok: false,
      message: 'Brand "Adidas" does not exist in the store',
    });
    expect(parse('Products', 'Categories', 'Sale; Shoes / Running')).toEqual({ ok: true, value: [2, 3] });
    expect(parse('Products', 'Categories', 'Shoes/Walking')).toMatchObject({
      ok: false,
      message: 'Category "Shoes/Walking" does not exist in the store',
    });
    expect(splitCategoryPaths(' a ;; b/ c ')).toEqual(['a', 'b/c']);
    const product = { id: 1, brand_id: 7, categories: [3, 2], custom_url: { url: '/x/' } };
    expect(cellOf(column('Products', 'Brand'), product, lookups)).toBe('Nike');
    expect(cellOf(column('Products', 'Categories'), product, lookups)).toBe('Shoes/Running; Sale');
    expect(liveValue(column('Products', 'URL'), product)).toBe('/x/');
    expect(sameValue([3, 2], [2, 3])).toBe(true);
  });

  it('warns when a price becomes 0 or moves by more than half', () => {
    expect(priceWarning(column('Products', 'Price'), 100, 0)?.message).toBe('Price becomes 0 (was 100)');
    expect(priceWarning(column('Products', 'Price'), 100, 151)?.message).toBe(
      'Price changes by more than half (100 → 151)',
    );
    expect(priceWarning(column('Products', 'Price'), 100, 140)).toBeUndefined();
    expect(priceWarning(column('Products', 'Sale Price'), 100, 0)).toBeUndefined();
    expect(priceWarning(column('Products', 'Page Title'), 100, 0)).toBeUndefined();
  });

  it('lays out the sheets asked for, keys first', () => {
    expect(exportLayout(['Price']).map((sheet) => [sheet.sheet, sheet.columns.map((c) => c.header)])).toEqual(
      [['Products', ['ID', 'Price']]],
    );
    expect(
      exportLayout(['Name', 'Variant ID', 'Price', 'Custom Field: Material']).map((sheet) => [
        sheet.sheet,
        sheet.columns.map((c) => c.header),
      ]),
    ).toEqual([
      ['Products', ['ID', 'Name', 'Price', 'Custom Field: Material']],
      ['Variants', ['Product ID', 'Variant ID', 'Price']],
    ]);
  });
});
