// Long work: one row per job (job).
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Long work (STYLE.md §5, issue 12): one row per job. pg-boss carries the job to a worker; this row holds what the
 * screens and the spec endpoints read (state, counts, each item's outcome), what a worker needs to resume (the plan and
 * the checkpoint), the backup of every value it overwrote, and the store credentials, sealed with the store-token
 * cipher (the job id as associated data) and erased when the job ends. `version` grows with every change, so Server-
 * Sent Events from any instance can resume with `Last-Event-ID`.
 */
export const job = pgTable(
  'job',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** `user:<id>` or `visitor:<id>`. */
    owner: text('owner').notNull(),
    storeHash: text('store_hash').notNull(),
    state: text('state').notNull(),
    /** The validated command (what the job works on and how, as its kind says); never a secret. */
    input: jsonb('input').notNull(),
    credentialsSealed: text('credentials_sealed'),
    total: integer('total').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** The failed items of a bulk edit written before `outcomes` held them (issue 42); no longer written. */
    errors: jsonb('errors').notNull().default([]),
    /** The items to work, in order, as the job's kind plans them (resolved once, when the job starts). */
    plan: jsonb('plan'),
    /** Index in `plan` of the first item not yet settled. */
    checkpoint: integer('checkpoint').notNull().default(0),
    /** Previous values of the items about to be or already written, by the key the job's kind gives them. */
    backup: jsonb('backup').notNull().default({}),
    waiting: jsonb('waiting'),
    message: text('message'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    undoOf: text('undo_of'),
    version: integer('version').notNull().default(0),
    /**
     * The job's progress steps (the plan made, each wave settled): `[{version, succeeded, failed, skipped, outcomes}]`,
     * the version each one gave the row and how many outcomes it listed then (left out by older rows). A follower's
     * stream sends every step after the last one it sent, however close together they came (issue 29, L1). One per
     * wave, so bounded by the plan.
     */
    progress: jsonb('progress').notNull().default([]),
    /**
     * The items' ends the job lists, `[{kind, key, name, outcome, reason}]`, appended by the same compare-and-set write
     * that counts them, at most 1000: every item of a restore, the failed ones of a bulk edit. Null in rows written
     * before every kind filled it (a bulk edit's failures are then in `errors`).
     */
    outcomes: jsonb('outcomes'),
    /** What an ended job made, as its kind says (an export's file link and counts, issue 45); null for the others. */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('job_owner_created_idx').on(table.owner, table.createdAt)],
);
