// `POST /api/fetch-channels`, `POST /api/fetch-products` and `POST /api/keyword-extractor/missing-from-titles`
// (spec part 2 §7; issue 14): the validated request goes to the service with the store's client.
import { Hono } from 'hono';
import {
  FETCH_CHANNELS_PATH,
  FETCH_PRODUCTS_PATH,
  MISSING_FROM_TITLES_PATH,
  fetchChannelsRequestSchema,
  fetchProductsRequestSchema,
  missingFromTitlesRequestSchema,
} from '../../../common/contracts/keyword-extractor';
import { toolRoute, type ToolRouteDeps } from '../../tool-route';
import { listChannels, missingFromTitlesReport, productPage } from './keyword-extractor.service';

export function keywordExtractorRoutes(deps: ToolRouteDeps) {
  return new Hono()
    .post(
      FETCH_CHANNELS_PATH,
      toolRoute(deps, fetchChannelsRequestSchema, (request, { storeClient, signal }) =>
        listChannels(storeClient(request.storeCredentials), { signal }),
      ),
    )
    .post(
      FETCH_PRODUCTS_PATH,
      toolRoute(deps, fetchProductsRequestSchema, (request, { storeClient, signal }) =>
        productPage(storeClient(request.storeCredentials), request, { signal }),
      ),
    )
    .post(
      MISSING_FROM_TITLES_PATH,
      toolRoute(deps, missingFromTitlesRequestSchema, (request, { storeClient, signal }) =>
        missingFromTitlesReport(storeClient(request.storeCredentials), request.productIds, { signal }),
      ),
    );
}
