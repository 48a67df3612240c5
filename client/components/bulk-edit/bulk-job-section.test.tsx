import { describe, expect, it } from 'vitest';
import { BulkJobSection } from './bulk-job-section';
import { byTestId, render, textOf } from '../../lib/render-test';
import { jobView } from './test-jobs';
import type { BulkJobFlow } from './use-bulk-edit';

const noop = () => undefined;

function flow(overrides: Partial<BulkJobFlow>): BulkJobFlow {
  return {
    isHtml: false,
    preview: null,
    clearPreview: noop,
    isPreviewing: false,
    isStarting: false,
    job: null,
    jobError: null,
    estimate: {},
    isJobActive: false,
    isResumed: false,
    cancel: noop,
    isCancelling: false,
    undoPreview: null,
    askUndo: noop,
    isUndoPreviewing: false,
    dropUndo: noop,
    startUndo: noop,
    isUndoStarting: false,
    errorText: null,
    ...overrides,
  };
}

describe('BulkJobSection', () => {
  it('shows a running job: counts, rate, time left, the wait for BigCommerce and Cancel', () => {
    const job = jobView({
      succeeded: 40,
      failed: 2,
      total: 100,
      waiting: { retry: 2, of: 8, waitMs: 3_000 },
    });
    const html = render(
      <BulkJobSection
        flow={flow({
          job,
          isJobActive: true,
          isResumed: true,
          estimate: { ratePerSecond: 4, secondsLeft: 14.5 },
        })}
      />,
    );
    expect(byTestId(html, 'job-resumed')).toBe(
      'A job started earlier is still running; its progress is shown below.',
    );
    expect(textOf(html)).toContain(
      '40 of 100 done · 2 failed · 4.0 per second · 15 s left Cancel Waiting for BigCommerce (retry 2 of 8, next in 3 s)',
    );
    expect(html).toContain('data-testid="job-progress-cancel"');
    expect(html).not.toContain('bulk-result');
  });

  it('hides Cancel while cancelling, and says so', () => {
    const job = jobView({ state: 'cancelling', succeeded: 10 });
    const html = render(<BulkJobSection flow={flow({ job, isJobActive: true, isCancelling: true })} />);
    expect(html).not.toContain('job-progress-cancel');
    expect(byTestId(html, 'job-cancelling')).toBe('Cancelling: the job stops after the current batch.');
  });

  it('shows the result of an ended job with its Undo, and the undo preview with its confirmation', () => {
    const job = jobView({ state: 'done', total: 3, succeeded: 3, backedUp: 3 });
    const undoPreview = {
      jobId: job.id,
      storeCredentials: { storeHash: 'abc123', accessToken: 'token' },
      preview: {
        total: 3,
        changing: 3,
        skipped: 0,
        notFound: [],
        sample: [{ productId: 1, name: 'A', current: '', next: 'A | Sale' }],
      },
    };
    const html = render(<BulkJobSection flow={flow({ job, undoPreview })} />);
    expect(byTestId(html, 'result-total')).toBe('3');
    expect(html).toContain('data-testid="undo-button"');
    expect(byTestId(html, 'undo-preview-changing')).toBe('3');
    expect(html).toMatch(/data-testid="undo-confirm-button"[^>]*>Restore previous values</);
    expect(html).not.toContain('job-progress');
  });

  it('offers no Undo of an undo', () => {
    const job = jobView({
      kind: 'undo',
      undoOf: 'job-0',
      state: 'done',
      total: 3,
      succeeded: 3,
      backedUp: 3,
    });
    const html = render(<BulkJobSection flow={flow({ job })} />);
    expect(html).toContain('download-backup');
    expect(html).not.toContain('undo-button');
  });
});
