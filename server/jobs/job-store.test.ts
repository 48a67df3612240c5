import { describe, expect, it } from 'vitest';
import type { JobItemOutcome } from '../../common/contracts/jobs';
import { failedItem, jobEventsAfter, toJobView, type JobRow, type ProgressStep } from './job-store';

/** A job row as the database holds it, done at version 5 unless `changes` say otherwise. */
function row(changes: Partial<JobRow>): JobRow {
  return {
    id: 'job-1',
    kind: 'reset-page-title',
    owner: 'user:1',
    storeHash: 'abc',
    state: 'done',
    input: {},
    credentialsSealed: null,
    total: 0,
    succeeded: 0,
    failed: 0,
    skipped: 0,
    errors: [],
    result: null,
    plan: [],
    checkpoint: 0,
    backup: {},
    waiting: null,
    message: null,
    cancelRequested: false,
    undoOf: null,
    version: 5,
    progress: [],
    outcomes: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    startedAt: new Date('2026-01-01T00:00:01Z'),
    finishedAt: new Date('2026-01-01T00:00:02Z'),
    ...changes,
  };
}

const missing = { productId: 7, name: null, reason: 'Product not found in the store' };
const refused = { productId: 8, name: 'Hat', reason: 'BigCommerce refused it' };
const later = { productId: 9, name: 'Scarf', reason: 'BigCommerce refused it' };

const item = (id: number, outcome: JobItemOutcome['outcome']): JobItemOutcome => ({
  kind: 'category',
  key: { id },
  name: `Category ${id}`,
  outcome,
  reason: outcome === 'written' ? null : 'why',
});

describe('jobEventsAfter', () => {
  it('sends each step with the outcomes listed then, by the length the step recorded', () => {
    const outcomes = [failedItem(missing), failedItem(refused), failedItem(later)];
    const steps: ProgressStep[] = [
      { version: 2, succeeded: 3, failed: 1, skipped: 3, outcomes: 1 },
      { version: 3, succeeded: 50, failed: 2, skipped: 3, outcomes: 2 },
      { version: 4, succeeded: 90, failed: 3, skipped: 3, outcomes: 3 },
    ];
    const events = jobEventsAfter(
      row({ total: 93, succeeded: 90, failed: 3, skipped: 3, progress: steps, outcomes }),
      2,
    );

    expect(events.map((event) => event.version)).toEqual([3, 4, 5]);
    expect(events[0]?.view).toMatchObject({ state: 'running', succeeded: 50, failed: 2, skipped: 3 });
    expect(events[0]?.view.outcomes).toEqual(outcomes.slice(0, 2));
    expect(events[0]?.view.errors).toEqual([missing, refused]);
    expect(events[1]?.view.errors).toEqual([missing, refused, later]);
    expect(events[2]?.view).toMatchObject({ state: 'done', errors: [missing, refused, later], outcomes });
  });

  it('reads a row written before the one outcome list as before: its errors, sliced by each step’s failures', () => {
    const steps: ProgressStep[] = [
      { version: 2, succeeded: 3, failed: 1, skipped: 3 },
      { version: 3, succeeded: 50, failed: 2, skipped: 3 },
      { version: 4, succeeded: 90, failed: 3, skipped: 3 },
    ];
    const old = row({
      total: 93,
      succeeded: 90,
      failed: 3,
      skipped: 3,
      progress: steps,
      errors: [missing, refused, later],
      outcomes: null,
    });
    const events = jobEventsAfter(old, 0);

    expect(events.map((event) => event.view.errors)).toEqual([
      [missing],
      [missing, refused],
      [missing, refused, later],
      [missing, refused, later],
    ]);
    expect(events.map((event) => event.view.outcomes?.length)).toEqual([1, 2, 3, 3]);
    expect(toJobView(old).outcomes).toEqual([failedItem(missing), failedItem(refused), failedItem(later)]);
  });

  it('reads a restore written before the steps recorded a length by its counts: written, failed and skipped', () => {
    const outcomes = [item(1, 'written'), item(2, 'skipped'), item(3, 'failed'), item(4, 'written')];
    const steps: ProgressStep[] = [
      { version: 2, succeeded: 0, failed: 0, skipped: 0 },
      { version: 3, succeeded: 1, failed: 1, skipped: 1 },
      { version: 4, succeeded: 2, failed: 1, skipped: 1 },
    ];
    const events = jobEventsAfter(
      row({
        kind: 'snapshot-restore',
        total: 4,
        succeeded: 2,
        failed: 1,
        skipped: 1,
        progress: steps,
        outcomes,
      }),
      0,
    );

    expect(events.map((event) => event.view.outcomes)).toEqual([
      [],
      outcomes.slice(0, 3),
      outcomes,
      outcomes,
    ]);
  });
});
