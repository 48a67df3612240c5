// /v3/catalog/products (products_catalog.v3.yml): list, get, create, update, batch update, delete [PROD getProducts …
// deleteProducts], and the product rules they share: uniqueness (name, SKU across products and variants, custom
// URL), references (brand, categories), creation with nested arrays, updates and serialisation.
// Rules: products_catalog.v3.yml createProduct/updateProducts; API-NOTES.md §6(d) and §7.
import { z } from 'zod';
import { type RouteDeps, type SandboxApp, type SandboxContext, V3 } from '../../core/app-env';
import { BcApiError, multiStatus, paginate, v3Data } from '../../core/envelope';
import {
  type FieldSelection,
  fieldSelectionParams,
  pagingParams,
  selectFields,
  strListParam,
} from '../../core/query';
import { int, INT32_MAX, intIn, issuesToErrors, num, numIn, parseBody, str } from '../../core/body';
import { nextId, type StoreData } from '../../core/store-state';
import { allVariants, duplicateSku, skuOwner } from '../product-record';
import {
  bcDate,
  defaultProductFields,
  defaultVariant,
  emptyProductRecord,
  refreshDerived,
  slugify,
} from '../records';
import { NOT_FOUND_TITLE, PRODUCT_ID, productOr404, query, readBatch, readJson } from '../route-helpers';
import type { ProductFields, ProductRecord } from '../types';
import { assertBulkRules, bulkPricingRuleSchema } from './bulk-pricing-rules';
import { customFieldSchema } from './custom-fields';
import { addImage, assertImageUrl, imageSchema, MAX_IMAGES_PER_PRODUCT, serializeImage } from './images';
import { DELETE_PRODUCTS_FILTERS, productPredicate, sortProducts } from './product-filters';
import { serializeModifier } from './product-modifiers';
import { ensureOptionValue, serializeOption } from './product-variant-options';
import {
  applyBaseVariantFields,
  applyVariantFields,
  MAX_SKUS_PER_PRODUCT,
  variantSchema,
} from './product-variants';
import { videoSchema } from './videos';

/** A product's `custom_url`: `url` at least one character (customUrl_Full, products_catalog.v3.yml 6189-6215); its
 * length and letters are checked after the rest is saved, as a 207 (see `urlProblem`). */
const productCustomUrlSchema = z.object({
  url: z.string().min(1),
  is_customized: z.boolean().optional(),
  create_redirect: z.boolean().optional(),
});

/**
 * The writable product fields with their documented types, ranges and lengths: product_Base_PUT
 * (products_catalog.v3.yml 7533-8021; product_Base_POST, 7029-7532, has the same constraints). The line of each
 * property is given; what it does not constrain is left open. The spreadsheet columns' table is
 * docs/spreadsheet-edit-rules.md.
 */
