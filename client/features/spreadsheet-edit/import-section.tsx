import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES, SINCE_EXPORT_CHOICES } from '../../../common/contracts/spreadsheet-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import { isFinalJob } from '../../components/bulk-edit/job-follower';
import { FormAlert, RadioOptions } from '../../components/form-field';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { ToolSubmitButton } from '../../components/tool/tool-form';
import { useCount } from '../../lib/number-format';
import { ImportResult } from './import-result';
import { JobProgress } from './job-progress';
import { PreviewRows } from './preview-rows';
import { ACCEPTED_EXTENSIONS } from './spreadsheet-edit-rules';
import { useSpreadsheetImport, type ShownPreview } from './use-spreadsheet-import';

const COUNT_KEYS = ['rows', 'changed', 'unchanged', 'errors', 'warnings'] as const;

/** The preview's counts, its ignored columns, its rows (Load more), and the choice for cells changed since the export. */
function PreviewPanel({
  flow,
}: {
  flow: ReturnType<typeof useSpreadsheetImport> & { preview: ShownPreview };
}) {
  const { t } = useTranslation();
  const count = useCount();
  const name = useId();
  const { preview } = flow;
  return (
    <section
      aria-label={t('spreadsheetEdit.previewTitle')}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="spreadsheet-preview"
    >
      <h3 className="text-sm font-semibold text-slate-900">{t('spreadsheetEdit.previewTitle')}</h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {COUNT_KEYS.map((key) => (
          <div key={key} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
            <dt className="text-xs text-slate-500">{t(`spreadsheetEdit.counts.${key}`)}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid={`preview-count-${key}`}>
              {count(preview.counts[key])}
            </dd>
          </div>
        ))}
      </dl>
      {(preview.ignoredColumns?.length ?? 0) > 0 && (
        <FormAlert tone="info" testId="preview-ignored">
          {t('spreadsheetEdit.ignoredColumns', { columns: preview.ignoredColumns?.join(', ') ?? '' })}
        </FormAlert>
      )}
      {flow.rows.length > 0 ? (
        <PreviewRows rows={flow.rows} />
      ) : (
        <p className="text-sm text-slate-600">{t('spreadsheetEdit.noRows')}</p>
      )}
      {preview.nextCursor && (
        <button
          type="button"
          onClick={flow.loadMore}
          disabled={flow.isLoadingMore}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60"
          data-testid="preview-load-more"
        >
          {flow.isLoadingMore ? t('common.processing') : t('spreadsheetEdit.loadMore')}
        </button>
      )}
      {(preview.staleRows ?? 0) > 0 && (
        <fieldset className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3">
          <legend className="px-1 text-sm font-medium text-amber-900">
            {t('spreadsheetEdit.staleTitle', { n: count(preview.staleRows ?? 0) })}
          </legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-5">
            <RadioOptions
              name={`${name}-since`}
              values={SINCE_EXPORT_CHOICES}
              labelOf={(choice) => t(`spreadsheetEdit.since.${choice}`)}
              value={flow.sinceExport}
              onChange={flow.setSinceExport}
              testIdPrefix="since-"
            />
          </div>
        </fieldset>
      )}
    </section>
  );
}

/**
 * Import (issue 45): the edited file, its preview against the live store, the run (asked first) with its progress,
 * and the result with its Undo.
 */
