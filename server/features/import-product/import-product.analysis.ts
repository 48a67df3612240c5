// Import Product, the read side (issue 13): what a product dump becomes in the target store, read without writing.
// The dry run answers this plan; the import computes the same plan first and then writes it. Everything is matched
// by the keys BigCommerce keeps unique (API-NOTES §6 (d)): the product by SKU (or, without a SKU, by name), variants by
// SKU, options and modifiers by display name, categories by their path of names, the brand and channels by name.
import {
  DEFAULT_COPY_SUFFIX,
  PRODUCT_LIMITS,
  type ExistingProductAction,
  type ImportClash,
  type ImportIdMap,
  type ImportProductPlan,
} from '../../../common/contracts/import-product';
import type { ProductDump } from '../../../common/dumps/product-dump';
import {
  isBigCommerceError,
  type BigCommerceClient,
  type Category,
  type Product,
  type Variant,
} from '../../integrations/bigcommerce';

export const lower = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

/**
 * Product fields BigCommerce takes on create and update [PROD product_Base_POST], less the statistics it keeps
 * itself. Everything else at the top of a dump is either a sub-resource (written by its own step), the dump's own
 * bookkeeping, or a field BigCommerce sets: those are listed as not carried over.
 */
export const WRITABLE_PRODUCT_FIELDS = [
  'name',
  'type',
  'sku',
  'description',
  'weight',
  'width',
  'depth',
  'height',
  'price',
  'cost_price',
  'retail_price',
  'sale_price',
  'map_price',
  'product_tax_code',
  'inventory_level',
  'inventory_warning_level',
  'inventory_tracking',
  'fixed_cost_shipping_price',
  'is_free_shipping',
  'is_visible',
  'is_featured',
  'warranty',
  'bin_picking_number',
  'layout_file',
  'upc',
  'search_keywords',
  'availability_description',
  'availability',
  'gift_wrapping_options_type',
  'sort_order',
  'condition',
  'is_condition_shown',
  'order_quantity_minimum',
  'order_quantity_maximum',
  'page_title',
  'meta_keywords',
  'meta_description',
  'preorder_release_date',
  'preorder_message',
  'is_preorder_only',
  'is_price_hidden',
  'price_hidden_label',
  'custom_url',
  'open_graph_type',
  'open_graph_title',
  'open_graph_description',
  'open_graph_use_meta_description',
  'open_graph_use_product_name',
  'open_graph_use_image',
  'gtin',
  'mpn',
] as const;

/** Top-level keys of a dump that an import handles in a step of its own, or that describe the dump itself. */
const HANDLED_KEYS = new Set<string>([
  ...WRITABLE_PRODUCT_FIELDS,
  'formatVersion',
  'kind',
  'dumpedAt',
  'source',
  'categories',
  'category_details',
  'brand_id',
  'brand_name',
  'channels',
  'channel_details',
  'images',
  'variants',
  'options',
  'modifiers',
  'videos',
  'custom_fields',
  'bulk_pricing_rules',
  'reviews',
  'tax_class_id',
  'related_products',
  'gift_wrapping_options_list',
]);

/** Why a field is not carried over, for the fields an import knows about. */
const NOT_CARRIED_REASONS: Record<string, string> = {
  id: 'the target gives its own id',
  date_created: 'set by BigCommerce',
  date_modified: 'set by BigCommerce',
  calculated_price: 'computed by BigCommerce',
  base_variant_id: 'set by BigCommerce',
  view_count: 'a statistic kept by the store',
  total_sold: 'a statistic kept by the store',
  reviews_rating_sum: 'computed from the reviews',
  reviews_count: 'computed from the reviews',
  date_last_imported: 'set by BigCommerce',
  option_set_id: 'legacy option sets do not exist in V3',
  option_set_display: 'legacy option sets do not exist in V3',
  parent_relations: 'read-only',
  primary_image: 'read-only (the thumbnail image is imported)',
};

/** Fields of a dump the import cannot carry over: read-only ones, ids of the source store, unknown ones. */
export function notCarriedFields(dump: ProductDump): string[] {
  const notes: string[] = [];
  for (const key of Object.keys(dump)) {
    if (HANDLED_KEYS.has(key)) continue;
    notes.push(`${key}: ${NOT_CARRIED_REASONS[key] ?? 'not written by the import'}`);
  }
  const taxClass = (dump as Record<string, unknown>).tax_class_id;
  if (typeof taxClass === 'number' && taxClass !== 0) {
    notes.push(`tax_class_id ${taxClass}: tax classes differ between stores; the target's default is used`);
  }
  const related = (dump as Record<string, unknown>).related_products;
  if (Array.isArray(related) && related.some((id) => id !== -1)) {
    notes.push('related_products: ids of the source store; BigCommerce picks related products automatically');
  }
  const wrapping = (dump as Record<string, unknown>).gift_wrapping_options_list;
  if (Array.isArray(wrapping) && wrapping.length > 0) {
    notes.push('gift_wrapping_options_list: gift wrapping ids of the source store');
  }
  return notes;
}

