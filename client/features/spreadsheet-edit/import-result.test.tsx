import { describe, expect, it } from 'vitest';
import { jobView } from '../../components/bulk-edit/test-jobs';
import { byTestId, render, textOf } from '../../lib/render-test';
import { ImportResult } from './import-result';

const job = jobView({
  id: 'job-9',
  kind: 'spreadsheet-import',
  state: 'done',
  total: 1260,
  succeeded: 1257,
  failed: 1,
  skipped: 2,
  backedUp: 1257,
  outcomes: [
    {
      kind: 'product',
      key: { id: 112, productId: 112, sheet: 'Products', row: 3 },
      name: 'Lamp',
      outcome: 'failed',
      reason: 'Price: Price must be a number',
    },
    {
      kind: 'cell',
      key: { productId: 113, variantId: 77, sheet: 'Variants', row: 5, column: 'Price' },
      name: 'Lamp Red',
      outcome: 'skipped',
      reason: 'Changed in the store since the export: the store’s value is kept',
    },
  ],
});

describe('ImportResult', () => {
  it('counts written, failed and skipped in the reader’s language, and lists each failed row and skipped cell', () => {
    const html = render(
      <ImportResult job={job} storeName="Demo" onUndo={() => undefined} isUndoBusy={false} />,
    );
    expect(byTestId(html, 'import-result-written')).toBe('1,257');
    expect(byTestId(html, 'import-result-failed')).toBe('1');
    expect(byTestId(html, 'import-result-skipped')).toBe('2');
    const items = [...html.matchAll(/data-testid="import-result-outcome">([^<]*)</g)].map((m) => m[1]);
    expect(items).toEqual([
      'Failed: Products row 3 (ID 112) Lamp: Price: Price must be a number',
      'Skipped: Variants row 5 (variant 77), Price Lamp Red: Changed in the store since the export: the store’s value is kept',
    ]);
    expect(html).toContain('href="/api/spreadsheet-edit/jobs/job-9/failed-rows"');
    expect(byTestId(html, 'import-result-failed-rows')).toBe('Download failed rows (1)');
    expect(byTestId(html, 'spreadsheet-undo-button')).toBe('Undo');
  });

  it('reads in Vietnamese, and an undo’s result offers no Undo', () => {
    const undo = { ...job, kind: 'spreadsheet-undo' as const, failed: 0, outcomes: [] };
    const html = render(<ImportResult job={undo} storeName="Demo" isUndoBusy={false} />, 'vi');
    expect(byTestId(html, 'undo-result-written')).toBe('1.257');
    expect(textOf(html)).toContain('Đã ghi');
    expect(html).not.toContain('spreadsheet-undo-button');
    expect(html).not.toContain('failed-rows');
  });
});
