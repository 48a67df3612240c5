// Spreadsheet Edit's columns (issue 45): each header, its sheet and group, the BigCommerce field it reads and writes,
// and the documented rule its cells are checked against before anything is sent. Rules follow the OpenAPI files
// (../shared/bigcommerce/openapi/catalog/products_catalog.v3.yml `productBase`/`product_Put`, and
// product-variants_catalog.v3.yml `productVariant_Base`/`variant_Put`); docs/spreadsheet-edit-rules.md lists each
// with its line. Pure: the server's preview and the agents' `update_products` use the same checks.

import { cellNote, type CellNoteCode, type CodedNote, type NoteParams } from './cell-notes';

/** A cell as a spreadsheet holds it: text, a number, a boolean, or empty (null). */
export type CellValue = string | number | boolean | null;

export const SHEET_NAMES = ['Products', 'Variants'] as const;
export type SheetName = (typeof SHEET_NAMES)[number];

export const COLUMN_GROUPS = [
  'identity',
  'pricing',
  'dimensions',
  'inventory',
  'visibility',
  'classification',
  'seo',
  'content',
  'identifiers',
  'custom',
] as const;
export type ColumnGroup = (typeof COLUMN_GROUPS)[number];

/** BigCommerce's int32 range (`sort_order`, inventory levels: `type: integer`). */
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

export type ColumnRule =
  /** Text; `min` 1 when the field may not be emptied (an empty cell is then an error). */
  | { type: 'text'; max: number; min?: number }
  /** A number ≥ `min`; `empty` is what an empty cell writes (`null`: "use the product's", on a variant). */
  | { type: 'number'; min: number; empty: 0 | null }
  | { type: 'int'; min: number; max: number; empty: 0 | null }
  | { type: 'bool' }
  | { type: 'enum'; values: readonly string[] }
  /** A brand by its name (`brand_id`; empty = no brand, 0). */
  | { type: 'brand' }
  /** Category paths such as `Shoes/Running`, separated by `; ` (`categories`, ids). */
  | { type: 'categories' }
  /** The product's URL (`custom_url.url`), a path starting with `/`. */
  | { type: 'url' }
  /** A custom field's value, 1–250 characters; an empty cell removes the field. */
  | { type: 'custom-field' }
  | { type: 'read-only' };

export type ColumnDef = {
  header: string;
  sheet: SheetName;
  group: ColumnGroup;
  /** The field in BigCommerce's product or variant (a path for `custom_url.url`). */
  field: string;
  rule: ColumnRule;
  /** The sheet's key column (never written). */
  key?: true;
};

const money = { type: 'number', min: 0, empty: 0 } as const;
const variantMoney = { type: 'number', min: 0, empty: null } as const;