export function ImportSection({ store }: { store: LocalStore | null }) {
  const { t } = useTranslation();
  const count = useCount();
  const name = useId();
  const flow = useSpreadsheetImport(store);
  const [isConfirming, setIsConfirming] = useState(false);
  const { preview, imported, undone } = flow;
  const isBusy = flow.isStarting || imported.isJobActive || undone.isJobActive;
  const fileError =
    flow.fileProblem === 'file-type'
      ? t('spreadsheetEdit.fileType')
      : flow.fileProblem === 'file-too-large'
        ? t('spreadsheetEdit.fileTooLarge', { max: count(MAX_UPLOAD_BYTES / 1024 / 1024) })
        : flow.fileProblem === 'file-required'
          ? t('spreadsheetEdit.fileRequired')
          : flow.fileProblem === 'store-required'
            ? t('errors.selectStore')
            : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.runPreview();
  };
  const importJob = imported.job;
  const undoJob = undone.job;
  return (
    <section
      aria-labelledby={`${name}-title`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="spreadsheet-import"
    >
      <h2 id={`${name}-title`} className="text-base font-semibold text-slate-900">
        {t('spreadsheetEdit.importTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t('spreadsheetEdit.importHelp')}</p>
      <form noValidate onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor={`${name}-file`} className="block text-sm font-medium text-slate-700">
            {t('spreadsheetEdit.file')}
          </label>
          <input
            id={`${name}-file`}
            type="file"
            accept={ACCEPTED_EXTENSIONS.join(',')}
            onChange={(event) => flow.chooseFile(event.target.files?.[0] ?? null)}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${name}-file-error` : `${name}-file-hint`}
            className="mt-1 block w-full text-sm text-slate-700"
            data-testid="import-file"
          />
          <p id={`${name}-file-hint`} className="mt-1 text-xs text-slate-500">
            {t('spreadsheetEdit.fileHint', { max: count(MAX_UPLOAD_BYTES / 1024 / 1024) })}
          </p>
          {fileError && (
            <p
              id={`${name}-file-error`}
              className="mt-1 text-xs text-red-600"
              data-testid="import-file-error"
            >
              {fileError}
            </p>
          )}
        </div>
        <ToolSubmitButton
          isBusy={flow.isPreviewing}
          isDisabled={isBusy}
          label={t('bulkEdit.preview')}
          testId="import-preview-button"
        />
      </form>
      {flow.errorText && (
        <FormAlert tone="error" testId="import-error">
          {flow.errorText}
        </FormAlert>
      )}
      {preview && (
        <>
          <PreviewPanel flow={{ ...flow, preview }} />
          <button
            type="button"
            onClick={() => setIsConfirming(true)}
            disabled={
              // Nothing to write (cells changed since the export count when they take the sheet's value).
              isBusy || flow.rowsToWrite === 0
            }
            className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60"
            data-testid="import-run-button"
          >
            {flow.isStarting ? t('common.processing') : t('spreadsheetEdit.run')}
          </button>
          <ConfirmDialog
            isOpen={isConfirming}
            isDestructive
            title={t('spreadsheetEdit.runTitle')}
            message={t(
              preview.counts.errors > 0 ? 'spreadsheetEdit.runConfirmErrors' : 'spreadsheetEdit.runConfirm',
              {
                store: preview.storeName,
                n: count(flow.rowsToWrite),
                errors: count(preview.counts.errors),
              },
            )}
            confirmLabel={t('spreadsheetEdit.run')}
            onConfirm={() => {
              setIsConfirming(false);
              flow.start();
            }}
            onCancel={() => setIsConfirming(false)}
            testId="import-run-dialog"
          />
        </>
      )}
      {imported.isJobActive && (
        <JobProgress title={t('spreadsheetEdit.importRunning')} view={imported} testId="import-progress" />
      )}
      {importJob && isFinalJob(importJob) && (
        <ImportResult
          job={importJob}
          storeName={store?.name ?? ''}
          onUndo={flow.undo}
          isUndoBusy={flow.isUndoStarting || undone.isJobActive || (undoJob !== null && isFinalJob(undoJob))}
        />
      )}
      {undone.isJobActive && (
        <JobProgress title={t('bulkEdit.undoRunning')} view={undone} testId="undo-progress" />
      )}
      {undoJob && isFinalJob(undoJob) && (
        <ImportResult job={undoJob} storeName={store?.name ?? ''} isUndoBusy={false} />
      )}
    </section>
  );
}
