import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../common/contracts/jobs';
import { ProgressPanel } from '../../components/tool/progress-panel';
import type { useCancellableJob } from '../../components/bulk-edit/use-cancellable-job';
import { apiErrorText } from '../../lib/tool-errors';

export type FollowedJob = ReturnType<typeof useCancellableJob>['view'];

/** A running job of this screen: its title, done / failed of total, rate and time left, the wait, Cancel. */
export function JobProgress({ title, view, testId }: { title: string; view: FollowedJob; testId: string }) {
  const { t } = useTranslation();
  const job: JobView | null = view.job;
  return (
    <section
      aria-label={title}
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid={testId}
    >
      <p className="text-sm font-medium text-slate-800">{title}</p>
      <ProgressPanel
        testId={`${testId}-bar`}
        // Rows skipped (left as the store has them) are done too.
        done={(job?.succeeded ?? 0) + (job?.skipped ?? 0)}
        failed={job?.failed ?? 0}
        total={job?.total ?? 0}
        ratePerSecond={view.estimate.ratePerSecond}
        secondsLeft={view.estimate.secondsLeft}
        waiting={job?.waiting ?? undefined}
        onCancel={view.isCancelling ? undefined : view.cancel}
      />
      {job?.state === 'queued' && <p className="text-xs text-slate-500">{t('bulkEdit.queued')}</p>}
      {view.isCancelling && <p className="text-xs text-amber-700">{t('bulkEdit.cancelling')}</p>}
      {view.jobError !== null && (
        <p className="text-xs text-red-600" data-testid={`${testId}-error`}>
          {apiErrorText(view.jobError, t)}
        </p>
      )}
    </section>
  );
}
