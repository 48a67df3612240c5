// Import Product, the read side (issue 13): what a product dump becomes in the target store, read without writing.
// The dry run answers this plan; the import computes the same plan first and then writes it. Everything is matched
// by the keys BigCommerce keeps unique (API-NOTES §6 (d)): the product by SKU (or, without a SKU, by name), variants by
// SKU, options and modifiers by display name, categories by their path of names, the brand and channels by name, the
// products of product lists by SKU. Lookups use only the filters BigCommerce documents, and every answer is checked
// against what was asked (API-NOTES §9): BigCommerce ignores a filter it does not know and answers with everything.
import {
  DEFAULT_COPY_SUFFIX,
  type ExistingProductAction,
  type ImportClash,
  type ImportIdMap,
  type ImportProductPlan,
  type ProductListReason,
} from '../../../common/contracts/import-product';
import { listedProductIds, type ProductDump } from '../../../common/dumps/product-dump';
import {
  isBigCommerceError,
  type BigCommerceClient,
  type Category,
  type Product,
  type Variant,
} from '../../integrations/bigcommerce';
import { renderImportMessage } from '../../../common/import-product/message-texts';
import { mapBounded } from '../../../common/map-bounded';
import { optionVariants, planLimits, planNotes, planSteps, type PlanFacts } from './plan-checks';

export const lower = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

/** SKUs per `sku:in` request: a query string stays short, and the answer fits one page. */
const SKU_CHUNK = 50;
/** Lookups sent at once at most; the store's scheduler paces them further (its concurrency and the quota). */
const LOOKUP_CONCURRENCY = 6;

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
  // One `name:like` lookup per name, each answer kept only where the name is that very name. `name:in` is not a filter
  // of `GET /v3/catalog/trees/categories` (category-trees_catalog.v3.yml lines 56-73 document `name` and `name:like`),
  // so BigCommerce would ignore it and answer every category. `name:like` matches regardless of case (line 1141:
  // "`name:like=stick` returns both `Stickers` and ..."), as the paths are compared; `name` documents no case rule.
  const names = [
    ...new Map(wanted.flatMap((category) => category.path).map((name) => [lower(name), name])).values(),
  ];
  const answers = await mapBounded(names, LOOKUP_CONCURRENCY, async (name) =>
    (await client.categories.listAll({ query: { 'name:like': name }, signal })).filter(
      (category) => lower(category.name) === lower(name),
    ),
  );
  const found = [...new Map(answers.flat().map((category) => [category.category_id, category])).values()];
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
  /** The products the product-list options and modifiers name, by source id, found in the target by SKU. */
  listed: Map<number, ListedMatch>;
};

export type ListedMatch = {
  sourceId: number;
  sku: string | null;
  targetId: number | null;
  /** Why it has no target product; null when it has one. */
  reason: ProductListReason | null;
};

/**
 * The target's products for the source products that product-list options and modifiers name by
 * `value_data.product_id` (product-modifiers_catalog.v3.yml line 30): ids of the source store, so each is found again
 * by its SKU, which the dump carries (`product_list_products`). The dumped product itself is mapped once written.
 */
export async function matchListedProducts(
  client: BigCommerceClient,
  dump: ProductDump,
  signal?: AbortSignal,
): Promise<Map<number, ListedMatch>> {
  const matches = new Map<number, ListedMatch>();
  const described = dump.product_list_products;
  const bySourceId = new Map((described ?? []).map((product) => [product.id, product]));
  for (const id of listedProductIds(dump)) {
    if (id === dump.id) continue;
    const product = bySourceId.get(id);
    const reason: ProductListReason | null =
      described === undefined ? 'old_dump' : !product ? 'not_in_dump' : product.sku === '' ? 'no_sku' : null;
    matches.set(id, { sourceId: id, sku: product?.sku || null, targetId: null, reason });
  }
  const skus = [...matches.values()].flatMap((match) =>
    match.reason === null && match.sku ? [match.sku] : [],
  );
  if (skus.length === 0) return matches;
  const found = new Map(
    (await productsWithSkus(client, [...new Set(skus)], signal)).map((product) => [
      lower(product.sku),
      product.id,
    ]),
  );
  for (const match of matches.values()) {
    if (match.reason !== null) continue;
    match.targetId = found.get(lower(match.sku)) ?? null;
    if (match.targetId === null) match.reason = 'not_in_target';
  }
  return matches;
}

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

/**
 * The product with this very SKU or name (letter case aside). `sku` and `name` are documented filters of
 * `GET /v3/catalog/products` (products_catalog.v3.yml lines 87 and 119); the answer is checked all the same, since an
 * ignored filter answers with every product. SKUs are unique "regardless of the letter case" (line 7139).
 */
async function productWith(
  client: BigCommerceClient,
  key: 'sku' | 'name',
  value: string,
  signal?: AbortSignal,
): Promise<Product | null> {
  const page = await client.products.list({ query: { [key]: value }, limit: 5, signal });
  return page.items.find((item) => lower(item[key]) === lower(value)) ?? null;
}

