// Snapshots taken before writes (issue 32: "automatically before every write job (bulk edits, imports, restores: what
// they will touch)"). The platform knows them only through this seam: Store History implements it (wired in
// server/services.ts), a write job's start asks it for a snapshot of what the job will touch, and the job's slices
// wait for that snapshot before they plan or write (slice.ts `jobSlice`).
import { ERROR_CODES } from '../../common/errors';
import { AppError } from '../errors';

/**
 * What a write will touch, as its feature says it (Store History's `SnapshotTargets`): opaque to the platform, which
 * only carries it to the BeforeJobSnapshots that Store History implements, where it is parsed.
 */
export type BeforeJobTargets = Readonly<Record<string, unknown>>;

/** The store a before-job snapshot reads: what the platform knows of store credentials (as sealed-credentials.ts). */
export type JobStoreCredentials = { storeHash: string; accessToken: string };

export type BeforeJobRequest = {
  owner: string;
  credentials: JobStoreCredentials;
  targets: BeforeJobTargets;
  /** Whose requests these are for the store's scheduler (the client address, or the owner). */
  caller: string;
  signal?: AbortSignal;
};

export type BeforeJobSnapshots = {
  /** Starts a snapshot of the targets as a job of its own (in the limits' before-job lane); answers its id. */
  start(request: BeforeJobRequest): Promise<string>;
  /** Takes a snapshot of the targets within this call (a few requests: what an import touches); answers its id. */
  take(request: BeforeJobRequest): Promise<string>;
  /** A snapshot's state: 'running', 'done', 'failed' or 'cancelled'; undefined once it is gone. */
  state(this: void, snapshotId: string): Promise<string | undefined>;
};

/** Said when a write job's before-job snapshot did not complete: the job writes nothing without it. */
export const BEFORE_SNAPSHOT_FAILED =
  'The snapshot taken before this job did not complete, so nothing was written. Please try again.';

/** The before-job snapshot a job's stored input names, if any. */
export function beforeSnapshotOf(input: unknown): string | undefined {
  const id =
    input !== null && typeof input === 'object'
      ? (input as Record<string, unknown>).beforeSnapshotId
      : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * True when `error` says the owner may take no snapshot now: they keep as many as their caps allow, or their account's
 * email is not verified (issue 41: snapshots need a verified address). A write goes on without its before-job
 * snapshot then, with its own backup as before Store History, and says so: a full snapshot list or an unverified
 * address must not stop a store's work (a visitor writes too). (The before-job lane's job limits are the write's own:
 * a refusal there refuses the write.)
 */
export function isSnapshotRefused(error: unknown): error is AppError {
  return (
    error instanceof AppError &&
    (error.code === ERROR_CODES.tooManySnapshots || error.code === ERROR_CODES.emailNotVerified)
  );
}

/** What a write learns of its before-job snapshot: the one kept, or why none was. */
export type BeforeTaken = { snapshotId: string } | { skipped: string };

/** A write's way to take its before-job snapshot within its call, once it knows what it will touch. */
export type BeforeWrite = (targets: BeforeJobTargets) => Promise<BeforeTaken>;

/** The BeforeWrite of a caller (an import's route or agent tool); undefined when there are no snapshots to take. */
export function beforeWriteFor(
  snapshots: BeforeJobSnapshots | undefined,
  who: Omit<BeforeJobRequest, 'targets'>,
): BeforeWrite | undefined {
  if (!snapshots) return undefined;
  return async (targets) => {
    try {
      return { snapshotId: await snapshots.take({ ...who, targets }) };
    } catch (error) {
      if (isSnapshotRefused(error)) return { skipped: error.message };
      throw error;
    }
  };
}
