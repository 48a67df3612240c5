// Copy Description and Reset Page Title for AI agents (issue 33): the write tools. Their arguments are the API body
// with store ids in place of the credentials, checked by the same contracts. Called without `confirmation`, a tool
// answers `{preview, confirmation}` (what would change, from the store's live values, and a token bound to it);
// called again with the token, it starts the same job as the screens (backup, progress, cancel, undo) and answers
// `{job}`, with an audit entry. A read-only token never reaches `run` (the MCP server refuses it first).
import { z } from 'zod';
import {
  copyDescriptionRequestSchema,
  resetPageTitleRequestSchema,
  TARGET_OPTIONS,
} from '../../../common/contracts/bulk-edit';
import type { JobView } from '../../../common/contracts/jobs';
import { agentTool, type AgentTool, type AgentToolContext } from '../../agent-tools/agent-tools';
import { assertPreviewUnchanged, issueConfirmation, openConfirmation } from '../../agent-tools/confirmation';
import { confirmationInput, storeIdInput } from '../../agent-tools/tool-inputs';
import type { AuditLog } from '../../audit/audit-log';
import { parseInput } from '../../errors';
import { assertRoomForJob, toJobView } from '../../jobs/job-store';
import { startJob, type JobRoutesDeps } from '../jobs/start-job';
import { COPY, RESET, type BulkEditTool } from './bulk-edit.routes';
import { touchedBy } from './bulk-edit.service';

export type BulkEditAgentDeps = Pick<
  JobRoutesDeps,
  'jobStore' | 'jobQueue' | 'getTokenCipher' | 'beforeJob'
> & {
  audit: AuditLog;
};

const scopeInput = {
  targetOption: z
    .enum(TARGET_OPTIONS)
    .describe(
      '"specific" (product ids in targetValue), "category" or "brand" (its id in targetValue), or "all"',
    ),
  targetValue: z
    .string()
    .max(20_000)
    .optional()
    .describe('Comma-separated product ids, or a category or brand id'),
  confirmation: confirmationInput('the write, as a job.', 'The token from the preview'),
};

const COPY_TOOL = { name: 'copy_description', edit: COPY, schema: copyDescriptionRequestSchema };
const RESET_TOOL = { name: 'reset_page_title', edit: RESET, schema: resetPageTitleRequestSchema };

/** Preview, or the confirmed write: the one path both tools take. */
async function previewOrWrite<Command>(
  deps: BulkEditAgentDeps,
  tool: { name: string; edit: BulkEditTool<Command>; schema: z.ZodType<Command> },
  { confirmation, ...args }: { confirmation?: string } & Record<string, unknown>,
  context: AgentToolContext,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  // The scope is the API body's as it is; the tool gives the rest (its stores' credentials, the source product).
  const command = parseInput(tool.schema, {
    ...body,
    targetOption: args.targetOption,
    targetValue: args.targetValue ?? '',
  });
  const preview = await tool.edit.preview(command, {
    storeClient: (credentials) => context.client(credentials),
    signal: context.signal,
  });
  const cipher = await deps.getTokenCipher();
  const bound = { tool: tool.name, userId: context.userId, args, now: new Date(), preview };
  if (confirmation === undefined) return { preview, confirmation: issueConfirmation(cipher, bound) };
  const confirmed = openConfirmation(cipher, confirmation, bound);
  const nonce = confirmed.nonce;
  // The same token again: the job it started, never a second one.
  const started = await deps.jobStore.get(nonce);
  if (started && started.owner === `user:${context.userId}`) return { job: toJobView(started) };
  assertPreviewUnchanged(confirmed, preview);
  const owner = `user:${context.userId}`;
  const { input, credentials } = tool.edit.describe(command);
  await assertRoomForJob(deps.jobStore, owner, credentials.target.storeHash);
  const row = await startJob(deps, {
    id: nonce,
    kind: tool.edit.kind,
    owner,
    input,
    credentials,
    now: new Date(),
    ...(input.kind === 'undo' ? {} : { before: touchedBy(input.scope) }),
    signal: context.signal,
  });
  const job: JobView = toJobView(row);
  await deps.audit.record({
    action: 'agent.write',
    actor: { id: context.userId },
    target: null,
    detail: { tool: tool.name, storeHash: job.storeHash, jobId: job.id, products: preview.changing },
  });
  return { job };
}

export function bulkEditAgentTools(deps: BulkEditAgentDeps): AgentTool[] {
  return [
    agentTool({
      name: 'copy_description',
      title: 'Copy a description',
      description:
        "Copy one product's description (sourceProductId in sourceStoreId) to products of targetStoreId: listed ids, a category's, a brand's or all. Without `confirmation`: the preview (products that would change, a sample with current and new text, skipped, not found) and a confirmation token; with that token (10 minutes): the write, as a job (backup, progress in job_status, undo in the app).",
      access: 'write',
      input: {
        sourceStoreId: storeIdInput('The store to copy from'),
        sourceProductId: z
          .union([z.number(), z.string().max(20)])
          .describe('The product whose description is copied'),
        targetStoreId: storeIdInput('The store to write'),
        ...scopeInput,
      },
      run: async (args, context) =>
        previewOrWrite(deps, COPY_TOOL, args, context, {
          sourceStoreCredentials: await context.credentials(args.sourceStoreId),
          sourceProductId: args.sourceProductId,
          targetStoreCredentials: await context.credentials(args.targetStoreId),
        }),
    }),
    agentTool({
      name: 'reset_page_title',
      title: 'Reset page titles',
      description:
        "Empty the page title (SEO title) of products of a store, so the storefront shows the product's name: listed ids, a category's, a brand's or all. Without `confirmation`: the preview and a confirmation token; with that token (10 minutes): the write, as a job (backup, progress in job_status, undo in the app).",
      access: 'write',
      input: { storeId: storeIdInput('The store to write'), ...scopeInput },
      run: async (args, context) =>
        previewOrWrite(deps, RESET_TOOL, args, context, {
          storeCredentials: await context.credentials(args.storeId),
        }),
    }),
  ];
}