const productFieldsShape = {
  name: z.string().min(1).max(250), // 7619: 1-250, unique (409)
  type: z.enum(['physical', 'digital']), // 7626
  sku: str(255), // 7634: 0-255, unique across products and variants ignoring case (409)
  description: z.string(), // 7641: no length stated
  weight: numIn(0, 9999999999), // 7646
  width: numIn(0, 9999999999), // 7653
  depth: numIn(0, 9999999999), // 7660
  height: numIn(0, 9999999999), // 7667
  price: numIn(0), // 7674
  cost_price: numIn(0), // 7680
  retail_price: numIn(0), // 7686
  sale_price: numIn(0), // 7692
  map_price: num, // 7698: no minimum stated
  tax_class_id: intIn(0, 255), // 7701
  product_tax_code: str(255), // 7707
  categories: z.array(int).max(1000), // 7713: "Does not accept more than 1,000 ID values"; each must exist (409)
  brand_id: intIn(0, 1000000000), // 7721: must exist (409); 0 is no brand
  brand_name: z.string(), // 7727: creates the brand when missing
  // 7731: 0-2147483647, but a negative level is a 207 (the inventory is not saved, 365-390) and a larger one is set
  // to the limit (7738), both in `applyProductUpdate`.
  inventory_level: int,
  inventory_warning_level: intIn(0, INT32_MAX), // 7741
  inventory_tracking: z.enum(['none', 'product', 'variant']), // 7747
  fixed_cost_shipping_price: numIn(0), // 7755
  is_free_shipping: z.boolean(),
  is_visible: z.boolean(), // 7765
  is_featured: z.boolean(), // 7769
  related_products: z.array(int),
  warranty: str(65535), // 7779
  bin_picking_number: str(255), // 7785
  layout_file: str(500), // 7791
  upc: str(14), // 7797: not nullable
  search_keywords: str(65535), // 7804
  availability_description: str(255), // 7810
  availability: z.enum(['available', 'disabled', 'preorder']), // 7816
  gift_wrapping_options_type: z.enum(['any', 'none', 'list']), // 7824
  gift_wrapping_options_list: z.array(int),
  sort_order: intIn(-INT32_MAX - 1, INT32_MAX), // 7842
  condition: z.enum(['New', 'Used', 'Refurbished']), // 7848
  is_condition_shown: z.boolean(),
  order_quantity_minimum: intIn(0, 1000000000), // 7860
  order_quantity_maximum: intIn(0, 1000000000), // 7866
  page_title: str(255), // 7872
  meta_keywords: z.array(z.string()), // 7878
  meta_description: str(65535), // 7886
  view_count: intIn(0, 1000000000), // 7892
  preorder_release_date: z.string().nullable(), // 7899
  preorder_message: str(255), // 7905
  is_preorder_only: z.boolean(),
  is_price_hidden: z.boolean(),
  price_hidden_label: str(200), // 7921
  custom_url: productCustomUrlSchema, // 7927
  open_graph_type: z.enum(['product', 'album', 'book', 'drink', 'food', 'game', 'movie', 'song', 'tv_show']),
  open_graph_title: z.string(),
  open_graph_description: z.string(),
  open_graph_use_meta_description: z.boolean(),
  open_graph_use_product_name: z.boolean(),
  open_graph_use_image: z.boolean(),
  gtin: str(14), // 7963: not nullable
  mpn: z.string(), // 7969: not nullable, no length stated
  date_last_imported: z.string().nullable(),
  reviews_rating_sum: num,
  reviews_count: int,
  total_sold: int,
};

/** POST /catalog/products: product fields plus the nested arrays BigCommerce creates with it. */
export const productCreateSchema = z
  .object({
    ...productFieldsShape,
    custom_fields: z.array(customFieldSchema),
    bulk_pricing_rules: z.array(bulkPricingRuleSchema),
    images: z.array(imageSchema),
    videos: z.array(videoSchema),
    variants: z.array(variantSchema),
  })
  .partial();
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** PUT /catalog/products/{id} and batch items; nested arrays are not applied on update by the sandbox. */
export const productUpdateSchema = z.object(productFieldsShape).partial();
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

export const PRODUCT_INCLUDES = [
  'variants',
  'images',
  'custom_fields',
  'bulk_pricing_rules',
  'primary_image',
  'modifiers',
  'options',
  'videos',
  'reviews',
  'channels',
  'parent_relations',
] as const;
export type ProductInclude = (typeof PRODUCT_INCLUDES)[number];

export function productByName(data: StoreData, name: string, ignoreId?: number): ProductRecord | null {
  const wanted = name.trim().toLowerCase();
  for (const record of data.products.values()) {
    if (record.fields.id !== ignoreId && record.fields.name.trim().toLowerCase() === wanted) return record;
  }
  return null;
}

export function productByUrl(data: StoreData, url: string, ignoreId?: number): ProductRecord | null {
  const wanted = url.toLowerCase();
  for (const record of data.products.values()) {
    if (record.fields.id !== ignoreId && record.fields.custom_url.url.toLowerCase() === wanted) return record;
  }
  return null;
}

function assertRefs(data: StoreData, input: { categories?: number[]; brand_id?: number }): void {
  if (input.brand_id !== undefined && input.brand_id !== 0 && !data.brands.has(input.brand_id)) {
    throw new BcApiError(409, 'The brand_id is invalid', {
      brand_id: `Brand ${input.brand_id} does not exist.`,
    });
  }
  for (const id of input.categories ?? []) {
    if (!data.categories.has(id)) {
      throw new BcApiError(409, 'The category_id is invalid', {
        categories: `Category ${id} does not exist.`,
      });
    }
  }
}

function uniqueUrl(data: StoreData, name: string, ignoreId?: number): string {
  const slug = slugify(name) || 'product';
  let url = `/${slug}/`;
  for (let n = 1; productByUrl(data, url, ignoreId); n++) url = `/${slug}-${n}/`;
  return url;
}

