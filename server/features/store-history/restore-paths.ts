// What a Store History restore can write back, field by field (issue 32), as pure functions: a diff path
// (`description`, `variants[sku=ABC-1].price`, `custom_fields[name=Material].value`) becomes a write unit, the smallest
// thing one BigCommerce call sets without touching its neighbours, and each unit has a live value and a restored value
// read from the item as the store answers it and as the snapshot holds it. The restore previews, checks for staleness
// and writes unit by unit.
//
// The writable fields are those the update operations document as request fields (not `readOnly`):
// - product: products_catalog.v3.yml:831 updateProduct (product_Put); a variant's: product-variants_catalog.v3.yml:436
//   updateProductVariant; a custom field's `name` and `value`: products_catalog.v3.yml:3318 updateProductCustomField;
// - category: category-trees_catalog.v3.yml:255 updateCategories;
// - brand: brands_catalog.v3.yml:623 updateBrand;
// - widget template: widgets.v3.yml:190 updateWidgetTemplate;
// - page: page-widgets.v3.yml:54 createPageWidgets publishes a page's whole content, so a page is one unit;
// - widget: widgets.v3.yml:1391-1405 widget_Put (widget_Base 1630-1647); placement: 1426-1440 placement_Put
//   (placement_Base 1591-1610); web page: pages.v3.yml:765-870 PagePutObj; blog post: store_content.v2.yml:1233-1295
//   blogPost_Base_Post; redirect: redirects.v3.yml:476-489 301RedirectUpsert, whose `site_id` and `from_path` are
//   its key (an upsert of another path makes another redirect), so only `to` is written in place.
import { createHash } from 'node:crypto';
import type { SnapshotItemKind } from '../../../common/contracts/store-history';
import { canonicalValue } from '../../../common/store-history/field-diff';
import {
  PRODUCT_WRITABLE_FIELDS,
  VARIANT_CODE_FIELDS,
  VARIANT_PRICE_FIELDS,
  VARIANT_PURCHASING_FIELDS,
} from '../../../common/catalog/product-fields';

export const PRODUCT_FIELDS = PRODUCT_WRITABLE_FIELDS;

export const VARIANT_FIELDS: readonly string[] = [
  ...VARIANT_PRICE_FIELDS,
  ...VARIANT_PURCHASING_FIELDS,
  ...VARIANT_CODE_FIELDS,
  'inventory_warning_level',
  'bin_picking_number',
];

export const CATEGORY_FIELDS: readonly string[] = [
  'name',
  'description',
  'parent_id',
  'sort_order',
  'page_title',
  'meta_keywords',
  'meta_description',
  'layout_file',
  'image_url',
  'is_visible',
  'search_keywords',
  'default_product_sort',
  'url',
];

export const BRAND_FIELDS: readonly string[] = [
  'name',
  'page_title',
  'meta_keywords',
  'meta_description',
  'search_keywords',
  'image_url',
  'custom_url',
];

export const WIDGET_TEMPLATE_FIELDS: readonly string[] = [
  'name',
  'template',
  'schema',
  'storefront_api_query',
];

export const WIDGET_FIELDS: readonly string[] = [
  'name',
  'description',
  'widget_configuration',
  'widget_template_uuid',
  'channel_id',
];

export const PLACEMENT_FIELDS: readonly string[] = [
  'widget_uuid',
  'template_file',
  'channel_id',
  'entity_id',
  'sort_order',
  'region',
  'status',
];

export const WEB_PAGE_FIELDS: readonly string[] = [
  'channel_id',
  'name',
  'is_visible',
  'parent_id',
  'sort_order',
  'type',
  'body',
  'is_homepage',
  'is_customers_only',
  'email',
  'meta_title',
  'link',
  'contact_fields',
  'meta_keywords',
  'meta_description',
  'search_keywords',
  'url',
];

export const BLOG_POST_FIELDS: readonly string[] = [
  'title',
  'url',
  'body',
  'tags',
  'is_published',
  'meta_description',
  'meta_keywords',
  'author',
  'thumbnail_path',
  'published_date',
];

export const REDIRECT_FIELDS: readonly string[] = ['to'];

const TOP_LEVEL_FIELDS: Record<Exclude<SnapshotItemKind, 'page'>, readonly string[]> = {
  product: PRODUCT_FIELDS,
  category: CATEGORY_FIELDS,
  brand: BRAND_FIELDS,
  'widget-template': WIDGET_TEMPLATE_FIELDS,
  widget: WIDGET_FIELDS,
  placement: PLACEMENT_FIELDS,
  'web-page': WEB_PAGE_FIELDS,
  'blog-post': BLOG_POST_FIELDS,
  redirect: REDIRECT_FIELDS,
};

