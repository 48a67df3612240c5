// Dump Product: `POST /api/dump-product` (spec part 1 §2, §5, §7). The answer's `data` is the product dump file
// (common/dumps/product-dump.ts); the client downloads it as `product_{value}_{timestamp}.json`.
import { z } from 'zod';
import { productDumpSchema } from '../dumps/product-dump';
import { codedIssue, toolResultSchema, toolStoreCredentialsSchema } from './tool-result';
import { ERROR_CODES } from '../errors';

export const DUMP_PRODUCT_PATH = '/api/dump-product';

export const productSearchTypeSchema = z.enum(['id', 'sku'], {
  error: 'searchType must be "id" or "sku"',
});
export type ProductSearchType = z.infer<typeof productSearchTypeSchema>;

/** Spec part 1 §5 "Dump Product: a search value is needed with the chosen search type". */
export const SEARCH_VALUE_REQUIRED_MESSAGE = 'Please enter a value to search by';
export const PRODUCT_ID_INVALID_MESSAGE = 'Product ID must be a positive whole number';

export const dumpProductRequestSchema = z
  .object({
    storeCredentials: toolStoreCredentialsSchema,
    searchType: productSearchTypeSchema,
    searchValue: z
      .union([z.string(), z.number()], { error: SEARCH_VALUE_REQUIRED_MESSAGE })
      .transform((value) => String(value).trim()),
  })
  .superRefine((request, ctx) => {
    if (request.searchValue === '') {
      ctx.addIssue(
        codedIssue(ERROR_CODES.searchValueRequired, SEARCH_VALUE_REQUIRED_MESSAGE, ['searchValue']),
      );
    } else if (request.searchType === 'id' && !/^[1-9][0-9]{0,9}$/.test(request.searchValue)) {
      ctx.addIssue(codedIssue(ERROR_CODES.invalidInput, PRODUCT_ID_INVALID_MESSAGE, ['searchValue']));
    }
  });
export type DumpProductRequest = z.input<typeof dumpProductRequestSchema>;

export const dumpProductResponseSchema = toolResultSchema(productDumpSchema);
export type DumpProductResponse = z.infer<typeof dumpProductResponseSchema>;
