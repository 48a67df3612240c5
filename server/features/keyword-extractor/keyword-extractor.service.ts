// Keyword Extractor (spec part 2 §7; issue 14): what the browser counts comes from the store through its client and
// scheduler: the channels by name, one page of a channel's products with only the fields the extractor counts, and
// the "missing from titles" report for up to 250 products read with their page titles.
import {
  KEYWORD_PAGE_SIZE,
  MISSING_REPORT_BATCH,
  type ProductPage,
  type RateLimitUse,
} from '../../../common/contracts/keyword-extractor';
import { missingFromTitles, type TitledProduct } from '../../../common/keywords';
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
    // Pages read one request at a time stay one list only in an order asked for (products_catalog.v3.yml SortParam).
    query: { 'channel_id:in': request.channelId, include_fields: 'id,name,description', sort: 'id' },
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

/** A run of a channel's pages as the agent tools read it: products with their page titles, and the store's counts. */
export type ChannelProducts = {
  products: TitledProduct[];
  /** The pages read (startPage to lastPage; lastPage < startPage when startPage is past the channel's last page). */
  lastPage: number;
  totalPages: number;
  totalProducts: number;
};

/**
 * Pages `startPage` to `endPage` of a channel's products (KEYWORD_PAGE_SIZE each; id, name, description and page
 * title): the first page says how many there are, the others are then asked for at once and paced by the store's
 * scheduler.
 */
export async function channelProducts(
  client: BigCommerceClient,
  request: { channelId: number; startPage: number; endPage: number },
  { signal }: Options = {},
): Promise<ChannelProducts> {
  const read = (page: number) =>
    client.products.list({
      query: {
        'channel_id:in': request.channelId,
        include_fields: 'id,name,description,page_title',
        sort: 'id',
      },
      page,
      limit: KEYWORD_PAGE_SIZE,
      signal,
    });
  const first = await read(request.startPage);
  const totalPages = first.pagination?.total_pages ?? 1;
  // Past the channel's last page nothing is read.
  const lastPage = first.items.length > 0 ? Math.min(request.endPage, totalPages) : request.startPage - 1;
  const rest: number[] = [];
  for (let page = request.startPage + 1; page <= lastPage; page++) rest.push(page);
  const pages = [first, ...(await Promise.all(rest.map(read)))];
  return {
    products: pages.flatMap((page) =>
      page.items.map((product) => ({
        id: product.id,
        name: product.name ?? '',
        description: product.description ?? '',
        page_title: product.page_title ?? '',
      })),
    ),
    lastPage,
    totalPages,
    totalProducts: first.pagination?.total ?? first.items.length,
  };
}