/** The `Products` sheet's columns, in the order the issue lists them. */
export const PRODUCT_COLUMNS: readonly ColumnDef[] = [
  { header: 'ID', sheet: 'Products', group: 'identity', field: 'id', rule: { type: 'read-only' }, key: true },
  // name: minLength 1, maxLength 250 (products_catalog.v3.yml productBase.name)
  {
    header: 'Name',
    sheet: 'Products',
    group: 'identity',
    field: 'name',
    rule: { type: 'text', min: 1, max: 250 },
  },
  // sku: maxLength 255 (productBase.sku)
  { header: 'SKU', sheet: 'Products', group: 'identity', field: 'sku', rule: { type: 'text', max: 255 } },
  {
    header: 'Type',
    sheet: 'Products',
    group: 'identity',
    field: 'type',
    rule: { type: 'enum', values: ['physical', 'digital'] },
  },
  // price, sale_price, retail_price, cost_price: number, minimum 0 (productBase)
  { header: 'Price', sheet: 'Products', group: 'pricing', field: 'price', rule: money },
  { header: 'Sale Price', sheet: 'Products', group: 'pricing', field: 'sale_price', rule: money },
  { header: 'Retail Price', sheet: 'Products', group: 'pricing', field: 'retail_price', rule: money },
  { header: 'Cost Price', sheet: 'Products', group: 'pricing', field: 'cost_price', rule: money },
  // weight, width, height, depth: number, minimum 0 (productBase)
  { header: 'Weight', sheet: 'Products', group: 'dimensions', field: 'weight', rule: money },
  { header: 'Width', sheet: 'Products', group: 'dimensions', field: 'width', rule: money },
  { header: 'Height', sheet: 'Products', group: 'dimensions', field: 'height', rule: money },
  { header: 'Depth', sheet: 'Products', group: 'dimensions', field: 'depth', rule: money },
  // inventory_level, inventory_warning_level: integer, minimum 0, maximum 2147483647 (productBase)
  {
    header: 'Inventory Level',
    sheet: 'Products',
    group: 'inventory',
    field: 'inventory_level',
    rule: { type: 'int', min: 0, max: INT32_MAX, empty: 0 },
  },
  {
    header: 'Inventory Warning Level',
    sheet: 'Products',
    group: 'inventory',
    field: 'inventory_warning_level',
    rule: { type: 'int', min: 0, max: INT32_MAX, empty: 0 },
  },
  {
    header: 'Inventory Tracking',
    sheet: 'Products',
    group: 'inventory',
    field: 'inventory_tracking',
    rule: { type: 'enum', values: ['none', 'product', 'variant'] },
  },
  { header: 'Visible', sheet: 'Products', group: 'visibility', field: 'is_visible', rule: { type: 'bool' } },
  {
    header: 'Featured',
    sheet: 'Products',
    group: 'visibility',
    field: 'is_featured',
    rule: { type: 'bool' },
  },
  {
    header: 'Availability',
    sheet: 'Products',
    group: 'visibility',
    field: 'availability',
    rule: { type: 'enum', values: ['available', 'disabled', 'preorder'] },
  },
  {
    header: 'Condition',
    sheet: 'Products',
    group: 'visibility',
    field: 'condition',
    rule: { type: 'enum', values: ['New', 'Used', 'Refurbished'] },
  },
  { header: 'Brand', sheet: 'Products', group: 'classification', field: 'brand_id', rule: { type: 'brand' } },
  {
    header: 'Categories',
    sheet: 'Products',
    group: 'classification',
    field: 'categories',
    rule: { type: 'categories' },
  },
  // page_title: maxLength 255; meta_description, search_keywords: maxLength 65535 (productBase)
  {
    header: 'Page Title',
    sheet: 'Products',
    group: 'seo',
    field: 'page_title',
    rule: { type: 'text', max: 255 },
  },
  {
    header: 'Meta Description',
    sheet: 'Products',
    group: 'seo',
    field: 'meta_description',
    rule: { type: 'text', max: 65_535 },
  },
  {
    header: 'Search Keywords',
    sheet: 'Products',
    group: 'seo',
    field: 'search_keywords',
    rule: { type: 'text', max: 65_535 },
  },
  { header: 'URL', sheet: 'Products', group: 'seo', field: 'custom_url.url', rule: { type: 'url' } },
  // description: string, no documented maxLength (productBase.description); bounded by the sheet's cell bound
  {
    header: 'Description',
    sheet: 'Products',
    group: 'content',
    field: 'description',
    rule: { type: 'text', max: 100_000 },
  },
  // gtin: string (productBase.gtin); mpn: string (productBase.mpn)
  { header: 'GTIN', sheet: 'Products', group: 'identifiers', field: 'gtin', rule: { type: 'text', max: 14 } },
  { header: 'MPN', sheet: 'Products', group: 'identifiers', field: 'mpn', rule: { type: 'text', max: 255 } },
  {
    header: 'Sort Order',
    sheet: 'Products',
    group: 'visibility',
    field: 'sort_order',
    rule: { type: 'int', min: INT32_MIN, max: INT32_MAX, empty: 0 },
  },
];

