// Scheduled snapshots' data (issue 32): a signed-in user's schedule per cloud store (`snapshot_schedule`), and the
// claim of a day: a compare-and-set on `lastRunOn`, so a day's snapshot is started once, whichever tick or instance
// sees the schedule due first.
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  SNAPSHOT_SCHEDULE_TIME_ZONE,
  type SnapshotRetention,
  type SnapshotSchedule,
} from '../../../common/contracts/store-history';
import type { Db } from '../../db/database';
import { snapshotSchedule } from '../../db/schema';

export type SnapshotScheduleRow = typeof snapshotSchedule.$inferSelect;

/** The UTC day of `at`, `YYYY-MM-DD`: a schedule runs once a day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function retentionOf(row: SnapshotScheduleRow): SnapshotRetention {
  return { keepDaily: row.keepDaily, keepWeekly: row.keepWeekly, keepMonthly: row.keepMonthly };
}

export function toScheduleView(row: SnapshotScheduleRow, storeHash: string): SnapshotSchedule {
  return {
    storeId: row.storeId,
    storeHash,
    enabled: row.enabled,
    hour: row.hour,
    timeZone: SNAPSHOT_SCHEDULE_TIME_ZONE,
    ...retentionOf(row),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastSnapshotId: row.lastSnapshotId,
    lastError: row.lastError,
  };
}

export function createSnapshotScheduleRepository(db: Db) {
  return {
    async list(userId: string): Promise<SnapshotScheduleRow[]> {
      return db
        .select()
        .from(snapshotSchedule)
        .where(eq(snapshotSchedule.userId, userId))
        .orderBy(asc(snapshotSchedule.storeId));
    },

    async put(
      userId: string,
      storeId: string,
      value: { enabled: boolean; hour: number } & SnapshotRetention,
      now: Date,
    ): Promise<SnapshotScheduleRow> {
      const [row] = await db
        .insert(snapshotSchedule)
        .values({ userId, storeId, ...value, updatedAt: now })
        .onConflictDoUpdate({
          target: [snapshotSchedule.userId, snapshotSchedule.storeId],
          set: { ...value, updatedAt: now },
        })
        .returning();
      return row!;
    },

    /** Enabled schedules of `hour` not yet run on `day`. */
    async due(hour: number, day: string): Promise<SnapshotScheduleRow[]> {
      return db
        .select()
        .from(snapshotSchedule)
        .where(
          and(
            eq(snapshotSchedule.enabled, true),
            eq(snapshotSchedule.hour, hour),
            or(isNull(snapshotSchedule.lastRunOn), ne(snapshotSchedule.lastRunOn, day)),
          ),
        )
        .orderBy(asc(snapshotSchedule.userId), asc(snapshotSchedule.storeId));
    },

    /** Takes `day` for the schedule: true for exactly one caller, however many try at once. */
    async claim(row: SnapshotScheduleRow, day: string, now: Date): Promise<boolean> {
      const claimed = await db
        .update(snapshotSchedule)
        .set({ lastRunOn: day, lastRunAt: now, lastSnapshotId: null, lastError: null })
        .where(
          and(
            eq(snapshotSchedule.userId, row.userId),
            eq(snapshotSchedule.storeId, row.storeId),
            eq(snapshotSchedule.enabled, true),
            or(isNull(snapshotSchedule.lastRunOn), ne(snapshotSchedule.lastRunOn, day)),
          ),
        )
        .returning({ userId: snapshotSchedule.userId });
      return claimed.length === 1;
    },

    async recordRun(
      row: SnapshotScheduleRow,
      outcome: { snapshotId: string } | { error: string },
    ): Promise<void> {
      await db
        .update(snapshotSchedule)
        .set(
          'snapshotId' in outcome
            ? { lastSnapshotId: outcome.snapshotId, lastError: null }
            : { lastSnapshotId: null, lastError: outcome.error.slice(0, 500) },
        )
        .where(and(eq(snapshotSchedule.userId, row.userId), eq(snapshotSchedule.storeId, row.storeId)));
    },

    /** Whether any schedule is on (the job queue, and so the cron, is started for it). */
    async anyEnabled(): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(snapshotSchedule)
        .where(eq(snapshotSchedule.enabled, true))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type SnapshotScheduleRepository = ReturnType<typeof createSnapshotScheduleRepository>;
