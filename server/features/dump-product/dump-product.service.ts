// Dump Product: one product with everything an import needs to rebuild it (API-NOTES §6 (a)), as the versioned
// product dump of common/dumps/product-dump.ts. A dump costs as few requests as BigCommerce allows (issue 11): the
// product comes with the sub-resources that `include=` returns whole (variants, options, modifiers, images, videos,
// custom fields, bulk pricing rules, channel ids) [PROD getProduct IncludeParamBase]; reviews, which can be many, are
// paged; category paths, the brand name and channel names are read alongside. Everything that depends only on the
// product id is asked for at once and the store's scheduler paces it. By id on the demo store: 14 requests before,
// 6 now (product, reviews, two category levels, brand, channels).
import {
  listedProductIds,
  PRODUCT_DUMP_KIND,
  PRODUCT_DUMP_VERSION,
  type DumpedCategory,
  type DumpedListedProduct,
  type ProductDumpInput,
} from '../../../common/dumps/product-dump';
import type { ProductSearchType } from '../../../common/contracts/dump-product';
import {
  isBigCommerceError,
  type BigCommerceClient,
  type Category,
  type Product,
} from '../../integrations/bigcommerce';
import { AppError } from '../../errors';
import { ERROR_CODES } from '../../../common/errors';

export type DumpProductOptions = { now?: () => Date; signal?: AbortSignal };

/** `category_id:in` lists are sent in chunks of this many ids (a URL stays far below any length limit). */
const CATEGORY_CHUNK = 100;
/** Listed products are read by `id:in` this many at a time (a page holds up to 250). */
const LISTED_CHUNK = 100;
/** BigCommerce allows 8 levels of categories (API-NOTES §6 (b)); a few more guard against a parent loop. */
const MAX_CATEGORY_DEPTH = 12;

function notFound(searchType: ProductSearchType, value: string): AppError {
  return new AppError(
    ERROR_CODES.productNotFound,
    searchType === 'id'
      ? `No product with ID ${value} was found in this store`
      : `No product or variant with SKU "${value}" was found in this store`,
  );
}

/**
 * By main SKU first (`GET /catalog/products?sku=`), then by variant SKU (`GET /catalog/variants?sku=`). An answer is
 * used only when it holds that very SKU (letter case aside: SKUs are unique "regardless of the letter case",
 * products_catalog.v3.yml line 7139): BigCommerce ignores a filter it does not take and answers with everything.
 */
async function findProductIdBySku(
  client: BigCommerceClient,
  sku: string,
  signal: AbortSignal | undefined,
): Promise<number> {
  const same = (other: string | undefined) => (other ?? '').toLowerCase() === sku.toLowerCase();
  const products = await client.products.list({
    query: { sku, include_fields: 'id,sku' },
    limit: 5,
    signal,
  });
  const product = products.items.find((item) => same(item.sku));
  if (product) return product.id;
  const variants = await client.variants.list({ query: { sku }, limit: 5, signal });
  const productId = variants.items.find((item) => same(item.sku))?.product_id;
  if (productId === undefined) throw notFound('sku', sku);
  return productId;
}

/**
 * The SKU and name of every product the product-list options and modifiers name (`value_data.product_id`,
 * product-modifiers_catalog.v3.yml line 30), so an import can find them in another store by SKU. `id:in` is documented
 * on `GET /catalog/products` (products_catalog.v3.yml line 72); only the ids asked for are kept from the answer.
 */
