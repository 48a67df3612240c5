// A snapshot (issue 32): one row per taking of a store (its owner, store, reason, scope, state, counts and bytes),
// bounded per owner and for all visitors together; what it holds is its items (snapshot-item.ts) and their blobs
// (snapshot-blob.ts).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  EMPTY_SNAPSHOT_COUNTS,
  MAX_SNAPSHOT_BYTES_PER_OWNER,
  MAX_SNAPSHOTS_PER_OWNER,
  SNAPSHOT_BYTES_MESSAGE,
  SNAPSHOT_LIMIT_MESSAGE,
  type Snapshot,
  type SnapshotCounts,
  type SnapshotReason,
  type SnapshotScope,
  type UnreadPages,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import type { Db } from '../../db/database';
import { withAdvisoryLocks } from '../../db/lock';
import { storeSnapshot } from '../../db/schema';
import { AppError } from '../../errors';
import { assertSnapshotBounds, type SnapshotTotals } from './snapshot-bounds';

export type SnapshotRow = typeof storeSnapshot.$inferSelect;

/** Snapshots all visitors (no account) keep together, and the bytes they may add. */
export const MAX_VISITOR_SNAPSHOTS = 500;
export const MAX_VISITOR_SNAPSHOT_BYTES = 2 * 1024 * 1024 * 1024;
const VISITOR_SNAPSHOTS_FULL_MESSAGE =
  'Snapshots without an account are full for now. Sign in to keep snapshots of your own, or delete older ones.';
export function toSnapshotView(row: SnapshotRow, beforeJob: Snapshot['beforeJob'] = null): Snapshot {
  return {
    id: row.id,
    storeHash: row.storeHash,
    createdAt: row.createdAt.toISOString(),
    state: row.state as Snapshot['state'],
    reason: row.reason as SnapshotReason,
    scope: row.scope as SnapshotScope[],
    counts: { ...EMPTY_SNAPSHOT_COUNTS, ...(row.counts ?? {}) },
    bytes: row.bytes,
    newBytes: row.newBytes,
    jobId: row.jobId,
    unreadPages: row.unreadPages ?? [],
    beforeJob,
  };
}

