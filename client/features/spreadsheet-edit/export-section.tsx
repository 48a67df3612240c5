import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TargetOption } from '../../../common/contracts/bulk-edit';
import { SPREADSHEET_FORMATS, type SpreadsheetFormat } from '../../../common/contracts/spreadsheet-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import { bulkProblemText, type ScopeForm } from '../../components/bulk-edit/bulk-edit-rules';
import { useCancellableJob } from '../../components/bulk-edit/use-cancellable-job';
import { EntityPicker } from '../../components/entity-picker/entity-picker';
import { FormAlert, RadioOptions, TextField } from '../../components/form-field';
import { ResultPanel } from '../../components/tool/result-panel';
import { ToolSubmitButton } from '../../components/tool/tool-form';
import { useCount } from '../../lib/number-format';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { toolErrorText } from '../../lib/tool-errors';
import { exportResultOf, startExport } from './api';
import { ColumnChoices } from './column-choices';
import { JobProgress } from './job-progress';
import { useRememberedJob } from './remembered-job';
import { buildExportRequest, DEFAULT_COLUMNS, type ExportProblem } from './spreadsheet-edit-rules';

const SCOPE_OPTIONS = ['all', 'category', 'brand', 'specific'] as const satisfies readonly TargetOption[];
const PICKER_KINDS = { category: 'category', brand: 'brand', specific: 'product' } as const;

/**
 * Export (issue 45): which products, which columns and the format; the export runs as a job with its progress, and
 * ends with a same-origin link to the file and its counts.
 */
export function ExportSection({ store }: { store: LocalStore | null }) {
  const { t } = useTranslation();
  const count = useCount();
  const name = useId();
  const [scope, setScope] = useState<ScopeForm>({ targetOption: 'all', targetValue: '' });
  const [channelId, setChannelId] = useState('');
  const [checked, setChecked] = useState<string[]>([...DEFAULT_COLUMNS]);
  const [format, setFormat] = useState<SpreadsheetFormat>('xlsx');
  const [problem, setProblem] = useState<ExportProblem | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  // The export started last in this store, found again after a reload.
  const [jobId, setJobId] = useRememberedJob(store?.id ?? null, 'export');
  const followed = useCancellableJob(jobId, null, (error) => setErrorText(toolErrorText(error, t)));
  const start = useMutation({
    mutationFn: startExport,
    onMutate: () => setErrorText(null),
    onSuccess: (job) => {
      followed.update(job);
      setJobId(job.id);
    },
    onError: (error) => setErrorText(toolErrorText(error, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildExportRequest({
      credentials: store ? toStoreCredentials(store) : null,
      scope,
      channelId,
      checked,
      format,
    });
    setProblem(built.ok ? null : built.problem);
    if (built.ok) start.mutate(built.request);
  };

  const problemText = (field: ExportProblem['field']) => {
    if (problem?.field !== field) return undefined;
    if (problem.kind === 'columns-required') return t('spreadsheetEdit.columnsRequired');
    if (problem.kind === 'channel-invalid') return t('spreadsheetEdit.channelInvalid');
    return bulkProblemText(problem, t, count);
  };
  const { view } = followed;
  const job = view.job;
  const result = exportResultOf(job);
  const isBusy = start.isPending || view.isJobActive;

  return (
    <section
      aria-labelledby={`${name}-title`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="spreadsheet-export"
    >
      <h2 id={`${name}-title`} className="text-base font-semibold text-slate-900">
        {t('spreadsheetEdit.exportTitle')}
      </h2>
      <p className="text-sm text-slate-600">{t('spreadsheetEdit.exportHelp')}</p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">{t('spreadsheetEdit.products')}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-5">
            <RadioOptions
              name={`${name}-scope`}
              values={SCOPE_OPTIONS}
              labelOf={(option) => t(`spreadsheetEdit.scope.${option}`)}
              value={scope.targetOption}
              onChange={(targetOption) => setScope({ targetOption, targetValue: '' })}
              testIdPrefix="export-scope-"
            />
          </div>
          {scope.targetOption !== 'all' && (
            <EntityPicker
              key={scope.targetOption}
              kind={PICKER_KINDS[scope.targetOption]}
              isList={scope.targetOption === 'specific'}
              store={store}
              label={t(`spreadsheetEdit.scopeValue.${scope.targetOption}`)}
              value={scope.targetValue}
              onValueChange={(targetValue) => setScope({ ...scope, targetValue })}
              error={problemText('targetValue')}
              testId="export-target-value"
            />
          )}
          <TextField
            label={t('spreadsheetEdit.channelId')}
            value={channelId}
            onValueChange={setChannelId}
            inputMode="numeric"
            hint={t('spreadsheetEdit.channelHint')}
            error={problemText('channelId')}
            testId="export-channel-id"
          />
        </fieldset>
        <ColumnChoices checked={checked} onChange={setChecked} error={problemText('columns')} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">{t('spreadsheetEdit.format')}</legend>
          <div className="flex flex-wrap gap-5">
            <RadioOptions
              name={`${name}-format`}
              values={SPREADSHEET_FORMATS}
              labelOf={(value) => t(`spreadsheetEdit.formats.${value}`)}
              value={format}
              onChange={setFormat}
              testIdPrefix="export-format-"
            />
          </div>
        </fieldset>
        {problem?.field === 'store' && (
          <FormAlert tone="error" testId="export-store-error">
            {bulkProblemText(problem, t, count)}
          </FormAlert>
        )}
        <ToolSubmitButton
          isBusy={start.isPending}
          isDisabled={isBusy}
          label={t('spreadsheetEdit.export')}
          testId="export-button"
        />
      </form>
      {errorText && (
        <FormAlert tone="error" testId="export-error">
          {errorText}
        </FormAlert>
      )}
      {view.isJobActive && (
        <JobProgress title={t('spreadsheetEdit.exportRunning')} view={view} testId="export-progress" />
      )}
      {job && !view.isJobActive && job.state !== 'done' && (
        <FormAlert tone={job.state === 'failed' ? 'error' : 'warning'} testId="export-ended">
          {job.state === 'failed'
            ? (job.message ?? t('spreadsheetEdit.exportFailed'))
            : t('spreadsheetEdit.exportCancelled')}
        </FormAlert>
      )}
      {result && job?.state === 'done' && (
        <ResultPanel title={t('spreadsheetEdit.exportDone')} testId="export-result">
          <p className="mt-1" data-testid="export-counts">
            {t('spreadsheetEdit.exportCounts', {
              products: count(result.products),
              variants: count(result.variants),
            })}
          </p>
          <a
            href={result.downloadUrl}
            download={result.fileName}
            className="mt-2 inline-block text-sm font-medium text-indigo-700 underline hover:text-indigo-600"
            data-testid="export-download"
          >
            {t('spreadsheetEdit.download', { name: result.fileName })}
          </a>
        </ResultPanel>
      )}
    </section>
  );
}
