import { describe, expect, it } from 'vitest';
import { BulkResultPanel, resultTone, writtenCount } from './bulk-result-panel';
import { byTestId, render, textOf } from '../../lib/render-test';
import { jobView } from './test-jobs';

const noop = () => undefined;

describe('BulkResultPanel', () => {
  it('shows Total, Success, Failed, the already-set ones (inside Success) and each failed product with its reason', () => {
    const job = jobView({
      state: 'done',
      total: 5,
      succeeded: 3,
      failed: 2,
      skipped: 1,
      backedUp: 2,
      errors: [
        { productId: 901, name: null, reason: 'not found' },
        { productId: 14, name: 'Mug', reason: 'The field page_title is invalid' },
      ],
    });
    const html = render(<BulkResultPanel job={job} onUndo={noop} />);
    expect(html).toMatch(/^<div role="status" data-testid="bulk-result"/);
    expect(html).toContain('border-amber-200');
    expect(textOf(html)).toMatch(
      /^Finished\. Total 5 Success 3 Written \(counted in Success\) 2 Already had the value \(counted in Success\) 1 Failed 2 Error details/,
    );
    expect(byTestId(html, 'result-total')).toBe('5');
    expect(byTestId(html, 'result-success')).toBe('3');
    expect(byTestId(html, 'result-failed')).toBe('2');
    expect(byTestId(html, 'result-skipped')).toBe('1');
    // Written and already right add up to Success.
    expect(byTestId(html, 'result-written')).toBe('2');
    const rows = [...html.matchAll(/<tr data-testid="result-errors-row">(.*?)<\/tr>/g)].map((m) =>
      [...(m[1] ?? '').matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((c) => c[1]),
    );
    expect(rows).toEqual([
      ['901', 'N/A', 'not found'],
      ['14', 'Mug', 'The field page_title is invalid'],
    ]);
    expect(html).toMatch(
      /<a href="\/api\/jobs\/job-1\/backup" download="" data-testid="download-backup"[^>]*>Download backup \(products written: 2\)<\/a>/,
    );
    expect(html).toMatch(/<button type="button" data-testid="undo-button"[^>]*>Undo<\/button>/);
  });

  it('offers no backup and no Undo when nothing was backed up, and is green when all went well', () => {
    const html = render(
      <BulkResultPanel job={jobView({ state: 'done', total: 2, succeeded: 2, skipped: 2 })} onUndo={noop} />,
    );
    expect(html).toContain('border-emerald-200');
    expect(html).not.toContain('download-backup');
    expect(html).not.toContain('undo-button');
    expect(html).not.toContain('result-errors');
  });

  it('says what a cancelled job wrote, and why a job failed', () => {
    const cancelled = jobView({ state: 'cancelled', total: 100, succeeded: 30, skipped: 4, backedUp: 26 });
    expect(writtenCount(cancelled)).toBe(26);
    expect(textOf(render(<BulkResultPanel job={cancelled} />))).toMatch(
      /^Cancelled\. 26 products were written before it stopped\./,
    );
    const failed = jobView({ state: 'failed', message: 'BigCommerce rejected the API token.' });
    const html = render(<BulkResultPanel job={failed} />);
    expect(html).toMatch(/^<div role="alert"/);
    expect(byTestId(html, 'result-message')).toBe('BigCommerce rejected the API token.');
  });

  it('names an undo as such, in Vietnamese too', () => {
    const undo = jobView({ kind: 'undo', state: 'done', undoOf: 'job-0', total: 2, succeeded: 2 });
    expect(textOf(render(<BulkResultPanel job={undo} />))).toMatch(/^Undo finished\./);
    expect(textOf(render(<BulkResultPanel job={undo} />, 'vi'))).toMatch(
      /^Hoàn tác xong\. Tổng 2 Thành công 2/,
    );
  });

  it('picks its tone from the state and the failures', () => {
    expect(resultTone({ state: 'done', failed: 0 })).toBe('success');
    expect(resultTone({ state: 'done', failed: 1 })).toBe('warning');
    expect(resultTone({ state: 'cancelled', failed: 0 })).toBe('warning');
    expect(resultTone({ state: 'failed', failed: 0 })).toBe('error');
  });
});
