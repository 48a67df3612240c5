// Search Products (issue 31, "Finding things by name"): `POST /api/search-products` {storeCredentials, query, limit}
// answers `{products: [{id, name, sku}]}` (the names the issue gives; a failure is the app's `{error, code}`). The id
// pickers of the tool screens (client/components/entity-picker/) and other API clients find a product by part of its
// name or SKU, or by its id. The query and limit rules here are shared by Search Categories and Search Brands.
import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { SEARCH_VALUE_REQUIRED_MESSAGE } from './dump-product';
import { codedIssue, toolStoreCredentialsSchema } from './tool-result';

export const SEARCH_PRODUCTS_PATH = '/api/search-products';

/** A query is at most this many characters (after trimming). */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 10;

export const SEARCH_QUERY_TOO_LONG_MESSAGE = `query must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`;
export const SEARCH_LIMIT_INVALID_MESSAGE = `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`;

/**
 * The query: text (a number is read as its digits), trimmed, 1 to 100 characters. Left out, it is the spec's 'Please
 * enter a value to search by' (`search_value_required`), as Dump Product's search value.
 */
export const searchQuerySchema = z
  .preprocess((value) => value ?? '', z.union([z.string(), z.number()], { error: 'query must be text' }))
  .transform((value) => String(value).trim())
  .superRefine((query, ctx) => {
    if (query === '') {
      ctx.addIssue(codedIssue(ERROR_CODES.searchValueRequired, SEARCH_VALUE_REQUIRED_MESSAGE));
    } else if (query.length > SEARCH_QUERY_MAX_LENGTH) {
      ctx.addIssue(codedIssue(ERROR_CODES.invalidInput, SEARCH_QUERY_TOO_LONG_MESSAGE));
    }
  });

/** How many matches at most: a whole number from 1 to 50, 10 when left out. */
export const searchLimitSchema = z
  .number({ error: SEARCH_LIMIT_INVALID_MESSAGE })
  .int({ error: SEARCH_LIMIT_INVALID_MESSAGE })
  .min(1, { error: SEARCH_LIMIT_INVALID_MESSAGE })
  .max(SEARCH_LIMIT_MAX, { error: SEARCH_LIMIT_INVALID_MESSAGE })
  .default(SEARCH_LIMIT_DEFAULT);

/** `{storeCredentials, query, limit}`: the body of every search route. */
export const searchRequestSchema = z.object({
  storeCredentials: toolStoreCredentialsSchema,
  query: searchQuerySchema,
  limit: searchLimitSchema,
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

/**
 * The id a query names when it is one: a positive whole number as BigCommerce ids are (1 to 10 digits, no leading
 * zero). Such a query also finds the product, category or brand with that id.
 */
export function searchedId(query: string): number | undefined {
  return /^[1-9][0-9]{0,9}$/.test(query) ? Number(query) : undefined;
}

/**
 * The answer of a search: the item whose id the query is (when it is one) first, then the text matches without it
 * again, `limit` in all. Every search route asks both at once and merges them so.
 */
export function idFirst<T>(
  byId: readonly T[],
  byText: readonly T[],
  idOf: (item: T) => number,
  id: number | undefined,
  limit: number,
): T[] {
  const exact = byId.filter((item) => idOf(item) === id);
  return [...exact, ...byText.filter((item) => idOf(item) !== id)].slice(0, limit);
}

export const searchProductsRequestSchema = searchRequestSchema;
export type SearchProductsRequest = SearchRequest;

export const foundProductSchema = z.object({ id: z.number().int(), name: z.string(), sku: z.string() });
export type FoundProduct = z.infer<typeof foundProductSchema>;

export const searchProductsDataSchema = z.object({ products: z.array(foundProductSchema) });
export type SearchProductsData = z.infer<typeof searchProductsDataSchema>;
export const searchProductsResponseSchema = searchProductsDataSchema;
