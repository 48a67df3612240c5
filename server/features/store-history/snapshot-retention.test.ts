import { describe, expect, it } from 'vitest';
import { snapshotsToPrune, type RetainedSnapshot } from './snapshot-retention';

const at = (iso: string) => new Date(iso);
let next = 0;
const snap = (iso: string, reason = 'scheduled', state = 'done'): RetainedSnapshot => ({
  id: `s${++next}-${iso}`,
  createdAt: at(iso),
  reason,
  state,
});
const ids = (list: RetainedSnapshot[]) => list.map((s) => s.id);

describe('snapshotsToPrune', () => {
  it('keeps the newest of each of the last N days, and deletes older days and second ones of a day', () => {
    const now = at('2024-05-15T03:30:00Z');
    const days = Array.from({ length: 10 }, (_, i) =>
      snap(`2024-05-${String(15 - i).padStart(2, '0')}T03:00:00Z`),
    );
    const early = snap('2024-05-14T01:00:00Z');
    const pruned = snapshotsToPrune([...days, early], { keepDaily: 7, keepWeekly: 0, keepMonthly: 0 }, now);
    // 15th..9th kept (7 days); the 8th, 7th, 6th and the 14th's earlier one go.
    expect(ids(pruned)).toEqual([early.id, days[7]!.id, days[8]!.id, days[9]!.id]);
  });

  it('keeps the newest of each ISO week (Monday to Sunday) and of each month', () => {
    const now = at('2024-05-15T00:00:00Z'); // a Wednesday
    const sundayBefore = snap('2024-05-12T10:00:00Z'); // week of May 6
    const mondayBefore = snap('2024-05-06T10:00:00Z'); // same week, older
    const thisMonday = snap('2024-05-13T10:00:00Z'); // week of May 13
    const april = snap('2024-04-20T10:00:00Z');
    const aprilOlder = snap('2024-04-02T10:00:00Z');
    const lastYear = snap('2023-05-20T10:00:00Z');
    const all = [sundayBefore, mondayBefore, thisMonday, april, aprilOlder, lastYear];
    expect(ids(snapshotsToPrune(all, { keepDaily: 0, keepWeekly: 2, keepMonthly: 0 }, now))).toEqual([
      mondayBefore.id,
      april.id,
      aprilOlder.id,
      lastYear.id,
    ]);
    // Months: May (newest: this Monday), April (the 20th); 12 months back from May 2024 ends at June 2023.
    expect(ids(snapshotsToPrune(all, { keepDaily: 0, keepWeekly: 0, keepMonthly: 12 }, now))).toEqual([
      sundayBefore.id,
      mondayBefore.id,
      aprilOlder.id,
      lastYear.id,
    ]);
    // The rules together keep the union.
    expect(ids(snapshotsToPrune(all, { keepDaily: 7, keepWeekly: 4, keepMonthly: 12 }, now))).toEqual([
      mondayBefore.id,
      aprilOlder.id,
      lastYear.id,
    ]);
  });

  it('counts ISO weeks across a year end', () => {
    // 2020-12-31 (Thursday) and 2021-01-03 (Sunday) are both in ISO week 2020-W53.
    const thursday = snap('2020-12-31T05:00:00Z');
    const sunday = snap('2021-01-03T05:00:00Z');
    const pruned = snapshotsToPrune(
      [thursday, sunday],
      { keepDaily: 0, keepWeekly: 1, keepMonthly: 0 },
      at('2021-01-03T06:00:00Z'),
    );
    expect(ids(pruned)).toEqual([thursday.id]);
  });

  it('never deletes manual, before-job or running snapshots, nor one taken after now; drops failed scheduled ones', () => {
    const now = at('2024-05-15T00:00:00Z');
    const old = '2020-01-01T00:00:00Z';
    const manual = snap(old, 'manual');
    const beforeJob = snap(old, 'before-job');
    const running = snap(old, 'scheduled', 'running');
    const failed = snap('2024-05-15T00:00:00Z', 'scheduled', 'failed');
    const future = snap('2024-05-16T00:00:00Z');
    const nothingKept = { keepDaily: 0, keepWeekly: 0, keepMonthly: 0 };
    expect(ids(snapshotsToPrune([manual, beforeJob, running, failed, future], nothingKept, now))).toEqual([
      failed.id,
    ]);
  });
});
