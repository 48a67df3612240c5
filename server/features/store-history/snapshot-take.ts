// Taking a snapshot (issue 32): `startSnapshot`, the one way a snapshot is started (the route's manual one, the
// schedule, before a write job, a restore's own), as a `store-snapshot` job (snapshot-take.job.ts reads the store).
// Before-job snapshots are pruned to the newest few as new ones are taken.
import { randomUUID } from 'node:crypto';
import {
  SNAPSHOT_SCOPES,
  type SnapshotReason,
  type SnapshotRetention,
  type SnapshotScope,
} from '../../../common/contracts/store-history';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { assertRoomForJob, type JobRow } from '../../jobs/job-store';
import { startJob, type JobRoutesDeps } from '../jobs/start-job';
import type { SnapshotRow } from './snapshot';
import type { SnapshotRepository } from './snapshot-repository';
import { scopeOfTargets, type SnapshotTargets } from './snapshot-steps';

export type StartSnapshotDeps = Pick<JobRoutesDeps, 'jobStore' | 'jobQueue' | 'getTokenCipher'> & {
  /** Checks the store answers to the credentials; left out where the caller has just checked it (a restore). */
  clients?: JobRoutesDeps['clients'];
  snapshots: SnapshotRepository;
};

/** Before-job snapshots a store keeps (per owner): the newest, older ones are deleted as new ones are taken. */
export const KEEP_BEFORE_JOB_SNAPSHOTS = 10;

/** Before-job snapshots are kept for the last few jobs of a store only: they would fill the owner's cap otherwise. */
export async function pruneBeforeJob(
  snapshots: SnapshotRepository,
  owner: string,
  storeHash: string,
): Promise<void> {
  await snapshots.pruneReason(owner, storeHash, 'before-job', KEEP_BEFORE_JOB_SNAPSHOTS - 1);
}

/**
 * Starts a snapshot of a store as a `store-snapshot` job: the owner's and the store's room for a job, the store
 * answering to the credentials (before anything is kept for it), the snapshot row within the caps, then the job with
 * the credentials sealed. A scheduled snapshot carries its retention rule, applied when it is done.
 */
export async function startSnapshot(
  deps: StartSnapshotDeps,
  input: {
    owner: string;
    credentials: StoreCredentials;
    reason: SnapshotReason;
    scope?: readonly SnapshotScope[] | undefined;
    retention?: SnapshotRetention;
    /** A before-job snapshot: only what the job will touch (its scope follows from them). */
    targets?: SnapshotTargets;
    /** Whose requests these are for the store's scheduler (the client address, or the schedule). */
    caller: string;
    signal?: AbortSignal;
    now: Date;
  },
): Promise<{ snapshot: SnapshotRow; job: JobRow }> {
  const { owner, credentials, now } = input;
  // A before-job snapshot has a lane of its own in the limits: it is part of the write job that waits for it.
  const beforeJob = input.reason === 'before-job';
  await assertRoomForJob(deps.jobStore, owner, credentials.storeHash, beforeJob ? 'before-job' : 'work');
  await deps.clients
    ?.forStore(credentials, { caller: input.caller })
    .store.get(input.signal ? { signal: input.signal } : {});
  const scope = input.targets
    ? scopeOfTargets(input.targets)
    : input.scope
      ? [...new Set(input.scope)]
      : [...SNAPSHOT_SCOPES];
  if (beforeJob) await pruneBeforeJob(deps.snapshots, owner, credentials.storeHash);
  const jobId = randomUUID();
  const snapshot = await deps.snapshots.create({
    id: randomUUID(),
    owner,
    storeHash: credentials.storeHash,
    reason: input.reason,
    scope,
    jobId,
    now,
    caller: input.caller,
  });
  try {
    const job = await startJob(deps, {
      id: jobId,
      kind: 'store-snapshot',
      owner,
      input: {
        snapshotId: snapshot.id,
        scope,
        ...(input.retention ? { retention: input.retention } : {}),
        ...(input.targets ? { targets: input.targets } : {}),
        ...(beforeJob ? { beforeJob: true } : {}),
      },
      credentials: { target: credentials },
      now,
    });
    return { snapshot, job };
  } catch (error) {
    // No job, no snapshot: the row would stay "running" for ever.
    if (!(await deps.jobStore.get(jobId))) await deps.snapshots.delete(snapshot);
    throw error;
  }
}
