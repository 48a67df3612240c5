// The Keyword Extractor's run: the §4 state machine (keyword-extractor-state.ts), its saved copy in local storage
// (saved-state.ts), the counting worker with the counts in IndexedDB, and the reading loop (run-loop.ts).
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RateLimitUse } from '../../../common/contracts/keyword-extractor';
import type { LocalStore } from '../../../common/contracts/stores';
import type { KeywordSize, MissingFromTitle } from '../../../common/keywords';
import { KEYWORD_CSV_TYPE, keywordsCsvFileName } from '../../../common/keywords/csv';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { fetchProductPage, pageErrorText } from './api';
import { downloadText } from '../../lib/download-file';
import {
  estimateSecondsLeft,
  extractorReducer,
  lastPageOf,
  type ExtractorState,
} from './keyword-extractor-state';
import { EMPTY_VIEW, type CountsView, type ProductMatches, type ReadProductIds } from './keyword-protocol';
import { missingTitlesCsvFileName } from './missing-report';
import { runPages } from './run-loop';
import { browserStorage, loadSavedState, saveState } from './saved-state';
import { startKeywordWorker } from './worker-client';

export type ExtractorNotice = { kind: 'counts-lost'; page: number } | { kind: 'not-saved' };

type Worker = ReturnType<typeof startKeywordWorker>;

interface RunPlan {
  runId: string;
  store: LocalStore;
  channelId: number;
  firstPage: number;
  startPage: number;
  endPage: number;
  processedBefore: number;
  countsFromPage: number;
  isFresh: boolean;
}

