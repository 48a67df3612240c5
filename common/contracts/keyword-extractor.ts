// Keyword Extractor: the two calls of spec part 2 §7 (issue 14). `POST /api/fetch-channels` `{storeCredentials}` lists
// the store's channels; `POST /api/fetch-products` `{storeCredentials, page, channelId}` reads one page of the products
// assigned to that channel, only `id`, `name` and `description`.
import { z } from 'zod';
import { toolResultSchema, toolStoreCredentialsSchema } from './tool-result';

export const FETCH_CHANNELS_PATH = '/api/fetch-channels';
export const FETCH_PRODUCTS_PATH = '/api/fetch-products';

/**
 * Products per page: BigCommerce's largest page (250). The store's quota counts requests, not bytes, so the largest
 * page reads a catalogue with the fewest requests (the demo store's 1,260 products in 6); with only id, name and
 * description asked for, a page stays well under a megabyte. The screen shows it ("page = 250 products").
 */
export const KEYWORD_PAGE_SIZE = 250;

/** Spec part 2 §5 and §8. */
export const KEYWORD_MESSAGES = {
  channelRequired: 'Please select a channel',
  invalidPageRange: 'Please enter a valid page range',
  noChannels: 'No channels found for this store',
  channelsFailed: 'Failed to load channels',
} as const;

export const fetchChannelsRequestSchema = z.object({ storeCredentials: toolStoreCredentialsSchema });
export type FetchChannelsRequest = z.input<typeof fetchChannelsRequestSchema>;

export const keywordChannelSchema = z.object({ id: z.number(), name: z.string() });
export type KeywordChannel = z.infer<typeof keywordChannelSchema>;
export const fetchChannelsResponseSchema = toolResultSchema(
  z.object({ channels: z.array(keywordChannelSchema) }),
);

const positiveInteger = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => (typeof value === 'string' ? Number(value.trim()) : value))
    .pipe(z.number({ error: message }).int(message).min(1, message).max(1_000_000_000, message));

export const fetchProductsRequestSchema = z.object({
  storeCredentials: toolStoreCredentialsSchema,
  page: positiveInteger('page must be a whole number of at least 1'),
  channelId: positiveInteger(KEYWORD_MESSAGES.channelRequired),
});
export type FetchProductsRequest = z.input<typeof fetchProductsRequestSchema>;

/** Spec part 2 §3 "product": what the extractor counts. */
export const keywordProductSchema = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type KeywordProduct = z.infer<typeof keywordProductSchema>;

/**
 * The store's API quota as BigCommerce reported it with the page (issue 31: the screen shows what the run is using):
 * requests used in the current window, of `quota` per window of `windowMs`. From the answer's `X-Rate-Limit-*`
 * headers (API-NOTES §5); absent when BigCommerce sent none.
 */
export const rateLimitUseSchema = z.object({
  used: z.number().int().min(0),
  quota: z.number().int().min(1),
  windowMs: z.number().int().min(1),
});
export type RateLimitUse = z.infer<typeof rateLimitUseSchema>;

/** Spec part 2 §3 "page result", and the quota in use (issue 31). */
export const productPageSchema = z.object({
  products: z.array(keywordProductSchema),
  currentPage: z.number(),
  totalPages: z.number(),
  totalProducts: z.number(),
  rateLimit: rateLimitUseSchema.optional(),
});
export type ProductPage = z.infer<typeof productPageSchema>;
export const fetchProductsResponseSchema = toolResultSchema(productPageSchema);

/**
 * `POST` `{storeCredentials, productIds}` (at most {@link MISSING_REPORT_BATCH} ids): the "keywords missing from page
 * titles" report of those products (issue 14), read with their page titles. Not in the spec; the screen calls it in
 * batches for the products it has read.
 */
export const MISSING_FROM_TITLES_PATH = '/api/keyword-extractor/missing-from-titles';
export const MISSING_REPORT_BATCH = 250;

export const missingFromTitlesRequestSchema = z.object({
  storeCredentials: toolStoreCredentialsSchema,
  productIds: z
    .array(z.number().int().min(1))
    .min(1, 'productIds must list at least one product id')
    .max(MISSING_REPORT_BATCH, `productIds takes at most ${MISSING_REPORT_BATCH} ids a call`),
});
export type MissingFromTitlesRequest = z.input<typeof missingFromTitlesRequestSchema>;

export const missingFromTitleLineSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  topKeywords: z.array(z.string()),
  missing: z.array(z.string()),
});
export const missingFromTitlesResponseSchema = toolResultSchema(
  z.object({
    /** Products found and checked (ids the store does not have are left out). */
    checked: z.number(),
    /** Products whose title lacks at least one of their top description keywords, most missing first. */
    lines: z.array(missingFromTitleLineSchema),
  }),
);