// ---------------------------------------------------------------------------------------------------------------
// Create

const REQUIRED_ON_CREATE: Record<'name' | 'type' | 'weight' | 'price', string> = {
  name: 'Please provide a name.',
  price: 'Please provide a price.',
  type: 'Please provide a type.',
  weight: 'Please provide a weight.',
};

/** 422 "Missing Required Fields" with one message per missing field (doc:docs/start/migration/4_errors.md). */
export function missingRequired(input: Record<string, unknown>): BcApiError | null {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(REQUIRED_ON_CREATE)) {
    if (input[key] === undefined || input[key] === null) errors[key] = message;
  }
  return Object.keys(errors).length > 0 ? new BcApiError(422, 'Missing Required Fields', errors) : null;
}

type ScalarUpdate = Omit<ProductUpdateInput, 'brand_name' | 'custom_url'>;

function assignScalars(fields: ProductFields, input: ScalarUpdate): void {
  const target = fields as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || key === 'brand_name' || key === 'custom_url') continue;
    if (!(key in fields)) continue;
    target[key] = value;
  }
}

function brandIdFor(data: StoreData, input: { brand_id?: number; brand_name?: string }): number | undefined {
  if (input.brand_id !== undefined || !input.brand_name) return input.brand_id;
  // brand_name creates the brand when it is missing [PROD product_Base_POST.brand_name].
  const wanted = input.brand_name.trim().toLowerCase();
  for (const b of data.brands.values()) if (b.name.toLowerCase() === wanted) return b.id;
  const id = nextId(data, 'brand');
  data.brands.set(id, {
    id,
    name: input.brand_name.trim(),
    page_title: '',
    meta_keywords: [],
    meta_description: '',
    image_url: '',
    search_keywords: '',
    custom_url: { url: `/brands/${slugify(input.brand_name)}.html`, is_customized: false },
  });
  return id;
}

