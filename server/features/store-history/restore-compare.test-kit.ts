// How the restore round-trip tests compare a store with a snapshot (issue 40): an item as compared (what BigCommerce
// sets itself left out at every depth, lists sorted, references followed through the store's id map to the ids the
// store knows them by now), the store's id map as the database holds it, and the first path where two items differ.
import { storeIdMap } from '../../db/schema';
import { DEMO_STORE as DEMO, type useToolTestServer } from '../../test/store-tools';

type Obj = Record<string, unknown>;

/** Every part a product's read includes (snapshot-steps.ts PRODUCT_INCLUDES). */
export const PRODUCT_INCLUDES =
  'variants,images,custom_fields,bulk_pricing_rules,options,modifiers,videos,reviews,channels';

/** Fields BigCommerce sets itself, which no restore can give back (sales and visit statistics, dates, derived URLs). */
export const SERVER_SET = new Set([
  'id',
  'product_id',
  'option_id',
  'sku_id',
  'base_variant_id',
  'category_id',
  // A category's UUID is made by BigCommerce with the category (category-trees_catalog.v3.yml, read-only).
  'category_uuid',
  'date_created',
  'date_modified',
  'date_last_imported',
  'view_count',
  // A category's visit count.
  'views',
  'total_sold',
  'url_zoom',
  'url_standard',
  'url_thumbnail',
  'url_tiny',
  'image_file',
  'image_url',
]);

/** Each kind's old-to-new ids. */
export type IdMaps = Map<string, Map<number, number>>;

/** The demo store's id map, as the database holds it. */
export async function demoIdMaps(app: ReturnType<typeof useToolTestServer>): Promise<IdMaps> {
  const rows = await app.server.database.db.select().from(storeIdMap);
  const maps: IdMaps = new Map();
  for (const row of rows.filter((r) => r.storeHash === DEMO.storeHash)) {
    const map = maps.get(row.kind) ?? new Map<number, number>();
    map.set(Number(row.oldId), Number(row.newId));
    maps.set(row.kind, map);
  }
  return maps;
}

/** An id followed through the map to the one the store knows the item by now. */
export function follows(maps: IdMaps, kind: string, id: unknown): unknown {
  let current = id;
  for (let hop = 0; hop < 10 && typeof current === 'number'; hop++) {
    const next = maps.get(kind)?.get(current);
    if (next === undefined) break;
    current = next;
  }
  return current;
}

/** An item as compared: server-set keys dropped at every depth, lists sorted, references mapped to today's ids. */
export function plain(value: unknown, maps: IdMaps, path = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => plain(v, maps, path));
    return items.every((v) => typeof v === 'number')
      ? [...items].sort((a, b) => Number(a) - Number(b))
      : items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Obj = {};
  for (const [key, field] of Object.entries(value as Obj).sort(([a], [b]) => a.localeCompare(b))) {
    if (SERVER_SET.has(key)) continue;
    // An option's or modifier's `name` is made by BigCommerce from its display name, a timestamp and the product
    // id (product-variant-options_catalog.v3.yml productOption_Base.name, read-only in effect).
    if (key === 'name' && (path === '.options' || path === '.modifiers')) continue;
    // A video's length is read by BigCommerce from the video host (products_catalog.v3.yml productVideo_Full).
    if (key === 'length' && path === '.videos') continue;
    if (path === '' && key === 'categories' && Array.isArray(field)) {
      out[key] = field.map((id) => follows(maps, 'category', id)).sort();
    } else if (path === '' && key === 'brand_id') out[key] = follows(maps, 'brand', field);
    else if (path === '' && key === 'related_products' && Array.isArray(field)) {
      out[key] = field.map((id) => follows(maps, 'product', id)).sort();
    } else if (path === '' && key === 'parent_id') out[key] = follows(maps, 'category', field);
    else if (
      path === '.modifiers.option_values' &&
      key === 'value_data' &&
      field &&
      typeof field === 'object'
    ) {
      // A product-list modifier's value names a product of the store: followed through the map as well.
      const data = field as Obj;
      out[key] = plain(
        'product_id' in data ? { ...data, product_id: follows(maps, 'product', data.product_id) } : data,
        maps,
        `${path}.${key}`,
      );
    } else out[key] = plain(field, maps, `${path}.${key}`);
  }
  return out;
}

/** The first path where two plain values differ, for a readable failure. */
export function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (JSON.stringify(a) === JSON.stringify(b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference((a as Obj)[key], (b as Obj)[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 120)} != ${JSON.stringify(b)?.slice(0, 120)}`;
}
