// Search Categories (issue 31): the categories of every tree whose name holds the query, and the category whose id it
// is, as `{id, name, parentId}` for the id pickers and other API clients.
import { idFirst, searchedId } from '../../../common/contracts/search-products';
import type { FoundCategory } from '../../../common/contracts/search-categories';
import type { BigCommerceClient, Category } from '../../integrations/bigcommerce';

/** "The ID and the specified fields will be returned" (category-trees_catalog.v3.yml lines 1098-1107). */
const FIELDS = 'name,parent_id';

/**
 * Up to `limit` categories: when the query is a number, the category with that id first (`category_id:in`,
 * category-trees_catalog.v3.yml lines 1201-1211), then those whose name holds the query: "`name:like=stick` returns
 * both `Stickers` and `Lipstick colors`" (lines 1137-1143). Both are asked at once.
 */
export async function searchCategories(
  client: BigCommerceClient,
  search: { query: string; limit: number },
  signal?: AbortSignal,
): Promise<{ categories: FoundCategory[] }> {
  const id = searchedId(search.query);
  const [byId, byName] = await Promise.all([
    id === undefined
      ? Promise.resolve([])
      : client.categories
          .list({ query: { 'category_id:in': id, include_fields: FIELDS }, limit: 1, signal })
          .then((page) => page.items),
    client.categories
      .list({ query: { 'name:like': search.query, include_fields: FIELDS }, limit: search.limit, signal })
      .then((page) => page.items),
  ]);
  return { categories: idFirst(byId, byName, (item) => item.category_id, id, search.limit).map(found) };
}

function found(category: Category): FoundCategory {
  return { id: category.category_id, name: category.name ?? '', parentId: category.parent_id ?? 0 };
}
