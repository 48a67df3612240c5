// A restore's references (issue 40): the fields of an item that name other items of the store, re-pointed through
// the store's id map (an item made again answers to a new id) and checked against the store, so a reference to an
// item gone since is left out and reported instead of failing the whole write (BigCommerce answers 409 for "a missing
// or invalid category_id, brand_id, or tax_class id": products_catalog.v3.yml createProduct 409, updateProduct 409).
import type { SnapshotItemKind } from '../../../common/contracts/store-history';
import { isBigCommerceError, type BigCommerceClient } from '../../integrations/bigcommerce';
import type { IdMap } from './id-map';

type Obj = Record<string, unknown>;

/** The fields that name other items, per kind, and the kind they name. */
export const REFERENCE_FIELDS: Partial<Record<SnapshotItemKind, Record<string, SnapshotItemKind>>> = {
  // products_catalog.v3.yml product_Base: `categories` (category ids), `brand_id`, `related_products` (product ids;
  // `-1` is "show related products automatically", kept as it is).
  product: { categories: 'category', brand_id: 'brand', related_products: 'product' },
  // category-trees_catalog.v3.yml Category: `parent_id` (0 is the tree's top).
  category: { parent_id: 'category' },
};

/** The kind of item a page's entity is, by its template file (a Page Builder page of one product, category…). */
export function entityKindOfTemplate(templateFile: unknown): SnapshotItemKind | null {
  if (typeof templateFile !== 'string') return null;
  if (templateFile === 'pages/product' || templateFile.startsWith('pages/custom/product/')) return 'product';
  if (templateFile === 'pages/category' || templateFile.startsWith('pages/custom/category/'))
    return 'category';
  if (templateFile === 'pages/brand' || templateFile.startsWith('pages/custom/brand/')) return 'brand';
  return null;
}

const isRealId = (value: unknown): value is number => typeof value === 'number' && value > 0;

/** A field's value with every id it names re-pointed through the map (0 and -1 stay as they are). */
export function repointField(kind: SnapshotItemKind, field: string, value: unknown, map: IdMap): unknown {
  const target = REFERENCE_FIELDS[kind]?.[field];
  if (!target) return value;
  if (Array.isArray(value)) return value.map((id: unknown) => (isRealId(id) ? map.resolve(target, id) : id));
  return isRealId(value) ? map.resolve(target, value) : value;
}

/** An item's key re-pointed: a made-again item's id, a page's entity. */
export function repointKey(kind: SnapshotItemKind, key: Obj, map: IdMap): Obj {
  if (kind === 'page') {
    const entityKind = entityKindOfTemplate(key.templateFile);
    if (!entityKind || typeof key.entityId !== 'string' || key.entityId === '') return key;
    return { ...key, entityId: String(map.resolve(entityKind, Number(key.entityId))) };
  }
  if (key.id === undefined) return key;
  return { ...key, id: map.resolve(kind, key.id as number | string) };
}

/** Every id of each kind that a body's reference fields name. */
function referencedIds(kind: SnapshotItemKind, body: Obj): Map<SnapshotItemKind, Set<number>> {
  const out = new Map<SnapshotItemKind, Set<number>>();
  for (const [field, target] of Object.entries(REFERENCE_FIELDS[kind] ?? {})) {
    const value = body[field];
    const ids = (Array.isArray(value) ? value : [value]).filter(isRealId);
    if (ids.length === 0) continue;
    const set = out.get(target) ?? new Set<number>();
    for (const id of ids) set.add(id);
    out.set(target, set);
  }
  return out;
}

const chunks = <T>(values: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) =>
    values.slice(index * size, (index + 1) * size),
  );

/**
 * Which of these ids the store holds: categories by `category_id:in` (category-trees_catalog.v3.yml getAllCategories),
 * products by `id:in` (products_catalog.v3.yml getProducts), brands by `id:in` (brands_catalog.v3.yml getBrands).
 */
async function existing(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  ids: Set<number>,
): Promise<Set<number>> {
  const found = new Set<number>();
  for (const part of chunks([...ids], 250)) {
    const filter = part.join(',');
    const page =
      kind === 'category'
        ? await client.categories.list({ query: { 'category_id:in': filter }, limit: 250 })
        : kind === 'brand'
          ? await client.brands.list({ query: { 'id:in': filter }, limit: 250 })
          : await client.products.list({ query: { 'id:in': filter, include_fields: 'name' }, limit: 250 });
    for (const item of page.items as Obj[]) {
      const id = Number(kind === 'category' ? (item.category_id ?? item.id) : item.id);
      // Only what was asked for: a store that ignored the filter answers the first page of everything.
      if (ids.has(id)) found.add(id);
    }
  }
  return found;
}

/** A reference the restore left out: the field, the item it named, and why. */
export type DroppedReference = { field: string; kind: SnapshotItemKind; id: number };

/**
 * The body with its references re-pointed through the map and those the store no longer holds left out: an array
 * loses the element, a single id becomes 0 (`brand_id`: none; `parent_id`: the top of the tree).
 */
export async function resolveReferences(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  body: Obj,
  map: IdMap,
): Promise<{ body: Obj; dropped: DroppedReference[] }> {
  const out: Obj = { ...body };
  for (const field of Object.keys(REFERENCE_FIELDS[kind] ?? {})) {
    if (field in out) out[field] = repointField(kind, field, out[field], map);
  }
  const dropped: DroppedReference[] = [];
  for (const [target, ids] of referencedIds(kind, out)) {
    const held = await existing(client, target, ids);
    for (const [field, fieldKind] of Object.entries(REFERENCE_FIELDS[kind] ?? {})) {
      if (fieldKind !== target || !(field in out)) continue;
      const value = out[field];
      if (Array.isArray(value)) {
        const gone = value.filter((id) => isRealId(id) && !held.has(id)) as number[];
        for (const id of gone) dropped.push({ field, kind: target, id });
        out[field] = value.filter((id) => !isRealId(id) || held.has(id));
      } else if (isRealId(value) && !held.has(value)) {
        dropped.push({ field, kind: target, id: value });
        // No brand; a category at the top of its tree.
        out[field] = 0;
      }
    }
  }
  return { body: out, dropped };
}

/** Words for the job's outcome: what was left out. */
export function droppedText(dropped: readonly DroppedReference[]): string {
  return dropped
    .map((d) => `${d.field}: ${d.kind} #${d.id} is no longer in the store, so it was left out`)
    .join('; ');
}

export const isNotFound = (error: unknown) => isBigCommerceError(error) && error.status === 404;
