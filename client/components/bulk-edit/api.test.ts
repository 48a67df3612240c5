import { describe, expect, it } from 'vitest';
import { findActiveJob } from './api';
import { jobView } from './test-jobs';

describe('findActiveJob', () => {
  const kinds: Record<string, 'reset-page-title' | 'copy-description'> = {
    'r-old': 'reset-page-title',
    'c-old': 'copy-description',
  };
  const kindOf = (id: string) => Promise.resolve(kinds[id]);

  it("finds the newest running job of the tool, or an undo of one of the tool's jobs", async () => {
    const jobs = [
      jobView({ id: 'u1', kind: 'undo', undoOf: 'c-old' }),
      jobView({ id: 'c1', kind: 'copy-description' }),
      jobView({ id: 'r1', kind: 'reset-page-title' }),
    ];
    expect((await findActiveJob('reset-page-title', jobs, kindOf))?.id).toBe('r1');
    expect((await findActiveJob('copy-description', jobs, kindOf))?.id).toBe('u1');
  });

  it('finds nothing when no job of the tool runs', async () => {
    const jobs = [jobView({ id: 'u2', kind: 'undo', undoOf: 'gone' })];
    expect(await findActiveJob('reset-page-title', jobs, kindOf)).toBeNull();
    expect(await findActiveJob('copy-description', [], kindOf)).toBeNull();
  });
});
