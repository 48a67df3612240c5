// `POST /api/fetch-channels` and `POST /api/fetch-products` (spec part 2 §7; issue 14), through the store's client
// and its scheduler: channels by name; one page of a channel's products with only the fields the extractor counts.
import { Hono } from 'hono';
import {
  fetchChannelsRequestSchema,
  fetchProductsRequestSchema,
  KEYWORD_PAGE_SIZE,
  type ProductPage,
} from '../../../common/contracts/keyword-extractor';
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