/** Creates a product with its nested arrays, or throws without changing anything. */
export function createProduct(data: StoreData, input: ProductCreateInput, nowMs: number): ProductRecord {
  const missing = missingRequired(input);
  if (missing) throw missing;
  const name = input.name!;
  if (productByName(data, name)) {
    throw new BcApiError(409, 'The product name is a duplicate', {
      name: `A product named "${name}" already exists.`,
    });
  }
  const variantInputs = input.variants ?? [];
  // A variant without option values describes the base variant, which shares the product's SKU.
  const productSku = (input.sku ?? '').toLowerCase();
  const skus = [
    input.sku ?? '',
    ...variantInputs.map((v) =>
      (v.option_values ?? []).length === 0 && (v.sku ?? '').toLowerCase() === productSku ? '' : (v.sku ?? ''),
    ),
  ].filter((s) => s !== '');
  const seen = new Set<string>();
  for (const sku of skus) {
    const owner = skuOwner(data, sku);
    if (owner) throw duplicateSku(sku, owner);
    if (seen.has(sku.toLowerCase())) throw duplicateSku(sku, { productId: 0 });
    seen.add(sku.toLowerCase());
  }
  if (input.custom_url && productByUrl(data, input.custom_url.url)) {
    throw new BcApiError(409, 'The custom URL is a duplicate', {
      custom_url: `URL "${input.custom_url.url}" is already in use.`,
    });
  }
  assertRefs(data, input);
  assertBulkRules(input.bulk_pricing_rules ?? []);
  (input.images ?? []).forEach((img, i) => assertImageUrl(img.image_url, `images.${i}.image_url`));
  if ((input.images ?? []).length > MAX_IMAGES_PER_PRODUCT)
    throw new BcApiError(422, 'A product can have at most 1000 images.');
  const pairs = new Set<string>();
  (input.custom_fields ?? []).forEach((cf, i) => {
    const key = `${cf.name}\u0000${cf.value}`;
    if (pairs.has(key))
      throw new BcApiError(422, 'The custom field is a duplicate', {
        [`custom_fields.${i}`]: 'Name and value pairs must be unique.',
      });
    pairs.add(key);
  });
  const optionVariants = variantInputs.filter((v) => (v.option_values ?? []).length > 0);
  if (optionVariants.length > MAX_SKUS_PER_PRODUCT)
    throw new BcApiError(422, 'A product can have at most 600 SKUs.');
  optionVariants.forEach((v, i) => {
    if (!v.sku)
      throw new BcApiError(422, 'Missing Required Fields', {
        [`variants.${i}.sku`]: 'Please provide a SKU.',
      });
    for (const ov of v.option_values ?? []) {
      if ('id' in ov) {
        throw new BcApiError(422, 'Variant option values are invalid', {
          [`variants.${i}.option_values`]:
            'Use option_display_name and label when creating variants with the product.',
        });
      }
    }
  });
  const combos = new Set<string>();
  for (const v of optionVariants) {
    const key = (v.option_values ?? [])
      .map((ov) => ('label' in ov ? `${ov.option_display_name.toLowerCase()}=${ov.label.toLowerCase()}` : ''))
      .sort()
      .join('|');
    if (combos.has(key)) throw new BcApiError(422, 'Variant with the same option values set exists');
    combos.add(key);
  }

  // All checks passed: build the product.
  const now = bcDate(nowMs);
  const id = nextId(data, 'product');
  const fields = defaultProductFields(id, now);
  const brandId = brandIdFor(data, input);
  assignScalars(fields, { ...input, ...(brandId !== undefined ? { brand_id: brandId } : {}) });
  fields.custom_url = input.custom_url
    ? { url: input.custom_url.url, is_customized: input.custom_url.is_customized ?? true }
    : { url: uniqueUrl(data, name), is_customized: false };
  const record = emptyProductRecord(fields);
  record.channelIds = [];

  for (const cf of input.custom_fields ?? [])
    record.customFields.push({ id: nextId(data, 'customField'), ...cf });
  for (const rule of input.bulk_pricing_rules ?? [])
    record.bulkPricingRules.push({ id: nextId(data, 'bulkPricingRule'), ...rule });
  (input.images ?? []).forEach((img, i) => addImage(data, record, img, nowMs, i));
  (input.videos ?? []).forEach((video, i) => {
    record.videos.push({
      id: nextId(data, 'video'),
      product_id: id,
      type: 'youtube',
      video_id: video.video_id,
      title: video.title ?? '',
      description: video.description ?? '',
      sort_order: video.sort_order ?? i,
      length: '',
    });
  });

  if (optionVariants.length > 0) {
    for (const v of optionVariants) {
      const optionValues = (v.option_values ?? []).map((ov) => {
        if (!('label' in ov)) throw new Error('unreachable: checked above');
        return ensureOptionValue(data, record, ov.option_display_name, ov.label, nowMs);
      });
      const variant = defaultVariant(nextId(data, 'variant'), id, v.sku!);
      variant.sku_id = nextId(data, 'skuId');
      applyVariantFields(variant, v);
      variant.option_values = optionValues;
      record.variants.push(variant);
    }
    fields.base_variant_id = null;
  } else {
    fields.base_variant_id = nextId(data, 'variant');
    const plain = variantInputs[0];
    if (plain) applyBaseVariantFields(record, plain);
  }
  refreshDerived(record);
  data.products.set(id, record);
  return record;
}

// ---------------------------------------------------------------------------------------------------------------
// Update

export type UpdateOutcome = { partialErrors: Record<string, string> };

/** Checks that an update would not conflict (409) or point at missing brands/categories, without applying it. */
export function checkProductUpdate(
  data: StoreData,
  record: ProductRecord,
  input: ProductUpdateInput,
  key = '',
): void {
  const id = record.fields.id;
  if (input.name !== undefined && productByName(data, input.name, id)) {
    throw new BcApiError(409, 'The product name is a duplicate', {
      [`${key}name`]: `A product named "${input.name}" already exists.`,
    });
  }
  if (input.sku) {
    const ignore = [{ productId: id }];
    const owner = skuOwner(data, input.sku, ignore);
    if (owner) throw duplicateSku(input.sku, owner);
  }
  assertRefs(data, input);
}

const NEGATIVE_STOCK = 'Inventory was not updated: the stock level cannot be negative.';

/**
 * Why a product's `inventory_level` is not saved, if it is not: a negative stock level is a 207, "the inventory data
 * failed to update … [it must not] result in negative stock levels" (products_catalog.v3.yml 365-373 and 575-580).
 * Above 2,147,483,647 it is saved as that limit ("the store sets the inventory level to the limit", 7738).
 */
function inventoryProblem(level: number | undefined): string | null {
  return level !== undefined && level < 0 ? NEGATIVE_STOCK : null;
}

