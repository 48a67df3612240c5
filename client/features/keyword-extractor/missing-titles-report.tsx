import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import type { MissingFromTitle } from '../../../common/keywords';
import { FormAlert } from '../../components/form-field';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { MAX_LISTED_PRODUCTS } from './keyword-protocol';
import { smallButton, StoreProducts, type ProductColumn } from './product-selection';
import type { MissingReportState } from './use-missing-report';
import { useCount } from '../../lib/number-format';

/**
 * "Keywords missing from page titles" (issue 14): the products read so far checked against their page titles, batch
 * after batch with a Cancel; per product its top description keywords the title lacks, as CSV, and the chosen ids
 * handed to Reset Page Title or Copy Description.
 */
export function MissingTitlesReport({
  report,
  store,
  isBusy,
  onCheck,
  onCancel,
  onDownload,
}: {
  report: MissingReportState;
  store: LocalStore | null;
  /** The run is settling (its counts are read back, or its last page is landing). */
  isBusy: boolean;
  onCheck: (store: LocalStore) => void;
  onCancel: () => void;
  onDownload: (lines: MissingFromTitle[]) => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const isChecking = report.phase === 'checking';

  const columns: Array<ProductColumn<MissingFromTitle>> = [
    {
      header: t('keywords.missingPageTitle'),
      cell: (line) => line.title,
      className: 'px-2 py-1.5 break-words text-slate-600',
      testId: 'missing-line-title',
    },
    {
      header: t('keywords.missingKeywords'),
      cell: (line) => line.missing.join(', '),
      className: 'px-2 py-1.5 font-medium break-words text-amber-800',
      testId: 'missing-line-keywords',
    },
  ];

  return (
    <section
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="missing-report"
      aria-labelledby="missing-report-title"
    >
      <div>
        <h2 id="missing-report-title" className="text-sm font-semibold text-slate-900">
          {t('keywords.missingTitle')}
        </h2>
        <p className="mt-0.5 text-xs text-slate-600">{t('keywords.missingHelp')}</p>
      </div>
      <button
        type="button"
        onClick={() => store && onCheck(store)}
        disabled={!store || isChecking || isBusy}
        data-testid="missing-report-run"
        className="inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t('keywords.missingFind')}
      </button>
      {!store && (
        <p className="text-xs text-amber-700" data-testid="missing-report-no-store">
          {t('keywords.missingNoStore')}
        </p>
      )}
      {isChecking && (
        <ProgressPanel
          done={report.done}
          total={report.total}
          label={t('keywords.missingProgress', { done: count(report.done), total: count(report.total) })}
          onCancel={onCancel}
          testId="missing-report-progress"
        />
      )}
      {report.phase === 'cancelled' && (
        <p className="text-xs text-slate-600" role="status" data-testid="missing-report-cancelled">
          {t('keywords.missingCancelled')}
        </p>
      )}
      {report.phase === 'failed' && (
        <FormAlert tone="error" testId="missing-report-error">
          {report.error}
        </FormAlert>
      )}
      {report.phase === 'done' && (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-800" role="status" data-testid="missing-report-count">
              {t('keywords.missingCount', {
                n: count(report.report.lines.length),
                checked: count(report.report.checked),
              })}
            </p>
            {report.report.lines.length > 0 && (
              <button
                type="button"
                className={smallButton}
                onClick={() => onDownload(report.report.lines)}
                data-testid="missing-report-csv"
              >
                {t('keywords.downloadCsv')}
              </button>
            )}
          </div>
          {report.unlisted > 0 && (
            <p className="text-xs text-amber-700" data-testid="missing-report-unlisted">
              {t('keywords.missingUnlisted', {
                max: count(MAX_LISTED_PRODUCTS),
                n: count(report.unlisted),
              })}
            </p>
          )}
          {report.report.lines.length > 0 && (
            <StoreProducts
              products={report.report.lines}
              store={store}
              columns={columns}
              testIds={{ list: 'missing-report', row: 'missing-line', handOff: 'missing-hand-off-' }}
              sandboxTestId="missing-report-sandbox"
            />
          )}
        </div>
      )}
    </section>
  );
}
