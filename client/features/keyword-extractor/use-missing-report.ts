// The report on page titles as the screen shows it (issue 14): UI state apart from the run's state machine. Checking
// sends the ids of the products read (the worker's records) batch after batch (missing-report.ts); Cancel aborts it;
// clear() (New, a new Start or Resume) forgets it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { toolErrorText } from '../../lib/tool-errors';
import { fetchMissingFromTitles } from './api';
import type { ReadProductIds } from './keyword-protocol';
import { runMissingReport, type MissingReport } from './missing-report';

export type MissingReportState =
  | { phase: 'idle' }
  | { phase: 'checking'; done: number; total: number }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error: string }
  | { phase: 'done'; report: MissingReport; unlisted: number };

const IDLE: MissingReportState = { phase: 'idle' };

export function useMissingReport(readProductIds: () => Promise<ReadProductIds>) {
  const { t } = useTranslation();
  const [state, setState] = useState<MissingReportState>(IDLE);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const check = async (store: LocalStore) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const isCurrent = () => controllerRef.current === controller;
    setState({ phase: 'checking', done: 0, total: 0 });
    try {
      const { ids, unlisted } = await readProductIds();
      if (!isCurrent()) return;
      const storeCredentials = toStoreCredentials(store);
      const report = await runMissingReport({
        ids,
        fetchBatch: (productIds, signal) => fetchMissingFromTitles({ storeCredentials, productIds }, signal),
        onProgress: (done, total) => {
          if (isCurrent()) setState({ phase: 'checking', done, total });
        },
        signal: controller.signal,
      });
      if (!isCurrent()) return;
      setState(report ? { phase: 'done', report, unlisted } : { phase: 'cancelled' });
    } catch (error) {
      if (isCurrent()) setState({ phase: 'failed', error: toolErrorText(error, t) });
    } finally {
      if (isCurrent()) controllerRef.current = null;
    }
  };

  const cancel = () => controllerRef.current?.abort();

  const clear = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setState(IDLE);
  }, []);

  return { state, check, cancel, clear };
}
