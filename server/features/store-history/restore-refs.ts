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
  // pages.v3.yml PagePutObj `parent_id` (788-793): another web page (0: none).
  'web-page': { parent_id: 'web-page' },
  // widgets.v3.yml widget_Put `widget_template_uuid` (1396-1398); placement_Put `widget_uuid` (1432-1434).
  widget: { widget_template_uuid: 'widget-template' },
  placement: { widget_uuid: 'widget' },
};

/**
 * The references a create cannot do without: a widget's template (widgets.v3.yml widget_Post required, 1388-1390) and
 * a placement's widget (placement_Post required, 1421-1423). One gone since leaves nothing to make the item on.
 */
const REQUIRED_ON_CREATE: Partial<Record<SnapshotItemKind, readonly string[]>> = {
  widget: ['widget_template_uuid'],
  placement: ['widget_uuid'],
};

/** The required references a create body lacks once those gone since are left out (resolveReferences). */
export function missingRequired(kind: SnapshotItemKind, body: Obj): string[] {
  return (REQUIRED_ON_CREATE[kind] ?? []).filter((field) => !isRealId(body[field]));
}

/**
 * Whether an item cannot be made again once the references gone since are left out: a required one is missing, or a
 * placement lost the entity it was for (made without `entity_id` it would show on every page of its template file,
 * widgets.v3.yml placement_Base 1595-1597, not on the one page it was on).
 */
export function cannotMakeWithout(kind: SnapshotItemKind, body: Obj, dropped: readonly DroppedReference[]) {
  return (
    missingRequired(kind, body).length > 0 ||
    (kind === 'placement' && dropped.some((d) => d.field === 'entity_id'))
  );
}

/** A redirect's target by its `to.type` (redirects.v3.yml RedirectTo 600-618); `url` names no item. */
const REDIRECT_TARGET_KINDS: Record<string, SnapshotItemKind> = {
  product: 'product',
  category: 'category',
  brand: 'brand',
  page: 'web-page',
  post: 'blog-post',
};

/**
 * A reference whose kind another field says: a placement's `entity_id` (a string; the kind by its `template_file`,
 * widgets.v3.yml placement_Base 1595-1597), a redirect's `to.entity_id` (the kind by `to.type`).
 */
type EntityReference = { field: 'entity_id' | 'to'; kind: SnapshotItemKind; id: number };

function entityReference(kind: SnapshotItemKind, item: Obj): EntityReference | null {
  if (kind === 'placement') {
    const target = entityKindOfTemplate(item.template_file);
    const id =
      typeof item.entity_id === 'string' && /^[1-9]\d*$/.test(item.entity_id) ? Number(item.entity_id) : 0;
    return target && id > 0 ? { field: 'entity_id', kind: target, id } : null;
  }
  if (kind === 'redirect' && isObj(item.to)) {
    const target = REDIRECT_TARGET_KINDS[String(item.to.type)];
    const id = item.to.entity_id;
    return target && typeof id === 'number' && id > 0 ? { field: 'to', kind: target, id } : null;
  }
  return null;
}

function withEntity(kind: SnapshotItemKind, item: Obj, id: number): Obj {
  if (kind === 'placement') return { ...item, entity_id: String(id) };
  return { ...item, to: { ...(item.to as Obj), entity_id: id } };
}

