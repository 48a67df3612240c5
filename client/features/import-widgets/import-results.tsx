import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import {
  importWidgetsBackupPath,
  type ImportWidgetsPageResult,
  type ImportWidgetsRequest,
  type ImportWidgetsResponse,
} from '../../../common/contracts/import-widgets';
import type { AlertTone } from '../../components/form-field';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { ResultPanel } from '../../components/tool/result-panel';
import { cn } from '../../lib/class-names';
import { apiErrorText } from '../../lib/tool-errors';
import { restoreWidgetsPage } from './api';
import { pageLabel, type SkippedPage } from './import-widgets-rules';
import { SkippedWidgets } from './skipped-widgets';

/** Green when every page was imported (and every missing template made), red when no page was, amber in between. */
export function resultsTone(
  results: readonly (Pick<ImportWidgetsPageResult, 'success'> & { skipped?: readonly unknown[] })[],
  failedTemplates = 0,
): AlertTone {
  const succeeded = results.filter((result) => result.success).length;
  if (succeeded === 0) return 'error';
  // Issue 44: a skipped widget is a warning, not a success.
  const skipped = results.some((result) => (result.skipped?.length ?? 0) > 0);
  return succeeded === results.length && failedTemplates === 0 && !skipped ? 'success' : 'warning';
}

/** The pages whose widgets the import skipped (issue 44), as the confirmation listed them. */
export function skippedPages(results: readonly ImportWidgetsPageResult[]): SkippedPage[] {
  return results.flatMap((result) =>
    result.skipped.length === 0
      ? []
      : [
          {
            page: { templateFile: result.templateFile, entityId: result.entityId },
            widgets: result.skipped.map(({ widget, template }) => ({ name: widget, template })),
          },
        ],
  );
}

type RestoreState =
  { state: 'busy' } | { state: 'done'; result: ImportWidgetsPageResult } | { state: 'error'; text: string };

/**
 * The import's answer (spec part 1 §2, §3): the templates created, then per page its template file, entity id,
 * success, widgets count, channel, error, warnings and logs; a page whose previous widgets were saved can download
 * that backup and be restored in one click (after a confirmation).
 */
