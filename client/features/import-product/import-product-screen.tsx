import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductSearchType } from '../../../common/contracts/dump-product';
import {
  EXISTING_PRODUCT_ACTIONS,
  type ExistingProductAction,
  type ImportIdMap,
  type ImportProductResult,
  type ImportProgress,
} from '../../../common/contracts/import-product';
import type { LocalStore } from '../../../common/contracts/stores';
import type { ProductDump } from '../../../common/dumps/product-dump';
import { FormAlert, SubmitButton, TextField } from '../../components/form-field';
import { StorePicker } from '../../components/store-picker/store-picker';
import { JsonFileInputView } from '../../components/tool/json-file-input';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { downloadJson } from '../../lib/download-json';
import { toStoreCredentials, toStoreRef } from '../../lib/stores/store-credentials';
import { apiErrorText, toolErrorText } from '../../lib/tool-errors';
import { DRY_RUN_QUERY_KEY, dryRunQuery, fetchSourceDump, importProduct } from './api';
import { DumpPreviewPanel } from './dump-preview';
import {
  buildImportRequest,
  buildSourceRequest,
  idMapKey,
  importErrorText,
  initialExistingSkuChoice,
  isCopySuffixValid,
  previewDump,
  productFileProblemText,
  readProductDump,
  readProductFile,
  resultDownload,
  resultFileName,
  validateImport,
  type ExistingSkuChoice,
  type ImportProblem,
  type LoadedDump,
} from './import-product-rules';
import { ImportResultPanel } from './import-result';
import { PlanPanel, type PlanState } from './plan-panel';

type SourceMode = 'file' | 'store';
type FileStatus = { tone: 'ok' | 'error'; text: string } | null;
/** What a run was a result of: kept for the re-run's id map and the "Download result" file. */
type RunContext = { mapKey: string; targetStoreHash: string; dump: ProductDump; choice: ExistingSkuChoice };
type Outcome =
  | { tone: 'error'; text: string }
  | { tone: 'success'; result: ImportProductResult; context: RunContext }
  | null;

const EXISTING_LABELS: Record<ExistingProductAction, 'existingUpdate' | 'existingSkip' | 'existingCopy'> = {
  update: 'existingUpdate',
  skip: 'existingSkip',
  copy: 'existingCopy',
};

const radioClass = 'h-4 w-4 accent-indigo-600';
const secondaryButton =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

/** A value that follows `value` once it has stayed the same for `ms` (the suffix is checked when typing stops). */
function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Import Product (spec part 1 §2, §3, §4, §5, §7, §8; issue 13): a target store, a product dump from a file or fetched
 * from a store, its preview, the check against the target (dry run), the choice for an existing SKU, the import with
 * its progress, and the result with the statistics, what did not carry over and the logs. A second import of the same
 * dump into the same store sends the first one's id map, so it continues instead of duplicating.
 */
