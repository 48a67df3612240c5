// The store's brands and categories by name (issue 45): a sheet names a product's brand and categories as people
// read them (`Nike`, `Shoes/Running`), the store by id. Read once per export assembly and per preview.
import type { CatalogLookups } from '../../../common/spreadsheet-edit/columns';
import { buildLookups } from '../../../common/spreadsheet-edit/lookups';
import type { BigCommerceClient } from '../../integrations/bigcommerce';

/**
 * Brands (`GET /v3/catalog/brands`, brands_catalog.v3.yml getBrands) and every category of every tree
 * (`GET /v3/catalog/trees/categories`, category-trees_catalog.v3.yml getAllCategories: `parent_id` 0 at a tree's
 * root) as the lookups a cell is read and written with. A path is its names from the root joined by `/`.
 */
export async function readCatalogLookups(
  client: BigCommerceClient,
  signal?: AbortSignal,
): Promise<CatalogLookups> {
  const [brands, categories] = await Promise.all([
    client.brands.listAll({ query: { include_fields: 'name' }, ...(signal ? { signal } : {}) }),
    client.categories.listAll({
      query: { include_fields: 'name,parent_id,tree_id' },
      ...(signal ? { signal } : {}),
    }),
  ]);
  return buildLookups(
    brands.map((brand) => ({ id: brand.id, name: brand.name })),
    categories.map((category) => ({
      id: category.category_id,
      name: category.name ?? '',
      parentId: category.parent_id ?? 0,
    })),
  );
}
