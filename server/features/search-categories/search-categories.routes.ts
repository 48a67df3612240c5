// `POST /api/search-categories` (issue 31): the validated request goes to the service with the store's client.
import { Hono } from 'hono';
import {
  SEARCH_CATEGORIES_PATH,
  searchCategoriesRequestSchema,
} from '../../../common/contracts/search-categories';
import { storeRoute, type ToolRouteDeps } from '../../tool-route';
import { searchCategories } from './search-categories.service';

export function searchCategoriesRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    SEARCH_CATEGORIES_PATH,
    storeRoute(deps, searchCategoriesRequestSchema, (request, { storeClient, signal }) =>
      searchCategories(storeClient(request.storeCredentials), request, signal),
    ),
  );
}