/** Products whose own SKU is one of `skus` (`sku:in`, products_catalog.v3.yml line 120), each answer checked. */
export async function productsWithSkus(
  client: BigCommerceClient,
  skus: readonly string[],
  signal?: AbortSignal,
): Promise<Product[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < skus.length; i += SKU_CHUNK) chunks.push(skus.slice(i, i + SKU_CHUNK));
  const wanted = new Set(skus.map(lower));
  const pages = await mapBounded(chunks, LOOKUP_CONCURRENCY, async (part) =>
    (
      await client.products.list({
        query: { 'sku:in': part, include_fields: 'id,sku,name' },
        limit: SKU_CHUNK,
        signal,
      })
    ).items.filter((item) => wanted.has(lower(item.sku))),
  );
  return pages.flat();
}

/**
 * The variants (of any product) with this very SKU. `GET /v3/catalog/variants` documents `sku`, one value, and no
 * `sku:in` (product-variants_catalog.v3.yml lines 1039-1051 and 3285-3290): one SKU a request, each answer checked.
 */
export async function variantsWithSku(
  client: BigCommerceClient,
  sku: string,
  signal?: AbortSignal,
): Promise<Variant[]> {
  const page = await client.variants.list({ query: { sku }, limit: 50, signal });
  return page.items.filter((variant) => lower(variant.sku) === lower(sku));
}

/** Source variants that are real variants (with option values); the base variant is the product itself. */

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
  const clashes: ImportClash[] = [];

  // The product the dump already is in the target: from an earlier run's id map, by SKU, or (no SKU) by name.
  let existing: Product | null = null;
  const mapped = options.idMap?.product[String(dump.id)];
  if (mapped !== undefined) existing = await getProduct(client, mapped, signal);
  const bySku = dump.sku ? await productWith(client, 'sku', dump.sku, signal) : null;
  const byName = await productWith(client, 'name', dump.name, signal);
  existing ??= bySku ?? (dump.sku ? null : byName);
  if (bySku) {
    clashes.push({ kind: 'sku', value: dump.sku, productId: bySku.id, productName: bySku.name ?? null });
  }
  if (byName && byName.id !== existing?.id) {
    clashes.push({ kind: 'name', value: dump.name, productId: byName.id, productName: byName.name ?? null });
  }
  if (!existing && dump.sku) {
    // The main SKU may be a variant's SKU in the target (SKUs are unique across products and variants).
    const holder = (await variantsWithSku(client, dump.sku, signal))[0];
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
  let earlierCopy: PlanFacts['copy'] = null;
  if (action === 'copy') {
    const copy =
      (sku ? await productWith(client, 'sku', sku, signal) : null) ??
      (await productWith(client, 'name', name, signal));
    target = copy;
    if (copy) earlierCopy = { key: sku || name, id: copy.id };
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
  if (action !== 'skip' && unknown.length > 0) {
    // Per SKU, the target products that hold it, as they spell it (a product's own SKU also gives its name).
    const holders = new Map<string, Map<number, ImportClash>>();
    const hold = (value: string, productId: number, productName: string | null) => {
      if (productId === updateTarget?.id) return;
      const bySku = holders.get(lower(value)) ?? new Map<number, ImportClash>();
      const known = bySku.get(productId);
      bySku.set(productId, {
        kind: 'variant_sku',
        value,
        productId,
        productName: known?.productName ?? productName,
      });
      holders.set(lower(value), bySku);
    };
    // The variants filter is "by variant SKU" and sends a product's own SKU to the products list
    // (product-variants_catalog.v3.yml line 3288), whose `sku:in` is documented (products_catalog.v3.yml line 120).
    for (const product of await productsWithSkus(client, unknown, signal)) {
      hold(product.sku ?? '', product.id, product.name ?? null);
    }
    const held = await mapBounded(unknown, LOOKUP_CONCURRENCY, (variantSku) =>
      variantsWithSku(client, variantSku, signal),
    );
    for (const variant of held.flat()) hold(variant.sku ?? '', variant.product_id ?? 0, null);
    for (const variantSku of unknown) {
      const bySku = holders.get(lower(variantSku));
      if (bySku) clashes.push(...[...bySku.values()].sort((a, b) => a.productId - b.productId));
    }
  }

  const [categories, brand, channels, listed] = await Promise.all([
    matchCategories(client, dump, signal),
    matchBrand(client, dump.brand_name, signal),
    matchChannels(client, dump, signal),
    matchListedProducts(client, dump, signal),
  ]);
  const noteMessages = planNotes({ dump, action, clashes, copy: earlierCopy, listed, categories, brand });
  const limitMessages = planLimits(dump);
  const steps = planSteps(dump, action, channels);

  return {
    plan: {
      action,
      existingProductId: existing?.id ?? null,
      sku,
      name,
      clashes,
      limits: limitMessages.map(renderImportMessage),
      limitMessages,
      categories,
      brand,
      channels,
      variants: { create: variantSkus.length - update, update },
      steps,
      notes: noteMessages.map(renderImportMessage),
      noteMessages,
    },
    existing: target,
    existingVariants,
    listed,
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
