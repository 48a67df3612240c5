import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, type AlertTone } from '../../components/form-field';
import { isFinalJob } from '../../components/bulk-edit/job-follower';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { apiErrorText } from '../../lib/tool-errors';
import { addRateReading, formatCount, isRateSteady, type RateReading } from './snapshot-format';
import type { SnapshotJobFlow } from './use-snapshot-job';

const RESULT_TONES: Record<'done' | 'failed' | 'cancelled', AlertTone> = {
  done: 'success',
  failed: 'error',
  cancelled: 'info',
};

/**
 * The snapshot job: its progress as every job's (the requests to the store it made, the rate, a time left once the rate
 * is steady, the wait for BigCommerce, Cancel), then how it ended.
 */
export function SnapshotJobPanel({ flow }: { flow: SnapshotJobFlow }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const { job } = flow;
  // The rates seen for this job, one reading per progress update: the time left waits for a steady rate
  // (isRateSteady).
  const rate = flow.estimate.ratePerSecond;
  const jobId = job?.id ?? null;
  const done = job?.succeeded ?? 0;
  const [readings, setReadings] = useState<{ jobId: string | null; kept: RateReading[] }>({
    jobId: null,
    kept: [],
  });
  useEffect(() => {
    // Read at the moment the update is seen (a timer's callback: the render stays pure).
    const timer = setTimeout(() =>
      setReadings((current) => ({
        jobId,
        kept: addRateReading(current.jobId === jobId ? current.kept : [], rate, Date.now()),
      })),
    );
    return () => clearTimeout(timer);
  }, [jobId, rate, done]);
  const isSteady = readings.jobId === jobId && isRateSteady(readings.kept);
  if (flow.isJobActive) {
    const total = job?.total ?? 0;
    return (
      <section
        aria-label={t('storeHistory.progressTitle')}
        className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 className="text-sm font-semibold text-slate-900">{t('storeHistory.progressTitle')}</h2>
        <ProgressPanel
          testId="snapshot-progress"
          done={done}
          failed={job?.failed ?? 0}
          total={total}
          label={
            total > 0
              ? t('storeHistory.progress', {
                  done: formatCount(done, locale),
                  total: formatCount(total, locale),
                })
              : t('storeHistory.progressStarting')
          }
          ratePerSecond={flow.estimate.ratePerSecond}
          secondsLeft={isSteady ? flow.estimate.secondsLeft : undefined}
          waiting={job?.waiting ?? undefined}
          onCancel={flow.isCancelling ? undefined : flow.cancel}
        />
        <p className="text-xs text-slate-500" data-testid="snapshot-progress-hint">
          {t('storeHistory.progressHint')}
        </p>
        {job?.state === 'queued' && (
          <p className="text-xs text-slate-500" data-testid="snapshot-queued">
            {t('storeHistory.queued')}
          </p>
        )}
        {flow.isCancelling && (
          <p className="text-xs text-amber-700" data-testid="snapshot-cancelling">
            {t('storeHistory.cancelling')}
          </p>
        )}
        {flow.jobError !== null && (
          <p className="text-xs text-red-600" data-testid="snapshot-job-error">
            {apiErrorText(flow.jobError, t)}
          </p>
        )}
      </section>
    );
  }
  if (!job || !isFinalJob(job)) return null;
  const state = job.state as keyof typeof RESULT_TONES;
  return (
    <FormAlert tone={RESULT_TONES[state]} testId="snapshot-job-result">
      <span data-state={state}>{t(`storeHistory.${state}`)}</span>
      {state === 'failed' && job.message && <span> {job.message}</span>}
    </FormAlert>
  );
}
