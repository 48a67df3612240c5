// The job rows (server/db/schema/jobs.ts `job`): what the screens and the spec endpoints read, and what a worker
// needs to resume. Every change bumps `version`, which the event stream uses as its event id.
import { and, desc, eq, getTableColumns, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { FINAL_JOB_STATES } from '../../common/contracts/jobs';
import {
  type JobItemError,
  type JobItemOutcome,
  type JobKind,
  type JobState,
  type JobView,
} from '../../common/contracts/jobs';
import { ERROR_CODES } from '../../common/errors';
import type { Db } from '../db/database';
import { withAdvisoryLocks, type Tx } from '../db/lock';
import { AppError } from '../errors';
import { job } from '../db/schema';

export type JobRow = typeof job.$inferSelect;

/**
 * A job's row as its view needs it: everything but the plan and the backup (which grow with the job: a 10,000-product
 * import's are megabytes), with the number of backed-up items instead (issue 45: a follower polling a large job read
 * both at every look).
 */
export type JobViewRow = Omit<JobRow, 'plan' | 'backup'> & { backedUp: number };

/** The columns of a JobViewRow: the backed-up items counted in the database. */
const { plan: _plan, backup: _backup, ...viewColumns } = getTableColumns(job);
const jobViewColumns = {
  ...viewColumns,
  backedUp:
    sql<number>`case when jsonb_typeof(${job.backup}) = 'object' then (select count(*) from jsonb_object_keys(${job.backup})) else 0 end`.mapWith(
      Number,
    ),
};

/** A job's backup: its items' previous values, by the key each kind gives them (what an undo restores). */
export type JobBackup = Readonly<Record<string, unknown>>;

/**
 * One progress step of a job (server/db/schema/jobs.ts `job.progress`): its counts, the row version it made and how
 * many outcomes the row listed then. `outcomes` is left out by the steps of rows written before it was recorded.
 */
export type ProgressStep = {
  version: number;
  succeeded: number;
  failed: number;
  skipped: number;
  outcomes?: number;
};

/**
 * Appends this write's step to `job.progress`. The SET expressions read the row as it was before the update, so the
 * step's version is the one this update gives the row (`version + 1`), and its counts are the new ones.
 */
function progressStep(counts: { succeeded: SQL; failed: SQL; skipped: SQL; outcomes: number }): SQL {
  return sql`${job.progress} || jsonb_build_array(jsonb_build_object('version', ${job.version} + 1, 'succeeded', ${counts.succeeded}, 'failed', ${counts.failed}, 'skipped', ${counts.skipped}, 'outcomes', ${counts.outcomes}::int))`;
}

/** Outcomes listed per job at most, whatever its kind (the counts stay exact beyond it). */
export const MAX_JOB_ERRORS = 1_000;

/** An item that failed, as the one outcome list holds it: `key.id` its id, a name left unknown as ''. */
export function failedItem(error: JobItemError): JobItemOutcome {
  return {
    kind: 'product',
    key: { id: error.productId },
    name: error.name ?? '',
    outcome: 'failed',
    reason: error.reason,
  };
}

/** The failed products of an outcome list, as `JobView.errors` lists them (failedItem back; a category or brand a restore failed is in `outcomes` only). */
function errorsOf(outcomes: readonly JobItemOutcome[]): JobItemError[] {
  return outcomes.flatMap((item) =>
    item.outcome === 'failed' && item.kind === 'product' && typeof item.key.id === 'number'
      ? [{ productId: item.key.id, name: item.name === '' ? null : item.name, reason: item.reason ?? '' }]
      : [],
  );
}

/** A row's outcome list; a row written before there was one list for every kind keeps its failures in `errors`. */
function outcomesOf(row: Pick<JobRow, 'outcomes' | 'errors'>): JobItemOutcome[] {
  return (row.outcomes as JobItemOutcome[] | null) ?? (row.errors as JobItemError[]).map(failedItem);
}

/**
 * How many outcomes the row listed at a step. A step that does not say (a row written before it was recorded) had, of
 * the outcomes in the order they were settled, as many written, failed and skipped ones as its counts: the first
 * `succeeded + failed + skipped` of a restore, which lists every item, and the first `failed` of a bulk edit, which
 * lists its failures alone and counts its skipped items in `succeeded` too.
 */
function outcomesAt(step: ProgressStep, outcomes: readonly JobItemOutcome[]): number {
  if (step.outcomes !== undefined) return step.outcomes;
  const left = { written: step.succeeded, failed: step.failed, skipped: step.skipped };
  let listed = 0;
  for (const item of outcomes) {
    if (left[item.outcome] <= 0) break;
    left[item.outcome]--;
    listed++;
  }
  return listed;
}

export type NewJob = {
  id: string;
  kind: JobKind;
  owner: string;
  storeHash: string;
  input: Record<string, unknown>;
  credentialsSealed: string;
  undoOf?: string;
  now: Date;
};

export function toJobView(row: JobRow | JobViewRow): JobView {
  const backedUp = 'backedUp' in row ? row.backedUp : Object.keys(row.backup as JobBackup).length;
  const outcomes = outcomesOf(row);
  return {
    id: row.id,
    kind: row.kind as JobKind,
    state: row.state as JobState,
    storeHash: row.storeHash,
    total: row.total,
    succeeded: row.succeeded,
    failed: row.failed,
    skipped: row.skipped,
    // The spec's per-product errors (a bulk edit's result): the failed items, in the order they were settled.
    errors: errorsOf(outcomes),
    waiting: (row.waiting as JobView['waiting']) ?? null,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    backedUp,
    undoOf: row.undoOf,
    outcomes,
    ...(row.result ? { result: row.result as Record<string, unknown> } : {}),
  };
}

/**
 * What a follower that has seen the row up to version `after` is sent next: each progress step it has not seen (the
 * job as it was at that step: running, with that step's counts and the outcomes it listed), then the row as it is now.
 * Event ids are row versions, so they only go up and a reconnecting follower (Last-Event-ID) resumes where it was.
 */
export function jobEventsAfter(
  row: JobRow | JobViewRow,
  after: number,
): Array<{ version: number; view: JobView }> {
  const now = toJobView(row);
  const outcomes = now.outcomes ?? [];
  const steps = (row.progress as ProgressStep[]).filter(
    (step) => step.version > after && step.version < row.version,
  );
  return [
    ...steps.map((step) => {
      // Outcomes are appended in the order they were settled: those listed at this step are the first ones.
      const listed = outcomes.slice(0, outcomesAt(step, outcomes));
      return {
        version: step.version,
        view: {
          ...now,
          state: 'running' as const,
          waiting: null,
          message: null,
          finishedAt: null,
          succeeded: step.succeeded,
          failed: step.failed,
          skipped: step.skipped,
          errors: errorsOf(listed),
          outcomes: listed,
        },
      };
    }),
    ...(row.version > after ? [{ version: row.version, view: now }] : []),
  ];
}

/** Unfinished jobs one owner may have, and one store may have queued (safe by default: rows stay bounded). */
export const MAX_UNFINISHED_PER_OWNER = 3;
export const MAX_UNFINISHED_PER_STORE = 5;

/** The states of a job not yet ended: what the limits count. */
const UNFINISHED_STATES = ['queued', 'running', 'waiting', 'cancelling'];

/** Who a limit counts: an owner's jobs, or a store's. */
type JobScope = { owner: string } | { storeHash: string };

/**
 * The limits' two lanes (issue 32): a write job, and the snapshot taken before one (`input.beforeJob`), which the
 * write job waits for. Each lane has the same bounds, so a write and its before-job snapshot never take two of the
 * owner's places, and before-job snapshots stay bounded too.
 */
export type JobLane = 'work' | 'before-job';

/** The lane of a job from its stored input. */
export const laneOf = (input: unknown): JobLane =>
  input !== null && typeof input === 'object' && (input as Record<string, unknown>).beforeJob === true
    ? 'before-job'
    : 'work';

/** Unfinished jobs of an owner, or on a store, in a lane: the bounds of what one caller can queue. */
async function countUnfinishedOn(q: Db | Tx, by: JobScope, lane: JobLane): Promise<number> {
  const who = 'owner' in by ? eq(job.owner, by.owner) : eq(job.storeHash, by.storeHash);
  const beforeJob = sql`coalesce(${job.input}->>'beforeJob', 'false') = 'true'`;
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(job)
    .where(
      and(who, inArray(job.state, UNFINISHED_STATES), lane === 'before-job' ? beforeJob : not(beforeJob)),
    );
  return row?.n ?? 0;
}

async function insertOn(q: Db | Tx, input: NewJob): Promise<JobRow> {
  const [row] = await q
    .insert(job)
    .values({
      id: input.id,
      kind: input.kind,
      owner: input.owner,
      storeHash: input.storeHash,
      state: 'queued',
      input: input.input,
      credentialsSealed: input.credentialsSealed,
      undoOf: input.undoOf ?? null,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('the job row was not written');
  return row;
}

/** Throws the `tooManyJobs` AppError when the owner or the store has no room left for one more unfinished job. */
async function assertRoomOn(
  q: Db | Tx,
  owner: string,
  storeHash: string,
  lane: JobLane = 'work',
): Promise<void> {
  if ((await countUnfinishedOn(q, { owner }, lane)) >= MAX_UNFINISHED_PER_OWNER) {
    throw new AppError(
      ERROR_CODES.tooManyJobs,
      `You already have ${MAX_UNFINISHED_PER_OWNER} jobs running or waiting. Please wait for one to end.`,
    );
  }
  if ((await countUnfinishedOn(q, { storeHash }, lane)) >= MAX_UNFINISHED_PER_STORE) {
    throw new AppError(
      ERROR_CODES.tooManyJobs,
      `This store already has ${MAX_UNFINISHED_PER_STORE} jobs running or waiting. Please wait for one to end.`,
    );
  }
}

/** The advisory-lock keys (server/db/lock.ts) under which an owner's and a store's job counts are checked and taken. */
const jobLimitLockKeys = (owner: string, storeHash: string) => [
  `job-owner:${owner}`,
  `job-store:${storeHash}`,
];

export function createJobStore(db: Db) {
  const bump = { version: sql`${job.version} + 1` };
  return {
    /**
     * Writes a job row (the only way to write one) if its owner and its store have room for it (issue 26, point 6):
     * the counts and the insert run in one transaction holding the owner's and the store's advisory locks, so
     * concurrent starts, on this instance or another, pass one at a time and never go over MAX_UNFINISHED_PER_OWNER
     * or MAX_UNFINISHED_PER_STORE. Throws the same `tooManyJobs` AppErrors as assertRoomForJob. Nothing slow (no
     * network, no queueing) goes in here: the locks are held until it ends.
     */
    createWithinLimits(input: NewJob): Promise<JobRow> {
      return withAdvisoryLocks(db, jobLimitLockKeys(input.owner, input.storeHash), async (tx) => {
        await assertRoomOn(tx, input.owner, input.storeHash, laneOf(input.input));
        return insertOn(tx, input);
      });
    },

    /** The row's version alone: what a follower looks at between changes (issue 29: not the plan and backup). */
    async version(id: string): Promise<number | undefined> {
      const [row] = await db.select({ version: job.version }).from(job).where(eq(job.id, id)).limit(1);
      return row?.version;
    },

    /** The row's state and cancel request alone: what a slice checks between waves (not the plan and backup). */
    async status(id: string): Promise<Pick<JobRow, 'state' | 'cancelRequested'> | undefined> {
      const [row] = await db
        .select({ state: job.state, cancelRequested: job.cancelRequested })
        .from(job)
        .where(eq(job.id, id))
        .limit(1);
      return row;
    },

    async get(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(job).where(eq(job.id, id)).limit(1);
      return row;
    },

    /** The row without its plan and backup: what a view of the job (a look, a follower's event) reads. */
    async getView(id: string): Promise<JobViewRow | undefined> {
      const [row] = await db.select(jobViewColumns).from(job).where(eq(job.id, id)).limit(1);
      return row;
    },

    /** Throws the `tooManyJobs` AppError when the owner or the store has no room left (a look, not a reservation). */
    assertRoom(owner: string, storeHash: string, lane: JobLane = 'work'): Promise<void> {
      return assertRoomOn(db, owner, storeHash, lane);
    },

    /** Deletes jobs that ended before `before` (their backups go with them). */
    async pruneFinished(before: Date): Promise<void> {
      await db
        .delete(job)
        .where(and(inArray(job.state, ['done', 'failed', 'cancelled']), sql`${job.finishedAt} < ${before}`));
    },

    /** Whether any job (anyone's) has not ended: a worker is needed. */
    async hasUnfinished(): Promise<boolean> {
      const active = ['queued', 'running', 'waiting', 'cancelling'];
      const [row] = await db.select({ id: job.id }).from(job).where(inArray(job.state, active)).limit(1);
      return row !== undefined;
    },

    /** The owner's jobs that follow these before-job snapshots (their input's `beforeSnapshotId`): id and kind of each. */
    async followingSnapshots(
      owner: string,
      snapshotIds: readonly string[],
    ): Promise<Array<{ id: string; kind: string; beforeSnapshotId: string }>> {
      if (snapshotIds.length === 0) return [];
      const before = sql<string>`${job.input}->>'beforeSnapshotId'`;
      return db
        .select({ id: job.id, kind: job.kind, beforeSnapshotId: before })
        .from(job)
        .where(and(eq(job.owner, owner), inArray(before, [...snapshotIds])));
    },

    /** The owner's jobs not yet ended, newest first. */
    async listActive(owner: string): Promise<JobViewRow[]> {
      const active = ['queued', 'running', 'waiting', 'cancelling'];
      return db
        .select(jobViewColumns)
        .from(job)
        .where(and(eq(job.owner, owner), inArray(job.state, active)))
        .orderBy(desc(job.createdAt))
        .limit(20);
    },

    /**
     * Sets the plan once (the first run of the job), with its total, the items skipped up front and the outcomes known
     * up front (items that failed before any was written: say, gone from the store). Only the first caller sets it (issue 29: two slices of one job, say an expired one still alive and its retry, would each plan
     * and the second plan, made after the first wrote, would not match the checkpoint): answers whether this call did.
     */
    async setPlan(
      id: string,
      /** The job's items or steps, as its kind plans them. */
      plan: readonly unknown[],
      total: number,
      skipped: number,
      outcomes: readonly JobItemOutcome[],
      now: Date,
      /** The items skipped up front are not counted in `succeeded` (slice.ts MadePlan). */
      options: { skippedApart?: boolean } = {},
    ): Promise<boolean> {
      const failed = outcomes.filter((item) => item.outcome === 'failed').length;
      const listed = outcomes.slice(0, MAX_JOB_ERRORS);
      const succeeded = options.skippedApart ? 0 : skipped;
      const rows = await db
        .update(job)
        .set({
          plan,
          total,
          skipped,
          succeeded,
          failed,
          outcomes: listed,
          checkpoint: 0,
          progress: sql`jsonb_build_array(jsonb_build_object('version', ${job.version} + 1, 'succeeded', ${succeeded}::int, 'failed', ${failed}::int, 'skipped', ${skipped}::int, 'outcomes', ${listed.length}::int))`,
          // A cancel asked for while the plan was being made stands (it was set back to running: issue 26 review).
          state: sql`case when ${job.state} in ('queued', 'running', 'waiting') then 'running' else ${job.state} end`,
          startedAt: now,
          ...bump,
        })
        .where(and(eq(job.id, id), isNull(job.plan)))
        .returning({ id: job.id });
      return rows.length > 0;
    },

    async markRunning(id: string, now: Date) {
      await db
        .update(job)
        .set({ state: 'running', waiting: null, startedAt: sql`coalesce(${job.startedAt}, ${now})`, ...bump })
        .where(and(eq(job.id, id), inArray(job.state, ['queued', 'running', 'waiting'])));
    },

    /** The backup's entries of these keys alone (those it has): what a wave needs of a large backup. */
    async backupEntries(id: string, keys: readonly string[]): Promise<JobBackup> {
      if (keys.length === 0) return {};
      const wanted = sql`array[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]`;
      const [row] = await db
        .select({
          entries: sql<JobBackup | null>`(select jsonb_object_agg(k, ${job.backup} -> k) from unnest(${wanted}) as k where ${job.backup} -> k is not null)`,
        })
        .from(job)
        .where(eq(job.id, id))
        .limit(1);
      return row?.entries ?? {};
    },

    /** Saves the previous values of a batch before it is sent. */
    async addBackup(id: string, entries: JobBackup) {
      await db
        .update(job)
        .set({ backup: sql`${job.backup} || ${JSON.stringify(entries)}::jsonb`, ...bump })
        .where(eq(job.id, id));
    },

    /**
     * Records a settled wave: its counts, its outcomes and the new checkpoint, in one write that happens only if the
     * checkpoint is still the one the wave started from (issue 29: a compare-and-set, so a wave is counted once
     * whatever slice settles it, even when an expired slice and its retry both worked it). Answers whether this call
     * settled it; false means another slice did, and this one must stop.
     */
    async settleBatch(
      id: string,
      batch: {
        from: number;
        checkpoint: number;
        succeeded: number;
        failed: number;
        /** Items left as they were (a restore's stale items), counted in `skipped` (not in `succeeded`). */
        skipped?: number;
        /**
         * The wave's outcomes the job's kind lists (every item of a restore, the failed ones of a bulk edit),
         * appended to the row's in the same write, up to MAX_JOB_ERRORS in all.
         */
        outcomes: readonly JobItemOutcome[];
      },
    ): Promise<boolean> {
      // The checkpoint and outcomes alone: not the plan and backup, which can be large (issue 40).
      const [row] = await db
        .select({ checkpoint: job.checkpoint, outcomes: job.outcomes, errors: job.errors })
        .from(job)
        .where(eq(job.id, id))
        .limit(1);
      if (!row || row.checkpoint !== batch.from) return false;
      // A row planned before there was one list keeps its earlier failures in `errors`: they go on at its head.
      const outcomes = [...outcomesOf(row), ...batch.outcomes].slice(0, MAX_JOB_ERRORS);
      const rows = await db
        .update(job)
        .set({
          checkpoint: batch.checkpoint,
          succeeded: sql`${job.succeeded} + ${batch.succeeded}`,
          failed: sql`${job.failed} + ${batch.failed}`,
          skipped: sql`${job.skipped} + ${batch.skipped ?? 0}`,
          progress: progressStep({
            succeeded: sql`${job.succeeded} + ${batch.succeeded}`,
            failed: sql`${job.failed} + ${batch.failed}`,
            skipped: sql`${job.skipped} + ${batch.skipped ?? 0}`,
            outcomes: outcomes.length,
          }),
          outcomes,
          waiting: null,
          state: sql`case when ${job.state} = 'waiting' then 'running' else ${job.state} end`,
          ...bump,
        })
        .where(and(eq(job.id, id), eq(job.checkpoint, batch.from)))
        .returning({ id: job.id });
      return rows.length > 0;
    },

    async setWaiting(id: string, waiting: JobView['waiting']) {
      await db
        .update(job)
        .set({
          waiting,
          state: sql`case when ${job.state} in ('running', 'waiting') then ${waiting ? 'waiting' : 'running'} else ${job.state} end`,
          ...bump,
        })
        .where(eq(job.id, id));
    },

    /** Asks the worker to stop between batches; a job not started yet ends at once. */
    async requestCancel(id: string, now: Date): Promise<void> {
      await db
        .update(job)
        .set({
          cancelRequested: true,
          state: sql`case when ${job.state} = 'queued' then 'cancelled' else 'cancelling' end`,
          finishedAt: sql`case when ${job.state} = 'queued' then ${now} else ${job.finishedAt} end`,
          credentialsSealed: sql`case when ${job.state} = 'queued' then null else ${job.credentialsSealed} end`,
          ...bump,
        })
        .where(and(eq(job.id, id), inArray(job.state, ['queued', 'running', 'waiting'])));
    },

    /** Ends the job: its final state, and the sealed credentials erased. */
    async finish(
      id: string,
      state: (typeof FINAL_JOB_STATES)[number],
      now: Date,
      message: string | null = null,
      /** What the job made (its kind's `result`), kept with the ended row. */
      result?: Record<string, unknown>,
    ) {
      await db
        .update(job)
        .set({
          state,
          message,
          waiting: null,
          credentialsSealed: null,
          finishedAt: now,
          ...(result ? { result } : {}),
          ...bump,
        })
        .where(eq(job.id, id));
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;

/** Ended jobs (and their backups) are kept this long, then deleted. */
export const FINISHED_JOB_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * Refuses a new job early, when its owner or its store already has as many unfinished jobs as allowed: a cheap look
 * before the store is called. Only a look: two concurrent callers can both pass it, so the job row itself is written
 * with `createWithinLimits`, which checks again and inserts in one locked step.
 */
export async function assertRoomForJob(
  store: JobStore,
  owner: string,
  storeHash: string,
  lane: JobLane = 'work',
): Promise<void> {
  await store.assertRoom(owner, storeHash, lane);
}
