// How the restore round-trip tests compare a store with a snapshot (issue 40): the whole store as the test reads it
// from the sandbox (catalogue, widget templates, widgets, placements, web pages, blog posts, redirects, Page Builder
// pages), an item as compared (what BigCommerce sets itself left out at every depth, references followed through the
// store's id map to the ids the store should know them by now), the store's id map as the database holds it, and the
// differences between two stores, each named by the first path where an item differs.
import {
  PAGE_TEMPLATE_IDS,
  templateFileOf,
  WIDGETLESS_PAGE_TEMPLATE_IDS,
} from '../../../common/dumps/page-templates';
import { SNAPSHOT_ITEM_KINDS } from '../../../common/contracts/store-history';
import { mapBounded } from '../../../common/map-bounded';
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

/** Each kind's old-to-new ids, as text (a number's digits, or a uuid). */
export type IdMaps = Map<string, Map<string, string>>;

/** No id map: ids taken as they are (the store's side of a comparison, or a store where nothing was made again). */
export const NO_ID_MAPS: IdMaps = new Map();

/** The demo store's id map, as the database holds it. */
export async function demoIdMaps(app: ReturnType<typeof useToolTestServer>): Promise<IdMaps> {
  const rows = await app.server.database.db.select().from(storeIdMap);
  const maps: IdMaps = new Map();
  for (const row of rows.filter((r) => r.storeHash === DEMO.storeHash)) {
    const map = maps.get(row.kind) ?? new Map<string, string>();
    map.set(row.oldId, row.newId);
    maps.set(row.kind, map);
  }
  return maps;
}

