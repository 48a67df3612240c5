// `POST /api/fetch-channels`, `POST /api/fetch-products` and `POST /api/keyword-extractor/missing-from-titles`
// (spec part 2 §7; issue 14): the validated request goes to the service with the store's client.
import { Hono } from 'hono';
import {
  fetchChannelsRequestSchema,
  fetchProductsRequestSchema,
  missingFromTitlesRequestSchema,
} from '../../../common/contracts/keyword-extractor';
import { toolRoute, type ToolRouteDeps } from '../../tool-route';
import { listChannels, missingFromTitlesReport, productPage } from './keyword-extractor.service';

export function fetchChannelsRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    '/',
    toolRoute(deps, fetchChannelsRequestSchema, (request, { storeClient, signal }) =>
      listChannels(storeClient(request.storeCredentials), { signal }),
    ),
  );
}

export function fetchProductsRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    '/',
    toolRoute(deps, fetchProductsRequestSchema, (request, { storeClient, signal }) =>
      productPage(storeClient(request.storeCredentials), request, { signal }),
    ),
  );
}

export function keywordReportRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    '/missing-from-titles',
    toolRoute(deps, missingFromTitlesRequestSchema, (request, { storeClient, signal }) =>
      missingFromTitlesReport(storeClient(request.storeCredentials), request.productIds, { signal }),
    ),
  );
}
