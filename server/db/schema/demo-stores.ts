// The built-in sandbox's demo copies (demo_store, demo_store_op).
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';

/**
 * The built-in sandbox's demo copies (issue 29), so that every instance serves the same copy: one row per live copy
 * (`server/sandbox/demo-copies/copy-journal.ts`). `incarnation` changes when the copy starts again from its seed
 * (a reset, an eviction); `version` counts its writes, kept in `demo_store_op` after the last `snapshot` (its state at
 * `snapshot_version`, null while that is the seed). The rate-limit window and the write budget counted here are the
 * copy's, whichever instance serves it. Both tables are UNLOGGED (migration 0009): every request updates its row, and a
 * copy lost in a database crash comes back from its seed, as after an idle expiry.
 */
export const demoStore = pgTable('demo_store', {
  hash: text('hash').primaryKey(),
  kind: text('kind').notNull(),
  incarnation: text('incarnation').notNull(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  snapshotVersion: bigint('snapshot_version', { mode: 'number' }).notNull().default(0),
  snapshot: bytea('snapshot'),
  /** Bytes of the writes kept since the snapshot. */
  logBytes: bigint('log_bytes', { mode: 'number' }).notNull().default(0),
  budgetCounted: bigint('budget_counted', { mode: 'number' }).notNull().default(0),
  /** Milliseconds since the epoch. */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  windowUsed: integer('window_used').notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The writes of a demo copy since its snapshot, to replay in `version` order; deleted with the copy. */
export const demoStoreOp = pgTable(
  'demo_store_op',
  {
    hash: text('hash')
      .notNull()
      .references(() => demoStore.hash, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    contentType: text('content_type'),
    body: bytea('body'),
    /**
     * The clock readings and UUIDs the write took (server/sandbox/demo-copies/request-tape.ts), and the budget
     * counted after it.
     */
    tape: jsonb('tape').$type<{ clock: number[]; uuids: string[]; budget: number }>().notNull(),
    size: integer('size').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hash, table.version] })],
);