/**
 * Why a product's custom URL is not saved, if it is not: a 207 when "saving the URL failed … check that the URL uses
 * Latin letters, is no more than 255 characters, and is not taken by any other entity" (products_catalog.v3.yml
 * 365-374, 575-581). "Latin letters" is read as printable ASCII without spaces (a URL path; anything else must be
 * percent-encoded): the sandbox's reading, BigCommerce states no character list.
 */
export function urlProblem(data: StoreData, url: string, ignoreId?: number): string | null {
  if (url.length > 255) return `The URL was not updated: it is longer than 255 characters.`;
  if (!/^[\x21-\x7e]+$/.test(url))
    return `The URL was not updated: "${url}" has characters other than Latin letters, digits and punctuation.`;
  if (productByUrl(data, url, ignoreId)) return `The URL was not updated: "${url}" is already in use.`;
  return null;
}

/**
 * Applies an update. Like BigCommerce's 207 cases, a taken custom URL or an inventory level below zero is not saved
 * while the rest of the product is; those come back in `partialErrors`.
 */
export function applyProductUpdate(
  data: StoreData,
  record: ProductRecord,
  input: ProductUpdateInput,
  nowMs: number,
  key = '',
): UpdateOutcome {
  const partialErrors: Record<string, string> = {};
  const { custom_url: customUrl, ...rest } = input;
  const brandId = brandIdFor(data, input);
  const scalars: ScalarUpdate = { ...rest, ...(brandId !== undefined ? { brand_id: brandId } : {}) };
  const inventory = inventoryProblem(scalars.inventory_level);
  if (inventory) {
    partialErrors[`${key}inventory_level`] = inventory;
    delete scalars.inventory_level;
  } else if (scalars.inventory_level !== undefined) {
    scalars.inventory_level = Math.min(scalars.inventory_level, INT32_MAX);
  }
  assignScalars(record.fields, scalars);
  if (customUrl) {
    const problem = urlProblem(data, customUrl.url, record.fields.id);
    if (problem) {
      partialErrors[`${key}custom_url`] = problem;
    } else {
      record.fields.custom_url = { url: customUrl.url, is_customized: customUrl.is_customized ?? true };
    }
  }
  record.fields.date_modified = bcDate(nowMs);
  refreshDerived(record);
  return { partialErrors };
}

// ---------------------------------------------------------------------------------------------------------------
// Serialisation

export type SerializeOptions = {
  include: Set<string>;
  fields: FieldSelection;
  baseUrl: string;
  hash: string;
};

export function serializeProduct(record: ProductRecord, opts: SerializeOptions): Record<string, unknown> {
  const out: Record<string, unknown> = { ...selectFields(record.fields, opts.fields) };
  const inc = opts.include;
  if (inc.has('channels')) out.channels = [...record.channelIds];
  if (inc.has('variants')) out.variants = allVariants(record).map((v) => ({ ...v }));
  if (inc.has('images')) out.images = record.images.map((i) => serializeImage(i, opts.baseUrl, opts.hash));
  if (inc.has('primary_image')) {
    const primary = record.images.find((i) => i.is_thumbnail) ?? null;
    out.primary_image = primary ? serializeImage(primary, opts.baseUrl, opts.hash) : null;
  }
  if (inc.has('videos')) out.videos = record.videos.map((v) => ({ ...v }));
  if (inc.has('custom_fields')) out.custom_fields = record.customFields.map((c) => ({ ...c }));
  if (inc.has('bulk_pricing_rules')) out.bulk_pricing_rules = record.bulkPricingRules.map((r) => ({ ...r }));
  if (inc.has('options')) out.options = record.options.map(serializeOption);
  if (inc.has('modifiers')) out.modifiers = record.modifiers.map(serializeModifier);
  if (inc.has('reviews')) out.reviews = record.reviews.map((r) => ({ ...r }));
  if (inc.has('parent_relations')) out.parent_relations = [];
  return out;
}

const BATCH_MAX = 10;
/** Including options or modifiers on the list caps the page at 10 products [PROD IncludeParamGetProducts]. */
const HEAVY_INCLUDE_MAX = 10;

export function includeSet(q: URLSearchParams): Set<string> {
  const known = new Set<string>(PRODUCT_INCLUDES);
  return new Set((strListParam(q, 'include') ?? []).filter((i) => known.has(i)));
}

