// `GET /api/dump-categories?storeCredentials=…` (the trees) and `POST /api/dump-categories` (the dump), spec part 1 §7.
import { Hono } from 'hono';
import {
  DUMP_CATEGORIES_PATH,
  dumpCategoriesRequestSchema,
  treeListQuerySchema,
} from '../../../common/contracts/dump-categories';
import { toolRoute, type ToolRouteDeps } from '../../tool-route';
import { dumpCategories, listCategoryTrees } from './dump-categories.service';

export function dumpCategoriesRoutes(deps: ToolRouteDeps) {
  return new Hono()
    .get(
      DUMP_CATEGORIES_PATH,
      toolRoute(
        deps,
        treeListQuerySchema,
        (request, { storeClient, signal, c }) => {
          // The query holds the token: keep the answer out of shared caches.
          c.header('Cache-Control', 'no-store');
          return listCategoryTrees(storeClient(request.storeCredentials), signal);
        },
        { read: (c) => ({ storeCredentials: c.req.query('storeCredentials') }) },
      ),
    )
    .post(
      DUMP_CATEGORIES_PATH,
      toolRoute(deps, dumpCategoriesRequestSchema, (request, { storeClient, signal }) =>
        dumpCategories(storeClient(request.storeCredentials), request.treeId, { signal }),
      ),
    );
}