const isObj = (value: unknown): value is Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The kinds whose references stay on the old id when the item they name is deleted: a placement's entity and a
 * redirect's target (widgets.v3.yml placement_Base 1595-1597 and redirects.v3.yml RedirectTo say nothing of what
 * becomes of them; the sandbox leaves them). The others change with it (a category deleted leaves its products, a web
 * page's children go to the top, pages.v3.yml deletePages 256-294), so a diff names them; a placement or a redirect
 * that still names the old id is in no diff.
 */
const STILL_NAMING_KINDS: readonly SnapshotItemKind[] = ['placement', 'redirect'];

/**
 * The field by which an item (as the snapshot holds it, re-pointed) names one a restore makes again (`madeAgain`:
 * `kind:id`), for a kind whose reference stays on the old id: a placement's `entity_id`, a redirect's `to`.
 * A restore re-points it even when it was not asked for (restore-preview.ts previewRestore).
 */
export function referenceToMadeAgain(
  kind: SnapshotItemKind,
  item: Obj,
  madeAgain: ReadonlySet<string>,
): 'entity_id' | 'to' | null {
  if (!STILL_NAMING_KINDS.includes(kind)) return null;
  const entity = entityReference(kind, item);
  return entity && madeAgain.has(`${entity.kind}:${entity.id}`) ? entity.field : null;
}

/** An item (or the fields of one) with every reference it makes re-pointed through the map. */
export function repointItem(kind: SnapshotItemKind, item: Obj, map: IdMap): Obj {
  let out: Obj = { ...item };
  for (const field of Object.keys(REFERENCE_FIELDS[kind] ?? {})) {
    if (field in out) out[field] = repointField(kind, field, out[field], map);
  }
  const entity = entityReference(kind, out);
  if (entity && entity.field in item) {
    const id = map.resolve(entity.kind, entity.id);
    if (typeof id === 'number' && id !== entity.id) out = withEntity(kind, out, id);
  }
  return out;
}

/** The kind of item a page's entity is, by its template file (a Page Builder page of one product, category…). */
export function entityKindOfTemplate(templateFile: unknown): SnapshotItemKind | null {
  if (typeof templateFile !== 'string') return null;
  if (templateFile === 'pages/product' || templateFile.startsWith('pages/custom/product/')) return 'product';
  if (templateFile === 'pages/category' || templateFile.startsWith('pages/custom/category/'))
    return 'category';
  if (templateFile === 'pages/brand' || templateFile.startsWith('pages/custom/brand/')) return 'brand';
  // A web page's own page (`pages/page` with the page's id, API-NOTES page-widgets); a blog post's, when addressed.
  if (templateFile === 'pages/page' || templateFile.startsWith('pages/custom/page/')) return 'web-page';
  if (templateFile === 'pages/blog-post') return 'blog-post';
  return null;
}

/** An id that names an item: a positive number, or a uuid (widgets, widget templates). */
const isRealId = (value: unknown): value is number | string =>
  (typeof value === 'number' && value > 0) || (typeof value === 'string' && value !== '');

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
function referencedIds(
  kind: SnapshotItemKind,
  body: Obj,
  whole: Obj = body,
  withEntity = true,
): Map<SnapshotItemKind, Set<number | string>> {
  const out = new Map<SnapshotItemKind, Set<number | string>>();
  const add = (target: SnapshotItemKind, ids: (number | string)[]) => {
    if (ids.length === 0) return;
    const set = out.get(target) ?? new Set<number | string>();
    for (const id of ids) set.add(id);
    out.set(target, set);
  };
  for (const [field, target] of Object.entries(REFERENCE_FIELDS[kind] ?? {})) {
    const value = body[field];
    add(target, (Array.isArray(value) ? value : [value]).filter(isRealId));
  }
  const entity = withEntity ? entityReference(kind, whole) : null;
  if (entity && entity.field in body) add(entity.kind, [entity.id]);
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
  ids: Set<number | string>,
): Promise<Set<number | string>> {
  const found = new Set<number | string>();
  if (kind !== 'category' && kind !== 'brand' && kind !== 'product' && kind !== 'web-page') {
    // One read each: widgets.v3.yml getWidget / getWidgetTemplate, store_content.v2.yml getBlogPost (no id filter).
    for (const id of ids) {
      const read =
        kind === 'widget'
          ? () => client.widgets.get(String(id))
          : kind === 'widget-template'
            ? () => client.widgetTemplates.get(String(id))
            : kind === 'blog-post'
              ? () => client.blogPosts.get(Number(id))
              : null;
      if (!read) {
        found.add(id);
        continue;
      }
      try {
        await read();
        found.add(id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    return found;
  }
  for (const part of chunks([...ids], 250)) {
    const filter = part.join(',');
    const page =
      kind === 'category'
        ? await client.categories.list({ query: { 'category_id:in': filter }, limit: 250 })
        : kind === 'brand'
          ? await client.brands.list({ query: { 'id:in': filter }, limit: 250 })
          : kind === 'web-page'
            ? // pages.v3.yml getPages `id:in` (70-77).
              await client.webPages.list({ query: { 'id:in': filter }, limit: 250 })
            : await client.products.list({ query: { 'id:in': filter, include_fields: 'name' }, limit: 250 });
    for (const item of page.items as Obj[]) {
      const id = Number(kind === 'category' ? (item.category_id ?? item.id) : item.id);
      // Only what was asked for: a store that ignored the filter answers the first page of everything.
      if (ids.has(id)) found.add(id);
    }
  }
  return found;
}

/** Every reference an item makes: the field, the kind and the id it names (a list field once per id). */
export function referencesOf(
  kind: SnapshotItemKind,
  item: Obj,
): { field: string; kind: SnapshotItemKind; id: number | string }[] {
  const out: { field: string; kind: SnapshotItemKind; id: number | string }[] = [];
  for (const [field, target] of Object.entries(REFERENCE_FIELDS[kind] ?? {})) {
    const value = item[field];
    for (const id of (Array.isArray(value) ? value : [value]).filter(isRealId))
      out.push({ field, kind: target, id });
  }
  const entity = entityReference(kind, item);
  if (entity) out.push(entity);
  return out;
}

/** A reference the restore left out: the field, the item it named, and why. */
export type DroppedReference = { field: string; kind: SnapshotItemKind; id: number | string };

/**
 * The body with its references re-pointed through the map and those the store no longer holds left out: an array
 * loses the element, a single id becomes 0 (`brand_id`: none; `parent_id`: the top of the tree), a uuid or an entity
 * leaves the body (an update leaves that field as the store holds it). `context`: the rest of the item (the store's
 * version), for a reference whose kind another field says (a placement's entity by its template file).
 */
export async function resolveReferences(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  body: Obj,
  map: IdMap,
  context: Obj = {},
  options: { keepEntities?: boolean } = {},
): Promise<{ body: Obj; dropped: DroppedReference[] }> {
  const whole = repointItem(kind, { ...context, ...body }, map);
  const out: Obj = Object.fromEntries(Object.keys(body).map((field) => [field, whole[field]]));
  const dropped: DroppedReference[] = [];
  // An undo writes back a placement's entity or a redirect's target as it was, gone or not: BigCommerce takes them
  // unchecked (the sandbox's reading; redirects.v3.yml documents no check), and the undo returns the store as it was.
  const entity = options.keepEntities ? null : entityReference(kind, whole);
  for (const [target, ids] of referencedIds(kind, out, whole, !options.keepEntities)) {
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
        // No brand; a category at the top of its tree; a uuid is left out.
        if (typeof value === 'number') out[field] = 0;
        else delete out[field];
      }
    }
    if (entity && entity.kind === target && entity.field in out && !held.has(entity.id)) {
      dropped.push({
        field: entity.field === 'to' ? 'to.entity_id' : entity.field,
        kind: target,
        id: entity.id,
      });
      delete out[entity.field];
    }
  }
  return { body: out, dropped };
}

/** Words for the job's outcome: an item not made again, since what it must refer to is gone (missingRequired). */
export const cannotMakeText = (kind: SnapshotItemKind) =>
  `a ${kind.replace('-', ' ')} cannot be made without it, so it was not made again`;

/** Words for the job's outcome: what was left out. */
export function droppedText(dropped: readonly DroppedReference[]): string {
  return dropped
    .map((d) => `${d.field}: ${d.kind} #${d.id} is no longer in the store, so it was left out`)
    .join('; ');
}

export const isNotFound = (error: unknown) => isBigCommerceError(error) && error.status === 404;

/** A read's answer, or null when the store answers 404 (the item is gone). */
export async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
