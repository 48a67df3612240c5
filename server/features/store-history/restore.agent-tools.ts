// Store History's restore for AI agents (issue 33): `restore_snapshot` {storeId, snapshotId, items, confirmation?}.
// Without `confirmation` it answers `{preview, confirmation}`: each named item of the snapshot against the store now
// (kind, key, name, action, fields with their live and restored values, as `POST /api/snapshots/{id}/restore`
// {preview: true} gives them) and a token bound to that preview. With the token it reads the store again, refuses
// (`preview_changed`) when a live value moved since, else starts the same `snapshot-restore` job as the screen
// (restore-start.ts: backup of the items it writes, progress, cancel, undo) under the token's nonce, and answers
// `{job}`; the same token again answers that job. A read-only token never reaches `run` (the MCP server refuses it).
import { z } from 'zod';
import type { JobView } from '../../../common/contracts/jobs';
import {
  MAX_RESTORE_ITEMS,
  restoreItemSchema,
  type RestorePreviewItem,
} from '../../../common/contracts/store-history';
import { agentTool, type AgentTool, type AgentToolContext } from '../../agent-tools/agent-tools';
import { agentStoreIdInput, confirmationInput } from '../../agent-tools/confirmed-write';
import { assertPreviewUnchanged, issueConfirmation, openConfirmation } from '../../agent-tools/confirmation';
import type { AuditLog } from '../../audit/audit-log';
import { parseInput } from '../../errors';
import { toJobView } from '../../jobs/job-store';
import { startRestore, type RestoreStartDeps } from './restore-start';
import { assertRestorable, previewRestore } from './restore-preview';
import { ownSnapshot } from './snapshot-read';

export type RestoreAgentDeps = RestoreStartDeps & { audit: AuditLog };

const TOOL = 'restore_snapshot';

const argsSchema = z.object({
  storeId: z.string(),
  snapshotId: z.string(),
  items: z.array(restoreItemSchema).min(1).max(MAX_RESTORE_ITEMS),
  /** Write stock levels back too (left out: the store keeps its stock). */
  stock: z.boolean().optional(),
});

/** The agent's preview: the items, and how many of them each action touches. */
function agentPreview(items: RestorePreviewItem[]) {
  const counts = { update: 0, create: 0, unchanged: 0, 'not-restorable': 0 };
  for (const item of items) counts[item.action] += 1;
  return { items, counts };
}

async function previewOrRestore(
  deps: RestoreAgentDeps,
  args: z.infer<typeof argsSchema>,
  confirmation: string | undefined,
  context: AgentToolContext,
): Promise<Record<string, unknown>> {
  const owner = `user:${context.userId}`;
  const credentials = await context.credentials(args.storeId);
  const snapshot = await ownSnapshot(deps.snapshots, owner, args.snapshotId);
  assertRestorable(snapshot, credentials.storeHash);
  const client = context.client(credentials);
  const cipher = await deps.getTokenCipher();
  const bound = { tool: TOOL, userId: context.userId, args, now: new Date() };
  const confirmed = confirmation === undefined ? undefined : openConfirmation(cipher, confirmation, bound);
  const startedBy = async (jobId: string) => {
    const row = await deps.jobStore.get(jobId);
    return row && row.owner === owner && row.kind === 'snapshot-restore' ? row : undefined;
  };
  if (confirmed) {
    // The same token again: the job it started, never a second one.
    const started = await startedBy(confirmed.nonce);
    if (started) return { job: toJobView(started) };
  }
  // The store read now, kept as a preview the job can start from.
  const fresh = await previewRestore(deps, client, snapshot, args.items, { stock: args.stock === true });
  const preview = agentPreview(fresh.preview.items);
  if (!confirmed) return { preview, confirmation: issueConfirmation(cipher, { ...bound, preview }) };
  assertPreviewUnchanged(confirmed, preview);
  let row;
  try {
    row = await startRestore(deps, {
      snapshot,
      credentials,
      client,
      previewId: fresh.previewId,
      jobId: confirmed.nonce,
      signal: context.signal,
    });
  } catch (error) {
    // Two calls with one token at once: the one that lost answers the winner's job.
    const started = await startedBy(confirmed.nonce);
    if (started) return { job: toJobView(started) };
    throw error;
  }
  const job: JobView = toJobView(row);
  await deps.audit.record({
    action: 'agent.write',
    actor: { id: context.userId },
    target: null,
    detail: {
      tool: TOOL,
      storeHash: job.storeHash,
      jobId: job.id,
      snapshotId: snapshot.id,
      items: preview.items.length,
    },
  });
  return { job };
}

export function restoreAgentTool(deps: RestoreAgentDeps): AgentTool {
  return agentTool({
    name: TOOL,
    title: 'Restore from a snapshot',
    description:
      'Put items of a store back as one of your Store History snapshots holds them (snapshotId from list_snapshots, of the same store; which items and fields differ: diff_snapshots). items: [{kind, key, fields?}] (kind product, category, brand, page, widget-template, widget, placement, web-page, blog-post or redirect, key as diff_snapshots gives it, e.g. {id: 77}; fields as the diff names them, e.g. description or variants[sku=ABC-1].price; left out: the whole item, made again if deleted). Without `confirmation`: the preview (each item with its action, update, create or unchanged, and each field with its live and restored value) and a confirmation token; with that token (10 minutes): the restore, as a job (backup, progress in job_status, undo in the app).',
    access: 'write',
    input: {
      storeId: agentStoreIdInput('The store to restore'),
      snapshotId: z.string().min(1).max(100).describe('The snapshot to restore from (list_snapshots)'),
      items: z
        .array(restoreItemSchema)
        .min(1)
        .max(MAX_RESTORE_ITEMS)
        .describe('The items to put back: {kind, key, fields?}'),
      confirmation: confirmationInput('the restore, as a job'),
    },
    run: async ({ confirmation, ...args }, context) =>
      previewOrRestore(deps, parseInput(argsSchema, args), confirmation, context),
  });
}
