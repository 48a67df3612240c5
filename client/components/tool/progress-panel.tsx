import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format';

/** '45 s', '3 min 05 s', '1 h 02 min' (and the Vietnamese units): how long is left, rounded up to the second. */
export function formatDuration(seconds: number, t: TFunction): string {
  const total = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return t('toolKit.hours', { h: String(h), m: String(m).padStart(2, '0') });
  if (m > 0) return t('toolKit.minutes', { m: String(m), s: String(s).padStart(2, '0') });
  return t('toolKit.seconds', { s: String(s) });
}

/** A rate for people: one decimal below 10 a second ('2.5', '2,5' in Vietnamese), whole numbers above ('37'). */
export function formatRate(perSecond: number, language = 'en'): string {
  return perSecond < 10
    ? formatNumber(perSecond, language, 1)
    : formatNumber(Math.round(perSecond), language);
}

export interface ProgressPanelProps {
  /** Items finished well. */
  done: number;
  /** Items that failed; shown when given. The bar counts them as processed. */
  failed?: number | undefined;
  total: number;
  /** Items per second; shown when given. */
  ratePerSecond?: number | undefined;
  /** Estimated seconds left; shown when given. */
  secondsLeft?: number | undefined;
  /** Shows a 'Cancel' button that calls this. */
  onCancel?: (() => void) | undefined;
  /** Replaces the counts line ('{done} of {total} done') with the tool's own words. */
  label?: string | undefined;
  /**
   * Set while BigCommerce is being waited out (a 5xx or a rate limit): 'Waiting for BigCommerce (retry 3 of 8, next
   * in 40 s)'. The `waiting` of a job's progress (server/integrations/bigcommerce, RetryWait).
   */
  waiting?: { retry: number; of: number; waitMs: number } | undefined;
  testId?: string;
}

/**
 * Long work in progress (STYLE.md §6): a bar with done / failed / total, the rate and the time left, and a Cancel
 * button. Only what is given is shown, so a tool that knows just its counts shows just its counts line and the bar.
 */
export function ProgressPanel({
  done,
  failed,
  total,
  ratePerSecond,
  secondsLeft,
  onCancel,
  label,
  waiting,
  testId = 'tool-progress',
}: ProgressPanelProps) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => formatNumber(n, i18n.language);
  const processed = Math.min(total, done + (failed ?? 0));
  const details: string[] = [];
  if (failed !== undefined) details.push(t('toolKit.failed', { failed: count(failed) }));
  if (ratePerSecond !== undefined)
    details.push(t('toolKit.rate', { rate: formatRate(ratePerSecond, i18n.language) }));
  if (secondsLeft !== undefined) {
    details.push(t('toolKit.timeLeft', { time: formatDuration(secondsLeft, t) }));
  }
  return (
    <div role="status" data-testid={testId} className="space-y-1">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-slate-600">
          {label ?? t('toolKit.progress', { done: count(done), total: count(total) })}
          {details.length > 0 && <span data-testid={`${testId}-details`}> · {details.join(' · ')}</span>}
        </p>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            data-testid={`${testId}-cancel`}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {t('common.cancel')}
          </button>
        )}
      </div>
      {waiting && (
        <p className="text-xs text-amber-700" data-testid={`${testId}-waiting`}>
          {t('toolKit.waiting', {
            retry: count(waiting.retry),
            of: count(waiting.of),
            time: formatDuration(waiting.waitMs / 1000, t),
          })}
        </p>
      )}
      <progress
        className="h-2 w-full accent-indigo-600"
        value={processed}
        max={Math.max(total, 1)}
        aria-label={t('toolKit.progressLabel')}
      />
    </div>
  );
}