/** An id (a number or a uuid) followed through the map to the one the store knows the item by now, of the same type. */
export function follows<T>(maps: IdMaps, kind: string, id: T): T {
  if (typeof id !== 'number' && typeof id !== 'string') return id;
  let current = String(id);
  for (let hop = 0; hop < 10; hop++) {
    const next = maps.get(kind)?.get(current);
    if (next === undefined) break;
    current = next;
  }
  return (typeof id === 'number' ? Number(current) : current) as T;
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
      out[key] = field.map((id: unknown) => follows(maps, 'category', id)).sort();
    } else if (path === '' && key === 'brand_id') out[key] = follows(maps, 'brand', field);
    else if (path === '' && key === 'related_products' && Array.isArray(field)) {
      out[key] = field.map((id: unknown) => follows(maps, 'product', id)).sort();
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

/** What the round trip reads of a store: the catalogue, the widgets and content, and the Page Builder pages. */
export const STORE_KINDS = SNAPSHOT_ITEM_KINDS;
export type StoreKind = (typeof STORE_KINDS)[number];
/** The store's items of each kind, by the id the store knows them by (a page by `channel|template file|entity`). */
export type Store = Record<StoreKind, Map<string, Obj>>;

type Get = <T>(path: string) => Promise<T>;
/** Page Builder pages read at once (one request each: BigCommerce lists no pages). */
const PAGE_READS_AT_ONCE = 8;
type Listed = { data: Obj[]; meta: { pagination: { total_pages: number } } };

/** Every item of a paged list. */
async function readAll(get: Get, path: string, limit = 250): Promise<Obj[]> {
  const out: Obj[] = [];
  for (let page = 1; ; page++) {
    const answer = await get<Listed>(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&page=${page}`);
    out.push(...answer.data);
    if (page >= answer.meta.pagination.total_pages) return out;
  }
}

/** The kind of item a page's entity is, by the page's template file (the test's own reading, not the app's). */
const ENTITY_OF_TEMPLATE: Record<string, string> = {
  'pages/product': 'product',
  'pages/category': 'category',
  'pages/brand': 'brand',
  'pages/page': 'web-page',
};
/** A redirect's target kind by its `to.type` (redirects.v3.yml RedirectTo). */
const REDIRECT_TARGETS: Record<string, string> = {
  product: 'product',
  category: 'category',
  brand: 'brand',
  page: 'web-page',
  post: 'blog-post',
};

/** A Page Builder page's key: its channel, template file (none: the global regions) and entity. */
export const pageKey = (channelId: number, templateFile = '', entityId = '') =>
  `${channelId}|${templateFile}|${entityId}`;

/**
 * The whole store as the test reads it from the sandbox, independently of the app's code: products with every part,
 * categories, brands, widget templates, REST widgets (their template named by uuid, the `_` BigCommerce adds to the
 * configuration left out), placements (their widget named by uuid), web pages with their bodies, blog posts and
 * redirects; and every Page Builder page that holds something: on each channel the global regions, every template
 * file, and the page of each product, category, brand and web page on the channels it is on (`pages: false`: none).
 */
export async function readStore(get: Get, options: { pages?: boolean } = {}): Promise<Store> {
  const product = new Map<string, Obj>();
  for (const p of await readAll(get, `/v3/catalog/products?include=${PRODUCT_INCLUDES}`, 10))
    product.set(String(p.id), p);
  const category = new Map<string, Obj>();
  for (const c of await readAll(get, '/v3/catalog/trees/categories')) category.set(String(c.category_id), c);
  const brand = new Map((await readAll(get, '/v3/catalog/brands')).map((b) => [String(b.id), b]));
  const templates = new Map(
    (await readAll(get, '/v3/content/widget-templates')).map((t) => [String(t.uuid), t]),
  );
  const widget = new Map<string, Obj>();
  for (const { widget_template: template, ...rest } of await readAll(get, '/v3/content/widgets')) {
    const configuration = { ...(rest.widget_configuration as Obj) };
    delete configuration._;
    widget.set(String(rest.uuid), {
      ...rest,
      widget_configuration: configuration,
      widget_template_uuid: (template as Obj).uuid,
    });
  }
  const placement = new Map<string, Obj>();
  for (const { widget: of, ...rest } of await readAll(get, '/v3/content/placements')) {
    placement.set(String(rest.uuid), { ...rest, widget_uuid: (of as Obj).uuid });
  }
  const webPages = await readAll(get, '/v3/content/pages?include=body');
  const posts = await get<Obj[]>('/v2/blog/posts?limit=250');
  const redirects = await readAll(get, '/v3/storefront/redirects');

  // The pages: each address once, those that hold nothing left out, a few read at a time.
  const page = new Map<string, Obj>();
  if (options.pages !== false) {
    const channels = (await readAll(get, '/v3/channels')).map((c) => Number(c.id));
    const treeChannels = new Map(
      (await readAll(get, '/v3/catalog/trees')).map((t) => [Number(t.id), (t.channels as number[]) ?? []]),
    );
    const addresses = new Set<string>();
    for (const channelId of channels) {
      addresses.add(pageKey(channelId));
      for (const id of PAGE_TEMPLATE_IDS) {
        if (!WIDGETLESS_PAGE_TEMPLATE_IDS.includes(id)) addresses.add(pageKey(channelId, templateFileOf(id)));
      }
      for (const b of brand.keys()) addresses.add(pageKey(channelId, 'pages/brand', b));
    }
    for (const [id, p] of product) {
      for (const channelId of p.channels as number[]) addresses.add(pageKey(channelId, 'pages/product', id));
    }
    for (const [id, c] of category) {
      for (const channelId of treeChannels.get(Number(c.tree_id)) ?? [])
        addresses.add(pageKey(channelId, 'pages/category', id));
    }
    for (const w of webPages) addresses.add(pageKey(Number(w.channel_id ?? 1), 'pages/page', String(w.id)));
    await mapBounded([...addresses], PAGE_READS_AT_ONCE, async (address) => {
      const [channelId, templateFile, entityId] = address.split('|');
      const query = new URLSearchParams({ channel_id: channelId! });
      if (templateFile) query.set('template_file', templateFile);
      if (entityId) query.set('entity_id', entityId);
      const { regions } = (await get<{ data: { regions: Obj[] } }>(`/v3/content/page-widgets?${query}`)).data;
      if (regions.some((r) => (r.children as unknown[]).length > 0)) page.set(address, { regions });
    });
  }
  return {
    product,
    category,
    brand,
    'widget-template': templates,
    widget,
    placement,
    'web-page': new Map(webPages.map((w) => [String(w.id), w])),
    'blog-post': new Map(posts.map((p) => [String(p.id), p])),
    redirect: new Map(redirects.map((r) => [String(r.id), r])),
    page,
  };
}

/** Keys BigCommerce sets itself on widgets and content: an item's own id and its dates (a re-made item has new ones). */
const CONTENT_SERVER_SET = new Set(['uuid', 'id', 'date_created', 'date_modified']);

/** A value with its object keys sorted at every depth (lists keep their order). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Obj)[key])]),
  );
}

/**
 * An item of the store as compared: the catalogue's and the pages' by `plain`; a widget's, placement's, web page's,
 * blog post's, redirect's or widget template's without its own id and dates, and with the references it makes (a
 * widget's template, a placement's widget and entity, a web page's parent, a redirect's target) followed through the
 * map. The snapshot's side is followed; the store's side is read with NO_ID_MAPS, so a reference the restore did not
 * re-point (the old id of an item made again) is a difference.
 */
export function comparable(kind: StoreKind, item: Obj, maps: IdMaps): unknown {
  if (kind === 'product' || kind === 'category' || kind === 'brand' || kind === 'page')
    return plain(item, maps);
  const out: Obj = {};
  for (const key of Object.keys(item)) if (!CONTENT_SERVER_SET.has(key)) out[key] = item[key];
  if (kind === 'widget')
    out.widget_template_uuid = follows(maps, 'widget-template', out.widget_template_uuid);
  if (kind === 'placement') {
    out.widget_uuid = follows(maps, 'widget', out.widget_uuid);
    const entityKind = ENTITY_OF_TEMPLATE[String(out.template_file)];
    if (entityKind && out.entity_id) out.entity_id = follows(maps, entityKind, out.entity_id);
  }
  if (kind === 'web-page' && Number(out.parent_id) > 0)
    out.parent_id = follows(maps, 'web-page', out.parent_id);
  if (kind === 'redirect') {
    const to = out.to as Obj;
    const target = REDIRECT_TARGETS[String(to.type)];
    if (target) out.to = { ...to, entity_id: follows(maps, target, to.entity_id) };
  }
  return sortedKeys(out);
}

/** A key of the snapshot's store followed to the one the store knows the item by now (a page by its entity). */
function followKey(kind: StoreKind, key: string, maps: IdMaps): string {
  if (kind !== 'page') return follows(maps, kind, key);
  const [channelId, templateFile, entityId] = key.split('|');
  const entityKind = ENTITY_OF_TEMPLATE[templateFile!];
  return entityKind && entityId
    ? pageKey(Number(channelId), templateFile, follows(maps, entityKind, entityId))
    : key;
}

/**
 * The differences between a store as it was (its references followed through `maps` to the ids they should name now)
 * and as it is (taken as it is), every kind, field by field, ids and dates aside: an item missing, one there that was
 * not, or the first path where one differs.
 */
export function storeDifferences(was: Store, now: Store, maps: IdMaps): string[] {
  const out: string[] = [];
  for (const kind of STORE_KINDS) {
    const seen = new Set<string>();
    for (const [key, item] of was[kind]) {
      const liveKey = followKey(kind, key, maps);
      seen.add(liveKey);
      const live = now[kind].get(liveKey);
      if (!live) {
        out.push(`${kind} ${key}: missing`);
        continue;
      }
      const a = comparable(kind, item, maps);
      const b = comparable(kind, live, NO_ID_MAPS);
      if (JSON.stringify(a) !== JSON.stringify(b))
        out.push(`${kind} ${key} (now ${liveKey}): ${firstDifference(a, b)}`);
    }
    for (const key of now[kind].keys()) if (!seen.has(key)) out.push(`${kind} ${key}: not there before`);
  }
  return out;
}
