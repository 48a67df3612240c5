// Product rules shared by the product, variant and batch routes: uniqueness (name, SKU across products and variants,
// custom URL), references (brand, categories), creation with nested arrays, updates and serialisation.
// Rules: products_catalog.v3.yml createProduct/updateProducts; API-NOTES.md §6(d) and §7.
import { BcApiError } from './envelope';
import { imageUrls } from './images';
import { selectFields, type FieldSelection } from './query';
import {
  bcDate,
  defaultAdjusters,
  defaultProductFields,
  defaultVariant,
  emptyProductRecord,
  optionName,
  refreshDerived,
  slugify,
} from './records';
import type { ProductCreateInput, ProductUpdateInput, VariantInput } from './schemas';
import { nextId, type StoreData } from './store-state';
import type { Modifier, ProductFields, ProductImage, ProductOption, ProductRecord, Variant } from './types';
import { imageFileName } from './generate/catalogue';
import { VARIANT_CODE_FIELDS, VARIANT_PRICE_FIELDS } from '../../common/catalog/product-fields';

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

const MAX_SKUS_PER_PRODUCT = 600;
const MAX_IMAGES_PER_PRODUCT = 1000;
const MAX_CUSTOM_FIELDS = 200;

// ---------------------------------------------------------------------------------------------------------------
// Variants

/** The base variant of a product without option variants mirrors the product's own fields. */
export function baseVariant(record: ProductRecord): Variant | null {
  const f = record.fields;
  if (record.variants.length > 0 || f.base_variant_id === null) return null;
  return {
    ...defaultVariant(f.base_variant_id, f.id, f.sku),
    price: f.price,
    calculated_price: f.calculated_price,
    sale_price: f.sale_price,
    retail_price: f.retail_price,
    map_price: f.map_price,
    weight: f.weight,
    calculated_weight: f.weight,
    width: f.width,
    height: f.height,
    depth: f.depth,
    is_free_shipping: f.is_free_shipping,
    fixed_cost_shipping_price: f.fixed_cost_shipping_price,
    cost_price: f.cost_price,
    upc: f.upc,
    mpn: f.mpn,
    gtin: f.gtin,
    inventory_level: f.inventory_level,
    inventory_warning_level: f.inventory_warning_level,
    bin_picking_number: f.bin_picking_number,
  };
}

export function allVariants(record: ProductRecord): Variant[] {
  const base = baseVariant(record);
  return base ? [base] : record.variants;
}

// ---------------------------------------------------------------------------------------------------------------
// Uniqueness and references

type Owner = { productId: number; variantId?: number };

/** Who already uses a SKU (case-insensitive, across product SKUs and variant SKUs). */
export function skuOwner(data: StoreData, sku: string, ignore: Owner[] = []): Owner | null {
  const wanted = sku.trim().toLowerCase();
  if (wanted === '') return null;
  const ignored = (o: Owner) =>
    ignore.some(
      (i) => i.productId === o.productId && (i.variantId === undefined || i.variantId === o.variantId),
    );
  for (const record of data.products.values()) {
    const pid = record.fields.id;
    if (record.fields.sku.toLowerCase() === wanted && !ignored({ productId: pid })) return { productId: pid };
    for (const v of record.variants) {
      if (v.sku.toLowerCase() === wanted && !ignored({ productId: pid, variantId: v.id })) {
        return { productId: pid, variantId: v.id };
      }
    }
  }
  return null;
}

export function duplicateSku(sku: string, owner: Owner): BcApiError {
  const where = owner.variantId
    ? `variant ${owner.variantId} of product ${owner.productId}`
    : `product ${owner.productId}`;
  return new BcApiError(409, 'The SKU is a duplicate', { sku: `SKU "${sku}" is already used by ${where}.` });
}

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

