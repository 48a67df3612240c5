// A JobView for the unit tests of the bulk-edit parts.
import type { JobView } from '../../../common/contracts/jobs';

export function jobView(overrides: Partial<JobView> = {}): JobView {
  return {
    id: 'job-1',
    kind: 'reset-page-title',
    state: 'running',
    storeHash: 'abc123',
    total: 100,
    succeeded: 0,
    failed: 0,
    skipped: 0,
    errors: [],
    waiting: null,
    message: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    startedAt: '2026-01-01T00:00:01.000Z',
    finishedAt: null,
    backedUp: 0,
    undoOf: null,
    ...overrides,
  };
}
