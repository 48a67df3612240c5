// `POST /api/search-brands` (issue 31): the validated request goes to the service with the store's client.
import { Hono } from 'hono';
import { SEARCH_BRANDS_PATH, searchBrandsRequestSchema } from '../../../common/contracts/search-brands';
import { storeRoute, type ToolRouteDeps } from '../../tool-route';
import { searchBrands } from './search-brands.service';

export function searchBrandsRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    SEARCH_BRANDS_PATH,
    storeRoute(deps, searchBrandsRequestSchema, (request, { storeClient, signal }) =>
      searchBrands(storeClient(request.storeCredentials), request, signal),
    ),
  );
}