function newRunId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function useKeywordExtractor() {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(extractorReducer, undefined, () => loadSavedState(browserStorage()));
  // The run read back from the saved state when the screen opened (its counts are read back from IndexedDB).
  const [{ runId: restoredRunId, currentPage: restoredPage }] = useState(() => ({
    runId: state.runId,
    currentPage: state.currentPage,
  }));
  const [view, setView] = useState<CountsView>(EMPTY_VIEW);
  const [isRestoring, setIsRestoring] = useState(restoredRunId !== null);
  const [isLoopActive, setIsLoopActive] = useState(false);
  const [notice, setNotice] = useState<ExtractorNotice | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | undefined>(undefined);
  // The store's API quota as the last page reported it (issue 31), while a run reads pages.
  const [quota, setQuota] = useState<RateLimitUse | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  // The small state under the fixed key after every change (idle removes it). The counts are saved before.
  useEffect(() => saveState(browserStorage(), state), [state]);

  // One worker while the screen is open; the counts of a saved run are read back into it.
  useEffect(() => {
    const worker = startKeywordWorker();
    workerRef.current = worker;
    if (restoredRunId !== null) {
      const isCurrent = () => workerRef.current === worker;
      worker
        .call({ kind: 'restore', runId: restoredRunId })
        .catch(() => null)
        .then((restored) => {
          if (!isCurrent()) return;
          if (restored) {
            dispatch({ type: 'countsRestored', runId: restoredRunId, ...restored.position });
            setView(restored.view);
          } else {
            dispatch({ type: 'countsLost', runId: restoredRunId });
            setNotice({ kind: 'counts-lost', page: restoredPage });
          }
          setIsRestoring(false);
        })
        .catch(() => undefined);
    }
    return () => {
      controllerRef.current?.abort();
      workerRef.current = null;
      worker.terminate();
    };
  }, [restoredRunId, restoredPage]);

  const runLoop = useCallback(
    async (plan: RunPlan) => {
      const worker = workerRef.current;
      if (!worker) return;
      const isCurrent = () => workerRef.current === worker;
      const controller = new AbortController();
      controllerRef.current = controller;
      setIsLoopActive(true);
      setSecondsLeft(undefined);
      setQuota(null);
      const startedAt = Date.now();
      let pagesRead = 0;
      let processed = plan.processedBefore;
      const storeCredentials = toStoreCredentials(plan.store);
      const lastPageFor = (totalPages: number) =>
        lastPageOf({ startPage: plan.startPage, endPage: plan.endPage, totalPages });
      try {
        if (plan.isFresh) await worker.call({ kind: 'reset' });
        const end = await runPages({
          firstPage: plan.firstPage,
          lastPageFor,
          fetchPage: async (page, signal) => {
            const read = await fetchProductPage(
              { storeCredentials, page, channelId: plan.channelId },
              signal,
            );
            if (read.rateLimit && isCurrent() && !signal.aborted) setQuota(read.rateLimit);
            return read;
          },
          countPage: async (page, pageNumber) => {
            const counted = await worker.call({
              kind: 'count',
              runId: plan.runId,
              page: pageNumber,
              products: page.products,
              processedBefore: processed,
              countsFromPage: plan.countsFromPage,
            });
            processed += page.products.length;
            pagesRead += 1;
            if (!isCurrent()) return;
            setView(counted);
            if (!counted.isSaved) setNotice({ kind: 'not-saved' });
            setSecondsLeft(
              estimateSecondsLeft(
                Date.now() - startedAt,
                pagesRead,
                lastPageFor(page.totalPages) - pageNumber,
              ),
            );
            dispatch({
              type: 'pageDone',
              runId: plan.runId,
              page: pageNumber,
              products: page.products.length,
              totalPages: page.totalPages,
              totalProducts: page.totalProducts,
            });
          },
          signal: controller.signal,
        });
        if (!isCurrent()) return;
        if (end.kind === 'completed') dispatch({ type: 'completed', runId: plan.runId });
        else if (end.kind === 'failed') {
          dispatch({ type: 'failed', runId: plan.runId, error: pageErrorText(end.error, t) });
        }
      } catch (error) {
        if (isCurrent()) dispatch({ type: 'failed', runId: plan.runId, error: pageErrorText(error, t) });
      } finally {
        controller.abort();
        if (isCurrent()) {
          setIsLoopActive(false);
          setSecondsLeft(undefined);
          setQuota(null);
        }
      }
    },
    [t],
  );

  const start = (run: { store: LocalStore; channelId: number; startPage: number; endPage: number }) => {
    const runId = newRunId();
    dispatch({ type: 'start', storeId: run.store.id, runId, ...run });
    setView(EMPTY_VIEW);
    setNotice(null);
    void runLoop({
      runId,
      store: run.store,
      channelId: run.channelId,
      firstPage: run.startPage,
      startPage: run.startPage,
      endPage: run.endPage,
      processedBefore: 0,
      countsFromPage: run.startPage,
      isFresh: true,
    });
  };

  const resume = (store: LocalStore, current: ExtractorState) => {
    if (current.runId === null || current.channelId === null) return;
    dispatch({ type: 'resume' });
    void runLoop({
      runId: current.runId,
      store,
      channelId: current.channelId,
      firstPage: current.currentPage,
      startPage: current.startPage,
      endPage: current.endPage,
      processedBefore: current.processedProducts,
      countsFromPage: current.countsFromPage,
      isFresh: false,
    });
  };

  const stop = () => {
    dispatch({ type: 'stop' });
    controllerRef.current?.abort();
  };

  const startNew = () => {
    dispatch({ type: 'new' });
    setView(EMPTY_VIEW);
    setNotice(null);
    workerRef.current?.call({ kind: 'reset' }).catch(() => undefined);
  };

  const findProducts = async (keyword: string): Promise<ProductMatches | null> => {
    const worker = workerRef.current;
    if (!worker) return null;
    return worker.call({ kind: 'find', keyword });
  };

  const downloadCsv = async (size: KeywordSize) => {
    const worker = workerRef.current;
    if (!worker) return;
    const content = await worker.call({ kind: 'csv', size });
    downloadText(keywordsCsvFileName(size, new Date()), content, KEYWORD_CSV_TYPE);
  };

  /** The ids of the products read so far (the report on page titles checks them). */
  const readProductIds = async (): Promise<ReadProductIds> => {
    const worker = workerRef.current;
    if (!worker) return { ids: [], unlisted: 0 };
    return worker.call({ kind: 'ids' });
  };

  const downloadMissingCsv = async (lines: MissingFromTitle[]) => {
    const worker = workerRef.current;
    if (!worker) return;
    const content = await worker.call({ kind: 'missing-csv', lines });
    downloadText(missingTitlesCsvFileName(new Date()), content, KEYWORD_CSV_TYPE);
  };

  return {
    state,
    view,
    notice,
    secondsLeft,
    /** The store's API quota in use, while a run reads pages (null before its first page and once it ends). */
    quota,
    /** The saved counts are being read back, or a stopped run is still landing its last page. */
    isSettling: isRestoring || isLoopActive,
    start,
    resume,
    stop,
    startNew,
    findProducts,
    downloadCsv,
    readProductIds,
    downloadMissingCsv,
  };
}
