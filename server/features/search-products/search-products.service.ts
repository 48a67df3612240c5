// Search Products (issue 31): the store's products whose name, SKU or description holds the query, and the product
// whose id it is, as `{id, name, sku}` for the id pickers and other API clients.
import { idFirst, searchedId, type FoundProduct } from '../../../common/contracts/search-products';
import type { BigCommerceClient, Product } from '../../integrations/bigcommerce';

/** Only what a match shows: `include_fields` keeps the id and the fields named (products_catalog.v3.yml line 9570). */
const FIELDS = 'id,name,sku';

/**
 * Up to `limit` products: when the query is a number, the product with that id first (`id`, "Filter items by product
 * ID", products_catalog.v3.yml lines 47-52), then those `keyword` finds: "Filter items by keywords found in the `name`,
 * `description`, or `sku` fields, or in the brand name" (products_catalog.v3.yml lines 10035-10040), searched as a
 * merchant searches their own catalogue (`keyword_context=merchant`, lines 10041-10049). Both are asked at once.
 */
export async function searchProducts(
  client: BigCommerceClient,
  search: { query: string; limit: number },
  signal?: AbortSignal,
): Promise<{ products: FoundProduct[] }> {
  const id = searchedId(search.query);
  const [byId, byKeyword] = await Promise.all([
    id === undefined
      ? Promise.resolve([])
      : client.products
          .list({ query: { id, include_fields: FIELDS }, limit: 1, signal })
          .then((page) => page.items),
    client.products
      .list({
        query: { keyword: search.query, keyword_context: 'merchant', include_fields: FIELDS },
        limit: search.limit,
        signal,
      })
      .then((page) => page.items),
  ]);
  return { products: idFirst(byId, byKeyword, (item) => item.id, id, search.limit).map(found) };
}

function found(product: Product): FoundProduct {
  return { id: product.id, name: product.name ?? '', sku: product.sku ?? '' };
}

/**
 * How many products the store has, optionally only those in a category (`categories:in`), on a channel
 * (`channel_id:in`), of a brand (`brand_id`) or visible (`is_visible`): one page of one id, whose pagination counts
 * them all (products_catalog.v3.yml, the product list's filters and `meta.pagination.total`).
 */
export async function countProducts(
  client: BigCommerceClient,
  filters: { categoryId?: number; channelId?: number; brandId?: number; visibleOnly?: boolean },
  signal?: AbortSignal,
): Promise<{ filters: typeof filters; total: number }> {
  const page = await client.products.list({
    query: {
      // The smallest documented answer: `id` is not an allowed value (products_catalog.v3.yml IncludeFieldsParam).
      include_fields: 'name',
      'categories:in': filters.categoryId,
      'channel_id:in': filters.channelId,
      brand_id: filters.brandId,
      is_visible: filters.visibleOnly === true ? true : undefined,
    },
    limit: 1,
    signal,
  });
  return { filters, total: page.pagination?.total ?? page.items.length };
}
