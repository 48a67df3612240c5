// Search Brands (issue 31): `POST /api/search-brands` {storeCredentials, query, limit} answers
// `{success: true, data: {brands: [{id, name}]}}`: brands whose name holds the query, or whose id it is. Query and
// limit rules: ./search-products.ts.
import { z } from 'zod';
import { searchRequestSchema, type SearchRequest } from './search-products';

export const SEARCH_BRANDS_PATH = '/api/search-brands';

export const searchBrandsRequestSchema = searchRequestSchema;
export type SearchBrandsRequest = SearchRequest;

export const foundBrandSchema = z.object({ id: z.number().int(), name: z.string() });
export type FoundBrand = z.infer<typeof foundBrandSchema>;

export const searchBrandsDataSchema = z.object({ brands: z.array(foundBrandSchema) });
export type SearchBrandsData = z.infer<typeof searchBrandsDataSchema>;
export const searchBrandsResponseSchema = searchBrandsDataSchema;
