// A snapshot as a job (issue 32): the `store-snapshot` kind, registered with the job platform. The first slice plans
// the steps (snapshot-steps.ts) into the job row; every slice then reads waves of steps from the checkpoint, keeps
// their items, and settles the wave with the platform's compare-and-set, so a step is counted once whatever slice
// settles it, and a resumed job (a restart, an expired slice) goes on from the first step not settled. Reading a
// step again is harmless: its items are inserted once and its blobs are stored by content.
import { z } from 'zod';
import { snapshotRetentionSchema, snapshotScopeSchema } from '../../../common/contracts/store-history';
import type { BigCommerceClientFactory } from '../../integrations/bigcommerce';
import type { JobKindDefinition } from '../../jobs/job-kinds';
import type { SliceOutcome } from '../../jobs/job-queue';
import type { JobRow, JobStore } from '../../jobs/job-store';
import { isLive, jobSlice, planOnce, settleWave, sliceTimeUp } from '../../jobs/slice';
import { openCredentials, type Sealer } from '../../jobs/sealed-credentials';
import type { Logger } from '../../logger';
import type { SnapshotRepository } from './snapshot-repository';
import { snapshotsToPrune } from './snapshot-retention';
import {
  planSnapshot,
  planTargets,
  readStep,
  snapshotTargetsSchema,
  type SnapshotStep,
} from './snapshot-steps';

/** Steps read at once: through the store's scheduler, which paces them to its quota (at most 80 products). */
export const SNAPSHOT_WAVE = 8;

export const storeSnapshotInputSchema = z.object({
  snapshotId: z.string(),
  scope: z.array(snapshotScopeSchema),
  /** A scheduled snapshot's retention rule: applied to the store's scheduled snapshots once this one is done. */
  retention: snapshotRetentionSchema.optional(),
  /** A before-job snapshot: only what the job will touch. */
  targets: snapshotTargetsSchema.optional(),
  /** Taken before a write job, which waits for it: the limits count it in a lane of its own (job-store.ts). */
  beforeJob: z.literal(true).optional(),
});

export type StoreSnapshotJobDeps = {
  jobs: JobStore;
  snapshots: SnapshotRepository;
  clients: BigCommerceClientFactory;
  getCipher: () => Promise<Sealer>;
  logger: Logger;
  /** Entity pages a full snapshot probes at most (env SNAPSHOT_PAGE_PROBES; MAX_PAGE_PROBES by default). */
  pageBound?: number;
  now?: () => Date;
};

export function storeSnapshotJobKind(deps: StoreSnapshotJobDeps): JobKindDefinition {
  const now = deps.now ?? (() => new Date());
  const end = async (row: JobRow, state: 'done' | 'failed' | 'cancelled', message: string | null = null) => {
    const input = storeSnapshotInputSchema.parse(row.input);
    await deps.snapshots.finish(input.snapshotId, state, now());
    if (state === 'done' && input.retention) {
      // Before the job is seen done, so whoever follows it finds the older snapshots already pruned.
      await pruneScheduled(deps, input.snapshotId, input.retention).catch((error: unknown) =>
        deps.logger.error({ err: error, jobId: row.id }, 'scheduled snapshots were not pruned'),
      );
    }
    await deps.jobs.finish(row.id, state, now(), message);
  };
  return {
    kind: 'store-snapshot',
    input: storeSnapshotInputSchema,
    slice: jobSlice(
      { jobs: deps.jobs, logger: deps.logger, now, end },
      {
        unexpected: 'The snapshot stopped on an unexpected error. Please try again.',
        logged: 'snapshot slice failed',
      },
      (row) => runSlice(deps, row, now, end),
    ),
  };
}

async function runSlice(
  deps: StoreSnapshotJobDeps,
  row: JobRow,
  now: () => Date,
  end: (row: JobRow, state: 'done' | 'cancelled') => Promise<void>,
): Promise<SliceOutcome> {
  const input = storeSnapshotInputSchema.parse(row.input);
  const snapshot = await deps.snapshots.get(input.snapshotId);
  if (!snapshot) throw new Error('The snapshot row is gone');
  if (!row.credentialsSealed) throw new Error('The job has no store credentials left');
  const credentials = openCredentials(await deps.getCipher(), row.id, row.credentialsSealed);
  const client = deps.clients.forStore(credentials.target, { caller: row.owner });

  const planned = await planOnce<SnapshotStep>(deps.jobs, row, now, async () => {
    let steps: SnapshotStep[];
    if (input.targets) steps = await planTargets(client, input.targets);
    else {
      const planned = await planSnapshot(client, input.scope, {}, deps.pageBound);
      steps = planned.steps;
      // Named before any page is read: a snapshot never holds less than it says (issue 40).
      await deps.snapshots.setUnreadPages(input.snapshotId, planned.unreadPages);
    }
    return { items: steps, total: steps.length, skipped: 0, outcomes: [] };
  });
  if (!planned) return 'finished';
  const { plan } = planned;
  let checkpoint = planned.checkpoint;

  const started = Date.now();
  while (checkpoint < plan.length) {
    if (!(await isLive(deps.jobs, row.id, end))) return 'finished';
    const wave = plan.slice(checkpoint, checkpoint + SNAPSHOT_WAVE);
    const read = await Promise.all(wave.map((step) => readStep(client, step)));
    // One write for the wave: a page probe's few bytes cost more in round trips to the database than in reading.
    await deps.snapshots.addItems(snapshot, read.flat(), now());
    const from = checkpoint;
    checkpoint += wave.length;
    const next = await settleWave(deps.jobs, row.id, {
      from,
      checkpoint,
      succeeded: wave.length,
      failed: 0,
      outcomes: [],
    });
    if (!next) return 'finished';
    checkpoint = next.checkpoint;
    if (!next.settled) continue;
    if (checkpoint < plan.length && sliceTimeUp(started)) return 'more';
  }
  await end(row, 'done');
  return 'finished';
}

/**
 * The retention rule on the store's scheduled snapshots, counted back from the one just taken (`snapshotsToPrune`):
 * manual and before-job snapshots are never deleted by it.
 */
async function pruneScheduled(
  deps: StoreSnapshotJobDeps,
  snapshotId: string,
  rule: z.infer<typeof snapshotRetentionSchema>,
): Promise<void> {
  const taken = await deps.snapshots.get(snapshotId);
  if (!taken) return;
  const rows = await deps.snapshots.list(taken.owner, taken.storeHash);
  for (const row of snapshotsToPrune(rows, rule, taken.createdAt)) {
    if (row.id !== taken.id) await deps.snapshots.delete(row);
  }
}
