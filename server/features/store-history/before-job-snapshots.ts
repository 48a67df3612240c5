// Snapshots before writes (issue 32): Store History's side of the platform's seam (server/jobs/before-job.ts). A bulk
// edit starts one as a job of its own and its slices wait for it; an import (a few items, answered in one request)
// takes one within its request, before it writes. Both keep only what the write will touch, as the store holds it.
import { randomUUID } from 'node:crypto';
import { isFinalJobState } from '../../../common/contracts/jobs';
import { snapshotTargetsSchema } from '../../../common/contracts/store-history';
import { mapBounded } from '../../../common/map-bounded';
import type { BigCommerceClientFactory } from '../../integrations/bigcommerce';
import type { BeforeJobSnapshots } from '../../jobs/before-job';
import type { JobStore } from '../../jobs/job-store';
import { SNAPSHOT_WAVE } from './snapshot-take.job';
import { planTargets, readStep, scopeOfTargets } from './snapshot-steps';
import { pruneBeforeJob, startSnapshot, type StartSnapshotDeps } from './snapshot-take';

export function createBeforeJobSnapshots(
  deps: StartSnapshotDeps & { clients: BigCommerceClientFactory; jobStore: JobStore },
): BeforeJobSnapshots {
  const { snapshots } = deps;
  return {
    async start(request) {
      const { snapshot } = await startSnapshot(
        { jobStore: deps.jobStore, jobQueue: deps.jobQueue, getTokenCipher: deps.getTokenCipher, snapshots },
        {
          ...request,
          targets: snapshotTargetsSchema.parse(request.targets),
          reason: 'before-job',
          now: new Date(),
        },
      );
      return snapshot.id;
    },

    async take({ owner, credentials, targets: asked, caller, signal }) {
      const targets = snapshotTargetsSchema.parse(asked);
      await pruneBeforeJob(snapshots, owner, credentials.storeHash);
      const snapshot = await snapshots.create({
        id: randomUUID(),
        owner,
        storeHash: credentials.storeHash,
        reason: 'before-job',
        scope: scopeOfTargets(targets),
        jobId: null,
        now: new Date(),
      });
      try {
        const client = deps.clients.forStore(credentials, { caller });
        const call = signal ? { signal } : {};
        const steps = await planTargets(client, targets, call);
        await mapBounded(steps, SNAPSHOT_WAVE, async (step) =>
          snapshots.addItems(snapshot, await readStep(client, step, call), new Date()),
        );
        await snapshots.finish(snapshot.id, 'done', new Date());
        return snapshot.id;
      } catch (error) {
        await snapshots.finish(snapshot.id, 'failed', new Date());
        throw error;
      }
    },

    // A snapshot whose job ended without ending it (cancelled before it ran) is as its job.
    async state(id) {
      const row = await snapshots.get(id);
      if (row?.state !== 'running' || !row.jobId) return row?.state;
      const job = await deps.jobStore.get(row.jobId);
      return !job ? 'failed' : isFinalJobState(job.state) ? job.state : 'running';
    },
  };
}
