// `POST /api/search-products` (issue 31): the validated request goes to the service with the store's client.
import { Hono } from 'hono';
import { SEARCH_PRODUCTS_PATH, searchProductsRequestSchema } from '../../../common/contracts/search-products';
import { storeRoute, type ToolRouteDeps } from '../../tool-route';
import { searchProducts } from './search-products.service';

export function searchProductsRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    SEARCH_PRODUCTS_PATH,
    storeRoute(deps, searchProductsRequestSchema, (request, { storeClient, signal }) =>
      searchProducts(storeClient(request.storeCredentials), request, signal),
    ),
  );
}
