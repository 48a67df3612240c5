// The retention rule of scheduled snapshots (issue 32): of a store's scheduled snapshots, keep the newest of each of
// the last `keepDaily` days, `keepWeekly` ISO weeks (Monday to Sunday) and `keepMonthly` months, counted back from
// `now` in UTC (the period `now` is in counts as the first); delete the rest. Manual and before-job snapshots are
// never deleted by retention, nor a snapshot still being taken; a failed or cancelled scheduled one is never kept.
import type { SnapshotRetention } from '../../../common/contracts/store-history';

export type RetainedSnapshot = { id: string; createdAt: Date; reason: string; state: string };

const DAY_MS = 24 * 60 * 60 * 1000;

function dayIndex(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}

/** Days since the epoch of the Monday that starts the ISO week of `at` (1970-01-01 was a Thursday). */
function weekIndex(at: Date): number {
  const day = dayIndex(at);
  const sinceMonday = (day + 3) % 7; // Thursday 0 + 3 = 3 days since Monday
  return (day - sinceMonday) / 7;
}

function monthIndex(at: Date): number {
  return at.getUTCFullYear() * 12 + at.getUTCMonth();
}

/** The snapshots the rule deletes, newest first. */
export function snapshotsToPrune<T extends RetainedSnapshot>(
  snapshots: readonly T[],
  rule: SnapshotRetention,
  now: Date,
): T[] {
  const scheduled = snapshots.filter((s) => s.reason === 'scheduled' && s.state !== 'running');
  const done = scheduled
    .filter((s) => s.state === 'done')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const keep = new Set<string>();
  const periods: [number, (at: Date) => number][] = [
    [rule.keepDaily, dayIndex],
    [rule.keepWeekly, weekIndex],
    [rule.keepMonthly, monthIndex],
  ];
  for (const [count, periodOf] of periods) {
    const current = periodOf(now);
    const seen = new Set<number>();
    for (const snapshot of done) {
      const period = periodOf(snapshot.createdAt);
      // Taken after `now` (clocks apart): kept, never deleted for being too new.
      if (period > current) keep.add(snapshot.id);
      else if (current - period < count && !seen.has(period)) {
        seen.add(period);
        keep.add(snapshot.id);
      }
    }
  }
  return scheduled
    .filter((s) => !keep.has(s.id))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}
