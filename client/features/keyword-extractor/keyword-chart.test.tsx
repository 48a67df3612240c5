import { describe, expect, it } from 'vitest';
import type { KeywordEntry } from '../../../common/keywords';
import { render, textOf } from '../../lib/render-test';
import { initialExtractorState } from './keyword-extractor-state';
import { KeywordExtractorProgress } from './keyword-extractor-run-panel';
import { barPercents, CHART_BARS, KeywordChart } from './keyword-chart';
import type { KeywordTables } from './keyword-protocol';

const entry = (keyword: string, score: number): KeywordEntry => ({
  keyword,
  titleCount: score,
  descriptionCount: 0,
  score,
});

const ONE_WORD = Array.from({ length: 14 }, (_, i) => entry(`word${i + 1}`, 140 - i * 10));
const TABLES: KeywordTables = [ONE_WORD, [entry('crew tee', 8)], []];

describe('the keyword chart', () => {
  it('draws the top keywords of the chosen length as bars, each with its label and score', () => {
    const html = render(<KeywordChart tables={TABLES} />);
    expect(html).toMatch(/^<figure /);
    expect(html).toContain(
      '<figcaption class="text-sm font-semibold text-slate-900">Top 10 keywords by score</figcaption>',
    );
    const labels = [...html.matchAll(/data-testid="keyword-bar-label">([^<]*)</g)].map((m) => m[1]);
    const values = [...html.matchAll(/data-testid="keyword-bar-value">([^<]*)</g)].map((m) => m[1]);
    expect(labels).toEqual(ONE_WORD.slice(0, CHART_BARS).map((e) => e.keyword));
    expect(values).toEqual(ONE_WORD.slice(0, CHART_BARS).map((e) => String(e.score)));
    // A screen reader reads each bar as its keyword and score; the bar itself is hidden from it.
    expect(textOf(html)).toContain('word1 , Score: 140 word2 , Score: 130');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('style="width:100%"');
    expect(html).toContain('1-word keywords');
  });

  it('speaks Vietnamese, and is left out until there are keywords', () => {
    const html = render(<KeywordChart tables={TABLES} />, 'vi');
    expect(textOf(html)).toContain('10 từ khóa có điểm cao nhất');
    expect(textOf(html)).toContain('word1 , Điểm: 140');
    expect(render(<KeywordChart tables={[[], [], []]} />)).toBe('');
  });

  it('sizes each bar against the top score', () => {
    expect(barPercents([entry('a', 200), entry('b', 50), entry('c', 1), entry('d', 0)])).toEqual([
      100, 25, 1, 0,
    ]);
    expect(barPercents([])).toEqual([]);
  });
});

describe('the quota a run is using', () => {
  const running = { ...initialExtractorState, status: 'running' as const, totalPages: 6, currentPage: 2 };
  const quota = { used: 48, quota: 150, windowMs: 30_000 };

  it('is shown while the run reads pages, in English and Vietnamese', () => {
    const line = (language: 'en' | 'vi') =>
      /data-testid="keyword-quota">([^<]*)</.exec(
        render(<KeywordExtractorProgress state={running} secondsLeft={undefined} quota={quota} />, language),
      )?.[1];
    expect(line('en')).toBe('API requests used: 48 of 150 per 30 s window');
    expect(line('vi')).toBe('Yêu cầu API đã dùng: 48 / 150 trong mỗi khung 30 giây');
  });

  it('is not shown before the first page answers, nor once the run has stopped', () => {
    expect(render(<KeywordExtractorProgress state={running} secondsLeft={undefined} />)).not.toContain(
      'keyword-quota',
    );
    const stopped = { ...running, status: 'stopped' as const };
    expect(
      render(<KeywordExtractorProgress state={stopped} secondsLeft={undefined} quota={quota} />),
    ).not.toContain('keyword-quota');
  });
});
