import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeywordEntry } from '../../../common/keywords';
import { RadioOptions } from '../../components/form-field';
import type { KeywordTables } from './keyword-protocol';
import { useCount } from '../../lib/number-format';

/** Bars in the chart: the first rows of the table chosen. */
export const CHART_BARS = 10;

const LENGTHS = ['1', '2', '3'] as const;
type Length = (typeof LENGTHS)[number];
const LENGTH_KEYS = {
  '1': 'keywords.oneWord',
  '2': 'keywords.twoWord',
  '3': 'keywords.threeWord',
} as const satisfies Record<Length, string>;

/** Each bar's length: its score against the top score, in per cent (at least a sliver for a score above 0). */
export function barPercents(entries: readonly Pick<KeywordEntry, 'score'>[]): number[] {
  const top = Math.max(0, ...entries.map((entry) => entry.score));
  return entries.map((entry) =>
    top <= 0 || entry.score <= 0 ? 0 : Math.max(1, Math.round((entry.score / top) * 1000) / 10),
  );
}

/**
 * The top keywords as a bar chart beside the tables (issue 31): 1-, 2- or 3-word keywords by score. A figure titled
 * by its caption, the bars a list whose items read "keyword, Score: n"; plain elements, no chart library; the labels
 * wrap and the bars shrink, so it holds at 390 px.
 */
export function KeywordChart({ tables }: { tables: KeywordTables }) {
  const { t } = useTranslation();
  const count = useCount();
  const name = useId();
  const [length, setLength] = useState<Length>('1');
  if (tables.every((table) => table.length === 0)) return null;
  const entries = (tables[Number(length) - 1] ?? []).slice(0, CHART_BARS);
  const percents = barPercents(entries);
  return (
    <figure
      className="min-w-0 space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="keyword-chart"
    >
      <figcaption className="text-sm font-semibold text-slate-900">
        {t('workflow.keywordChart.title', { n: count(CHART_BARS) })}
      </figcaption>
      <fieldset>
        <legend className="sr-only">{t('workflow.keywordChart.length')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <RadioOptions
            name={name}
            values={LENGTHS}
            labelOf={(value) => t(LENGTH_KEYS[value])}
            value={length}
            onChange={setLength}
            testIdPrefix="keyword-chart-length-"
          />
        </div>
      </fieldset>
      {entries.length === 0 ? (
        <p className="text-xs text-slate-600" data-testid="keyword-chart-empty">
          {t('workflow.keywordChart.empty')}
        </p>
      ) : (
        <ol className="space-y-1.5">
          {entries.map((entry, index) => (
            <li
              key={entry.keyword}
              className="grid grid-cols-[minmax(0,8rem)_minmax(2rem,1fr)_auto] items-center gap-2 text-xs sm:grid-cols-[minmax(0,14rem)_minmax(2rem,1fr)_auto]"
              data-testid="keyword-bar"
            >
              <span className="break-words text-slate-800" data-testid="keyword-bar-label">
                {entry.keyword}
              </span>
              <span aria-hidden="true" className="block h-3 overflow-hidden rounded bg-slate-100">
                <span
                  className="block h-3 rounded bg-indigo-600"
                  style={{ width: `${percents[index] ?? 0}%` }}
                />
              </span>
              <span className="text-right text-slate-700 tabular-nums">
                <span className="sr-only">
                  {', '}
                  {t('keywords.score')}:{' '}
                </span>
                <span data-testid="keyword-bar-value">{count(entry.score)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
