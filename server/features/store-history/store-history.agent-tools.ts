// Store History for AI agents (issue 33): `list_snapshots` {storeId} lists the token owner's snapshots of one of their
// stores, and `diff_snapshots` {snapshotId, against, kind?, search?, cursor?} answers the same diff as
// `GET /api/snapshots/{id}/diff` (changed items field by field, counts per kind, a page of 50 at a time); with
// `against: 'live'`, against the store now: a fresh snapshot's diff, or `{snapshotId, job}` of the snapshot being taken.
import { z } from 'zod';
import { snapshotDiffQuerySchema } from '../../../common/contracts/store-history';
import { agentTool, type AgentTool } from '../../agent-tools/agent-tools';
import { storeIdInput } from '../../agent-tools/tool-inputs';
import { parseInput } from '../../errors';
import { toSnapshotView } from './snapshot';
import type { SnapshotRepository } from './snapshot-repository';
import { compareSnapshots } from './snapshot-diff';
import type { StartSnapshotDeps } from './snapshot-take';

export function storeHistoryAgentTools(
  deps: StartSnapshotDeps & { snapshots: SnapshotRepository },
): AgentTool[] {
  const { snapshots } = deps;
  return [
    agentTool({
      name: 'list_snapshots',
      title: 'List snapshots',
      description:
        'The Store History snapshots you took of a store, newest first: id, when, why (manual, scheduled, before a job), state, counts (products, variants, categories, brands, pages, widgets, widget templates) and bytes. Pass two ids to diff_snapshots.',
      access: 'read',
      input: { storeId: storeIdInput('The store') },
      run: async ({ storeId }, context) => {
        const { storeHash } = await context.credentials(storeId);
        const rows = await snapshots.list(`user:${context.userId}`, storeHash);
        return { snapshots: rows.map((row) => toSnapshotView(row)) };
      },
    }),
    agentTool({
      name: 'diff_snapshots',
      title: 'Compare two snapshots',
      description:
        "What changed in a store between two of your snapshots (snapshotId the older, against the newer), or since a snapshot (against: 'live', the store now): counts per kind, then up to 50 changed items (products, categories, brands, pages, widget templates), each added, removed or changed with its fields before and after (a variant as variants[sku=ABC-1].price). Filter with kind and search; pass nextCursor as cursor for more. With 'live', a snapshot of the store finished in the last 10 minutes stands for now (named in against); without one, a snapshot is started and the answer is {snapshotId, job}: wait for the job (job_status) to end, then call again.",
      access: 'read',
      input: {
        snapshotId: z.string().min(1).max(100).describe('The snapshot to compare from (list_snapshots)'),
        ...snapshotDiffQuerySchema.shape,
        against: snapshotDiffQuerySchema.shape.against.describe(
          "The snapshot to compare with (list_snapshots), or 'live' for the store now",
        ),
      },
      run: async ({ snapshotId, ...query }, context) =>
        compareSnapshots(
          snapshots,
          `user:${context.userId}`,
          snapshotId,
          parseInput(snapshotDiffQuerySchema, query),
          {
            deps,
            // The store now, read with the caller's own store of that hash (a cloud store or their demo store).
            credentialsOf: async (storeHash) => {
              const store = (await context.stores()).find((s) => s.storeHash === storeHash);
              return store ? context.credentials(store.id) : undefined;
            },
            caller: `agent:${context.userId}`,
            signal: context.signal,
            now: new Date(),
          },
        ),
    }),
  ];
}
