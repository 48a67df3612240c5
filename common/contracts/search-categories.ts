// Search Categories (issue 31): `POST /api/search-categories` {storeCredentials, query, limit} answers
// `{success: true, data: {categories: [{id, name, parentId}]}}`: categories of every tree whose name holds the query,
// or whose id it is. Query and limit rules: ./search-products.ts.
import { z } from 'zod';
import { searchRequestSchema, type SearchRequest } from './search-products';

export const SEARCH_CATEGORIES_PATH = '/api/search-categories';

export const searchCategoriesRequestSchema = searchRequestSchema;
export type SearchCategoriesRequest = SearchRequest;

/** `parentId` 0 for a category at the top of its tree (BigCommerce's `parent_id`). */
export const foundCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int(),
});
export type FoundCategory = z.infer<typeof foundCategorySchema>;

export const searchCategoriesDataSchema = z.object({ categories: z.array(foundCategorySchema) });
export type SearchCategoriesData = z.infer<typeof searchCategoriesDataSchema>;
export const searchCategoriesResponseSchema = searchCategoriesDataSchema;
