// Store History's restore for AI agents (issue 33): `restore_snapshot` {storeId, snapshotId, items, confirmation?}.
// Without `confirmation` it answers `{preview, confirmation}`: each named item of the snapshot against the store now
// (kind, key, name, action, fields with their live and restored values, as `POST /api/snapshots/{id}/restore`
// {preview: true} gives them) and a token bound to that preview. With the token it reads the store again, refuses
// (`preview_changed`) when a live value moved since, else starts the same `snapshot-restore` job as the screen
// (restore-start.ts: backup of the items it writes, progress, cancel, undo) under the token's nonce, and answers
// `{job}`; the same token again answers that job. A read-only token never reaches `run` (the MCP server refuses it).
import { z } from 'zod';
import {
  MAX_RESTORE_ITEMS,
  restoreItemSchema,
  type RestorePreviewItem,
} from '../../../common/contracts/store-history';
import type { AgentTool } from '../../agent-tools/agent-tools';
import { storeIdInput } from '../../agent-tools/tool-inputs';
import { writeTool, type JobWriteDeps } from '../../agent-tools/write-tool';
import { parseInput } from '../../errors';
import { startRestore, type RestoreStartDeps } from './restore-start';
import { assertRestorable, previewRestore } from './restore-preview';
import { ownSnapshot } from './snapshot-read';

export type RestoreAgentDeps = RestoreStartDeps & JobWriteDeps;

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

export function restoreAgentTools(deps: RestoreAgentDeps): AgentTool[] {
  return [
    writeTool(deps, {
      name: 'restore_snapshot',
      title: 'Restore from a snapshot',
      description:
        'Put items of a store back as one of your Store History snapshots holds them (snapshotId from list_snapshots, of the same store; which items and fields differ: diff_snapshots). items: [{kind, key, fields?}] (kind product, category, brand, page, widget-template, widget, placement, web-page, blog-post or redirect, key as diff_snapshots gives it, e.g. {id: 77}; fields as the diff names them, e.g. description or variants[sku=ABC-1].price; left out: the whole item, made again if deleted). Without `confirmation`: the preview (each item with its action, update, create or unchanged, and each field with its live and restored value) and a confirmation token; with that token (10 minutes): the restore, as a job (backup, progress in job_status, undo in the app).',
      answers: 'job',
      jobKind: 'snapshot-restore',
      input: {
        storeId: storeIdInput('The store to restore'),
        snapshotId: z.string().min(1).max(100).describe('The snapshot to restore from (list_snapshots)'),
        items: z
          .array(restoreItemSchema)
          .min(1)
          .max(MAX_RESTORE_ITEMS)
          .describe('The items to put back: {kind, key, fields?}'),
      },
      confirms: 'the restore, as a job',
      prepare: async (input, context) => {
        const args = parseInput(argsSchema, input);
        const credentials = await context.credentials(args.storeId);
        const snapshot = await ownSnapshot(deps.snapshots, `user:${context.userId}`, args.snapshotId);
        assertRestorable(snapshot, credentials.storeHash);
        return { args, credentials, snapshot, client: context.client(credentials) };
      },
      // The store read now, kept as a preview (a `restore_preview` row) the job can start from.
      preview: async ({ args, snapshot, client }) => {
        const fresh = await previewRestore(deps, client, snapshot, args.items, {
          stock: args.stock === true,
        });
        return { previewId: fresh.previewId, shown: agentPreview(fresh.preview.items) };
      },
      shown: (preview) => preview.shown,
      // restore-start.ts: the preview's claim (one job per preview), room for a job, the store answering, and its own
      // before-snapshot first.
      start: (jobId, { credentials, snapshot, client }, preview, context) =>
        startRestore(deps, {
          snapshot,
          credentials,
          client,
          previewId: preview.previewId,
          jobId,
          signal: context.signal,
        }),
      detail: (job, { snapshot }, preview) => ({
        storeHash: job.storeHash,
        jobId: job.id,
        snapshotId: snapshot.id,
        items: preview.shown.items.length,
      }),
    }),
  ];
}
