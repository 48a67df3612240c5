// GET /v3/catalog/products filters and sorting [PROD getProducts parameters]; API-NOTES.md §3.
import {
  boolParam,
  dateFilter,
  documentedOnly,
  enumParam,
  intListParam,
  intParam,
  numericFilter,
  numParam,
  QueryError,
  strListParam,
  strParam,
  unaskedOrder,
} from '../../core/query';
import type { StoreData } from '../../core/store-state';
import type { ProductRecord } from '../types';

export type ProductPredicate = (record: ProductRecord) => boolean;

/**
 * The query parameters `GET /v3/catalog/products` documents (products_catalog.v3.yml lines 65-120, getProducts).
 * `name:like` is not among them, and `price`, `weight` and `total_sold` take an exact value only (lines 9844-9857,
 * 10011-10017): anything else is ignored, as BigCommerce ignores it.
 */
export const GET_PRODUCTS_PARAMS = [
  'id',
  'id:in',
  'id:not_in',
  'id:min',
  'id:max',
  'id:greater',
  'id:less',
  'channel_id:in',
  'include',
  'include_fields',
  'exclude_fields',
  'page',
  'limit',
  'direction',
  'sort',
  'categories',
  'categories:in',
  'name',
  'mpn',
  'upc',
  'price',
  'weight',
  'condition',
  'brand_id',
  'date_modified',
  'date_modified:max',
  'date_modified:min',
  'date_last_imported',
  'date_last_imported:not',
  'date_last_imported:max',
  'date_last_imported:min',
  'is_visible',
  'is_featured',
  'is_free_shipping',
  'inventory_level',
  'inventory_level:in',
  'inventory_level:not_in',
  'inventory_level:min',
  'inventory_level:max',
  'inventory_level:greater',
  'inventory_level:less',
  'inventory_low',
  'out_of_stock',
  'total_sold',
  'type',
  'keyword',
  'keyword_context',
  'availability',
  'sku',
  'sku:in',
] as const;

/** The filters `DELETE /v3/catalog/products` documents (products_catalog.v3.yml lines 664-680, deleteProducts). */
export const DELETE_PRODUCTS_FILTERS = [
  'name',
  'sku',
  'price',
  'weight',
  'condition',
  'brand_id',
  'date_modified',
  'date_last_imported',
  'is_visible',
  'is_featured',
  'id:in',
  'inventory_level',
  'total_sold',
  'type',
  'categories',
  'keyword',
] as const;

const SORT_KEYS = [
  'id',
  'name',
  'sku',
  'price',
  'date_modified',
  'date_last_imported',
  'inventory_level',
  'is_visible',
  'total_sold',
  'calculated_price',
] as const;

function stripTags(html: string): string {
  return html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
}

/**
 * Builds one predicate from the query. Semantics chosen where the docs are unclear:
 * - `categories:in` matches a product in ANY of the ids (the generic docs' SQL IN; the spec text says "all").
 * - `categories` matches a product whose only category is that id (the spec warns that a product in more than one
 *   category is not returned).
 * - `keyword` matches when every word appears (case-insensitive) in the name, SKU, description text or brand name.
 * - `name` is exact (case-insensitive).
 * Parameters `GET_PRODUCTS_PARAMS` does not name are ignored; a route passes a narrower list (DELETE) as `documented`.
 */
