// `POST /api/dump-product` (spec part 1 §7): the validated request goes to the service with the store's client.
import { Hono } from 'hono';
import { DUMP_PRODUCT_PATH, dumpProductRequestSchema } from '../../../common/contracts/dump-product';
import { toolRoute, type ToolRouteDeps } from '../../tool-route';
import { dumpProduct } from './dump-product.service';

export function dumpProductRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    DUMP_PRODUCT_PATH,
    toolRoute(deps, dumpProductRequestSchema, (request, { storeClient, signal }) =>
      dumpProduct(storeClient(request.storeCredentials), request, { signal }),
    ),
  );
}