/** The `Variants` sheet's columns. */
export const VARIANT_COLUMNS: readonly ColumnDef[] = [
  {
    header: 'Product ID',
    sheet: 'Variants',
    group: 'identity',
    field: 'product_id',
    rule: { type: 'read-only' },
  },
  {
    header: 'Variant ID',
    sheet: 'Variants',
    group: 'identity',
    field: 'id',
    rule: { type: 'read-only' },
    key: true,
  },
  // sku: minLength 1, maxLength 255 (productVariant_Base.sku)
  {
    header: 'SKU',
    sheet: 'Variants',
    group: 'identity',
    field: 'sku',
    rule: { type: 'text', min: 1, max: 255 },
  },
  {
    header: 'Options',
    sheet: 'Variants',
    group: 'identity',
    field: 'option_values',
    rule: { type: 'read-only' },
  },
  // price, sale_price, retail_price, cost_price, weight: number, minimum 0, nullable: null = the product's own
  // (product-variants_catalog.v3.yml productVariant_Base)
  { header: 'Price', sheet: 'Variants', group: 'pricing', field: 'price', rule: variantMoney },
  { header: 'Sale Price', sheet: 'Variants', group: 'pricing', field: 'sale_price', rule: variantMoney },
  { header: 'Retail Price', sheet: 'Variants', group: 'pricing', field: 'retail_price', rule: variantMoney },
  { header: 'Cost Price', sheet: 'Variants', group: 'pricing', field: 'cost_price', rule: variantMoney },
  { header: 'Weight', sheet: 'Variants', group: 'dimensions', field: 'weight', rule: variantMoney },
  {
    header: 'Inventory Level',
    sheet: 'Variants',
    group: 'inventory',
    field: 'inventory_level',
    rule: { type: 'int', min: 0, max: INT32_MAX, empty: 0 },
  },
  {
    header: 'Inventory Warning Level',
    sheet: 'Variants',
    group: 'inventory',
    field: 'inventory_warning_level',
    rule: { type: 'int', min: 0, max: INT32_MAX, empty: 0 },
  },
  {
    header: 'Purchasing Disabled',
    sheet: 'Variants',
    group: 'visibility',
    field: 'purchasing_disabled',
    rule: { type: 'bool' },
  },
  // upc: string (productVariant_Base.upc); gtin, mpn: string
  { header: 'UPC', sheet: 'Variants', group: 'identifiers', field: 'upc', rule: { type: 'text', max: 14 } },
  { header: 'GTIN', sheet: 'Variants', group: 'identifiers', field: 'gtin', rule: { type: 'text', max: 14 } },
  { header: 'MPN', sheet: 'Variants', group: 'identifiers', field: 'mpn', rule: { type: 'text', max: 255 } },
  {
    header: 'Image URL',
    sheet: 'Variants',
    group: 'content',
    field: 'image_url',
    rule: { type: 'text', max: 255 },
  },
];

export const CUSTOM_FIELD_PREFIX = 'Custom Field: ';
export const isCustomFieldHeader = (header: string) =>
  header.startsWith(CUSTOM_FIELD_PREFIX) && header.length > CUSTOM_FIELD_PREFIX.length;
export const customFieldName = (header: string) => header.slice(CUSTOM_FIELD_PREFIX.length);

/** A `Custom Field: <name>` column of the Products sheet. */
export function customFieldColumn(header: string): ColumnDef {
  return {
    header,
    sheet: 'Products',
    group: 'custom',
    field: `custom_fields.${customFieldName(header)}`,
    rule: { type: 'custom-field' },
  };
}

/** Every fixed header, Products' then Variants' (a header on both sheets is listed once). */
export const ALL_COLUMN_HEADERS: readonly string[] = [
  ...new Set([...PRODUCT_COLUMNS, ...VARIANT_COLUMNS].map((column) => column.header)),
];

export const sheetColumns = (sheet: SheetName): readonly ColumnDef[] =>
  sheet === 'Products' ? PRODUCT_COLUMNS : VARIANT_COLUMNS;

/** The column of a sheet by its header (custom fields on Products), or undefined. */
export function columnOf(sheet: SheetName, header: string): ColumnDef | undefined {
  const fixed = sheetColumns(sheet).find((column) => column.header === header);
  if (fixed) return fixed;
  return sheet === 'Products' && isCustomFieldHeader(header) ? customFieldColumn(header) : undefined;
}

/** Headers of one sheet only: asking for one of them asks for that sheet (`Variant ID` for the Variants sheet). */
const ownHeaders = (sheet: SheetName): Set<string> => {
  const other = new Set(sheetColumns(sheet === 'Products' ? 'Variants' : 'Products').map((c) => c.header));
  return new Set(
    sheetColumns(sheet)
      .map((c) => c.header)
      .filter((header) => !other.has(header)),
  );
};

/**
 * The sheets and columns an export writes from the one list of headers asked for (issue 45). A header of one sheet
 * only (`ID`, `Name`, custom fields: Products; `Variant ID`, `Options`, `UPC`…: Variants) asks for its sheet; a header
 * both sheets have (`SKU`, `Price`…) goes on every sheet asked for, or on Products when none is. The key columns come
 * first (ID; Product ID and Variant ID), then the rest in the canonical order, then custom fields as asked.
 */