export function serializeOptions(c: SandboxContext, deps: RouteDeps, q: URLSearchParams): SerializeOptions {
  return {
    include: includeSet(q),
    fields: fieldSelectionParams(q),
    baseUrl: deps.baseUrl(c),
    hash: c.get('store').spec.hash,
  };
}

export function registerProductRoutes(app: SandboxApp, deps: RouteDeps): void {
  app.get(`${V3}/catalog/products`, (c) => {
    const store = c.get('store');
    const q = query(c);
    const opts = serializeOptions(c, deps, q);
    const heavy = opts.include.has('options') || opts.include.has('modifiers');
    const { page, limit } = pagingParams(q, heavy ? HEAVY_INCLUDE_MAX : 250);
    const predicate = productPredicate(q, store.data);
    const records = sortProducts([...store.data.products.values()].filter(predicate), q);
    const { data, pagination } = paginate(records, page, limit);
    return c.json({ data: data.map((r) => serializeProduct(r, opts)), meta: { pagination } }, 200);
  });

  app.get(`${V3}/catalog/products/${PRODUCT_ID}`, (c) => {
    const record = productOr404(c);
    return v3Data(c, serializeProduct(record, serializeOptions(c, deps, query(c))));
  });

  app.post(`${V3}/catalog/products`, async (c) => {
    const store = c.get('store');
    const body = await readJson(c);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new BcApiError(422, 'JSON data is missing or invalid', {
        body: 'The request body must be a product object.',
      });
    }
    const early = missingRequired(body as Record<string, unknown>);
    if (early) throw early;
    const input = parseBody(productCreateSchema, body);
    // 207 on create (products_catalog.v3.yml createProduct, 575-596): "the product information was [saved]
    // successfully, but the inventory data failed to update", e.g. a negative stock level. The product is made
    // without it, and the answer's `data` is a list (the 207 schema's `type: array`).
    const partialErrors: Record<string, string> = {};
    const inventory = inventoryProblem(input.inventory_level);
    if (inventory) {
      partialErrors.inventory_level = inventory;
      delete input.inventory_level;
    } else if (input.inventory_level !== undefined) {
      input.inventory_level = Math.min(input.inventory_level, INT32_MAX);
    }
    // A URL too long or not in Latin letters is the same 207 (575-581): the product gets one made from its name. A
    // URL already taken stays the 409 createProduct documents (591-592).
    if (input.custom_url && !productByUrl(store.data, input.custom_url.url)) {
      const problem = urlProblem(store.data, input.custom_url.url);
      if (problem) {
        partialErrors.custom_url = problem;
        delete input.custom_url;
      }
    }
    const record = createProduct(store.data, input, deps.clock());
    store.stats.recordProductWrites([record.fields.id]);
    const data = serializeProduct(record, serializeOptions(c, deps, query(c)));
    if (Object.keys(partialErrors).length > 0) {
      return c.json({ data: [data], errors: multiStatus(partialErrors), meta: {} }, 207);
    }
    return v3Data(c, data);
  });

  app.put(`${V3}/catalog/products/${PRODUCT_ID}`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const input = parseBody(productUpdateSchema, await readJson(c));
    checkProductUpdate(store.data, record, input);
    const { partialErrors } = applyProductUpdate(store.data, record, input, deps.clock());
    store.stats.recordProductWrites([record.fields.id]);
    const data = serializeProduct(record, serializeOptions(c, deps, query(c)));
    if (Object.keys(partialErrors).length > 0) {
      return c.json({ data, errors: multiStatus(partialErrors), meta: {} }, 207);
    }
    return v3Data(c, data);
  });

  app.put(`${V3}/catalog/products`, async (c) => {
    const store = c.get('store');
    const items = await readBatch(c, BATCH_MAX);
    if (items.length === 0)
      throw new BcApiError(422, 'JSON data is missing or invalid', { body: 'The array is empty.' });

    // Every item needs `id`. Without it BigCommerce reads the item as a new product and reports the fields a new
    // product needs (doc:docs/start/migration/4_errors.md).
    items.forEach((item) => {
      const obj = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      if (obj.id === undefined || obj.id === null) {
        throw (
          missingRequired(obj) ??
          new BcApiError(422, 'Missing Required Fields', { id: 'Please provide an id.' })
        );
      }
    });
    const parsed = items.map((item, i) => {
      const obj = item as Record<string, unknown>;
      const id = Number(obj.id);
      if (!Number.isInteger(id)) {
        throw new BcApiError(422, 'JSON data is missing or invalid', {
          [`${i}.id`]: `${i}.id: expected an integer`,
        });
      }
      const record = store.data.products.get(id);
      if (!record)
        throw new BcApiError(404, NOT_FOUND_TITLE, { [`${i}.id`]: `Product ${id} was not found.` });
      return { index: i, record, item };
    });
    // Every invalid item is named in the one 422, by its index (doc:docs/start/migration/4_errors.md, API-NOTES §2):
    // the caller can drop them all and send the rest again.
    const invalid: Record<string, string> = {};
    const updates = parsed.flatMap(({ index, record, item }) => {
      const result = productUpdateSchema.safeParse(item);
      if (result.success) return [{ index, record, input: result.data }];
      Object.assign(invalid, issuesToErrors(result.error, `${index}.`));
      return [];
    });
    if (Object.keys(invalid).length > 0)
      throw new BcApiError(422, 'JSON data is missing or invalid', invalid);

    // Validate the whole batch before writing anything: conflicts with the store and within the batch.
    for (const u of updates) checkProductUpdate(store.data, u.record, u.input, `${u.index}.`);
    assertBatchSelfConsistent(updates);

    const now = deps.clock();
    const partial: Record<string, string> = {};
    for (const u of updates) {
      Object.assign(
        partial,
        applyProductUpdate(store.data, u.record, u.input, now, `${u.index}.`).partialErrors,
      );
    }
    store.stats.recordProductWrites(updates.map((u) => u.record.fields.id));
    const opts = serializeOptions(c, deps, query(c));
    const data = updates.map((u) => serializeProduct(u.record, opts));
    if (Object.keys(partial).length > 0) return c.json({ data, errors: multiStatus(partial), meta: {} }, 207);
    return c.json({ data, meta: {} }, 200);
  });

  app.delete(`${V3}/catalog/products/${PRODUCT_ID}`, (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    deleteProduct(c, record);
    store.stats.recordProductWrites([record.fields.id]);
    return c.body(null, 204);
  });

  app.delete(`${V3}/catalog/products`, (c) => {
    const store = c.get('store');
    const q = query(c);
    // A filter DELETE does not document is ignored, so it does not count as the filter the endpoint requires.
    const known = new Set<string>(DELETE_PRODUCTS_FILTERS);
    if (![...q.keys()].some((k) => known.has(k))) {
      throw new BcApiError(422, 'At least one filter must be provided', {
        filter: 'Deleting products needs a filter such as id:in.',
      });
    }
    const predicate = productPredicate(q, store.data, DELETE_PRODUCTS_FILTERS);
    const doomed = [...store.data.products.values()].filter(predicate).slice(0, 250);
    for (const record of doomed) deleteProduct(c, record);
    store.stats.recordProductWrites(doomed.map((r) => r.fields.id));
    return c.body(null, 204);
  });
}