/** An element of a list named by one of its fields (`[sku=ABC-1]`) or by its place (`[0]`). */
export type Selector = { key: string; value: string } | { index: number };
export type PathSegment = { field: string; select?: Selector };

/**
 * The parts of a product with endpoints of their own that a whole-item restore writes as one unit each (issue 40): the
 * store's list is made equal to the snapshot's, element by element (restore-parts.ts). `variants` is the variants
 * there are (one gone since is made again, one added since deleted); their fields are `variant` units.
 */
export const PRODUCT_PARTS = [
  'options',
  'variants',
  'custom_fields',
  'images',
  'videos',
  'bulk_pricing_rules',
  'modifiers',
  'reviews',
  'channels',
] as const;
export type ProductPart = (typeof PRODUCT_PARTS)[number];
const isProductPart = (field: string): field is ProductPart =>
  (PRODUCT_PARTS as readonly string[]).includes(field);

/**
 * What one write sets: a top-level field, one field of a variant, one custom field, a product's part (its whole list),
 * or a page's whole content.
 */
export type WriteUnit =
  | { type: 'field'; field: string }
  | { type: 'variant'; select: { key: string; value: string }; field: string }
  | { type: 'custom-field'; select: { key: string; value: string } }
  | { type: 'part'; part: ProductPart }
  | { type: 'page' };

/** Reads a diff path: `a.b`, `list[key=value].c`, `list[0]`. A value may hold `.` or `]` (a SKU): a selector ends at
 * the first `]` followed by `.`, `[` or the end. */
export function parsePath(path: string): PathSegment[] | null {
  const segments: PathSegment[] = [];
  let at = 0;
  while (at < path.length) {
    const name = /^[A-Za-z0-9_$-]+/.exec(path.slice(at));
    if (!name) return null;
    const segment: PathSegment = { field: name[0] };
    at += name[0].length;
    if (path[at] === '[') {
      let end = -1;
      for (let i = at + 1; i < path.length; i++) {
        if (path[i] === ']' && (i + 1 === path.length || path[i + 1] === '.' || path[i + 1] === '[')) {
          end = i;
          break;
        }
      }
      if (end < 0) return null;
      const inside = path.slice(at + 1, end);
      const eq = inside.indexOf('=');
      if (eq > 0) segment.select = { key: inside.slice(0, eq), value: inside.slice(eq + 1) };
      else if (/^\d+$/.test(inside)) segment.select = { index: Number(inside) };
      else return null;
      at = end + 1;
      // A list of lists (`a[0][1]`) is not something a restore writes.
      if (path[at] === '[') return null;
    }
    segments.push(segment);
    if (at < path.length) {
      if (path[at] !== '.') return null;
      at++;
      if (at === path.length) return null;
    }
  }
  return segments.length > 0 ? segments : null;
}

/** The write unit a path belongs to, or null when a restore cannot write it (a read-only or computed field). */
export function unitOf(kind: SnapshotItemKind, path: string): WriteUnit | null {
  if (kind === 'page') return { type: 'page' };
  const segments = parsePath(path);
  if (!segments) return null;
  const [first, second, third] = segments;
  if (!first) return null;
  // A part is named whole (`images`), never one element of it: its elements have no key that outlives a restore.
  if (kind === 'product' && !first.select && !second && isProductPart(first.field)) {
    return { type: 'part', part: first.field };
  }
  if (kind === 'product' && first.field === 'variants') {
    if (!first.select || !('key' in first.select) || !second || second.select || third) return null;
    // A variant's stock is written when named (or chosen: unitsOfItem), product-variants_catalog.v3.yml updateProductVariant.
    return VARIANT_FIELDS.includes(second.field) || second.field === 'inventory_level'
      ? { type: 'variant', select: first.select, field: second.field }
      : null;
  }
  if (kind === 'product' && first.field === 'custom_fields') {
    if (!first.select || !('key' in first.select)) return null;
    if (second && (second.select || third || !['name', 'value'].includes(second.field))) return null;
    return { type: 'custom-field', select: first.select };
  }
  // Any part of a plain field (`custom_url.url`, `categories[2]`) is written as the whole field.
  return TOP_LEVEL_FIELDS[kind].includes(first.field) ? { type: 'field', field: first.field } : null;
}

