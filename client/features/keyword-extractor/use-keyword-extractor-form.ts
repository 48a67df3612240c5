// The Keyword Extractor's form (spec part 2 §2): the store, channel and page range before a run (once a run exists its
// own are shown; New frees them), the channels of the chosen store, Start/Resume and New, and the products of a keyword.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { LocalStore } from '../../../common/contracts/stores';
import type { KeywordSize, MissingFromTitle } from '../../../common/keywords';
import { useStores } from '../../components/store-picker/store-picker';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { fetchChannels } from './api';
import {
  canStartOrResume,
  validateExtractorForm,
  type ExtractorFormProblem,
} from './keyword-extractor-state';
import type { ProductMatches } from './keyword-protocol';
import type { useKeywordExtractor } from './use-keyword-extractor';
import type { useMissingReport } from './use-missing-report';

/** The channels of the chosen store (spec part 2 §2: loaded per store). */
function useChannels(store: LocalStore | null) {
  return useQuery({
    queryKey: ['keyword-extractor', 'channels', store?.id, store?.storeHash, store?.apiToken],
    queryFn: ({ signal }) => fetchChannels(toStoreCredentials(store!), signal),
    enabled: store !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useKeywordExtractorForm(
  extractor: ReturnType<typeof useKeywordExtractor>,
  report: ReturnType<typeof useMissingReport>,
) {
  const { stores } = useStores();
  const { state } = extractor;
  const isIdle = state.status === 'idle';

  // The form before a run; once a run exists its own store, channel and range are shown (New frees them).
  const [pickedStoreId, setPickedStoreId] = useState<string | null>(null);
  const [channelId, setChannelId] = useState('');
  const [fromPage, setFromPage] = useState('1');
  const [toPage, setToPage] = useState('100');
  const [problem, setProblem] = useState<ExtractorFormProblem | null>(null);
  const [matches, setMatches] = useState<ProductMatches | null>(null);

  const storeId = isIdle ? pickedStoreId : state.storeId;
  const store = stores.find((s) => s.id === storeId) ?? null;
  const channels = useChannels(store);

  const changeStore = (next: LocalStore | null) => {
    if (!isIdle) return;
    setPickedStoreId(next?.id ?? null);
    setChannelId('');
    setProblem(null);
  };
  const changeChannel = (value: string) => {
    setChannelId(value);
    setProblem(null);
  };
  const changeFromPage = (value: string) => {
    setFromPage(value);
    setProblem(null);
  };
  const changeToPage = (value: string) => {
    setToPage(value);
    setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canStartOrResume(state) || extractor.isSettling) return;
    if (state.status === 'stopped') {
      if (!store) return setProblem('store');
      setProblem(null);
      report.clear();
      return extractor.resume(store, state);
    }
    const checked = validateExtractorForm({ storeId: store?.id ?? null, channelId, fromPage, toPage });
    if (!checked.ok || !store) return setProblem(checked.ok ? 'store' : checked.problem);
    setProblem(null);
    setMatches(null);
    report.clear();
    extractor.start({
      store,
      channelId: checked.channelId,
      startPage: checked.startPage,
      endPage: checked.endPage,
    });
  };

  const startNew = () => {
    extractor.startNew();
    setMatches(null);
    report.clear();
    setProblem(null);
    if (state.storeId) setPickedStoreId(state.storeId);
    if (state.channelId !== null) setChannelId(String(state.channelId));
  };

  const showProducts = (keyword: string) => {
    extractor.findProducts(keyword).then(setMatches, () => setMatches(null));
  };
  const download = (size: KeywordSize) => {
    extractor.downloadCsv(size).catch(() => undefined);
  };
  const downloadMissing = (lines: MissingFromTitle[]) => {
    extractor.downloadMissingCsv(lines).catch(() => undefined);
  };

  return {
    fields: {
      isIdle,
      storeId,
      store,
      changeStore,
      channels,
      channelId: isIdle ? channelId : String(state.channelId ?? ''),
      changeChannel,
      fromPage: isIdle ? fromPage : String(state.startPage),
      changeFromPage,
      toPage: isIdle ? toPage : String(state.endPage),
      changeToPage,
      problem,
    },
    store,
    problem,
    submit,
    startNew,
    matches,
    closeMatches: () => setMatches(null),
    showProducts,
    download,
    downloadMissing,
  };
}

export type KeywordExtractorFields = ReturnType<typeof useKeywordExtractorForm>['fields'];
