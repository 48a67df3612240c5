import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { jobBackupPath, type JobView } from '../../../common/contracts/jobs';
import type { AlertTone } from '../form-field';
import { TableHeader } from '../table-header';
import { ResultPanel } from '../tool/result-panel';
import { Count } from './preview-panel';
import { useCount } from '../../lib/number-format';

/** Products written by the job: those counted as succeeded less those that already held the value. */
export const writtenCount = (job: Pick<JobView, 'succeeded' | 'skipped'>) =>
  Math.max(0, job.succeeded - job.skipped);

/** Green when every product is right, amber when some failed or the job was cancelled, red when it failed. */
export function resultTone(job: Pick<JobView, 'state' | 'failed'>): AlertTone {
  if (job.state === 'failed') return 'error';
  return job.state === 'cancelled' || job.failed > 0 ? 'warning' : 'success';
}

function resultTitle(job: JobView, t: TFunction, count: (value: number) => string): string {
  const isUndo = job.kind === 'undo';
  switch (job.state) {
    case 'cancelled':
      return t('bulkEdit.resultCancelled', { written: count(writtenCount(job)) });
    case 'failed':
      return isUndo ? t('bulkEdit.undoFailed') : t('bulkEdit.resultFailed');
    default:
      return isUndo ? t('bulkEdit.undoDone') : t('bulkEdit.resultDone');
  }
}

/**
 * The end of a bulk edit (spec part 1 §2 "Result panel: Total, Success, Failed and error details"): the counts, the
 * skipped ones, each failed product with BigCommerce's reason, the backup to download and the Undo.
 */
export function BulkResultPanel({
  job,
  onUndo,
  isUndoBusy = false,
}: {
  job: JobView;
  /** Shows the Undo button (for a job with a backup). */
  onUndo?: (() => void) | undefined;
  isUndoBusy?: boolean;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const hasBackup = job.backedUp > 0;
  return (
    <ResultPanel title={resultTitle(job, t, count)} tone={resultTone(job)} testId="bulk-result">
      {job.state === 'failed' && job.message && (
        <p className="mt-1" data-testid="result-message">
          {job.message}
        </p>
      )}
      {/* Success counts the products written and those that already had the value (spec: Success + Failed = Total);
          the two parts are shown beside it, so the numbers add up on the screen (issue 31). */}
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
        <Count label={t('common.total')} value={job.total} testId="result-total" />
        <Count label={t('common.success')} value={job.succeeded} testId="result-success" />
        <Count
          label={t('bulkEdit.writtenInSuccess')}
          value={job.succeeded - job.skipped}
          testId="result-written"
        />
        <Count label={t('bulkEdit.skippedInSuccess')} value={job.skipped} testId="result-skipped" />
        <Count label={t('common.failed')} value={job.failed} testId="result-failed" />
      </dl>
      {job.errors.length > 0 && (
        <div className="mt-3">
          <h3 className="text-xs font-semibold text-slate-700">{t('bulkEdit.errorDetails')}</h3>
          <div className="mt-1 max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white">
            <table data-testid="result-errors" className="w-full text-left text-xs text-slate-700">
              <TableHeader
                className="bg-slate-50 text-slate-500"
                cellClassName="px-3 py-2"
                columns={[
                  { label: t('bulkEdit.productId') },
                  { label: t('bulkEdit.name') },
                  { label: t('bulkEdit.reason') },
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {job.errors.map((error, index) => (
                  <tr key={`${error.productId}-${index}`} data-testid="result-errors-row">
                    <td className="px-3 py-2 font-mono">{error.productId}</td>
                    <td className="px-3 py-2">{error.name ?? t('common.notAvailable')}</td>
                    <td className="px-3 py-2 break-words">{error.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {hasBackup && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <a
            href={jobBackupPath(job.id)}
            download
            data-testid="download-backup"
            className="text-sm font-medium text-indigo-700 underline hover:text-indigo-600"
          >
            {t('bulkEdit.downloadBackup', { n: count(job.backedUp) })}
          </a>
          {onUndo && (
            <button
              type="button"
              onClick={onUndo}
              disabled={isUndoBusy}
              data-testid="undo-button"
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {isUndoBusy ? t('common.processing') : t('bulkEdit.undo')}
            </button>
          )}
        </div>
      )}
    </ResultPanel>
  );
}
