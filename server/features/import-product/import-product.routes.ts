// `POST /api/import-product` and `POST /api/import-product/dry-run` (spec part 1 §7; issue 13). The import answers
// `{results}`; with `Accept: application/x-ndjson` (or `?progress=1`) it streams progress lines (writes done of the
// planned total) and ends with that answer. The dry run answers `{plan}` and writes nothing.
//
// An import goes on when its caller goes away (a dropped connection, a closed tab): it is bounded by the dump, and
// stopping between two writes would leave a half-built product for no gain. Running it again continues it: every
// item is matched with what the target already has, so nothing is created twice.
import { Hono } from 'hono';
import { importProductRequestSchema, type ImportProgress } from '../../../common/contracts/import-product';
import { failureOf, toolFailureBody } from '../../errors';
import { streamNdjson, wantsProgress } from '../../ndjson';
import { toolRoute, type ToolRouteDeps } from '../../tool-route';
import { analyseImport } from './import-product.analysis';
import { importProduct } from './import-product.service';

export function importProductRoutes(deps: ToolRouteDeps) {
  return new Hono()
    .post(
      '/dry-run',
      toolRoute(deps, importProductRequestSchema, async (request, { c, storeClient, signal }) => {
        const analysis = await analyseImport(storeClient(request.store), request.productData, {
          ...request.options,
          signal,
        });
        return c.json({ plan: analysis.plan });
      }),
    )
    .post(
      '/',
      toolRoute(deps, importProductRequestSchema, async (request, { c, storeClient }) => {
        const client = storeClient(request.store);
        if (!wantsProgress(c)) {
          return c.json({ results: await importProduct(client, request.productData, request.options) });
        }
        const reqId = c.get('requestId');
        return streamNdjson(
          c,
          async ({ send }) => {
            const results = await importProduct(client, request.productData, request.options, {
              onProgress: (progress) => send({ type: 'progress', ...progress } satisfies ImportProgress),
            });
            return { results };
          },
          (error) => toolFailureBody(failureOf(error, deps.logger, reqId, false)),
        );
      }),
    );
}
