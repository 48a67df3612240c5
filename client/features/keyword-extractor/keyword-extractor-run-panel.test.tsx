import { describe, expect, it } from 'vitest';
import type { KeywordEntry } from '../../../common/keywords';
import { render, textOf } from '../../lib/render-test';
import { KeywordChart } from './keyword-chart';
import { KeywordExtractorProgress } from './keyword-extractor-run-panel';
import { initialExtractorState, type ExtractorState } from './keyword-extractor-state';
import type { KeywordTables } from './keyword-protocol';
import { KeywordTablesView } from './keyword-tables';

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

// A keyword in 3 titles and 1,204 descriptions: its score (titles x 10,000 + descriptions) is 31,204.
const oak: KeywordEntry = { keyword: 'oak', titleCount: 3, descriptionCount: 1_204, score: 31_204 };
const tables: KeywordTables = [[oak], [], []];

describe('the keyword tables and chart (issue 44: numbers in the reader’s language)', () => {
  const cells = (html: string, testId: string) =>
    [...html.matchAll(new RegExp(`data-testid="${testId}">([^<]*)<`, 'g'))].map((m) => m[1]);
  const table = (language: 'en' | 'vi') =>
    render(
      <KeywordTablesView
        tables={tables}
        isCsvOffered={false}
        activeKeyword={null}
        onDownload={() => undefined}
        onShowProducts={() => undefined}
      />,
      language,
    );

  it('groups the counts and the score the English way', () => {
    const html = table('en');
    expect(cells(html, 'description-count')).toEqual(['1,204']);
    expect(cells(html, 'score')).toEqual(['31,204']);
    expect(cells(render(<KeywordChart tables={tables} />, 'en'), 'keyword-bar-value')).toEqual(['31,204']);
  });

  it('and the Vietnamese way', () => {
    const html = table('vi');
    expect(cells(html, 'description-count')).toEqual(['1.204']);
    expect(cells(html, 'score')).toEqual(['31.204']);
    expect(cells(render(<KeywordChart tables={tables} />, 'vi'), 'keyword-bar-value')).toEqual(['31.204']);
  });
});