function assertBulkRules(rules: { quantity_min: number; quantity_max: number }[]): void {
  const ranges = rules.map(
    (r) => [r.quantity_min, r.quantity_max === 0 ? Infinity : r.quantity_max] as const,
  );
  for (let i = 0; i < ranges.length; i++) {
    const [minA, maxA] = ranges[i]!;
    if (maxA < minA) {
      throw new BcApiError(422, 'The bulk pricing rule is invalid', {
        [`bulk_pricing_rules.${i}`]: 'quantity_max must be 0 or at least quantity_min.',
      });
    }
    for (let j = 0; j < i; j++) {
      const [minB, maxB] = ranges[j]!;
      if (minA <= maxB && minB <= maxA) {
        throw new BcApiError(409, 'The bulk pricing rules conflict', {
          [`bulk_pricing_rules.${i}`]: `Quantity range overlaps rule ${j}.`,
        });
      }
    }
  }
}

export function assertBulkRuleFits(
  record: ProductRecord,
  rule: { quantity_min: number; quantity_max: number },
  ignoreId?: number,
): void {
  assertBulkRules([...record.bulkPricingRules.filter((r) => r.id !== ignoreId), rule]);
}

function assertImageUrl(url: string | undefined, key: string): void {
  if (!url || !/^https?:\/\/[^\s]+$/i.test(url)) {
    throw new BcApiError(422, "The field 'image_url' is invalid.", {
      [key]: 'image_url must be an http(s) URL.',
    });
  }
}

export function assertCustomFieldUnique(
  record: ProductRecord,
  name: string,
  value: string,
  ignoreId?: number,
): void {
  if (record.customFields.some((cf) => cf.id !== ignoreId && cf.name === name && cf.value === value)) {
    throw new BcApiError(422, 'The custom field is a duplicate', {
      name: `A custom field with name "${name}" and value "${value}" already exists on this product.`,
    });
  }
  if (ignoreId === undefined && record.customFields.length >= MAX_CUSTOM_FIELDS) {
    throw new BcApiError(422, 'A product can have at most 200 custom fields.');
  }
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

/** Finds or creates the option (type `rectangles`) and value that a variant's `{option_display_name, label}` names. */
function ensureOptionValue(
  data: StoreData,
  record: ProductRecord,
  displayName: string,
  label: string,
  nowMs: number,
) {
  let option = record.options.find((o) => o.display_name.toLowerCase() === displayName.toLowerCase());
  if (!option) {
    option = {
      id: nextId(data, 'option'),
      product_id: record.fields.id,
      name: optionName(displayName, record.fields.id, nowMs),
      display_name: displayName,
      type: 'rectangles',
      config: {},
      sort_order: record.options.length,
      option_values: [],
    };
    record.options.push(option);
  }
  let value = option.option_values.find((v) => v.label.toLowerCase() === label.toLowerCase());
  if (!value) {
    value = {
      id: nextId(data, 'optionValue'),
      label,
      sort_order: option.option_values.length,
      value_data: null,
      is_default: false,
    };
    option.option_values.push(value);
  }
  return { id: value.id, label: value.label, option_id: option.id, option_display_name: option.display_name };
}

export function addImage(
  data: StoreData,
  record: ProductRecord,
  input: { image_url?: string; is_thumbnail?: boolean; sort_order?: number; description?: string },
  nowMs: number,
  fallbackSort: number,
  uploadedName?: string,
): ProductImage {
  if (record.images.length >= MAX_IMAGES_PER_PRODUCT)
    throw new BcApiError(422, 'A product can have at most 1000 images.');
  const id = nextId(data, 'image');
  const source = uploadedName ?? input.image_url ?? 'image.png';
  const base = (source.split('?')[0]!.split('/').pop() ?? 'image').replace(/\.[a-z0-9]+$/i, '');
  const isThumb = input.is_thumbnail ?? record.images.length === 0;
  if (isThumb) for (const img of record.images) img.is_thumbnail = false;
  const image: ProductImage = {
    id,
    product_id: record.fields.id,
    is_thumbnail: isThumb,
    sort_order: input.sort_order ?? fallbackSort,
    description: input.description ?? '',
    image_file: imageFileName(slugify(base).slice(0, 40) || 'image', id, 10000 + ((id * 7919) % 90000)),
    date_modified: bcDate(nowMs),
    source_url: input.image_url ?? null,
  };
  record.images.push(image);
  return image;
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
  if (scalars.inventory_level !== undefined && scalars.inventory_level < 0) {
    partialErrors[`${key}inventory_level`] = 'Inventory was not updated: the stock level cannot be negative.';
    delete scalars.inventory_level;
  }
  assignScalars(record.fields, scalars);
  if (customUrl) {
    if (productByUrl(data, customUrl.url, record.fields.id)) {
      partialErrors[`${key}custom_url`] = `The URL was not updated: "${customUrl.url}" is already in use.`;
    } else {
      record.fields.custom_url = { url: customUrl.url, is_customized: customUrl.is_customized ?? true };
    }
  }
  record.fields.date_modified = bcDate(nowMs);
  refreshDerived(record);
  return { partialErrors };
}

// ---------------------------------------------------------------------------------------------------------------
// Variant writes

const BASE_VARIANT_KEYS = [
  ...VARIANT_PRICE_FIELDS,
  ...VARIANT_CODE_FIELDS,
  'inventory_level',
  'inventory_warning_level',
  'bin_picking_number',
  'sku',
] as const;

export function applyVariantFields(variant: Variant, input: VariantInput): void {
  const target = variant as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || key === 'option_values' || key === 'id' || key === 'product_id') continue;
    if (key in variant) target[key] = value;
  }
}