export default function ImportProductScreen() {
  const { t } = useTranslation();
  const formId = useId();
  const queryClient = useQueryClient();
  const [store, setStore] = useState<LocalStore | null>(null);
  const [sourceMode, setSourceMode] = useState<SourceMode>('file');
  const [fileLoaded, setFileLoaded] = useState<LoadedDump | null>(null);
  const [fileStatus, setFileStatus] = useState<FileStatus>(null);
  const [sourceStore, setSourceStore] = useState<LocalStore | null>(null);
  const [searchType, setSearchType] = useState<ProductSearchType>('id');
  const [searchValue, setSearchValue] = useState('');
  const [storeLoaded, setStoreLoaded] = useState<LoadedDump | null>(null);
  const [storeStatus, setStoreStatus] = useState<FileStatus>(null);
  const [choice, setChoice] = useState<ExistingSkuChoice>(initialExistingSkuChoice);
  const [idMaps, setIdMaps] = useState<Record<string, ImportIdMap>>({});
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const loads = useRef(0);
  const fileAttempt = useRef(0);

  const loaded = sourceMode === 'file' ? fileLoaded : storeLoaded;
  const mapKey = store && loaded ? idMapKey(store.storeHash, loaded.dump) : null;
  const earlierIdMap = mapKey ? idMaps[mapKey] : undefined;

  // The dry run follows the choice; the suffix once typing stops.
  const settledSuffix = useSettledValue(choice.copySuffix, 400);
  const planChoice: ExistingSkuChoice = { onExistingSku: choice.onExistingSku, copySuffix: settledSuffix };
  const canCheck = store !== null && loaded !== null && isCopySuffixValid(planChoice);
  const planQuery = useQuery(
    dryRunQuery(
      canCheck
        ? {
            request: buildImportRequest(toStoreRef(store), loaded.dump, planChoice, earlierIdMap),
            storeId: store.id,
            serial: loaded.serial,
          }
        : null,
    ),
  );
  const planState: PlanState = !canCheck
    ? { status: 'waiting' }
    : planQuery.isFetching
      ? { status: 'checking' }
      : planQuery.isError
        ? { status: 'error', text: apiErrorText(planQuery.error, t) }
        : planQuery.data
          ? { status: 'ready', plan: planQuery.data, copySuffix: planChoice.copySuffix.trim() }
          : { status: 'checking' };

  const run = useMutation({
    mutationFn: ({ request }: { request: ReturnType<typeof buildImportRequest>; context: RunContext }) =>
      importProduct(request, setProgress),
    onSuccess: (result, { context }) => {
      setIdMaps((current) => ({ ...current, [context.mapKey]: result.idMap }));
      setOutcome({ tone: 'success', result, context });
      // The target has changed: what was checked before no longer holds.
      void queryClient.invalidateQueries({ queryKey: DRY_RUN_QUERY_KEY });
    },
    onError: (error) => setOutcome({ tone: 'error', text: importErrorText(error, t) }),
    onSettled: () => setProgress(null),
  });

  const loadFromStore = useMutation({
    mutationFn: ({ request }: { request: ReturnType<typeof buildSourceRequest>; storeName: string }) =>
      fetchSourceDump(request),
    onSuccess: (content, { request, storeName }) => {
      const read = readProductDump(content);
      if (!read.ok) {
        setStoreLoaded(null);
        setStoreStatus({ tone: 'error', text: productFileProblemText(read.problem, t, true) });
        return;
      }
      setStoreLoaded({
        dump: read.dump,
        origin: {
          kind: 'store',
          storeName,
          searchType: request.searchType,
          searchValue: String(request.searchValue),
        },
        serial: ++loads.current,
      });
      setStoreStatus({
        tone: 'ok',
        text: t('importProduct.loadedFromStore', { id: String(read.dump.id), store: storeName }),
      });
    },
    onError: (error) => {
      setStoreLoaded(null);
      setStoreStatus({ tone: 'error', text: toolErrorText(error, t) });
    },
  });

  const chooseTarget = (next: LocalStore | null) => {
    setStore(next);
    setOutcome(null);
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const attempt = ++fileAttempt.current;
    setOutcome(null);
    if (!file) {
      setFileLoaded(null);
      setFileStatus(null);
      return;
    }
    const read = await readProductFile(file);
    // Only the last chosen file counts, whichever read finishes first.
    if (attempt !== fileAttempt.current) return;
    if (read.ok) {
      setFileLoaded({
        dump: read.dump,
        origin: { kind: 'file', fileName: file.name },
        serial: ++loads.current,
      });
      setFileStatus({ tone: 'ok', text: t('importProduct.loadedFile', { name: file.name }) });
    } else {
      setFileLoaded(null);
      setFileStatus({ tone: 'error', text: productFileProblemText(read.problem, t) });
    }
  };

  const loadSource = () => {
    setOutcome(null);
    if (!sourceStore) return setStoreStatus({ tone: 'error', text: t('errors.selectStore') });
    if (searchValue.trim() === '') {
      return setStoreStatus({ tone: 'error', text: t('dumpProduct.searchValueRequired') });
    }
    setStoreStatus(null);
    loadFromStore.mutate({
      request: buildSourceRequest(toStoreCredentials(sourceStore), searchType, searchValue),
      storeName: sourceStore.name,
    });
  };

  const problemText = (problem: ImportProblem): string => {
    switch (problem) {
      case 'store':
        return t('errors.selectStore');
      case 'file':
        return t('importProduct.selectJsonFile');
      case 'copySuffix':
        return t('importProduct.copySuffixInvalid');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateImport(store !== null, loaded, choice);
    if (problem || !store || !loaded || !mapKey) {
      return setOutcome({ tone: 'error', text: problemText(problem ?? 'file') });
    }
    setOutcome(null);
    run.mutate({
      request: buildImportRequest(toStoreRef(store), loaded.dump, choice, earlierIdMap),
      context: { mapKey, targetStoreHash: store.storeHash, dump: loaded.dump, choice },
    });
  };

  const downloadResult = () => {
    if (outcome?.tone !== 'success') return;
    const at = new Date();
    downloadJson(
      resultFileName(outcome.result, at),
      resultDownload(outcome.result, { ...outcome.context, at }),
    );
  };

  const suffixError =
    choice.onExistingSku === 'copy' && !isCopySuffixValid(choice)
      ? t('importProduct.copySuffixInvalid')
      : undefined;

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="import-product">
      <form
        noValidate
        onSubmit={submit}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <StorePicker
          value={store?.id ?? ''}
          onChange={chooseTarget}
          label={t('importProduct.targetStore')}
          rememberAs="import-product"
        />

        <fieldset className="space-y-3" disabled={run.isPending}>
          <legend className="text-sm font-medium text-slate-700">{t('importProduct.source')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['file', 'store'] as const).map((mode) => (
              <label key={mode} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${formId}-source`}
                  value={mode}
                  checked={sourceMode === mode}
                  onChange={() => {
                    setSourceMode(mode);
                    setOutcome(null);
                  }}
                  data-testid={`source-${mode}`}
                  className={radioClass}
                />
                {mode === 'file' ? t('importProduct.sourceFile') : t('importProduct.sourceStore')}
              </label>
            ))}
          </div>

          <div hidden={sourceMode !== 'file'}>
            <JsonFileInputView
              id={`${formId}-file`}
              label={t('importProduct.file')}
              status={fileStatus}
              onChange={chooseFile}
              testId="product-file"
            />
          </div>

          <div hidden={sourceMode !== 'store'} className="space-y-3 rounded-xl border border-slate-200 p-4">
            <StorePicker
              value={sourceStore?.id ?? ''}
              onChange={(next) => {
                setSourceStore(next);
                setStoreStatus(null);
              }}
              label={t('importProduct.sourceStorePicker')}
              testId="source-store-picker"
              rememberAs="import-product-source"
            />
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">{t('dumpProduct.searchBy')}</legend>
              <div className="mt-2 flex flex-wrap gap-4">
                {(['id', 'sku'] as const).map((type) => (
                  <label key={type} className="inline-flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      name={`${formId}-search-type`}
                      value={type}
                      checked={searchType === type}
                      onChange={() => setSearchType(type)}
                      className={radioClass}
                    />
                    {type === 'id' ? t('dumpProduct.productId') : t('dumpProduct.sku')}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-wrap items-end gap-3">
              <TextField
                className="min-w-48 flex-1"
                label={t('dumpProduct.searchValue')}
                value={searchValue}
                onValueChange={setSearchValue}
                onKeyDown={(event) => {
                  // Enter here loads the product; it does not start the import.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    loadSource();
                  }
                }}
                inputMode={searchType === 'id' ? 'numeric' : 'text'}
                autoComplete="off"
                testId="source-search-value"
              />
              <button
                type="button"
                onClick={loadSource}
                disabled={loadFromStore.isPending}
                aria-busy={loadFromStore.isPending || undefined}
                data-testid="source-load"
                className={secondaryButton}
              >
                {loadFromStore.isPending ? t('importProduct.loadingProduct') : t('importProduct.loadProduct')}
              </button>
            </div>
            {storeStatus && (
              <p
                role={storeStatus.tone === 'error' ? 'alert' : 'status'}
                data-testid={storeStatus.tone === 'error' ? 'source-error' : 'source-loaded'}
                className={
                  storeStatus.tone === 'error'
                    ? 'text-xs font-medium break-all text-red-600'
                    : 'text-xs break-all text-emerald-700'
                }
              >
                {storeStatus.text}
              </p>
            )}
          </div>
        </fieldset>

        {loaded && <DumpPreviewPanel preview={previewDump(loaded.dump)} />}

        <fieldset disabled={run.isPending}>
          <legend className="text-sm font-medium text-slate-700">{t('importProduct.existingSku')}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {EXISTING_PRODUCT_ACTIONS.map((action) => (
              <label key={action} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${formId}-existing`}
                  value={action}
                  checked={choice.onExistingSku === action}
                  onChange={() => setChoice({ ...choice, onExistingSku: action })}
                  data-testid={`existing-${action}`}
                  className={radioClass}
                />
                {t(`importProduct.${EXISTING_LABELS[action]}`)}
              </label>
            ))}
          </div>
          {choice.onExistingSku === 'copy' && (
            <TextField
              className="mt-3 max-w-xs"
              label={t('importProduct.copySuffix')}
              value={choice.copySuffix}
              onValueChange={(copySuffix) => setChoice({ ...choice, copySuffix })}
              error={suffixError}
              hint={t('importProduct.copySuffixHint')}
              maxLength={40}
              autoComplete="off"
              testId="copy-suffix"
            />
          )}
        </fieldset>

        <PlanPanel
          state={planState}
          canCheck={canCheck}
          isFetching={planQuery.isFetching}
          onCheckAgain={() => void planQuery.refetch()}
        />

        {earlierIdMap && (
          <p className="text-xs text-slate-600" data-testid="rerun-note">
            {t('importProduct.rerunNote')}
          </p>
        )}

        <SubmitButton
          isBusy={run.isPending}
          label={t('importProduct.submit')}
          busyLabel={t('common.importing')}
          testId="tool-submit"
        />
        {run.isPending && progress && progress.total > 0 && (
          <ProgressPanel
            done={Math.min(progress.done, progress.total)}
            total={progress.total}
            label={
              progress.step
                ? t('importProduct.progressStep', {
                    done: String(progress.done),
                    total: String(progress.total),
                    step: progress.step,
                  })
                : t('importProduct.progress', { done: String(progress.done), total: String(progress.total) })
            }
          />
        )}
      </form>

      {outcome?.tone === 'error' && (
        <FormAlert tone="error" testId="tool-error">
          {outcome.text}
        </FormAlert>
      )}
      {outcome?.tone === 'success' && (
        <ImportResultPanel result={outcome.result} onDownload={downloadResult} />
      )}
    </div>
  );
}
