import { useTranslation } from 'react-i18next';
import { ActionButton, FormAlert, SecondaryButton } from '../form-field';
import { ProgressPanel } from '../tool/progress-panel';
import { apiErrorText } from '../../lib/tool-errors';
import { BulkResultPanel } from './bulk-result-panel';
import { isFinalJob } from './job-follower';
import { PreviewPanel } from './preview-panel';
import type { BulkJobFlow } from './use-bulk-edit';

/**
 * What follows a start, shared by both bulk-edit screens: the progress of the job (done, failed, total, rate, time
 * left, the wait for BigCommerce, Cancel), then its result with the backup and the Undo, whose preview is confirmed
 * before the undo job starts and is followed the same way.
 */
export function BulkJobSection({ flow }: { flow: BulkJobFlow }) {
  const { t } = useTranslation();
  const { job, undoPreview } = flow;
  return (
    <>
      {flow.isResumed && (
        <FormAlert tone="info" testId="job-resumed">
          {t('bulkEdit.resumed')}
        </FormAlert>
      )}
      {flow.isJobActive && (
        <section
          aria-label={t('bulkEdit.progressTitle')}
          className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          {job?.kind === 'undo' && (
            <p className="text-sm font-medium text-slate-800">{t('bulkEdit.undoRunning')}</p>
          )}
          <ProgressPanel
            testId="job-progress"
            done={job?.succeeded ?? 0}
            failed={job?.failed ?? 0}
            total={job?.total ?? 0}
            ratePerSecond={flow.estimate.ratePerSecond}
            secondsLeft={flow.estimate.secondsLeft}
            waiting={job?.waiting ?? undefined}
            onCancel={flow.isCancelling ? undefined : flow.cancel}
          />
          {job?.state === 'queued' && (
            <p className="text-xs text-slate-500" data-testid="job-queued">
              {t('bulkEdit.queued')}
            </p>
          )}
          {flow.isCancelling && (
            <p className="text-xs text-amber-700" data-testid="job-cancelling">
              {t('bulkEdit.cancelling')}
            </p>
          )}
          {flow.jobError !== null && (
            <p className="text-xs text-red-600" data-testid="job-error">
              {apiErrorText(flow.jobError, t)}
            </p>
          )}
        </section>
      )}
      {job && isFinalJob(job) && (
        <BulkResultPanel
          job={job}
          onUndo={job.kind === 'undo' ? undefined : () => flow.askUndo(job)}
          isUndoBusy={flow.isUndoPreviewing || flow.isUndoStarting}
        />
      )}
      {undoPreview && (
        <PreviewPanel
          preview={undoPreview.preview}
          title={t('bulkEdit.undoPreviewTitle')}
          isHtml={flow.isHtml}
          testId="undo-preview"
        >
          <div className="flex flex-wrap gap-3">
            <ActionButton
              onClick={() => flow.startUndo(undoPreview)}
              isBusy={flow.isUndoStarting}
              isDisabled={undoPreview.preview.changing === 0}
              label={t('bulkEdit.undoConfirm')}
              testId="undo-confirm-button"
            />
            <SecondaryButton onClick={flow.dropUndo} label={t('common.cancel')} testId="undo-cancel-button" />
          </div>
        </PreviewPanel>
      )}
    </>
  );
}
