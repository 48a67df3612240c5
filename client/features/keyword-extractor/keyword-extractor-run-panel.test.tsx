import { describe, expect, it } from 'vitest';
import { render, textOf } from '../../lib/render-test';
import { KeywordExtractorProgress } from './keyword-extractor-run-panel';
import { initialExtractorState, type ExtractorState } from './keyword-extractor-state';

// A long run over a big catalogue: page numbers past a thousand.
const state: ExtractorState = {
  ...initialExtractorState,
  status: 'running',
  startPage: 1_200,
  endPage: 2_500,
  currentPage: 1_500,
  totalPages: 3_000,
  totalProducts: 750_000,
  processedProducts: 75_000,
  countsFromPage: 1_300,
  channelId: 1,
  storeId: 'store-1',
  runId: 'run-1',
};

describe('KeywordExtractorProgress (issue 44: numbers in the reader’s language)', () => {
  it('writes page numbers and counts the English way', () => {
    const text = textOf(render(<KeywordExtractorProgress state={state} secondsLeft={undefined} />, 'en'));
    expect(text).toContain('Page 1,500 of 2,500');
    expect(text).toContain('Products processed: 75,000');
    expect(text).toContain('The counts cover pages 1,300 to 1,499.');
  });

  it('and the Vietnamese way', () => {
    const text = textOf(render(<KeywordExtractorProgress state={state} secondsLeft={undefined} />, 'vi'));
    expect(text).toContain('Trang 1.500 / 2.500');
    expect(text).toContain('Sản phẩm đã xử lý: 75.000');
    expect(text).toContain('Số đếm tính từ trang 1.300 đến trang 1.499.');
  });
});