/** Writes to the base variant land on the product, which is where BigCommerce keeps them. */
export function applyBaseVariantFields(record: ProductRecord, input: VariantInput): void {
  const f = record.fields as Record<string, unknown>;
  for (const key of BASE_VARIANT_KEYS) {
    const value = input[key];
    if (value === undefined) continue;
    if (value === null) continue;
    f[key] = value;
  }
}

/** Resolves `option_values: [{id, option_id}]` against the product's options. */
export function resolveVariantOptionValues(
  record: ProductRecord,
  refs: NonNullable<VariantInput['option_values']>,
): Variant['option_values'] {
  return refs.map((ref) => {
    const option =
      'option_id' in ref
        ? record.options.find((o) => o.id === ref.option_id)
        : record.options.find((o) => o.display_name.toLowerCase() === ref.option_display_name.toLowerCase());
    const value =
      option &&
      ('id' in ref
        ? option.option_values.find((v) => v.id === ref.id)
        : option.option_values.find((v) => v.label.toLowerCase() === ref.label.toLowerCase()));
    if (!option || !value) {
      throw new BcApiError(422, 'The option values are invalid', {
        option_values: `Option value ${JSON.stringify(ref)} does not exist on product ${record.fields.id}.`,
      });
    }
    return {
      id: value.id,
      label: value.label,
      option_id: option.id,
      option_display_name: option.display_name,
    };
  });
}

function comboKey(values: Variant['option_values']): string {
  return values
    .map((v) => v.id)
    .sort((a, b) => a - b)
    .join(',');
}

export function createVariant(
  data: StoreData,
  record: ProductRecord,
  input: VariantInput,
  nowMs: number,
): Variant {
  if (!input.sku || !input.option_values || input.option_values.length === 0) {
    const errors: Record<string, string> = {};
    if (!input.sku) errors.sku = 'Please provide a SKU.';
    if (!input.option_values || input.option_values.length === 0)
      errors.option_values = 'Please provide option values.';
    throw new BcApiError(422, 'Missing Required Fields', errors);
  }
  if (record.variants.length >= MAX_SKUS_PER_PRODUCT)
    throw new BcApiError(422, 'A product can have at most 600 SKUs.');
  const owner = skuOwner(data, input.sku);
  if (owner) throw duplicateSku(input.sku, owner);
  const values = resolveVariantOptionValues(record, input.option_values);
  const key = comboKey(values);
  if (record.variants.some((v) => comboKey(v.option_values) === key)) {
    throw new BcApiError(422, 'Variant with the same option values set exists');
  }
  const variant = defaultVariant(nextId(data, 'variant'), record.fields.id, input.sku);
  variant.sku_id = nextId(data, 'skuId');
  applyVariantFields(variant, input);
  variant.option_values = values;
  record.variants.push(variant);
  record.fields.base_variant_id = null;
  record.fields.date_modified = bcDate(nowMs);
  refreshDerived(record);
  return variant;
}

