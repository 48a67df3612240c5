// Store History for AI agents (issue 33): `list_snapshots` {storeId} lists the token owner's snapshots of one of their
// stores, and `diff_snapshots` {snapshotId, against, kind?, search?, cursor?} answers the same diff as
// `GET /api/snapshots/{id}/diff` (changed items field by field, counts per kind, a page of 50 at a time).
import { z } from 'zod';
import { snapshotDiffQuerySchema } from '../../../common/contracts/store-history';
import { agentTool, type AgentTool } from '../../agent-tools/agent-tools';
import { parseInput } from '../../errors';
import { toSnapshotView, type SnapshotRepository } from './snapshot-repository';
import { compareSnapshots } from './store-history.service';

export function storeHistoryAgentTools(snapshots: SnapshotRepository): AgentTool[] {
  return [
    agentTool({
      name: 'list_snapshots',
      title: 'List snapshots',
      description:
        'The Store History snapshots you took of a store, newest first: id, when, why (manual, scheduled, before a job), state, counts (products, variants, categories, brands, pages, widgets, widget templates) and bytes. Pass two ids to diff_snapshots.',
      access: 'read',
      input: { storeId: z.string().min(1).max(200).describe('The store, as list_stores gives it') },
      run: async ({ storeId }, context) => {
        const { storeHash } = await context.credentials(storeId);
        const rows = await snapshots.list(`user:${context.userId}`, storeHash);
        return { snapshots: rows.map(toSnapshotView) };
      },
    }),
    agentTool({
      name: 'diff_snapshots',
      title: 'Compare two snapshots',
      description:
        'What changed in a store between two of your snapshots (snapshotId the older, against the newer): counts per kind, then up to 50 changed items (products, categories, brands, pages, widget templates), each added, removed or changed with its fields before and after (a variant as variants[sku=ABC-1].price). Filter with kind and search; pass nextCursor as cursor for more.',
      access: 'read',
      input: {
        snapshotId: z.string().min(1).max(100).describe('The snapshot to compare from (list_snapshots)'),
        ...snapshotDiffQuerySchema.shape,
      },
      run: async ({ snapshotId, ...query }, context) =>
        compareSnapshots(
          snapshots,
          `user:${context.userId}`,
          snapshotId,
          parseInput(snapshotDiffQuerySchema, query),
        ),
    }),
  ];
}