export function exportLayout(headers: readonly string[]): { sheet: SheetName; columns: ColumnDef[] }[] {
  const asked = new Set(headers);
  const wants = (sheet: SheetName) =>
    [...ownHeaders(sheet)].some((header) => asked.has(header)) ||
    (sheet === 'Products' && headers.some(isCustomFieldHeader));
  let sheets = SHEET_NAMES.filter(wants);
  if (sheets.length === 0) sheets = ['Products'];
  return sheets.map((sheet) => {
    const keys = sheetColumns(sheet).filter((column) => column.key || column.header === 'Product ID');
    const own = sheetColumns(sheet).filter((column) => !keys.includes(column) && asked.has(column.header));
    const custom = sheet === 'Products' ? headers.filter(isCustomFieldHeader).map(customFieldColumn) : [];
    return { sheet, columns: [...keys, ...own, ...custom] };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a cell into the value BigCommerce is sent.

/** What the store knows that a cell names: brands and categories by name. */
export type CatalogLookups = {
  /** Brand id by its name, lower-cased (BigCommerce keeps brand names unique). */
  brandIdByName: ReadonlyMap<string, number>;
  brandNameById: ReadonlyMap<number, string>;
  /** Category ids by path (`Shoes/Running`), lower-cased; a path in two trees names both. */
  categoryIdsByPath: ReadonlyMap<string, number[]>;
  categoryPathById: ReadonlyMap<number, string>;
};

/** A cell's value, or why it cannot be written (a coded note with its English message). */
export type ParsedCell = { ok: true; value: unknown } | ({ ok: false } & CodedNote);

const ok = (value: unknown): ParsedCell => ({ ok: true, value });
const fail = (code: CellNoteCode, params: NoteParams): ParsedCell => ({
  ok: false,
  ...cellNote(code, params),
});

const isEmpty = (raw: CellValue) => raw === null || (typeof raw === 'string' && raw.trim() === '');

/** A number typed in a cell: a number, or text such as `19.99` (no thousands separators, no currency). */
function readNumber(raw: CellValue): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

const TRUE_TEXTS = new Set(['true', 'yes', '1', 'y']);
const FALSE_TEXTS = new Set(['false', 'no', '0', 'n']);

function readBool(raw: CellValue): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : undefined;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim().toLowerCase();
  if (TRUE_TEXTS.has(text)) return true;
  if (FALSE_TEXTS.has(text)) return false;
  return undefined;
}

/** Text of a cell: a number typed where text is expected (a SKU such as 1036) is read as its digits. */
function readText(raw: CellValue): string {
  if (raw === null) return '';
  if (typeof raw === 'boolean') return raw ? 'TRUE' : 'FALSE';
  return String(raw);
}

/** Category paths of a cell: `Shoes/Running; Sale`, separated by `;`, spaces around each trimmed. */
export function splitCategoryPaths(text: string): string[] {
  return text
    .split(';')
    .map((part) => part.trim().replace(/\s*\/\s*/g, '/'))
    .filter((part) => part !== '');
}

/**
 * The value a cell writes, or why it cannot: the column's documented rule, applied to what the sheet holds. An empty
 * cell clears the field where BigCommerce allows it (text to '', a number to 0, a variant's price to null).
 */
export function parseCell(column: ColumnDef, raw: CellValue, lookups: CatalogLookups): ParsedCell {
  const rule = column.rule;
  // PostgreSQL and BigCommerce store no NUL character.
  if (typeof raw === 'string' && raw.includes('\u0000'))
    return fail('nulCharacter', { column: column.header });
  switch (rule.type) {
    case 'read-only':
      return fail('readOnly', { column: column.header });
    case 'text': {
      const text = readText(raw);
      if ((rule.min ?? 0) > 0 && text.trim() === '') return fail('empty', { column: column.header });
      if (text.length > rule.max)
        return fail('tooLong', { column: column.header, max: rule.max, length: text.length });
      return ok(text);
    }
    case 'number': {
      if (isEmpty(raw)) return ok(rule.empty);
      const value = readNumber(raw);
      if (value === undefined) return fail('notNumber', { column: column.header });
      if (value < rule.min) return fail('belowMin', { column: column.header, min: rule.min });
      return ok(value);
    }
    case 'int': {
      if (isEmpty(raw)) return ok(rule.empty);
      const value = readNumber(raw);
      if (value === undefined || !Number.isInteger(value))
        return fail('notWholeNumber', { column: column.header });
      if (value < rule.min || value > rule.max)
        return fail('outOfRange', { column: column.header, min: rule.min, max: rule.max });
      return ok(value);
    }
    case 'bool': {
      const value = readBool(raw);
      if (value === undefined) return fail('notBoolean', { column: column.header });
      return ok(value);
    }
    case 'enum': {
      const text = readText(raw).trim();
      const match = rule.values.find((value) => value.toLowerCase() === text.toLowerCase());
      if (!match) return fail('notOneOf', { column: column.header, values: rule.values.join(', ') });
      return ok(match);
    }
    case 'brand': {
      if (isEmpty(raw)) return ok(0);
      const name = readText(raw).trim();
      const id = lookups.brandIdByName.get(name.toLowerCase());
      if (id === undefined) return fail('unknownBrand', { name });
      return ok(id);
    }
    case 'categories': {
      const ids: number[] = [];
      for (const path of splitCategoryPaths(readText(raw))) {
        const found = lookups.categoryIdsByPath.get(path.toLowerCase());
        if (!found || found.length === 0) return fail('unknownCategory', { path });
        for (const id of found) if (!ids.includes(id)) ids.push(id);
      }
      return ok(ids.sort((a, b) => a - b));
    }
    case 'url': {
      const text = readText(raw).trim();
      if (text === '') return fail('empty', { column: column.header });
      if (!text.startsWith('/')) return fail('urlSlash', { column: column.header });
      if (text.length > 255) return fail('tooLong', { column: column.header, max: 255, length: text.length });
      return ok(text);
    }
    case 'custom-field': {
      // custom fields: name and value 1-250 characters (products_catalog.v3.yml productCustomField_Base)
      if (isEmpty(raw)) return ok(null);
      const text = readText(raw);
      if (text.length > 250) return fail('tooLong', { column: column.header, max: 250, length: text.length });
      return ok(text);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The store's value of a column, as the export writes it and as the preview compares it.

export type ProductLike = Record<string, unknown> & {
  id: number;
  custom_fields?: { id: number; name: string; value: string }[];
};

/** What a column holds for a product or a variant, in the value space `parseCell` answers (ids, numbers, text). */
export function liveValue(column: ColumnDef, item: Record<string, unknown>): unknown {
  if (column.rule.type === 'custom-field') {
    const name = customFieldName(column.header);
    const fields = (item.custom_fields as { name: string; value: string }[] | undefined) ?? [];
    return fields.find((field) => field.name === name)?.value ?? null;
  }
  if (column.field === 'custom_url.url') {
    const url = item.custom_url as { url?: unknown } | undefined;
    return typeof url?.url === 'string' ? url.url : '';
  }
  if (column.rule.type === 'categories') {
    const ids = Array.isArray(item.categories) ? (item.categories as number[]) : [];
    return [...ids].sort((a, b) => a - b);
  }
  const value = item[column.field];
  if (value === undefined) {
    if (column.rule.type === 'text') return '';
    if (column.rule.type === 'number' || column.rule.type === 'int') return column.rule.empty;
    return null;
  }
  return value;
}

/** The cell an export writes for a column's live value: names for ids, `Color=Red; Size=M` for options. */
export function cellOf(column: ColumnDef, item: Record<string, unknown>, lookups: CatalogLookups): CellValue {
  if (column.header === 'Options') {
    const values =
      (item.option_values as { option_display_name?: string; label?: string }[] | undefined) ?? [];
    return values.map((value) => `${value.option_display_name ?? ''}=${value.label ?? ''}`).join('; ');
  }
  const value = liveValue(column, item);
  switch (column.rule.type) {
    case 'brand':
      return typeof value === 'number' && value > 0 ? (lookups.brandNameById.get(value) ?? null) : null;
    case 'categories':
      return (value as number[]).map((id) => lookups.categoryPathById.get(id) ?? `#${id}`).join('; ');
    default:
      if (value === null || value === undefined) return null;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
      return JSON.stringify(value);
  }
}

/** Whether a live value and a value to write are the same (categories as sets of ids). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const sa = [...(a as unknown[])].sort();
    const sb = [...(b as unknown[])].sort();
    return sa.every((value, index) => value === sb[index]);
  }
  return a === b;
}

/** Price columns whose big moves are warned about. */
const PRICE_FIELDS = new Set(['price', 'sale_price', 'retail_price', 'cost_price']);

/** A warning for a price that becomes 0 or moves by more than half, or undefined. */
export function priceWarning(column: ColumnDef, live: unknown, write: unknown): CodedNote | undefined {
  if (!PRICE_FIELDS.has(column.field)) return undefined;
  if (typeof live !== 'number' || live <= 0) return undefined;
  if (write === 0 && column.field !== 'sale_price')
    return cellNote('priceZero', { column: column.header, was: live });
  if (typeof write === 'number' && write > 0 && Math.abs(write - live) / live > 0.5) {
    return cellNote('priceJump', { column: column.header, from: live, to: write });
  }
  return undefined;
}
