// Copy Description and Reset Page Title for AI agents (issue 33): the write tools. Their arguments are the API body
// with store ids in place of the credentials, checked by the same contracts. Called without `confirmation`, a tool
// answers `{preview, confirmation}` (what would change, from the store's live values, and a token bound to it);
// called again with the token, it starts the same job as the screens (backup, progress, cancel, undo) and answers
// `{job}`, with an audit entry. A read-only token never reaches `run` (the MCP server refuses it first).
import { z } from 'zod';
import { TARGET_OPTIONS } from '../../../common/contracts/bulk-edit';
import type { AgentTool, AgentToolContext } from '../../agent-tools/agent-tools';
import { storeIdInput } from '../../agent-tools/tool-inputs';
import { writeTool, type JobWriteDeps } from '../../agent-tools/write-tool';
import { parseInput } from '../../errors';
import { assertRoomForJob } from '../../jobs/job-store';
import { startJob, type JobRoutesDeps } from '../jobs/start-job';
import { COPY, RESET, type BulkEditTool } from './bulk-edit.routes';
import { touchedBy } from './bulk-edit.service';

export type BulkEditAgentDeps = Pick<JobRoutesDeps, 'jobStore' | 'jobQueue' | 'beforeJob'> & JobWriteDeps;

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
};

type Scope = { targetOption: string; targetValue?: string };

/** What both tools share: the command parsed as the API body, its preview, and the job it starts. */
function bulkEdit<Command>(deps: BulkEditAgentDeps, edit: BulkEditTool<Command>) {
  return {
    answers: 'job' as const,
    jobKind: edit.kind,
    confirms: 'the write, as a job',
    // The scope is the API body's as it is; the tool gives the rest (its stores' credentials, the source product).
    command: (body: Record<string, unknown>, scope: Scope) =>
      parseInput(edit.schema, {
        ...body,
        targetOption: scope.targetOption,
        targetValue: scope.targetValue ?? '',
      }),
    preview: (command: Command, context: AgentToolContext) =>
      edit.preview(command, {
        storeClient: (credentials) => context.client(credentials),
        signal: context.signal,
      }),
    start: async (jobId: string, command: Command, _preview: unknown, context: AgentToolContext) => {
      const owner = `user:${context.userId}`;
      const { input, credentials } = edit.describe(command);
      await assertRoomForJob(deps.jobStore, owner, credentials.target.storeHash);
      return startJob(deps, {
        id: jobId,
        kind: edit.kind,
        owner,
        input,
        credentials,
        now: new Date(),
        ...(input.kind === 'undo' ? {} : { before: touchedBy(input.scope) }),
        signal: context.signal,
      });
    },
    detail: (job: { storeHash: string; id: string }, _command: Command, preview: { changing: unknown }) => ({
      storeHash: job.storeHash,
      jobId: job.id,
      products: preview.changing,
    }),
  };
}

export function bulkEditAgentTools(deps: BulkEditAgentDeps): AgentTool[] {
  const copy = bulkEdit(deps, COPY);
  const reset = bulkEdit(deps, RESET);
  return [
    writeTool(deps, {
      ...copy,
      name: 'copy_description',
      title: 'Copy a description',
      description:
        "Copy one product's description (sourceProductId in sourceStoreId) to products of targetStoreId: listed ids, a category's, a brand's or all. Without `confirmation`: the preview (products that would change, a sample with current and new text, skipped, not found) and a confirmation token; with that token (10 minutes): the write, as a job (backup, progress in job_status, undo in the app).",
      input: {
        sourceStoreId: storeIdInput('The store to copy from'),
        sourceProductId: z
          .union([z.number(), z.string().max(20)])
          .describe('The product whose description is copied'),
        targetStoreId: storeIdInput('The store to write'),
        ...scopeInput,
      },
      prepare: async (args, context) =>
        copy.command(
          {
            sourceStoreCredentials: await context.credentials(args.sourceStoreId),
            sourceProductId: args.sourceProductId,
            targetStoreCredentials: await context.credentials(args.targetStoreId),
          },
          args,
        ),
    }),
    writeTool(deps, {
      ...reset,
      name: 'reset_page_title',
      title: 'Reset page titles',
      description:
        "Empty the page title (SEO title) of products of a store, so the storefront shows the product's name: listed ids, a category's, a brand's or all. Without `confirmation`: the preview and a confirmation token; with that token (10 minutes): the write, as a job (backup, progress in job_status, undo in the app).",
      input: { storeId: storeIdInput('The store to write'), ...scopeInput },
      prepare: async (args, context) =>
        reset.command({ storeCredentials: await context.credentials(args.storeId) }, args),
    }),
  ];
}
