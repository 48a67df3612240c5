// Search Brands (issue 31): the brands whose name holds the query, and the brand whose id it is, as `{id, name}` for
// the id pickers and other API clients.
import { idFirst, searchedId } from '../../../common/contracts/search-products';
import type { FoundBrand } from '../../../common/contracts/search-brands';
import type { BigCommerceClient } from '../../integrations/bigcommerce';

/** "The ID and the specified fields will be returned" (brands_catalog.v3.yml lines 2681-2690). */
const FIELDS = 'name';

/**
 * Up to `limit` brands: when the query is a number, the brand with that id first (`id`, brands_catalog.v3.yml lines
 * 2579-2585), then those whose name holds it: "`name:like=new` returns brands with names that include `new`" (lines
 * 2655-2661). Both are asked at once.
 */
export async function searchBrands(
  client: BigCommerceClient,
  search: { query: string; limit: number },
  signal?: AbortSignal,
): Promise<{ brands: FoundBrand[] }> {
  const id = searchedId(search.query);
  const [byId, byName] = await Promise.all([
    id === undefined
      ? Promise.resolve([])
      : client.brands
          .list({ query: { id, include_fields: FIELDS }, limit: 1, signal })
          .then((page) => page.items),
    client.brands
      .list({ query: { 'name:like': search.query, include_fields: FIELDS }, limit: search.limit, signal })
      .then((page) => page.items),
  ]);
  const brands = idFirst(byId, byName, (item) => item.id, id, search.limit);
  return { brands: brands.map(({ id, name }) => ({ id, name })) };
}