export function updateVariant(
  data: StoreData,
  record: ProductRecord,
  variantId: number,
  input: VariantInput,
  nowMs: number,
): Variant {
  const base = baseVariant(record);
  if (input.sku) {
    const owner = skuOwner(data, input.sku, [
      { productId: record.fields.id, variantId },
      ...(base?.id === variantId ? [{ productId: record.fields.id }] : []),
    ]);
    if (owner) throw duplicateSku(input.sku, owner);
  }
  if (base && base.id === variantId) {
    applyBaseVariantFields(record, input);
  } else {
    const variant = record.variants.find((v) => v.id === variantId);
    if (!variant)
      throw new BcApiError(404, 'The requested resource was not found.', {
        id: `Variant ${variantId} was not found.`,
      });
    if (input.option_values && input.option_values.length > 0) {
      const values = resolveVariantOptionValues(record, input.option_values);
      const key = comboKey(values);
      if (record.variants.some((v) => v.id !== variantId && comboKey(v.option_values) === key)) {
        throw new BcApiError(422, 'Variant with the same option values set exists');
      }
      variant.option_values = values;
    }
    applyVariantFields(variant, input);
  }
  record.fields.date_modified = bcDate(nowMs);
  refreshDerived(record);
  return allVariants(record).find((v) => v.id === variantId)!;
}

export function deleteVariant(data: StoreData, record: ProductRecord, variantId: number): boolean {
  const before = record.variants.length;
  record.variants = record.variants.filter((v) => v.id !== variantId);
  if (record.variants.length === before) return false;
  if (record.variants.length === 0) record.fields.base_variant_id = nextId(data, 'variant');
  return true;
}

/** Removes variants that use any of the given option value ids (after deleting an option or one of its values). */
export function dropVariantsUsing(data: StoreData, record: ProductRecord, valueIds: Set<number>): void {
  const before = record.variants.length;
  record.variants = record.variants.filter((v) => !v.option_values.some((ov) => valueIds.has(ov.id)));
  if (before > 0 && record.variants.length === 0) record.fields.base_variant_id = nextId(data, 'variant');
}

/** Keeps the names carried in variants' option_values in step after an option or value is renamed. */
export function syncVariantOptionLabels(record: ProductRecord): void {
  for (const v of record.variants) {
    for (const ov of v.option_values) {
      const option = record.options.find((o) => o.id === ov.option_id);
      const value = option?.option_values.find((x) => x.id === ov.id);
      if (option) ov.option_display_name = option.display_name;
      if (value) ov.label = value.label;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Serialisation

export type SerializeOptions = {
  include: Set<string>;
  fields: FieldSelection;
  baseUrl: string;
  hash: string;
};

export function serializeImage(img: ProductImage, baseUrl: string, hash: string) {
  const { source_url: _source, ...rest } = img;
  return {
    id: rest.id,
    product_id: rest.product_id,
    is_thumbnail: rest.is_thumbnail,
    sort_order: rest.sort_order,
    description: rest.description,
    image_file: rest.image_file,
    ...imageUrls(baseUrl, hash, img),
    date_modified: rest.date_modified,
  };
}

export function serializeOption(option: ProductOption) {
  return { ...option, option_values: option.option_values.map((v) => ({ ...v })) };
}

export function serializeModifier(modifier: Modifier) {
  return {
    ...modifier,
    option_values: modifier.option_values.map((v) => {
      const adjusters = { ...defaultAdjusters(), ...v.adjusters };
      // No adjuster reads `{}`, as BigCommerce's own example answers (product-modifiers_catalog.v3.yml 163-165).
      return {
        ...v,
        adjusters: { ...adjusters, price: adjusters.price ?? {}, weight: adjusters.weight ?? {} },
      };
    }),
  };
}

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
