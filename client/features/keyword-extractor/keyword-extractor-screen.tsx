import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KEYWORD_PAGE_SIZE } from '../../../common/contracts/keyword-extractor';
import type { LocalStore } from '../../../common/contracts/stores';
import type { KeywordSize, MissingFromTitle } from '../../../common/keywords';
import { FormAlert, TextField } from '../../components/form-field';
import { StorePicker, useStores } from '../../components/store-picker/store-picker';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { cn } from '../../lib/class-names';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { channelsErrorText, fetchChannels } from './api';
import {
  canStartNew,
  canStartOrResume,
  canStop,
  isCsvOffered,
  progressOf,
  validateExtractorForm,
  type ExtractorFormProblem,
} from './keyword-extractor-state';
import { KeywordProducts } from './keyword-products';
import { KeywordTablesView } from './keyword-tables';
import type { ProductMatches } from './keyword-protocol';
import { MissingTitlesReport } from './missing-titles-report';
import { useKeywordExtractor } from './use-keyword-extractor';
import { useMissingReport } from './use-missing-report';

const PROBLEM_KEYS = {
  store: 'errors.selectStore',
  channel: 'keywords.selectChannel',
  'page-range': 'keywords.invalidPageRange',
} as const satisfies Record<ExtractorFormProblem, string>;

const button =
  'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';

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

/**
 * Keyword Extractor (spec part 2 §2-§5, §8, §9; issue 14): a channel's products read page by page, their 1-, 2- and
 * 3-word keywords counted in a Web Worker and ranked in three top-30 tables, with Start/Resume, Stop and New, the
 * counts kept across a reload, CSV downloads, the products of a keyword one click away, and the report of the keywords
 * missing from the page titles of the products read (its own UI state, use-missing-report.ts; New clears it).
 */
