// `POST /api/import-product` and `POST /api/import-product/dry-run` (spec part 1 §7; issue 13). The import answers
// `{results}`; with `Accept: application/x-ndjson` (or `?progress=1`) it streams progress lines (writes done of the
// planned total) and ends with that answer. The dry run answers `{plan}` and writes nothing.
//
// An import goes on when its caller goes away (a dropped connection, a closed tab): it is bounded by the dump, and
// stopping between two writes would leave a half-built product for no gain. Running it again continues it: every
// item is matched with what the target already has, so nothing is created twice. Two imports of one product into one
// store at once (two tabs, two instances) run one after the other: the second waits for the first's lease (keyed by
// store and SKU, server/db/lease.ts; issue 29) and then continues it, or says `import_busy` after the wait.
//
// The body is read as it arrives (server/json-stream.ts, issue 29): parsed once, with the checks of the global body
// guard, instead of being held whole as text and parsed twice before the contract's copy is made.
import { Hono } from 'hono';
import {
  IMPORT_PRODUCT_DRY_RUN_PATH,
  IMPORT_PRODUCT_PATH,
  importProductRequestSchema,
  type ImportProgress,
} from '../../../common/contracts/import-product';
import { leaseRunner } from '../../db/lease';
import { beforeWriteFor } from '../../jobs/before-job';
import { failureOf, toolFailureBody } from '../../errors';
import { readToolJsonStream, streamedBody, streamedBodyOf } from '../../json-stream';
import { streamNdjson, wantsProgress } from '../../ndjson';
import { toolRoute } from '../../tool-route';
import { jobOwner, type OwnedWriteRouteDeps } from '../jobs/job-owner';
import { analyseImport } from './import-product.analysis';
import { importProduct } from './import-product.service';

/** Store History's snapshot before the write takes the product an import updates, as it was. */
export type ImportProductRoutesDeps = OwnedWriteRouteDeps;

/**
 * The largest body an import takes: the global JSON limit. A product dump is bounded by BigCommerce's own limits (600
 * SKUs, 1,000 images per product); one of 2,000 variants is about 2 MB.
 */
export const IMPORT_PRODUCT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * How long an import waits for another import of the same product into the same store before `import_busy`. Most
 * imports end well within it; the streamed import says it is waiting meanwhile.
 */
export const IMPORT_PRODUCT_LEASE_WAIT_MS = 120_000;

/** The body, read as it arrives before the route (the guard's refusals answered as the guard does). */
const readBody = streamedBody(
  async (request) => (await readToolJsonStream(request, { maxBytes: IMPORT_PRODUCT_MAX_BODY_BYTES })).value,
);

export function importProductRoutes(deps: ImportProductRoutesDeps) {
  const exclusive = leaseRunner(deps.database.db, { waitMs: IMPORT_PRODUCT_LEASE_WAIT_MS });
  return new Hono()
    .post(
      IMPORT_PRODUCT_DRY_RUN_PATH,
      readBody,
      toolRoute(
        deps,
        importProductRequestSchema,
        async (request, { c, storeClient, signal }) => {
          const analysis = await analyseImport(storeClient(request.store), request.productData, {
            ...request.options,
            signal,
          });
          return c.json({ plan: analysis.plan });
        },
        { read: streamedBodyOf },
      ),
    )
    .post(
      IMPORT_PRODUCT_PATH,
      readBody,
      toolRoute(
        deps,
        importProductRequestSchema,
        async (request, { c, storeClient }) => {
          const client = storeClient(request.store);
          // Not stopped by the caller going away, as the import is not (see the top of this file).
          const owner = await jobOwner(c, deps.getAuth, { create: true });
          const beforeWrite = owner
            ? beforeWriteFor(deps.beforeJob, { owner, credentials: request.store, caller: deps.callerOf(c) })
            : undefined;
          if (!wantsProgress(c)) {
            return c.json({
              results: await importProduct(client, request.productData, request.options, {
                exclusive,
                ...(beforeWrite ? { beforeWrite } : {}),
              }),
            });
          }
          const reqId = c.get('requestId');
          return streamNdjson(
            c,
            async ({ send }) => {
              const results = await importProduct(client, request.productData, request.options, {
                exclusive,
                ...(beforeWrite ? { beforeWrite } : {}),
                onProgress: (progress) => send({ type: 'progress', ...progress } satisfies ImportProgress),
              });
              return { results };
            },
            (error) => toolFailureBody(failureOf(error, deps.logger, reqId, false)),
          );
        },
        { read: streamedBodyOf },
      ),
    );
}
