// Keyword Extractor (spec part 2 §7; issue 14): what the browser counts comes from the store through its client and
// scheduler: the channels by name, one page of a channel's products with only the fields the extractor counts, and
// the "missing from titles" report for up to 250 products read with their page titles.
import {
  KEYWORD_PAGE_SIZE,
  MISSING_REPORT_BATCH,
  type ProductPage,
  type RateLimitUse,
} from '../../../common/contracts/keyword-extractor';
import { missingFromTitles } from '../../../common/keywords';
import type { BigCommerceClient } from '../../integrations/bigcommerce';

type Options = { signal?: AbortSignal };

/** The store's channels, by id. */
export async function listChannels(client: BigCommerceClient, { signal }: Options = {}) {
  const channels = await client.channels.listAll({ signal });
  return {
    channels: channels.map((channel) => ({ id: channel.id, name: channel.name })).sort((a, b) => a.id - b.id),
  };
}

/** One page of a channel's products, with the page counts the screen shows and the store's quota in use. */
export async function productPage(
  client: BigCommerceClient,
  request: { channelId: number; page: number },
  { signal }: Options = {},
): Promise<ProductPage> {
  const page = await client.products.list({
    query: { 'channel_id:in': request.channelId, include_fields: 'id,name,description' },
    page: request.page,
    limit: KEYWORD_PAGE_SIZE,
    signal,
  });
  return {
    products: page.items.map((product) => ({
      id: product.id,
      name: product.name ?? '',
      description: product.description ?? '',
    })),
    currentPage: page.pagination?.current_page ?? request.page,
    totalPages: page.pagination?.total_pages ?? 1,
    totalProducts: page.pagination?.total ?? page.items.length,
    ...quotaInUse(client),
  };
}

/** The quota as the store's last answer reported it (X-Rate-Limit-* headers, API-NOTES §5), whole numbers. */
function quotaInUse(client: BigCommerceClient): { rateLimit?: RateLimitUse } {
  const use = client.http.rateLimit();
  if (!use) return {};
  return {
    rateLimit: {
      used: Math.round(use.used),
      quota: Math.max(1, Math.round(use.quota)),
      windowMs: Math.max(1, Math.round(use.windowMs)),
    },
  };
}

/** The keywords of each product missing from its page title (or its name when it has none). */
export async function missingFromTitlesReport(
  client: BigCommerceClient,
  productIds: readonly number[],
  { signal }: Options = {},
) {
  const ids = [...new Set(productIds)];
  const page = await client.products.list({
    query: { 'id:in': ids, include_fields: 'id,name,description,page_title' },
    limit: MISSING_REPORT_BATCH,
    signal,
  });
  const products = page.items.map((product) => ({
    id: product.id,
    name: product.name ?? '',
    description: product.description ?? '',
    page_title: product.page_title ?? '',
  }));
  return { checked: products.length, lines: missingFromTitles(products) };
}