/** The path a unit is shown and stored under. */
export function unitPath(unit: WriteUnit): string {
  switch (unit.type) {
    case 'field':
      return unit.field;
    case 'variant':
      return `variants[${unit.select.key}=${unit.select.value}].${unit.field}`;
    case 'custom-field':
      return `custom_fields[${unit.select.key}=${unit.select.value}].value`;
    case 'part':
      return unit.part;
    case 'page':
      return 'regions';
  }
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The element of a list a selector names. */
export function findElement(list: unknown, select: { key: string; value: string }): Obj | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.find(
    (element): element is Obj =>
      isObj(element) &&
      (typeof element[select.key] === 'string' || typeof element[select.key] === 'number') &&
      String(element[select.key]) === select.value,
  );
}

/**
 * A unit's value in an item (as the store answers it, or as a snapshot holds it); `undefined` when the item does not
 * hold it (the field left out, the variant or custom field gone). A custom field's value is its `value` text.
 */
export function unitValue(item: unknown, unit: WriteUnit): unknown {
  if (!isObj(item)) return undefined;
  switch (unit.type) {
    case 'field':
      return item[unit.field];
    case 'variant':
      return findElement(item.variants, unit.select)?.[unit.field];
    case 'custom-field':
      return findElement(item.custom_fields, unit.select)?.value;
    case 'part':
      return item[unit.part];
    case 'page':
      return item.regions;
  }
}

const listOf = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObj) : []);
function pickPresent(source: Obj, fields: readonly string[]): Obj {
  const out: Obj = {};
  for (const field of fields) if (source[field] !== undefined) out[field] = source[field];
  return out;
}
const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
const sortedList = (list: unknown[]) => list.map((v) => canonicalValue(v)).sort(byJson);

/** Whether a variant is a product's base variant (no option values: it is the product itself). */
export const isBaseVariant = (variant: Obj) => listOf(variant.option_values).length === 0;

/** The writable fields of each part's elements (their create and update bodies), besides their values. */
export const PART_FIELDS = {
  // products_catalog.v3.yml:1304 createProductImage, 1610 updateProductImage (the file is the image's, not compared).
  images: ['description', 'is_thumbnail', 'sort_order'],
  // products_catalog.v3.yml:1938 createProductVideo (`length` is read by BigCommerce from the video host).
  videos: ['video_id', 'type', 'title', 'description', 'sort_order'],
  // products_catalog.v3.yml:3373 createBulkPricingRule.
  bulk_pricing_rules: ['quantity_min', 'quantity_max', 'type', 'amount'],
  // products_catalog.v3.yml:4191 createProductReview.
  reviews: ['title', 'text', 'status', 'rating', 'email', 'name', 'date_reviewed'],
  // products_catalog.v3.yml:3252 createProductCustomField.
  custom_fields: ['name', 'value'],
  // product-variant-options_catalog.v3.yml:129 createProductVariantOption (`name` is made by BigCommerce).
  options: ['display_name', 'type', 'sort_order', 'config'],
  optionValues: ['label', 'sort_order', 'is_default', 'value_data'],
  // product-modifiers_catalog.v3.yml:212 createProductModifier.
  modifiers: ['display_name', 'type', 'required', 'sort_order', 'config'],
  modifierValues: ['label', 'sort_order', 'is_default', 'value_data', 'adjusters'],
} as const;

/** A variant as a `variants` part compares it: its SKU and the option values it is made of (by name and label). */
export function variantIdentity(variant: Obj): Obj {
  return {
    sku: variant.sku ?? null,
    option_values: sortedList(
      listOf(variant.option_values).map((v) => ({
        option_display_name: v.option_display_name,
        label: v.label,
      })),
    ),
  };
}

/** A bulk pricing rule's amount is a number in the schema but a string in some examples (products.ts). */
const ruleContent = (rule: Obj) => {
  const out = pickPresent(rule, PART_FIELDS.bulk_pricing_rules);
  if (typeof out.amount === 'string' && out.amount.trim() !== '' && Number.isFinite(Number(out.amount))) {
    out.amount = Number(out.amount);
  }
  return out;
};

/** One element of a part as a restore compares it: its writable fields, ids and what BigCommerce sets left out. */
export function partElementContent(part: ProductPart, element: unknown): unknown {
  if (part === 'channels') return typeof element === 'string' ? Number(element) : element;
  if (!isObj(element)) return element;
  switch (part) {
    case 'variants':
      return variantIdentity(element);
    case 'bulk_pricing_rules':
      return ruleContent(element);
    case 'options':
      return {
        ...pickPresent(element, PART_FIELDS.options),
        option_values: sortedList(
          listOf(element.option_values).map((v) => pickPresent(v, PART_FIELDS.optionValues)),
        ),
      };
    case 'modifiers':
      return {
        ...pickPresent(element, PART_FIELDS.modifiers),
        option_values: sortedList(
          listOf(element.option_values).map((v) => pickPresent(v, PART_FIELDS.modifierValues)),
        ),
      };
    default:
      return pickPresent(element, PART_FIELDS[part]);
  }
}

