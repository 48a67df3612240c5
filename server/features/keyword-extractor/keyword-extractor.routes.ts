// `POST /api/fetch-channels` and `POST /api/fetch-products` (spec part 2 §7; issue 14), through the store's client
// and its scheduler: channels by name; one page of a channel's products with only the fields the extractor counts.
import { Hono } from 'hono';
import {
  fetchChannelsRequestSchema,
  fetchProductsRequestSchema,
  KEYWORD_PAGE_SIZE,
  MISSING_REPORT_BATCH,
  missingFromTitlesRequestSchema,
  type ProductPage,
} from '../../../common/contracts/keyword-extractor';
import { missingFromTitles } from '../../../common/keywords';
import { toolRoute, type ToolRouteDeps } from '../../tool-route';

export function fetchChannelsRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    '/',
    toolRoute(deps, fetchChannelsRequestSchema, async (request, { storeClient, signal }) => {
      const channels = await storeClient(request.storeCredentials).channels.listAll({ signal });
      return {
        channels: channels
          .map((channel) => ({ id: channel.id, name: channel.name }))
          .sort((a, b) => a.id - b.id),
      };
    }),
  );
}

export function fetchProductsRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    '/',
    toolRoute(
      deps,
      fetchProductsRequestSchema,
      async (request, { storeClient, signal }): Promise<ProductPage> => {
        const page = await storeClient(request.storeCredentials).products.list({
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
        };
      },
    ),
  );
}

/** `POST /api/keyword-extractor/missing-from-titles`: the report for up to 250 products, read with their page titles. */
export function keywordReportRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    '/missing-from-titles',
    toolRoute(deps, missingFromTitlesRequestSchema, async (request, { storeClient, signal }) => {
      const ids = [...new Set(request.productIds)];
      const page = await storeClient(request.storeCredentials).products.list({
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
    }),
  );
}
