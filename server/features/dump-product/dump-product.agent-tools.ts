// Dump Product for AI agents (issue 33): the tool's arguments are its API body with `storeId` in place of the
// credentials, checked by the same contract; the answer is sized for a model: the summary first, and only the
// fields asked for (`fields`) of the dump; the whole dump is kept for the caller and linked (`fullDump`).
import { z } from 'zod';
import { dumpProductRequestSchema, productSearchTypeSchema } from '../../../common/contracts/dump-product';
import { productDumpFileName } from '../../../common/dumps/file-names';
import { productDumpSchema, summariseProductDump } from '../../../common/dumps/product-dump';
import { agentTool, type AgentTool } from '../../agent-tools/agent-tools';
import { storeIdInput } from '../../agent-tools/tool-inputs';
import { parseInput } from '../../errors';
import { dumpProduct } from './dump-product.service';

export const MAX_SELECTED_FIELDS = 30;

const dumpProductAgentTool = agentTool({
  name: 'dump_product',
  title: 'Dump a product',
  description:
    'Read one product of a store (by product ID or SKU) as Dump Product writes it: answers a summary (name, SKU, type, counts of categories, images, variants, options, modifiers) and the dump fields named in `fields` (e.g. ["price", "variants", "custom_fields"]; none by default, to keep the answer small); fullDump links the whole dump as a resource to read when you need all of it.',
  access: 'read',
  input: {
    storeId: storeIdInput('The store'),
    searchType: productSearchTypeSchema.default('id').describe('"id" (the default) or "sku"'),
    searchValue: z.union([z.string().max(255), z.number()]).describe('The product ID or the SKU'),
    fields: z
      .array(z.string().min(1).max(64))
      .max(MAX_SELECTED_FIELDS)
      .optional()
      .describe('Top-level fields of the dump to include'),
  },
  run: async ({ storeId, searchType, searchValue, fields }, context) => {
    const storeCredentials = await context.credentials(storeId);
    const request = parseInput(dumpProductRequestSchema, { storeCredentials, searchType, searchValue });
    const dump = await dumpProduct(context.client(storeCredentials), request, { signal: context.signal });
    const fullDump = await context.keepDump?.({
      tool: 'dump_product',
      name: productDumpFileName(String(searchValue), new Date()),
      description: `Product ${dump.id} of store ${storeCredentials.storeHash}, every field, as Dump Product downloads it`,
      data: dump,
    });
    const selected = Object.fromEntries(
      (fields ?? [])
        .filter((field) => field in dump)
        .map((field) => [field, (dump as Record<string, unknown>)[field]]),
    );
    return {
      id: dump.id,
      summary: summariseProductDump(productDumpSchema.parse(dump)),
      fields: selected,
      missingFields: (fields ?? []).filter((field) => !(field in dump)),
      ...(fullDump ? { fullDump } : {}),
    };
  },
});

/** Dump Product's tool: `dump_product`. */
export function dumpProductAgentTools(): AgentTool[] {
  return [dumpProductAgentTool];
}