export function productPredicate(
  query: URLSearchParams,
  data: StoreData,
  documented: readonly string[] = GET_PRODUCTS_PARAMS,
): ProductPredicate {
  const q = documentedOnly(query, documented);
  const tests: ProductPredicate[] = [];
  const idTest = numericFilter(q, 'id');
  if (idTest) tests.push((r) => idTest(r.fields.id));

  const name = strParam(q, 'name');
  if (name !== undefined) tests.push((r) => r.fields.name.toLowerCase() === name.toLowerCase());

  const sku = strParam(q, 'sku');
  if (sku !== undefined) tests.push((r) => r.fields.sku.toLowerCase() === sku.toLowerCase());
  const skuIn = strListParam(q, 'sku:in');
  if (skuIn) {
    const set = new Set(skuIn.map((s) => s.toLowerCase()));
    tests.push((r) => set.has(r.fields.sku.toLowerCase()));
  }
  for (const key of ['mpn', 'upc'] as const) {
    const v = strParam(q, key);
    if (v !== undefined) tests.push((r) => r.fields[key] === v);
  }

  const price = numParam(q, 'price');
  if (price !== undefined) tests.push((r) => r.fields.price === price);
  const weight = numParam(q, 'weight');
  if (weight !== undefined) tests.push((r) => r.fields.weight === weight);
  const totalSold = intParam(q, 'total_sold');
  if (totalSold !== undefined) tests.push((r) => r.fields.total_sold === totalSold);
  const inventoryTest = numericFilter(q, 'inventory_level');
  if (inventoryTest) tests.push((r) => inventoryTest(r.fields.inventory_level));

  const inventoryLow = boolParam(q, 'inventory_low');
  if (inventoryLow !== undefined) {
    tests.push((r) => r.fields.inventory_level <= r.fields.inventory_warning_level === inventoryLow);
  }
  const outOfStock = boolParam(q, 'out_of_stock');
  if (outOfStock !== undefined) tests.push((r) => (r.fields.inventory_level === 0) === outOfStock);

  const condition = enumParam(q, 'condition', ['new', 'used', 'refurbished'] as const);
  if (condition) tests.push((r) => r.fields.condition.toLowerCase() === condition);
  const type = enumParam(q, 'type', ['digital', 'physical'] as const);
  if (type) tests.push((r) => r.fields.type === type);
  const availability = enumParam(q, 'availability', ['available', 'disabled', 'preorder'] as const);
  if (availability) tests.push((r) => r.fields.availability === availability);

  const brandId = intParam(q, 'brand_id');
  if (brandId !== undefined) tests.push((r) => r.fields.brand_id === brandId);
  const isVisible = boolParam(q, 'is_visible');
  if (isVisible !== undefined) tests.push((r) => r.fields.is_visible === isVisible);
  const isFeatured = boolParam(q, 'is_featured');
  if (isFeatured !== undefined) tests.push((r) => r.fields.is_featured === isFeatured);
  const freeShipping = boolParam(q, 'is_free_shipping');
  if (freeShipping !== undefined) tests.push((r) => r.fields.is_free_shipping === freeShipping);

  const modified = dateFilter(q, 'date_modified');
  if (modified) tests.push((r) => modified(r.fields.date_modified));
  const imported = dateFilter(q, 'date_last_imported');
  if (imported) tests.push((r) => imported(r.fields.date_last_imported));
  const importedNot = strParam(q, 'date_last_imported:not');
  if (importedNot !== undefined) {
    const ms = Date.parse(importedNot);
    if (Number.isNaN(ms)) throw new QueryError('date_last_imported:not', importedNot, 'date');
    tests.push((r) => r.fields.date_last_imported === null || Date.parse(r.fields.date_last_imported) !== ms);
  }

  const category = intParam(q, 'categories');
  if (category !== undefined) {
    tests.push((r) => r.fields.categories.length === 1 && r.fields.categories[0] === category);
  }
  const categoriesIn = intListParam(q, 'categories:in');
  if (categoriesIn) {
    const set = new Set(categoriesIn);
    tests.push((r) => r.fields.categories.some((c) => set.has(c)));
  }
  const channelsIn = intListParam(q, 'channel_id:in');
  if (channelsIn) {
    const set = new Set(channelsIn);
    tests.push((r) => r.channelIds.some((c) => set.has(c)));
  }

  const keyword = strParam(q, 'keyword');
  if (keyword !== undefined) {
    const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
    tests.push((r) => {
      const brand = data.brands.get(r.fields.brand_id)?.name ?? '';
      const haystack =
        `${r.fields.name} ${r.fields.sku} ${stripTags(r.fields.description)} ${brand}`.toLowerCase();
      return words.every((w) => haystack.includes(w));
    });
  }

  return (r) => tests.every((t) => t(r));
}

/** Sorted by `sort` (and `direction`) when the request asks; otherwise in the sandbox's neutral order (`unaskedOrder`). */
export function sortProducts(records: ProductRecord[], q: URLSearchParams): ProductRecord[] {
  const sort = enumParam(q, 'sort', SORT_KEYS);
  if (sort === undefined) {
    enumParam(q, 'direction', ['asc', 'desc'] as const); // still refused when malformed
    return unaskedOrder(records, (r) => r.fields.id);
  }
  const direction = enumParam(q, 'direction', ['asc', 'desc'] as const) ?? 'asc';
  const sign = direction === 'asc' ? 1 : -1;
  return [...records].sort((a, b) => {
    const va = a.fields[sort];
    const vb = b.fields[sort];
    let cmp: number;
    if (typeof va === 'string' && typeof vb === 'string') cmp = va.localeCompare(vb);
    else if (va === null || vb === null) cmp = va === vb ? 0 : va === null ? -1 : 1;
    else cmp = Number(va) - Number(vb);
    return cmp !== 0 ? cmp * sign : a.fields.id - b.fields.id;
  });
}
