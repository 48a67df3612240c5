// Import Product: `POST /api/import-product` `{store: {storeHash, accessToken, clientId}, productData}` (spec part 1
// §2, §3, §5, §7; issue 13). `productData` is a product dump (common/dumps/product-dump.ts); the answer is the
// import result of spec §3, with counters for every step.
import { z } from 'zod';
import { productDumpSchema } from '../dumps/product-dump';
import { toolStoreCredentialsSchema } from './tool-result';

export const IMPORT_PRODUCT_PATH = '/api/import-product';

/** Spec part 1 §5 "Import Product". */
export const IMPORT_PRODUCT_MESSAGES = {
  notJsonFile: 'Please select a JSON file',
  invalidJson: 'Invalid JSON file',
  fileRequired: 'Please select a JSON file',
} as const;

export const importProductRequestSchema = z.object({
  store: toolStoreCredentialsSchema,
  productData: productDumpSchema,
});
export type ImportProductRequest = z.input<typeof importProductRequestSchema>;

const successFailed = z.object({ success: z.number(), failed: z.number() });

/** Spec part 1 §3 "Import product result". */
export const importProductResultSchema = z.object({
  productId: z.number(),
  productName: z.string(),
  productSku: z.string(),
  options: successFailed,
  modifiers: successFailed,
  variants: z.object({ created: z.number(), updated: z.number(), failed: z.number() }),
  images: z.object({ success: z.number(), failed: z.number(), skipped: z.number() }),
  videos: successFailed,
  customFields: successFailed,
  bulkPricing: successFailed,
  reviews: z.object({ success: z.number(), failed: z.number(), skipped: z.number() }),
  channels: z.object({ success: z.number(), error: z.number() }),
  logs: z.array(z.string()),
});
export type ImportProductResult = z.infer<typeof importProductResultSchema>;

export const importProductResponseSchema = z.object({ results: importProductResultSchema });

/** An empty result for a product: every counter at 0, ready to be counted step by step. */
export function emptyImportProductResult(product: {
  id: number;
  name: string;
  sku: string;
}): ImportProductResult {
  return {
    productId: product.id,
    productName: product.name,
    productSku: product.sku,
    options: { success: 0, failed: 0 },
    modifiers: { success: 0, failed: 0 },
    variants: { created: 0, updated: 0, failed: 0 },
    images: { success: 0, failed: 0, skipped: 0 },
    videos: { success: 0, failed: 0 },
    customFields: { success: 0, failed: 0 },
    bulkPricing: { success: 0, failed: 0 },
    reviews: { success: 0, failed: 0, skipped: 0 },
    channels: { success: 0, error: 0 },
    logs: [],
  };
}