export function createSnapshotRows(db: Db, totals: SnapshotTotals) {
  return {
    /**
     * A new snapshot row, if its owner is under both caps: checked and taken under the owner's advisory lock, so
     * concurrent requests cannot pass the cap together.
     */
    async create(input: {
      id: string;
      owner: string;
      storeHash: string;
      reason: SnapshotReason;
      scope: SnapshotScope[];
      jobId: string | null;
      now: Date;
      /** Who asked (the client address, or `schedule`): kept for a visitor's snapshot (snapshot-bounds.ts). */
      caller?: string;
    }): Promise<SnapshotRow> {
      const { caller, ...values } = input;
      const isVisitor = input.owner.startsWith('visitor:');
      const keys = isVisitor
        ? [`snapshots:${input.owner}`, 'snapshots:visitors']
        : [`snapshots:${input.owner}`];
      const clientAddress = isVisitor ? (caller ?? null) : null;
      return withAdvisoryLocks(db, keys, async (tx) => {
        await assertSnapshotBounds(tx, { owner: input.owner, clientAddress }, totals);
        if (isVisitor) {
          // Anyone can be a new visitor (a new cookie): all visitors together are bounded too.
          const [all] = await tx
            .select({
              count: sql<number>`count(*)::int`,
              bytes: sql<number>`coalesce(sum(${storeSnapshot.newBytes}), 0)::bigint`,
            })
            .from(storeSnapshot)
            .where(sql`${storeSnapshot.owner} like 'visitor:%'`);
          if (
            (all?.count ?? 0) >= MAX_VISITOR_SNAPSHOTS ||
            Number(all?.bytes ?? 0) >= MAX_VISITOR_SNAPSHOT_BYTES
          ) {
            throw new AppError(ERROR_CODES.tooManySnapshots, VISITOR_SNAPSHOTS_FULL_MESSAGE);
          }
        }
        const [usage] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            bytes: sql<number>`coalesce(sum(${storeSnapshot.newBytes}), 0)::bigint`,
          })
          .from(storeSnapshot)
          .where(eq(storeSnapshot.owner, input.owner));
        if ((usage?.count ?? 0) >= MAX_SNAPSHOTS_PER_OWNER) {
          throw new AppError(ERROR_CODES.tooManySnapshots, SNAPSHOT_LIMIT_MESSAGE);
        }
        if (Number(usage?.bytes ?? 0) >= MAX_SNAPSHOT_BYTES_PER_OWNER) {
          throw new AppError(ERROR_CODES.tooManySnapshots, SNAPSHOT_BYTES_MESSAGE);
        }
        const [row] = await tx
          .insert(storeSnapshot)
          .values({ ...values, clientAddress, state: 'running', createdAt: input.now })
          .returning();
        return row!;
      });
    },

    async get(id: string): Promise<SnapshotRow | undefined> {
      const [row] = await db.select().from(storeSnapshot).where(eq(storeSnapshot.id, id));
      return row;
    },

    async setJob(id: string, jobId: string): Promise<void> {
      await db.update(storeSnapshot).set({ jobId }).where(eq(storeSnapshot.id, id));
    },

    async byJob(jobId: string): Promise<SnapshotRow | undefined> {
      const [row] = await db.select().from(storeSnapshot).where(eq(storeSnapshot.jobId, jobId));
      return row;
    },

    async list(owner: string, storeHash: string): Promise<SnapshotRow[]> {
      return db
        .select()
        .from(storeSnapshot)
        .where(and(eq(storeSnapshot.owner, owner), eq(storeSnapshot.storeHash, storeHash)))
        .orderBy(desc(storeSnapshot.createdAt), desc(storeSnapshot.id));
    },

    /** The pages a snapshot will not read (its plan's, over MAX_PAGE_PROBES). */
    async setUnreadPages(id: string, unread: readonly UnreadPages[]): Promise<void> {
      await db
        .update(storeSnapshot)
        .set({ unreadPages: unread.length > 0 ? [...unread] : null })
        .where(eq(storeSnapshot.id, id));
    },

    /** Ends a snapshot with its counts, the bytes of its items and the bytes it added. */
    async end(
      id: string,
      ended: {
        state: 'done' | 'failed' | 'cancelled';
        counts: SnapshotCounts;
        bytes: number;
        newBytes: number;
      },
      now: Date,
    ): Promise<void> {
      await db
        .update(storeSnapshot)
        .set({ ...ended, finishedAt: now })
        .where(eq(storeSnapshot.id, id));
    },

    /**
     * The snapshots of visitors idle since `before`: whose newest snapshot was taken and ended before it (their
     * expiry, as a demo copy's).
     */
    async ofIdleVisitors(before: Date): Promise<SnapshotRow[]> {
      const idle = db
        .select({ owner: storeSnapshot.owner })
        .from(storeSnapshot)
        .where(sql`${storeSnapshot.owner} like 'visitor:%'`)
        .groupBy(storeSnapshot.owner)
        .having(
          sql`max(coalesce(${storeSnapshot.finishedAt}, ${storeSnapshot.createdAt})) < ${before.toISOString()}::timestamptz`,
        );
      return db
        .select()
        .from(storeSnapshot)
        .where(inArray(storeSnapshot.owner, idle))
        .orderBy(asc(storeSnapshot.owner), asc(storeSnapshot.createdAt));
    },

    /** Whether any visitor keeps a snapshot (the hourly tick that expires them must run). */
    async anyOfVisitors(): Promise<boolean> {
      const [row] = await db
        .select({ id: storeSnapshot.id })
        .from(storeSnapshot)
        .where(sql`${storeSnapshot.owner} like 'visitor:%'`)
        .limit(1);
      return row !== undefined;
    },

    /** Deletes a snapshot's row (its items go with it, by the foreign key's cascade). */
    async delete(id: string): Promise<void> {
      await db.delete(storeSnapshot).where(eq(storeSnapshot.id, id));
    },
  };
}