export function ImportResults({
  response,
  store,
  storeName,
}: {
  response: ImportWidgetsResponse;
  /** The store the import wrote to (Restore writes there, whatever the picker shows now). */
  store: ImportWidgetsRequest['store'];
  storeName: string;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const [restores, setRestores] = useState<Record<string, RestoreState>>({});
  const [confirming, setConfirming] = useState<ImportWidgetsPageResult | null>(null);
  const globalText = t('importWidgets.globalRegions');
  const restore = useMutation({
    mutationFn: restoreWidgetsPage,
    onMutate: ({ backupId }) => setRestores((current) => ({ ...current, [backupId]: { state: 'busy' } })),
    onSuccess: (result, { backupId }) =>
      setRestores((current) => ({ ...current, [backupId]: { state: 'done', result } })),
    onError: (error, { backupId }) =>
      setRestores((current) => ({
        ...current,
        [backupId]: { state: 'error', text: apiErrorText(error, t) },
      })),
  });
  const succeeded = response.results.filter((result) => result.success).length;
  const failedTemplates = response.failedTemplates ?? [];
  const skipped = skippedPages(response.results);
  const labelOf = (result: Pick<ImportWidgetsPageResult, 'templateFile' | 'entityId'>) =>
    pageLabel({ templateFile: result.templateFile, entityId: result.entityId }, globalText);

  return (
    <section aria-label={t('importWidgets.results')} className="space-y-3" data-testid="import-results">
      <ResultPanel
        title={t('importWidgets.resultsSummary', {
          success: count(succeeded),
          total: count(response.results.length),
        })}
        tone={resultsTone(response.results, failedTemplates.length)}
        testId="tool-result"
      >
        {response.createdTemplates.length > 0 && (
          <div className="mt-2">
            <p className="text-xs font-semibold">{t('importWidgets.createdTemplates')}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs" data-testid="created-templates">
              {response.createdTemplates.map((template) => (
                <li key={template.uuid} className="break-all">
                  {t('importWidgets.createdTemplate', {
                    name: template.name,
                    sourceUuid: template.sourceUuid,
                    uuid: template.uuid,
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
        {skipped.length > 0 && <SkippedWidgets pages={skipped} when="after" testId="skipped-widgets" />}
        {failedTemplates.length > 0 && (
          <div className="mt-2">
            <p className="text-xs font-semibold">{t('importWidgets.failedTemplates')}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs" data-testid="failed-templates">
              {failedTemplates.map((template) => (
                <li key={`${template.sourceUuid}-${template.channelId}`} className="break-words">
                  {t('importWidgets.failedTemplate', { name: template.name, error: template.error })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </ResultPanel>
      <ul className="space-y-3">
        {response.results.map((result, index) => (
          <PageResultCard
            key={`${index}-${result.backupId ?? ''}`}
            result={result}
            label={labelOf(result)}
            restore={result.backupId ? restores[result.backupId] : undefined}
            onRestore={() => setConfirming(result)}
          />
        ))}
      </ul>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={t('importWidgets.restoreTitle')}
        message={
          confirming ? t('importWidgets.restoreMessage', { page: labelOf(confirming), store: storeName }) : ''
        }
        confirmLabel={t('importWidgets.restore')}
        isDestructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const backupId = confirming?.backupId;
          setConfirming(null);
          if (backupId) restore.mutate({ store, backupId });
        }}
        testId="restore-dialog"
      />
    </section>
  );
}

const statusBadge = 'rounded-full px-2 py-0.5 text-xs font-semibold';

function PageResultCard({
  result,
  label,
  restore,
  onRestore,
}: {
  result: ImportWidgetsPageResult;
  label: string;
  restore: RestoreState | undefined;
  onRestore: () => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  return (
    <li
      data-testid="page-result"
      data-success={String(result.success)}
      className={cn(
        'space-y-2 rounded-xl border bg-white p-4 text-sm shadow-sm',
        result.success ? 'border-slate-200' : 'border-red-200',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          className="font-mono text-sm font-semibold break-all text-slate-900"
          data-testid="page-result-page"
        >
          {result.templateFile ?? t('importWidgets.globalRegions')}
        </p>
        <span
          data-testid="page-result-status"
          className={cn(
            statusBadge,
            result.success ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800',
          )}
        >
          {result.success ? t('importWidgets.pageSuccess') : t('importWidgets.pageFailed')}
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <Fact label={t('importWidgets.entityId')} value={result.entityId ?? t('importWidgets.noEntity')} />
        <Fact label={t('importWidgets.widgetsCount')} value={count(result.widgetsCount)} testId="widgets" />
        <Fact label={t('importWidgets.channel')} value={String(result.channelId)} testId="channel" />
      </dl>
      {result.error && (
        <p className="text-xs font-medium text-red-700" role="alert" data-testid="page-result-error">
          {result.error}
        </p>
      )}
      {result.warnings.length > 0 && (
        <div>
          <p className="text-xs font-semibold text-amber-800">{t('importWidgets.warnings')}</p>
          <ul
            className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-amber-800"
            data-testid="page-result-warnings"
          >
            {result.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      <Logs logs={result.logs} testId="page-result-logs" />
      {result.backupId && (
        <div className="flex flex-wrap items-center gap-3 pt-1">
          <a
            href={importWidgetsBackupPath(result.backupId)}
            download
            data-testid="download-backup"
            aria-label={`${t('importWidgets.downloadBackup')}: ${label}`}
            className="text-sm font-medium text-indigo-700 underline hover:text-indigo-600"
          >
            {t('importWidgets.downloadBackup')}
          </a>
          <button
            type="button"
            onClick={onRestore}
            disabled={restore?.state === 'busy'}
            aria-label={`${t('importWidgets.restore')}: ${label}`}
            data-testid="restore-button"
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {restore?.state === 'busy' ? t('importWidgets.restoring') : t('importWidgets.restore')}
          </button>
        </div>
      )}
      {restore?.state === 'error' && (
        <p role="alert" className="text-xs font-medium text-red-700" data-testid="restore-result">
          {t('importWidgets.restoreFailed', { error: restore.text })}
        </p>
      )}
      {restore?.state === 'done' && (
        <div role="status" data-testid="restore-result" className="space-y-1 text-xs">
          <p className={restore.result.success ? 'font-medium text-emerald-700' : 'font-medium text-red-700'}>
            {restore.result.success
              ? t('importWidgets.restored', { n: count(restore.result.widgetsCount) })
              : t('importWidgets.restoreFailed', { error: restore.result.error ?? t('errors.generic') })}
          </p>
          <Logs logs={restore.result.logs} testId="restore-logs" />
        </div>
      )}
    </li>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-2 py-1.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-mono font-semibold text-slate-900" data-testid={testId && `page-result-${testId}`}>
        {value}
      </dd>
    </div>
  );
}

/** Expandable logs of a page ('Logs (3)'). */
function Logs({ logs, testId }: { logs: readonly string[]; testId: string }) {
  const { t } = useTranslation();
  const count = useCount();
  if (logs.length === 0) return null;
  return (
    <details className="text-xs" data-testid={testId}>
      <summary className="cursor-pointer font-medium text-slate-700">
        {t('importWidgets.logs', { n: count(logs.length) })}
      </summary>
      <ol className="mt-1 max-h-60 space-y-0.5 overflow-auto rounded-lg bg-slate-50 p-2 font-mono text-slate-700">
        {logs.map((line, index) => (
          <li key={index} className="break-words">
            {line}
          </li>
        ))}
      </ol>
    </details>
  );
}
