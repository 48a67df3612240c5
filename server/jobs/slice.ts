// What every job kind's slice does around its own work (issue 30): read the job's row, stop when the job is over or
// asked to stop, and end it with a message its owner can read when the work fails; and the plan a job makes once.
import type { JobItemOutcome } from '../../common/contracts/jobs';
import { AppError } from '../errors';
import { isBigCommerceError } from '../integrations/bigcommerce';
import type { Logger } from '../logger';
import { BEFORE_SNAPSHOT_FAILED, beforeSnapshotOf } from './before-job';
import type { SliceHandler, SliceOutcome } from './job-queue';
import type { JobRow, JobStore } from './job-store';

const FINAL = ['done', 'failed', 'cancelled'];

/** A slice stops after this long and queues the next one (a dead worker loses at most one slice's lease). */
export const SLICE_MS = 20_000;

/** Whether a slice that started at `started` (Date.now()) has had its time and should queue the next one. */
export function sliceTimeUp(started: number): boolean {
  return Date.now() - started > SLICE_MS;
}

/** Ends a job cancelled, or failed with its message; by default the row's `finish`. */
export type EndJob = (row: JobRow, state: 'cancelled' | 'failed', message?: string) => Promise<void>;

/** How a kind's jobs wait for the snapshot taken before them (before-job.ts). */
export type BeforeWait = {
  /** The snapshot's state (BeforeJobSnapshots.state). */
  state: (snapshotId: string) => Promise<string | undefined>;
  /** How long a slice waits before it is queued again to look once more. Default 1 s. */
  waitMs?: number;
  /** The job's message when the snapshot did not complete. Default BEFORE_SNAPSHOT_FAILED. */
  failed?: string;
};

export type SliceTexts = {
  /** The row's message after an unexpected error (a database error, a bug), which is logged only. */
  unexpected: string;
  /** The log line of such an error. */
  logged: string;
};

/**
 * A kind's slice handler: `work` runs on the job's row unless the job is over (nothing to do) or asked to stop (ended
 * cancelled). A failure ends the job failed; the row's message is shown to the job's owner: BigCommerce's answer and
 * our own AppError texts are written for them, anything else carries internals and is logged only. A job whose input
 * names a before-job snapshot (`beforeSnapshotId`) does nothing until that snapshot is complete, and fails, having
 * written nothing, when it did not complete.
 */
export function jobSlice(
  deps: { jobs: JobStore; logger: Logger; now: () => Date; end?: EndJob; before?: BeforeWait },
  texts: SliceTexts,
  work: (row: JobRow) => Promise<SliceOutcome>,
): SliceHandler {
  const end: EndJob =
    deps.end ?? ((row, state, message) => deps.jobs.finish(row.id, state, deps.now(), message));
  return async (jobId) => {
    const row = await liveRow(deps.jobs, jobId, end);
    if (!row) return 'finished';
    try {
      const beforeId = row.plan ? undefined : beforeSnapshotOf(row.input);
      if (beforeId && deps.before) {
        const state = await deps.before.state(beforeId);
        if (state === 'running') {
          // The snapshot's own slices run on its queue: this job looks again in a moment.
          await new Promise((resolve) => setTimeout(resolve, deps.before?.waitMs ?? 1000));
          return 'more';
        }
        if (state !== 'done') {
          await end(row, 'failed', deps.before.failed ?? BEFORE_SNAPSHOT_FAILED);
          return 'finished';
        }
      }
      return await work(row);
    } catch (error) {
      const message =
        isBigCommerceError(error) || error instanceof AppError ? error.message : texts.unexpected;
      if (!isBigCommerceError(error)) deps.logger.error({ err: error, jobId }, texts.logged);
      await end(row, 'failed', message);
      return 'finished';
    }
  };
}

/** The job's row as it is now; null when the job is over, or was asked to stop (then ended cancelled here). */
export async function liveRow(
  jobs: JobStore,
  jobId: string,
  end: (row: JobRow, state: 'cancelled') => Promise<void>,
): Promise<JobRow | null> {
  const row = await jobs.get(jobId);
  if (!row || FINAL.includes(row.state)) return null;
  if (row.cancelRequested) {
    await end(row, 'cancelled');
    return null;
  }
  return row;
}

/**
 * Whether the job goes on, as liveRow, reading only its state and cancel request: a plan of thousands of steps is not
 * read again between waves (issue 40: a snapshot's page probes).
 */
export async function isLive(
  jobs: JobStore,
  jobId: string,
  end: (row: JobRow, state: 'cancelled') => Promise<void>,
): Promise<boolean> {
  const status = await jobs.status(jobId);
  if (!status || FINAL.includes(status.state)) return false;
  if (status.cancelRequested) return (await liveRow(jobs, jobId, end)) !== null;
  return true;
}

/**
 * A plan as `make` answers it: its items, with the total, the items skipped up front and the outcomes known up front
 * (items that failed before any was written). The items skipped up front count in `succeeded` too (a bulk edit's
 * "already so"), unless `skippedApart` (Spreadsheet Edit's rows left as the store has them: not written).
 */
export type MadePlan<T> = {
  items: T[];
  total: number;
  skipped: number;
  outcomes: JobItemOutcome[];
  skippedApart?: boolean;
};

/**
 * The job's plan and where to go on from. A job without one makes it (`make`) and writes it once; when another slice
 * of the job planned first (issue 29) this one works from that plan, not its own. A job with one is marked running.
 * `row` is the row the plan was read from (its backup goes with it); null when the job is gone meanwhile.
 */
export async function planOnce<T>(
  jobs: JobStore,
  row: JobRow,
  now: () => Date,
  make: () => Promise<MadePlan<T>>,
): Promise<{ plan: T[]; checkpoint: number; row: JobRow } | null> {
  if (row.plan) {
    await jobs.markRunning(row.id, now());
    return { plan: row.plan as T[], checkpoint: row.checkpoint, row };
  }
  const made = await make();
  if (
    await jobs.setPlan(row.id, made.items, made.total, made.skipped, made.outcomes, now(), {
      skippedApart: made.skippedApart === true,
    })
  ) {
    return { plan: made.items, checkpoint: 0, row };
  }
  const planned = await jobs.get(row.id);
  if (!planned?.plan) return null;
  return { plan: planned.plan as T[], checkpoint: planned.checkpoint, row: planned };
}

/**
 * Settles a wave from the checkpoint (the store's compare-and-set) and answers where to go on from: the wave's end, or,
 * when another slice settled it first (an expired slice and its retry both ran), where the row says (`settled` false).
 * Null when the job is over meanwhile.
 */
export async function settleWave(
  jobs: JobStore,
  jobId: string,
  batch: Parameters<JobStore['settleBatch']>[1],
): Promise<{ checkpoint: number; settled: boolean } | null> {
  if (await jobs.settleBatch(jobId, batch)) return { checkpoint: batch.checkpoint, settled: true };
  const again = await jobs.get(jobId);
  if (!again || FINAL.includes(again.state)) return null;
  return { checkpoint: again.checkpoint, settled: false };
}
