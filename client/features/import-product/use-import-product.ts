// The Import Product screen's state: the target store, the dump from a file or fetched from a store, the choice for an
// existing SKU, the check against the target (dry run), the import with its progress, and its outcome. A second import
// of the same dump into the same store sends the first one's id map, so it continues instead of duplicating.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ImportIdMap,
  ImportProductResult,
  ImportProgress,
} from '../../../common/contracts/import-product';
import type { LocalStore } from '../../../common/contracts/stores';
import type { ProductDump } from '../../../common/dumps/product-dump';
import type { EntityMatch } from '../../components/entity-picker/entity-picker-rules';
import { useProductSearchValue } from '../../components/product-search-value';
import { downloadJson } from '../../lib/download-file';
import { toStoreCredentials, toStoreRef } from '../../lib/stores/store-credentials';
import { apiErrorText, toolErrorText } from '../../lib/tool-errors';
import { DRY_RUN_QUERY_KEY, dryRunQuery, fetchSourceDump, importProduct } from './api';
import {
  buildImportRequest,
  buildSourceRequest,
  idMapKey,
  importErrorText,
  initialExistingSkuChoice,
  isCopySuffixValid,
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
import { readHandedOffProduct } from './handed-off-product';
import type { PlanState } from './plan-panel';

export type SourceMode = 'file' | 'store';
export type SourceStatus = { tone: 'ok' | 'error'; text: string; detail?: string } | null;
/** What a run was a result of: kept for the re-run's id map and the "Download result" file. */
type RunContext = { mapKey: string; targetStoreHash: string; dump: ProductDump; choice: ExistingSkuChoice };
type Outcome =
  | { tone: 'error'; text: string }
  | { tone: 'success'; result: ImportProductResult; context: RunContext }
  | null;

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
 * Import Product (spec part 1 §2, §3, §4, §5, §7, §8; issue 13): the screen's state and what its controls do; the
 * panels (import-product-screen.tsx and the panels it holds) only show it.
 */
export function useImportProduct() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A dump handed over by Dump Product (issue 31) starts as the file loaded, its store as the source store.
  const [handed] = useState(() => readHandedOffProduct(t));
  const [store, setStore] = useState<LocalStore | null>(null);
  const [sourceMode, setSourceMode] = useState<SourceMode>('file');
  const [fileLoaded, setFileLoaded] = useState<LoadedDump | null>(handed?.loaded ?? null);
  const [fileStatus, setFileStatus] = useState<SourceStatus>(handed?.status ?? null);
  const [sourceStore, setSourceStore] = useState<LocalStore | null>(handed?.sourceStore ?? null);
  const search = useProductSearchValue();
  const [storeLoaded, setStoreLoaded] = useState<LoadedDump | null>(null);
  const [storeStatus, setStoreStatus] = useState<SourceStatus>(null);
  const [choice, setChoice] = useState<ExistingSkuChoice>(initialExistingSkuChoice);
  const [idMaps, setIdMaps] = useState<Record<string, ImportIdMap>>({});
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const loads = useRef(handed?.loaded ? handed.loaded.serial : 0);
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
        setStoreStatus({ tone: 'error', ...productFileProblemText(read.problem, t, true) });
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
      search.know(read.dump);
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

  const chooseSourceMode = (mode: SourceMode) => {
    setSourceMode(mode);
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
      setFileStatus({ tone: 'error', ...productFileProblemText(read.problem, t) });
    }
  };

  const chooseSourceStore = (next: LocalStore | null) => {
    setSourceStore(next);
    setStoreStatus(null);
  };

  /** Load product, Enter in the field, or a pick (issue 44: a picked product is loaded at once). */
  const loadSource = (value: string = search.searchValue) => {
    setOutcome(null);
    if (!sourceStore) return setStoreStatus({ tone: 'error', text: t('errors.selectStore') });
    if (value.trim() === '') {
      return setStoreStatus({ tone: 'error', text: t('dumpProduct.searchValueRequired') });
    }
    setStoreStatus(null);
    loadFromStore.mutate({
      request: buildSourceRequest(toStoreCredentials(sourceStore), search.searchType, value),
      storeName: sourceStore.name,
    });
  };
  const pickSource = (match: EntityMatch, value: string) => {
    search.pick(match, value);
    loadSource(value);
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

  // Submit checks the form, then asks (issue 31: every write asks first, naming the store; the plan above is the
  // preview); the import runs once confirmed.
  const [isConfirming, setIsConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateImport(store !== null, loaded, choice);
    if (problem || !store || !loaded || !mapKey) {
      return setOutcome({ tone: 'error', text: problemText(problem ?? 'file') });
    }
    setOutcome(null);
    setIsConfirming(true);
  };
  const confirmImport = () => {
    setIsConfirming(false);
    if (!store || !loaded || !mapKey) return;
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

  return {
    store,
    chooseTarget,
    /** The store a handed-over dump came from: the target picker does not open on it by itself. */
    avoidTargetStoreId: handed?.sourceStore?.id,
    source: {
      mode: sourceMode,
      chooseMode: chooseSourceMode,
      fileStatus,
      chooseFile,
      store: sourceStore,
      chooseStore: chooseSourceStore,
      searchType: search.searchType,
      setSearchType: search.setSearchType,
      searchValue: search.searchValue,
      setSearchValue: search.setSearchValue,
      pick: pickSource,
      status: storeStatus,
      isLoading: loadFromStore.isPending,
      load: () => loadSource(),
    },
    loaded,
    choice,
    setChoice,
    suffixError,
    plan: {
      state: planState,
      canCheck,
      isFetching: planQuery.isFetching,
      checkAgain: () => void planQuery.refetch(),
    },
    hasEarlierIdMap: earlierIdMap !== undefined,
    isRunning: run.isPending,
    progress,
    outcome,
    submit,
    confirmation: {
      isOpen: isConfirming,
      confirm: confirmImport,
      cancel: () => setIsConfirming(false),
      product: loaded ? { name: loaded.dump.name, sku: loaded.dump.sku } : null,
    },
    downloadResult,
  };
}

export type ImportProductSource = ReturnType<typeof useImportProduct>['source'];