export default function KeywordExtractorScreen() {
  const { t } = useTranslation();
  const channelFieldId = useId();
  const { stores } = useStores();
  const extractor = useKeywordExtractor();
  const { state, view } = extractor;
  // The report on page titles: UI state of its own, beside the run's state machine.
  const report = useMissingReport(extractor.readProductIds);
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
  const shownChannelId = isIdle ? channelId : String(state.channelId ?? '');
  const channels = useChannels(store);
  const channelList = channels.data ?? [];

  const changeStore = (next: LocalStore | null) => {
    if (!isIdle) return;
    setPickedStoreId(next?.id ?? null);
    setChannelId('');
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

  const progress = progressOf(state);
  const errorText = problem ? t(PROBLEM_KEYS[problem]) : state.error;
  const canRun = canStartOrResume(state) && !extractor.isSettling;

  return (
    <div className="mx-auto max-w-6xl space-y-4" data-testid="keyword-extractor">
      <div className="space-y-1 text-sm text-slate-600" data-testid="keyword-help">
        <p>{t('keywords.help')}</p>
        <p>{t('keywords.helpResume')}</p>
        <p>{t('keywords.helpProducts')}</p>
      </div>

      <form
        noValidate
        onSubmit={submit}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <fieldset disabled={!isIdle} className="space-y-4">
          <StorePicker value={storeId ?? ''} onChange={changeStore} rememberAs="keyword-extractor" />
          <div>
            <label htmlFor={channelFieldId} className="block text-sm font-medium text-slate-700">
              {t('keywords.channel')}
            </label>
            <select
              id={channelFieldId}
              value={shownChannelId}
              onChange={(event) => {
                setChannelId(event.target.value);
                setProblem(null);
              }}
              disabled={!store}
              aria-invalid={problem === 'channel' || undefined}
              data-testid="channel-select"
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500"
            >
              <option value="">{t('keywords.channelPlaceholder')}</option>
              {channelList.map((channel) => (
                <option key={channel.id} value={String(channel.id)}>
                  {channel.name} ({channel.id})
                </option>
              ))}
              {shownChannelId !== '' && !channelList.some((c) => String(c.id) === shownChannelId) && (
                <option value={shownChannelId}>{shownChannelId}</option>
              )}
            </select>
            {store && channels.isFetching && (
              <p className="mt-1 text-xs text-slate-500" role="status" data-testid="channels-loading">
                {t('keywords.loadingChannels')}
              </p>
            )}
            {store && channels.isError && (
              <p className="mt-1 text-xs font-medium text-red-600" role="alert" data-testid="channels-error">
                {channelsErrorText(channels.error, t)}
              </p>
            )}
            {store && channels.isSuccess && channelList.length === 0 && (
              <p
                className="mt-1 text-xs font-medium text-amber-700"
                role="status"
                data-testid="channels-empty"
              >
                {t('keywords.noChannels')}
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('keywords.fromPage')}
              value={isIdle ? fromPage : String(state.startPage)}
              onValueChange={(value) => {
                setFromPage(value);
                setProblem(null);
              }}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              error={problem === 'page-range' ? t('keywords.invalidPageRange') : undefined}
              testId="from-page"
            />
            <TextField
              label={t('keywords.toPage')}
              value={isIdle ? toPage : String(state.endPage)}
              onValueChange={(value) => {
                setToPage(value);
                setProblem(null);
              }}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              hint={t('keywords.toPageHint')}
              testId="to-page"
            />
          </div>
          <p className="text-xs font-medium text-slate-600" data-testid="page-size">
            {t('keywords.pageSize', { n: String(KEYWORD_PAGE_SIZE) })}
          </p>
        </fieldset>

        <div className="flex flex-wrap items-center gap-2">
          <button
            type="submit"
            disabled={!canRun}
            data-testid="keyword-start"
            className={cn(button, 'bg-indigo-600 text-white hover:bg-indigo-500')}
          >
            {state.status === 'stopped' ? t('keywords.resume') : t('keywords.start')}
          </button>
          <button
            type="button"
            onClick={extractor.stop}
            disabled={!canStop(state)}
            data-testid="keyword-stop"
            className={cn(button, 'bg-red-600 text-white hover:bg-red-500')}
          >
            {t('keywords.stop')}
          </button>
          <button
            type="button"
            onClick={startNew}
            disabled={!canStartNew(state) || extractor.isSettling}
            data-testid="keyword-new"
            className={cn(button, 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
          >
            {t('keywords.new')}
          </button>
          <span className="ml-auto text-xs text-slate-600" data-testid="keyword-status">
            {t('keywords.statusLabel')}: {t(`keywords.status.${state.status}`)}
          </span>
        </div>

        {errorText && (
          <FormAlert tone="error" testId="tool-error">
            {errorText}
          </FormAlert>
        )}
        {extractor.notice?.kind === 'counts-lost' && (
          <FormAlert tone="warning" testId="counts-lost">
            {t('keywords.countsLost', { page: String(extractor.notice.page) })}
          </FormAlert>
        )}
        {extractor.notice?.kind === 'not-saved' && (
          <FormAlert tone="warning" testId="counts-not-saved">
            {t('keywords.countsNotSaved')}
          </FormAlert>
        )}

        {!isIdle && (
          <div
            className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-3"
            data-testid="keyword-progress"
          >
            <ProgressPanel
              done={progress.pagesRead}
              total={progress.pages}
              label={t('keywords.progress', { page: String(progress.page), last: String(progress.lastPage) })}
              secondsLeft={state.status === 'running' ? extractor.secondsLeft : undefined}
              testId="keyword-progress-bar"
            />
            <p className="text-xs text-slate-700" data-testid="keyword-processed">
              {t('keywords.processed', { n: String(state.processedProducts) })}
              {state.totalProducts > 0 && (
                <span className="text-slate-500">
                  {' · '}
                  {t('keywords.channelProducts', { n: String(state.totalProducts) })}
                </span>
              )}
            </p>
            {state.countsFromPage !== state.startPage && (
              <p className="text-xs text-amber-700" data-testid="counts-from">
                {t('keywords.countsFrom', {
                  from: String(state.countsFromPage),
                  to: String(Math.max(state.countsFromPage, state.currentPage - 1)),
                })}
              </p>
            )}
            {state.status === 'completed' && (
              <p className="text-xs font-medium text-emerald-700" data-testid="keyword-completed">
                {t('keywords.completed', { n: String(state.processedProducts) })}
              </p>
            )}
          </div>
        )}
      </form>

      <KeywordTablesView
        tables={view.tables}
        isCsvOffered={isCsvOffered(state, view.keywords)}
        activeKeyword={matches?.keyword ?? null}
        onDownload={download}
        onShowProducts={showProducts}
      />

      {matches && (
        <KeywordProducts
          key={matches.keyword}
          matches={matches}
          store={store}
          onClose={() => setMatches(null)}
        />
      )}

      {(state.status === 'stopped' || state.status === 'completed') && view.products > 0 && (
        <MissingTitlesReport
          report={report.state}
          store={store}
          isBusy={extractor.isSettling}
          onCheck={(reportStore) => void report.check(reportStore)}
          onCancel={report.cancel}
          onDownload={downloadMissing}
        />
      )}
    </div>
  );
}