async function listedProducts(
  client: BigCommerceClient,
  product: Product,
  signal: AbortSignal | undefined,
): Promise<DumpedListedProduct[]> {
  const ids = listedProductIds(product);
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  const pages = await Promise.all(
    chunk(ids, LISTED_CHUNK).map((part) =>
      client.products.list({
        query: { 'id:in': part, include_fields: 'id,sku,name' },
        limit: LISTED_CHUNK,
        signal,
      }),
    ),
  );
  return pages
    .flatMap((page) => page.items)
    .filter((item) => wanted.has(item.id))
    .map((item) => ({ id: item.id, sku: item.sku ?? '', name: item.name ?? null }))
    .sort((a, b) => a.id - b.id);
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * Names and paths of the product's categories: reads the categories, then their parents level by level until every
 * root is known (one request per level, not one per category).
 */
export async function describeCategories(
  client: BigCommerceClient,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<DumpedCategory[]> {
  const known = new Map<number, Category>();
  let wanted = [...new Set(ids)];
  for (let level = 0; wanted.length > 0 && level < MAX_CATEGORY_DEPTH; level++) {
    const pages = await Promise.all(
      chunk(wanted, CATEGORY_CHUNK).map((part) =>
        client.categories.listAll({ query: { 'category_id:in': part }, signal }),
      ),
    );
    for (const category of pages.flat()) known.set(category.category_id, category);
    wanted = [
      ...new Set(
        pages
          .flat()
          .map((category) => category.parent_id ?? 0)
          .filter((parent) => parent > 0 && !known.has(parent)),
      ),
    ];
  }
  const described: DumpedCategory[] = [];
  for (const id of new Set(ids)) {
    const category = known.get(id);
    if (!category) continue; // assigned but gone from the store: the id stays in `categories`
    const path: string[] = [];
    const pathIds: number[] = [];
    const seen = new Set<number>();
    for (let node: Category | undefined = category; node && !seen.has(node.category_id);) {
      seen.add(node.category_id);
      path.unshift(node.name ?? '');
      pathIds.unshift(node.category_id);
      node = node.parent_id ? known.get(node.parent_id) : undefined;
    }
    described.push({
      id,
      name: category.name ?? '',
      tree_id: category.tree_id ?? null,
      parent_id: category.parent_id ?? null,
      path,
      path_ids: pathIds,
    });
  }
  return described;
}

async function brandName(
  client: BigCommerceClient,
  brandId: number | null | undefined,
  signal: AbortSignal | undefined,
): Promise<string | null> {
  if (!brandId || brandId <= 0) return null;
  try {
    return (await client.brands.get(brandId, { signal })).name;
  } catch (error) {
    if (isBigCommerceError(error) && error.code === 'bc_not_found') return null;
    throw error;
  }
}

/** Channel names are a convenience for the import: a token without the channel scopes still dumps the product. */
async function channelNames(
  client: BigCommerceClient,
  signal: AbortSignal | undefined,
): Promise<Map<number, string>> {
  try {
    const channels = await client.channels.listAll({ signal });
    return new Map(channels.map((channel) => [channel.id, channel.name]));
  } catch (error) {
    if (isBigCommerceError(error) && error.code === 'bc_forbidden_scope') return new Map();
    throw error;
  }
}

/** The product's fields without the sub-resource lists that `include=` embeds (the dump has the full lists). */
function productFields(product: Product): Record<string, unknown> {
  const {
    variants: _variants,
    images: _images,
    videos: _videos,
    custom_fields: _customFields,
    bulk_pricing_rules: _bulkPricingRules,
    options: _options,
    modifiers: _modifiers,
    reviews: _reviews,
    channels: _channels,
    ...fields
  } = product;
  return fields;
}

export async function dumpProduct(
  client: BigCommerceClient,
  search: { searchType: ProductSearchType; searchValue: string },
  options: DumpProductOptions = {},
): Promise<ProductDumpInput> {
  const { signal } = options;
  const productId =
    search.searchType === 'id'
      ? Number(search.searchValue)
      : await findProductIdBySku(client, search.searchValue, signal);

  let product: Product;
  try {
    product = await client.products.get(productId, {
      include: [
        'variants',
        'options',
        'modifiers',
        'images',
        'videos',
        'custom_fields',
        'bulk_pricing_rules',
        'channels',
        'primary_image',
        'parent_relations',
      ],
      signal,
    });
  } catch (error) {
    if (isBigCommerceError(error) && error.code === 'bc_not_found') {
      throw notFound(search.searchType, search.searchValue);
    }
    throw error;
  }

  const [reviews, categoryDetails, brand, channelNameById, listed] = await Promise.all([
    client.products.reviews.listAll(productId, { signal }),
    describeCategories(client, product.categories ?? [], signal),
    brandName(client, product.brand_id, signal),
    channelNames(client, signal),
    listedProducts(client, product, signal),
  ]);
  const channels = [...new Set(product.channels ?? [])].sort((a, b) => a - b);

  return {
    formatVersion: PRODUCT_DUMP_VERSION,
    kind: PRODUCT_DUMP_KIND,
    dumpedAt: (options.now?.() ?? new Date()).toISOString(),
    source: { storeHash: client.storeHash, productId },
    ...productFields(product),
    id: product.id,
    name: product.name ?? '',
    sku: product.sku ?? '',
    type: product.type ?? 'physical',
    categories: product.categories ?? [],
    category_details: categoryDetails,
    brand_id: product.brand_id ?? null,
    brand_name: brand,
    channels,
    channel_details: channels.map((id) => ({ id, name: channelNameById.get(id) ?? null })),
    product_list_products: listed,
    images: product.images ?? [],
    variants: product.variants ?? [],
    options: product.options ?? [],
    modifiers: product.modifiers ?? [],
    videos: product.videos ?? [],
    custom_fields: product.custom_fields ?? [],
    bulk_pricing_rules: product.bulk_pricing_rules ?? [],
    reviews,
  };
}
