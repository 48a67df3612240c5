// `GET /api/dump-categories?storeCredentials=…` (the trees) and `POST /api/dump-categories` (the dump), spec part 1 §7.
import { Hono } from 'hono';
import { dumpCategoriesRequestSchema, treeListQuerySchema } from '../../../common/contracts/dump-categories';
import {
  callerSignal,
  parseToolInput,
  readJsonBody,
  respondFailure,
  type ToolRouteDeps,
} from '../../tool-response';
import { dumpCategories, listCategoryTrees } from './dump-categories.service';

export function dumpCategoriesRoutes(deps: ToolRouteDeps) {
  return new Hono()
    .get('/', async (c) => {
      try {
        const request = parseToolInput(treeListQuerySchema, {
          storeCredentials: c.req.query('storeCredentials'),
        });
        const client = deps.clients.forStore(request.storeCredentials, { caller: deps.callerOf(c) });
        const data = await listCategoryTrees(client, callerSignal(c));
        // The query holds the token: keep the answer out of shared caches.
        c.header('Cache-Control', 'no-store');
        return c.json({ success: true as const, data });
      } catch (error) {
        return respondFailure(c, error, deps.logger);
      }
    })
    .post('/', async (c) => {
      try {
        const request = parseToolInput(dumpCategoriesRequestSchema, await readJsonBody(c));
        const client = deps.clients.forStore(request.storeCredentials, { caller: deps.callerOf(c) });
        const data = await dumpCategories(client, request.treeId, { signal: callerSignal(c) });
        return c.json({ success: true as const, data });
      } catch (error) {
        return respondFailure(c, error, deps.logger);
      }
    });
}
