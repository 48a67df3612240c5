// Starting a job from a route (issues 12, 32): what every job-starting route needs, and the one way to write the row
// (within its owner's and store's limits, in one locked step, with the store credentials sealed) and queue it.
import type { JobKind } from '../../../common/contracts/jobs';
import { isSnapshotRefused, type BeforeJobSnapshots, type BeforeJobTargets } from '../../jobs/before-job';
import { enqueueOrFail } from '../../jobs/enqueue';
import type { JobQueue } from '../../jobs/job-queue';
import type { JobRow, JobStore } from '../../jobs/job-store';
import { sealCredentials, type SealedCredentials, type Sealer } from '../../jobs/sealed-credentials';
import type { TokenCipher } from '../../token-cipher';
import type { ToolRouteDeps } from '../../tool-route';
import type { Auth } from '../auth/auth';

export type JobRoutesDeps = ToolRouteDeps & {
  getAuth: () => Promise<Auth>;
  jobStore: JobStore;
  jobQueue: JobQueue;
  getTokenCipher: () => Promise<TokenCipher>;
  /** Snapshots before writes (Store History); left out, jobs start without one. */
  beforeJob?: BeforeJobSnapshots;
};

/**
 * Starts a job: with `before`, a snapshot of what it will touch is started first (issue 32) and the job's slices wait
 * for it (server/jobs/slice.ts). A snapshot that cannot be started because the owner's snapshots are full (their caps)
 * leaves the job as it was before Store History: its own backup, and the reason logged.
 */
export async function startJob(
  deps: Pick<JobRoutesDeps, 'jobStore' | 'jobQueue' | 'beforeJob'> & {
    getTokenCipher: () => Promise<Sealer>;
    logger?: { warn: (detail: object, message: string) => void };
  },
  job: {
    id: string;
    kind: JobKind;
    owner: string;
    input: Record<string, unknown>;
    credentials: SealedCredentials;
    now: Date;
    /** What the job will touch: its before-job snapshot's targets. */
    before?: BeforeJobTargets;
    /** Whose requests the snapshot's are for the store's scheduler. Default the owner. */
    caller?: string;
    signal?: AbortSignal;
    /** The job this one undoes. */
    undoOf?: string;
  },
): Promise<JobRow> {
  const storeHash = job.credentials.target.storeHash;
  let input = job.input;
  if (job.before && deps.beforeJob) {
    // The write job's own room first: no snapshot is taken for a job that would be refused.
    await deps.jobStore.assertRoom(job.owner, storeHash);
    try {
      const snapshotId = await deps.beforeJob.start({
        owner: job.owner,
        credentials: job.credentials.target,
        targets: job.before,
        caller: job.caller ?? job.owner,
        ...(job.signal ? { signal: job.signal } : {}),
      });
      input = { ...input, beforeSnapshotId: snapshotId };
    } catch (error) {
      if (!isSnapshotRefused(error)) throw error;
      deps.logger?.warn(
        { jobId: job.id, reason: error.message },
        'a job started without its before-job snapshot',
      );
    }
  }
  const row = await deps.jobStore.createWithinLimits({
    id: job.id,
    kind: job.kind,
    owner: job.owner,
    storeHash,
    input,
    credentialsSealed: sealCredentials(await deps.getTokenCipher(), job.id, job.credentials),
    ...(job.undoOf ? { undoOf: job.undoOf } : {}),
    now: job.now,
  });
  await enqueueOrFail(
    deps.jobStore,
    () => deps.jobQueue.enqueue({ jobId: job.id, kind: job.kind, storeHash }),
    job.id,
  );
  return row;
}