/** The URL an image is imported from: the largest the source CDN serves. Empty when the dump has none. */
export function imageSourceUrl(image: Record<string, unknown>): string {
  for (const key of ['url_zoom', 'url_standard', 'image_url', 'url_thumbnail']) {
    const value = image[key];
    if (typeof value === 'string' && /^https?:\/\//i.test(value.trim())) return value.trim();
  }
  return '';
}

/** The letters and digits of a URL's or a file's name, without its extension: `Tee__602.png` → `tee602`. */
export function imageKey(urlOrFile: string): string {
  const file = (urlOrFile.split('?')[0] ?? '').split('/').pop() ?? '';
  return file
    .replace(/\.[a-z0-9]+$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * Whether a target image (its `image_file`) was made from the URL with key `urlKey`. BigCommerce names an image it
 * fetched after the URL's file name, cut to a length and with `__{number}` appended; so one name starts with the
 * other once that number is taken off.
 */
export function imageMadeFrom(imageFile: string, urlKey: string): boolean {
  const file = (imageFile.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '').replace(/__[0-9]+$/, '');
  const fileKey = imageKey(file);
  if (fileKey.length < 6 || urlKey.length < 6) return fileKey === urlKey && fileKey !== '';
  return fileKey.startsWith(urlKey) || urlKey.startsWith(fileKey);
}

export type CategoryMatch = ImportProductPlan['categories'][number];

/** The dump's categories matched by path in the target (names compared case-insensitively, in any tree). */
export async function matchCategories(
  client: BigCommerceClient,
  dump: ProductDump,
  signal?: AbortSignal,
): Promise<CategoryMatch[]> {
  const wanted = dump.category_details.filter((category) => category.path.length > 0);
  const described = new Set(wanted.map((category) => category.id));
  const undescribed = dump.categories
    .filter((id) => !described.has(id))
    .map((id) => ({ sourceId: id, path: [] as string[], targetId: null }));
  if (wanted.length === 0) return undescribed;
  const names = [...new Set(wanted.flatMap((category) => category.path))];
  const found: Category[] = [];
  for (let i = 0; i < names.length; i += 50) {
    found.push(
      ...(await client.categories.listAll({ query: { 'name:in': names.slice(i, i + 50) }, signal })),
    );
  }
  const byId = new Map(found.map((category) => [category.category_id, category]));
  const pathOf = (category: Category): string[] => {
    const path: string[] = [];
    const seen = new Set<number>();
    for (let node: Category | undefined = category; node && !seen.has(node.category_id);) {
      seen.add(node.category_id);
      path.unshift(lower(node.name));
      if (!node.parent_id) return path;
      node = byId.get(node.parent_id);
      if (!node) return []; // a parent not named in the dump's paths: not the same place
    }
    return path;
  };
  const byPath = new Map<string, number>();
  for (const category of found.sort((a, b) => a.category_id - b.category_id)) {
    const key = pathOf(category).join('\u0000');
    if (key && !byPath.has(key)) byPath.set(key, category.category_id);
  }
  return [
    ...wanted.map((category) => ({
      sourceId: category.id,
      path: category.path,
      targetId: byPath.get(category.path.map(lower).join('\u0000')) ?? null,
    })),
    ...undescribed,
  ];
}

export type Analysis = {
  plan: ImportProductPlan;
  /** The target product written to (update, an earlier copy) or left alone (skip); null when one is created. */
  existing: Product | null;
  /** The target's variants of that product, by lower-cased SKU. */
  existingVariants: Map<string, Variant>;
};

export type AnalyseOptions = {
  onExistingSku: ExistingProductAction;
  copySuffix?: string;
  idMap?: ImportIdMap;
  signal?: AbortSignal;
};

async function getProduct(client: BigCommerceClient, id: number, signal?: AbortSignal) {
  try {
    return await client.products.get(id, { signal });
  } catch (error) {
    if (isBigCommerceError(error) && error.code === 'bc_not_found') return null;
    throw error;
  }
}

async function firstProduct(client: BigCommerceClient, query: Record<string, string>, signal?: AbortSignal) {
  const page = await client.products.list({ query, limit: 5, signal });
  return page.items[0] ?? null;
}

/** Source variants that are real variants (with option values); the base variant is the product itself. */
export function optionVariants(dump: ProductDump) {
  return dump.variants.filter((variant) => (variant.option_values ?? []).length > 0);
}

export function withSuffix(text: string, suffix: string): string {
  return text ? `${text}${suffix}` : text;
}

/** Reads the target and answers what an import of `dump` would do there. Writes nothing. */
export async function analyseImport(
  client: BigCommerceClient,
  dump: ProductDump,
  options: AnalyseOptions,
): Promise<Analysis> {
  const { signal } = options;
  const suffix = options.copySuffix ?? DEFAULT_COPY_SUFFIX;
  const notes: string[] = [];
  const clashes: ImportClash[] = [];

  // The product the dump already is in the target: from an earlier run's id map, by SKU, or (no SKU) by name.
  let existing: Product | null = null;
  const mapped = options.idMap?.product[String(dump.id)];
  if (mapped !== undefined) existing = await getProduct(client, mapped, signal);
  const bySku = dump.sku ? await firstProduct(client, { sku: dump.sku }, signal) : null;
  const byName = await firstProduct(client, { name: dump.name }, signal);
  existing ??= bySku ?? (dump.sku ? null : byName);
  if (bySku) {
    clashes.push({ kind: 'sku', value: dump.sku, productId: bySku.id, productName: bySku.name ?? null });
  }
  if (byName && byName.id !== existing?.id) {
    clashes.push({ kind: 'name', value: dump.name, productId: byName.id, productName: byName.name ?? null });
  }
  if (!existing && dump.sku) {
    // The main SKU may be a variant's SKU in the target (SKUs are unique across products and variants).
    const holder = (await client.variants.list({ query: { sku: dump.sku }, limit: 1, signal })).items[0];
    if (holder?.product_id !== undefined) {
      clashes.push({ kind: 'sku', value: dump.sku, productId: holder.product_id, productName: null });
    }
  }

  let action: ImportProductPlan['action'] = 'create';
  if (existing) action = options.onExistingSku === 'update' ? 'update' : options.onExistingSku;
  const sku = action === 'copy' ? withSuffix(dump.sku, suffix) : dump.sku;
  const name = action === 'copy' ? `${dump.name}${suffix}` : dump.name;
  /** The product the import writes to: the existing one for update and skip; for a copy, an earlier copy. */
  let target = existing;
  if (action === 'copy') {
    const copy =
      (sku ? await firstProduct(client, { sku }, signal) : null) ??
      (await firstProduct(client, { name }, signal));
    target = copy;
    if (copy) {
      notes.push(
        `A copy with SKU ${sku || name} already exists (#${copy.id}): it is updated rather than copied again.`,
      );
    }
  }
  if (action === 'create' && clashes.some((clash) => clash.kind === 'name')) {
    notes.push(
      `The target already has a product named "${dump.name}" with another SKU: creating it will fail.`,
    );
  }

  const customUrl = (dump as { custom_url?: { url?: string } }).custom_url?.url;
  if (customUrl && action !== 'skip') {
    // BigCommerce has no lookup of products by URL, so a taken URL shows when the product is written: the import then
    // lets BigCommerce give the product a URL of its own and says so.
    notes.push(
      `The product keeps its URL ${customUrl} when the target does not already use it; otherwise BigCommerce gives it one of its own and the result says so.`,
    );
  }

  // Variants: matched by SKU with the target product's variants; SKUs held by other products clash.
  const sourceVariants = optionVariants(dump);
  const existingVariants = new Map<string, Variant>();
  const updateTarget = action === 'skip' ? null : target;
  if (updateTarget) {
    for (const variant of await client.products.variants.listAll(updateTarget.id, { signal })) {
      if (variant.sku) existingVariants.set(lower(variant.sku), variant);
    }
  }
  const variantSkus = sourceVariants
    .map((variant) => (action === 'copy' ? withSuffix(variant.sku ?? '', suffix) : (variant.sku ?? '')))
    .filter((variantSku) => variantSku !== '');
  let update = 0;
  for (const variantSku of variantSkus) if (existingVariants.has(lower(variantSku))) update++;
  const unknown = variantSkus.filter((variantSku) => !existingVariants.has(lower(variantSku)));
  for (let i = 0; i < unknown.length && action !== 'skip'; i += 50) {
    const held = await client.variants.list({
      query: { 'sku:in': unknown.slice(i, i + 50) },
      limit: 250,
      signal,
    });
    for (const variant of held.items) {
      if (variant.product_id === updateTarget?.id) continue;
      clashes.push({
        kind: 'variant_sku',
        value: variant.sku ?? '',
        productId: variant.product_id ?? 0,
        productName: null,
      });
    }
  }

  const limits: string[] = [];
  const over = (count: number, limit: number, what: string) => {
    if (count > limit) limits.push(`${count} ${what} (BigCommerce allows ${limit} per product)`);
  };
  over(sourceVariants.length, PRODUCT_LIMITS.skus, 'SKUs');
  over(dump.custom_fields.length, PRODUCT_LIMITS.customFields, 'custom fields');
  over(dump.bulk_pricing_rules.length, PRODUCT_LIMITS.bulkPricingRules, 'bulk pricing rules');
  over(dump.images.length, PRODUCT_LIMITS.images, 'images');
  for (const option of [...dump.options, ...dump.modifiers]) {
    if (option.option_values.length > PRODUCT_LIMITS.optionValues) {
      limits.push(
        `"${option.display_name}" has ${option.option_values.length} values (BigCommerce allows ${PRODUCT_LIMITS.optionValues})`,
      );
    }
  }
  const longUrls = dump.images.filter(
    (image) => imageSourceUrl(image).length > PRODUCT_LIMITS.imageUrlLength,
  ).length;
  if (longUrls > 0)
    limits.push(`${longUrls} image URLs longer than ${PRODUCT_LIMITS.imageUrlLength} characters`);
  const longVideos = dump.videos.filter(
    (video) => video.video_id.length > PRODUCT_LIMITS.videoIdLength,
  ).length;
  if (longVideos > 0)
    limits.push(`${longVideos} video ids longer than ${PRODUCT_LIMITS.videoIdLength} characters`);
  if (dump.images.length > 0) {
    notes.push(
      `Images are fetched by the target from their URLs; BigCommerce refuses files over ${PRODUCT_LIMITS.imageBytes / 1024 / 1024} MB and those are reported.`,
    );
  }

  const [categories, brand, channels] = await Promise.all([
    matchCategories(client, dump, signal),
    matchBrand(client, dump.brand_name, signal),
    matchChannels(client, dump, signal),
  ]);
  const missingCategories = categories.filter((category) => category.targetId === null);
  if (missingCategories.length > 0) {
    notes.push(
      `${missingCategories.length} categories do not exist in the target and are not assigned: ${missingCategories
        .map((category) => (category.path.length ? category.path.join(' > ') : `#${category.sourceId}`))
        .join('; ')}.`,
    );
  }
  if (brand?.willCreate)
    notes.push(`The brand "${brand.name}" does not exist in the target and will be created.`);

  const steps =
    action === 'skip'
      ? 0
      : 1 +
        dump.options.length +
        sourceVariants.length +
        dump.modifiers.length +
        dump.images.length +
        dump.videos.length +
        dump.custom_fields.length +
        dump.bulk_pricing_rules.length +
        dump.reviews.length +
        (channels.length > 0 ? 1 : 0);

  return {
    plan: {
      action,
      existingProductId: existing?.id ?? null,
      sku,
      name,
      clashes,
      limits,
      categories,
      brand,
      channels,
      variants: { create: variantSkus.length - update, update },
      steps,
      notes,
    },
    existing: target,
    existingVariants,
  };
}

async function matchBrand(
  client: BigCommerceClient,
  name: string | null,
  signal?: AbortSignal,
): Promise<ImportProductPlan['brand']> {
  if (!name) return null;
  const page = await client.brands.list({ query: { name }, limit: 5, signal });
  const brand = page.items.find((item) => lower(item.name) === lower(name));
  return { name, targetId: brand?.id ?? null, willCreate: !brand };
}

/** Channels matched by name (a channel's id differs between stores), else by id; channel 1 is every store's own. */
async function matchChannels(
  client: BigCommerceClient,
  dump: ProductDump,
  signal?: AbortSignal,
): Promise<ImportProductPlan['channels']> {
  if (dump.channels.length === 0) return [];
  let targets: { id: number; name: string }[] = [];
  try {
    targets = await client.channels.listAll({ signal });
  } catch (error) {
    if (!(isBigCommerceError(error) && error.code === 'bc_forbidden_scope')) throw error;
  }
  const names = new Map(dump.channel_details.map((channel) => [channel.id, channel.name]));
  return dump.channels.map((sourceId) => {
    const name = names.get(sourceId) ?? null;
    const match =
      (name ? targets.find((channel) => lower(channel.name) === lower(name)) : undefined) ??
      targets.find((channel) => channel.id === sourceId);
    return { sourceId, name, exists: match !== undefined, targetId: match?.id ?? null };
  });
}
