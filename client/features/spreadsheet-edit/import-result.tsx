import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobItemOutcome, JobView } from '../../../common/contracts/jobs';
import { spreadsheetFailedRowsPath } from '../../../common/contracts/spreadsheet-edit';
import { resultTone } from '../../components/bulk-edit/bulk-result-panel';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { ResultPanel } from '../../components/tool/result-panel';
import { useCount } from '../../lib/number-format';
import { outcomeReasonText } from './cell-note-text';

function resultTitle(job: JobView, t: TFunction): string {
  const isUndo = job.kind === 'spreadsheet-undo';
  if (job.state === 'cancelled') return t('spreadsheetEdit.resultCancelled');
  if (job.state === 'failed') return isUndo ? t('bulkEdit.undoFailed') : t('spreadsheetEdit.resultFailed');
  return isUndo ? t('bulkEdit.undoDone') : t('spreadsheetEdit.resultDone');
}

/** Where an outcome is: "Products row 3 (ID 112)", "Variants row 5 (variant 77), Price". */
function outcomePlace(outcome: JobItemOutcome, t: TFunction): string {
  const key = outcome.key;
  const sheet =
    key.sheet === 'Products' || key.sheet === 'Variants' ? t(`spreadsheetEdit.sheets.${key.sheet}`) : '';
  const row = typeof key.row === 'number' ? String(key.row) : '';
  const id = typeof key.variantId === 'number' ? key.variantId : key.productId;
  const place = t(
    typeof key.variantId === 'number' ? 'spreadsheetEdit.placeVariant' : 'spreadsheetEdit.place',
    {
      sheet,
      row,
      id: String(id),
    },
  );
  return typeof key.column === 'string' ? `${place}, ${key.column}` : place;
}

/**
 * The end of an import or of its undo: rows written, failed and skipped, the failed rows and skipped cells with
 * their reasons, the failed rows' sheet, and the Undo (asked first).
 */
export function ImportResult({
  job,
  storeName,
  onUndo,
  isUndoBusy,
}: {
  job: JobView;
  storeName: string;
  /** Shows Undo (an import's result, not an undo's). */
  onUndo?: (() => void) | undefined;
  isUndoBusy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const count = useCount();
  const [isConfirming, setIsConfirming] = useState(false);
  const listed = (job.outcomes ?? []).filter((outcome) => outcome.outcome !== 'written');
  const testId = job.kind === 'spreadsheet-undo' ? 'undo-result' : 'import-result';
  return (
    <ResultPanel title={resultTitle(job, t)} tone={resultTone(job)} testId={testId}>
      {job.state === 'failed' && job.message && <p className="mt-1">{job.message}</p>}
      <dl className="mt-3 grid grid-cols-3 gap-2">
        {(
          [
            ['written', job.succeeded],
            ['failed', job.failed],
            ['skipped', job.skipped],
          ] as const
        ).map(([kind, value]) => (
          <div key={kind} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
            <dt className="text-xs text-slate-500">{t(`spreadsheetEdit.${kind}`)}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid={`${testId}-${kind}`}>
              {count(value)}
            </dd>
          </div>
        ))}
      </dl>
      {listed.length > 0 && (
        <ul className="mt-3 max-h-64 space-y-1 overflow-auto text-xs" data-testid={`${testId}-outcomes`}>
          {listed.map((outcome, index) => (
            <li
              key={index}
              className={outcome.outcome === 'failed' ? 'text-red-700' : 'text-amber-800'}
              data-testid={`${testId}-outcome`}
            >
              {t(
                outcome.outcome === 'failed'
                  ? 'spreadsheetEdit.outcomeFailed'
                  : 'spreadsheetEdit.outcomeSkipped',
                {
                  place: outcomePlace(outcome, t),
                  name: outcome.name,
                  reason: outcomeReasonText(outcome, t, i18n.language),
                },
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {job.failed > 0 && (
          <a
            href={spreadsheetFailedRowsPath(job.id)}
            download
            className="text-sm font-medium text-indigo-700 underline hover:text-indigo-600"
            data-testid={`${testId}-failed-rows`}
          >
            {t('spreadsheetEdit.downloadFailed', { n: count(job.failed) })}
          </a>
        )}
        {onUndo && job.backedUp > 0 && (
          <button
            type="button"
            onClick={() => setIsConfirming(true)}
            disabled={isUndoBusy}
            data-testid="spreadsheet-undo-button"
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {isUndoBusy ? t('common.processing') : t('bulkEdit.undo')}
          </button>
        )}
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('spreadsheetEdit.undoTitle')}
        message={t('spreadsheetEdit.undoConfirm', { store: storeName, n: count(job.backedUp) })}
        confirmLabel={t('bulkEdit.undo')}
        onConfirm={() => {
          setIsConfirming(false);
          onUndo?.();
        }}
        onCancel={() => setIsConfirming(false)}
        testId="spreadsheet-undo-dialog"
      />
    </ResultPanel>
  );
}
