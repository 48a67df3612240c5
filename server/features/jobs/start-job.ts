// Starting a job from a route (issues 12, 32): what every job-starting route needs, and the one way to write the row
// (within its owner's and store's limits, in one locked step, with the store credentials sealed) and queue it.
import type { JobKind } from '../../../common/contracts/jobs';
import { enqueueOrFail } from '../../jobs/enqueue';
import type { JobQueue } from '../../jobs/job-queue';
import type { JobRow, JobStore } from '../../jobs/job-store';
import { sealCredentials, type SealedCredentials } from '../../jobs/sealed-credentials';
import type { TokenCipher } from '../../token-cipher';
import type { ToolRouteDeps } from '../../tool-route';
import type { Auth } from '../auth/auth';

export type JobRoutesDeps = ToolRouteDeps & {
  getAuth: () => Promise<Auth>;
  jobStore: JobStore;
  jobQueue: JobQueue;
  getTokenCipher: () => Promise<TokenCipher>;
};

export async function startJob(
  deps: Pick<JobRoutesDeps, 'jobStore' | 'jobQueue' | 'getTokenCipher'>,
  job: {
    id: string;
    kind: JobKind;
    owner: string;
    input: Record<string, unknown>;
    credentials: SealedCredentials;
    now: Date;
  },
): Promise<JobRow> {
  const storeHash = job.credentials.target.storeHash;
  const row = await deps.jobStore.createWithinLimits({
    id: job.id,
    kind: job.kind,
    owner: job.owner,
    storeHash,
    input: job.input,
    credentialsSealed: sealCredentials(await deps.getTokenCipher(), job.id, job.credentials),
    now: job.now,
  });
  await enqueueOrFail(
    deps.jobStore,
    () => deps.jobQueue.enqueue({ jobId: job.id, kind: job.kind, storeHash }),
    job.id,
  );
  return row;
}