function deleteProduct(c: SandboxContext, record: ProductRecord): void {
  const data = c.get('store').data;
  for (const img of record.images) data.uploads.delete(img.id);
  data.products.delete(record.fields.id);
  for (const other of data.products.values()) {
    if (other.fields.related_products.includes(record.fields.id)) {
      other.fields.related_products = other.fields.related_products.filter((id) => id !== record.fields.id);
    }
  }
}

function assertBatchSelfConsistent(
  updates: { index: number; record: ProductRecord; input: ProductUpdateInput }[],
): void {
  const names = new Map<string, number>();
  const skus = new Map<string, number>();
  for (const u of updates) {
    const id = u.record.fields.id;
    const name = (u.input.name ?? u.record.fields.name).trim().toLowerCase();
    const other = names.get(name);
    if (other !== undefined && other !== id) {
      throw new BcApiError(409, 'The product name is a duplicate', {
        [`${u.index}.name`]: `Another product in this batch is named "${u.input.name ?? u.record.fields.name}".`,
      });
    }
    names.set(name, id);
    const sku = (u.input.sku ?? u.record.fields.sku).toLowerCase();
    if (sku !== '') {
      const otherSku = skus.get(sku);
      if (otherSku !== undefined && otherSku !== id)
        throw duplicateSku(u.input.sku ?? u.record.fields.sku, { productId: otherSku });
      skus.set(sku, id);
    }
  }
}