/**
 * A part as a restore compares it (the preview, the stale check, the undo's check): each element's content, in a
 * fixed order. Ids are left out: an element made again has a new one, and is still the element the snapshot holds.
 */
export function partContent(part: ProductPart, list: unknown): unknown[] {
  const elements = Array.isArray(list) ? list : [];
  const kept = part === 'variants' ? elements.filter((v) => isObj(v) && !isBaseVariant(v)) : elements;
  return sortedList(kept.map((element) => partElementContent(part, element)));
}

/** A unit's value as it is compared and hashed: a part's content, any other unit's value as it is. */
export function comparable(unit: WriteUnit | null, value: unknown): unknown {
  return unit?.type === 'part' ? partContent(unit.part, value) : value;
}

/** Whether a unit holds the same in two values (a part: the same content). */
export function sameUnitValue(unit: WriteUnit | null, a: unknown, b: unknown): boolean {
  return sameValue(comparable(unit, a), comparable(unit, b));
}

/** The hash a unit's live value is checked against (valueHash of what is compared). */
export function unitHash(unit: WriteUnit | null, value: unknown): string {
  return valueHash(comparable(unit, value));
}

/** A value as JSON can carry it (undefined is null), compared and hashed canonically. */
export function jsonValue(value: unknown): unknown {
  return value === undefined ? null : canonicalValue(value);
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(jsonValue(a)) === JSON.stringify(jsonValue(b));
}

/** What a restore keeps of a live value to know later whether it moved: its SHA-256 (canonical JSON). */
export function valueHash(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(jsonValue(value)))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The units of an item a whole-item restore looks at: every writable top-level field the snapshot holds, every writable
 * field of each of its variants (by SKU when they all have one, else by id), and each part it holds (PRODUCT_PARTS:
 * elements added since are deleted, those gone since made again).
 */
export function unitsOfItem(
  kind: SnapshotItemKind,
  snapshot: unknown,
  live: unknown,
  options: { stock?: boolean } = {},
): WriteUnit[] {
  if (kind === 'page') return [{ type: 'page' }];
  if (!isObj(snapshot)) return [];
  const units: WriteUnit[] = TOP_LEVEL_FIELDS[kind]
    .filter((field) => snapshot[field] !== undefined)
    .map((field) => ({ type: 'field', field }));
  if (kind !== 'product') return units;
  const variants = Array.isArray(snapshot.variants) ? snapshot.variants.filter(isObj) : [];
  const bySku = variants.every((v) => typeof v.sku === 'string' && v.sku !== '');
  for (const variant of variants) {
    const key = bySku ? 'sku' : 'id';
    const select = { key, value: String(variant[key]) };
    for (const field of options.stock ? [...VARIANT_FIELDS, 'inventory_level'] : VARIANT_FIELDS) {
      if (variant[field] !== undefined) units.push({ type: 'variant', select, field });
    }
  }
  // Every part the snapshot holds, as one unit each (custom fields too: by id, so two of one name are both written).
  for (const part of PRODUCT_PARTS) if (snapshot[part] !== undefined) units.push({ type: 'part', part });
  return units;
}

/** A body of top-level fields for one update call: `{field: value}` of the field units. */
export function fieldsBody(units: readonly { unit: WriteUnit; value: unknown }[]): Obj {
  const body: Obj = {};
  for (const { unit, value } of units) if (unit.type === 'field') body[unit.field] = value;
  return body;
}

/** Variant field units grouped per variant: the body of one variant update each. */
export function variantBodies(
  units: readonly { unit: WriteUnit; value: unknown }[],
): Array<{ select: { key: string; value: string }; body: Obj }> {
  const groups = new Map<string, { select: { key: string; value: string }; body: Obj }>();
  for (const { unit, value } of units) {
    if (unit.type !== 'variant') continue;
    const id = `${unit.select.key}=${unit.select.value}`;
    const group = groups.get(id) ?? { select: unit.select, body: {} };
    group.body[unit.field] = value;
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** The fields of `source` named, those with a value (neither undefined nor null). */
export function pick(source: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = source[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out;
}
