import { useTranslation } from 'react-i18next';
import type { RateLimitUse } from '../../../common/contracts/keyword-extractor';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { cn } from '../../lib/class-names';
import { canStartNew, canStop, progressOf, type ExtractorState } from './keyword-extractor-state';
import { useCount } from '../../lib/number-format';

const button =
  'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';

/** Start (or Resume), Stop and New (spec part 2 §4), and the run's status. */
export function KeywordExtractorControls({
  state,
  canRun,
  isSettling,
  onStop,
  onNew,
}: {
  state: ExtractorState;
  canRun: boolean;
  isSettling: boolean;
  onStop: () => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="submit"
        disabled={!canRun}
        data-testid="keyword-start"
        className={cn(button, 'bg-indigo-600 text-white hover:bg-indigo-500')}
      >
        {state.status === 'stopped' ? t('keywords.resume') : t('keywords.start')}
      </button>
      <button
        type="button"
        onClick={onStop}
        disabled={!canStop(state)}
        data-testid="keyword-stop"
        className={cn(button, 'bg-red-600 text-white hover:bg-red-500')}
      >
        {t('keywords.stop')}
      </button>
      <button
        type="button"
        onClick={onNew}
        disabled={!canStartNew(state) || isSettling}
        data-testid="keyword-new"
        className={cn(button, 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
      >
        {t('keywords.new')}
      </button>
      <span className="ml-auto text-xs text-slate-600" data-testid="keyword-status">
        {t('keywords.statusLabel')}: {t(`keywords.status.${state.status}`)}
      </span>
    </div>
  );
}

/**
 * A run's progress (spec part 2 §4): pages read, time left, products processed, where the counts start; while it reads,
 * the store's API quota it is using (issue 31).
 */
export function KeywordExtractorProgress({
  state,
  secondsLeft,
  quota = null,
}: {
  state: ExtractorState;
  secondsLeft: number | undefined;
  quota?: RateLimitUse | null;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const progress = progressOf(state);
  return (
    <div
      className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-3"
      data-testid="keyword-progress"
    >
      <ProgressPanel
        done={progress.pagesRead}
        total={progress.pages}
        label={t('keywords.progress', { page: count(progress.page), last: count(progress.lastPage) })}
        secondsLeft={state.status === 'running' ? secondsLeft : undefined}
        testId="keyword-progress-bar"
      />
      <p className="text-xs text-slate-700" data-testid="keyword-processed">
        {t('keywords.processed', { n: count(state.processedProducts) })}
        {state.totalProducts > 0 && (
          <span className="text-slate-500">
            {' · '}
            {t('keywords.channelProducts', { n: count(state.totalProducts) })}
          </span>
        )}
      </p>
      {quota && state.status === 'running' && (
        <p className="text-xs text-slate-700" data-testid="keyword-quota">
          {t('workflow.quota', {
            used: count(quota.used),
            quota: count(quota.quota),
            seconds: count(Math.max(1, Math.round(quota.windowMs / 1000))),
          })}
        </p>
      )}
      {state.countsFromPage !== state.startPage && (
        <p className="text-xs text-amber-700" data-testid="counts-from">
          {t('keywords.countsFrom', {
            from: count(state.countsFromPage),
            to: count(Math.max(state.countsFromPage, state.currentPage - 1)),
          })}
        </p>
      )}
      {state.status === 'completed' && (
        <p className="text-xs font-medium text-emerald-700" data-testid="keyword-completed">
          {t('keywords.completed', { n: count(state.processedProducts) })}
        </p>
      )}
    </div>
  );
}
