// Import Product for AI agents (issue 33): the write tool `import_product`. Its arguments are the API body with
// `targetStoreId` in place of the credentials (and the dump as given, or a kept dump's uri), checked by the same
// contract. Without `confirmation` it answers `{preview, confirmation}`: the product and the dry run's plan (create,
// update, skip or copy; SKU, name and URL clashes; categories, brand, channels, variants, limits). With the token it runs
// the screen's import (the same service, one import of a SKU into a store at a time) and answers `{result}`, the
// import's result: an import is not a job, it ends before the answer. The same token again answers that result.
import { z } from 'zod';
import {
  existingProductActionSchema,
  importIdMapSchema,
  importProductRequestSchema,
} from '../../../common/contracts/import-product';
import { fileNamePart } from '../../../common/dumps/file-names';
import { summariseProductDump } from '../../../common/dumps/product-dump';
import type { AgentTool } from '../../agent-tools/agent-tools';
import { IMPORT_CONFIRMS, importToolInput, resolveDump } from '../../agent-tools/tool-inputs';
import { writeTool, type ResultWriteDeps } from '../../agent-tools/write-tool';
import { leaseRunner } from '../../db/lease';
import { beforeWriteFor } from '../../jobs/before-job';
import { parseInput } from '../../errors';
import { analyseImport } from './import-product.analysis';
import { IMPORT_PRODUCT_LEASE_WAIT_MS } from './import-product.routes';
import { importProduct } from './import-product.service';

export function importProductAgentTools(deps: ResultWriteDeps): AgentTool[] {
  const exclusive = leaseRunner(deps.db, { waitMs: IMPORT_PRODUCT_LEASE_WAIT_MS });
  return [
    writeTool(deps, {
      name: 'import_product',
      title: 'Import a product',
      description:
        "Import a product dump (Dump Product's file, or the fullDump uri dump_product gave) into targetStoreId. Without `confirmation`: the preview (the product, and the plan: create, or update/skip/copy when the store already has its SKU, clashes, categories, brand, channels, variants) and a confirmation token; with that token (10 minutes): the import, as the Import Product screen runs it, answering its result (not a job: it ends before the answer; the same token again answers the same result).",
      answers: 'result',
      input: {
        ...importToolInput('The product dump'),
        onExistingSku: existingProductActionSchema
          .optional()
          .describe(
            'When the store already has the SKU: "update" (the default) that product, "skip" it, or "copy" (a new product whose SKU, name and URL get copySuffix)',
          ),
        copySuffix: z.string().max(20).optional().describe('The suffix of a copy (default "-copy")'),
        idMap: importIdMapSchema
          .optional()
          .describe("An earlier import's result.idMap of this dump into this store, to continue it"),
      },
      confirms: IMPORT_CONFIRMS,
      prepare: async (args, context) => {
        const store = await context.credentials(args.targetStoreId);
        const request = parseInput(importProductRequestSchema, {
          store,
          productData: await resolveDump(deps.dumps, context, args.dump),
          options: {
            onExistingSku: args.onExistingSku,
            copySuffix: args.copySuffix,
            idMap: args.idMap,
          },
        });
        return { store, request, client: context.client(request.store) };
      },
      preview: async ({ request, client }, context) => ({
        product: summariseProductDump(request.productData),
        plan: (
          await analyseImport(client, request.productData, { ...request.options, signal: context.signal })
        ).plan,
      }),
      // Like the screen's import, it goes on if the caller goes away: stopping between two writes would leave a
      // half-built product.
      write: ({ store, request, client }, context) =>
        importProduct(client, request.productData, request.options, {
          exclusive,
          beforeWrite: beforeWriteFor(deps.beforeJob, {
            owner: `user:${context.userId}`,
            credentials: store,
            caller: `user:${context.userId}`,
          }),
        }),
      kept: (result, { store }) => ({
        name: `import-product-result_${fileNamePart(result.productSku || String(result.productId))}.json`,
        description: `The result of importing "${result.productName}" into store ${store.storeHash}`,
      }),
      detail: (result, { store }) => ({
        storeHash: store.storeHash,
        productId: result.productId,
        sku: result.productSku,
        action: result.action,
      }),
    }),
  ];
}
