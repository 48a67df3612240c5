import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-field';
import { canStartOrResume, isCsvOffered, type ExtractorFormProblem } from './keyword-extractor-state';
import { KeywordExtractorFields } from './keyword-extractor-fields';
import { KeywordExtractorControls, KeywordExtractorProgress } from './keyword-extractor-run-panel';
import { KeywordChart } from './keyword-chart';
import { KeywordProducts } from './keyword-products';
import { KeywordTablesView } from './keyword-tables';
import { MissingTitlesReport } from './missing-titles-report';
import { useKeywordExtractor } from './use-keyword-extractor';
import { useKeywordExtractorForm } from './use-keyword-extractor-form';
import { useMissingReport } from './use-missing-report';
import { useCount } from '../../lib/number-format';

const PROBLEM_KEYS = {
  store: 'errors.selectStore',
  channel: 'keywords.selectChannel',
  'page-range': 'keywords.invalidPageRange',
} as const satisfies Record<ExtractorFormProblem, string>;

/**
 * Keyword Extractor (spec part 2 §2-§5, §8, §9; issue 14): a channel's products read page by page, their 1-, 2- and
 * 3-word keywords counted in a Web Worker and ranked in three top-30 tables, with Start/Resume, Stop and New, the
 * counts kept across a reload, CSV downloads, the products of a keyword one click away, and the report of the keywords
 * missing from the page titles of the products read (its own UI state, use-missing-report.ts; New clears it). The run
 * lives in use-keyword-extractor.ts, the form in use-keyword-extractor-form.ts.
 */
export default function KeywordExtractorScreen() {
  const { t } = useTranslation();
  const count = useCount();
  const extractor = useKeywordExtractor();
  const { state, view } = extractor;
  // The report on page titles: UI state of its own, beside the run's state machine.
  const report = useMissingReport(extractor.readProductIds);
  const form = useKeywordExtractorForm(extractor, report);
  const { store, problem, matches } = form;

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
        onSubmit={form.submit}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <KeywordExtractorFields fields={form.fields} />

        <KeywordExtractorControls
          state={state}
          canRun={canRun}
          isSettling={extractor.isSettling}
          onStop={extractor.stop}
          onNew={form.startNew}
        />

        {errorText && (
          <FormAlert tone="error" testId="tool-error">
            {errorText}
          </FormAlert>
        )}
        {extractor.notice?.kind === 'counts-lost' && (
          <FormAlert tone="warning" testId="counts-lost">
            {t('keywords.countsLost', { page: count(extractor.notice.page) })}
          </FormAlert>
        )}
        {extractor.notice?.kind === 'not-saved' && (
          <FormAlert tone="warning" testId="counts-not-saved">
            {t('keywords.countsNotSaved')}
          </FormAlert>
        )}

        {state.status !== 'idle' && (
          <KeywordExtractorProgress
            state={state}
            secondsLeft={extractor.secondsLeft}
            quota={extractor.quota}
          />
        )}
      </form>

      <KeywordChart tables={view.tables} />

      <KeywordTablesView
        tables={view.tables}
        isCsvOffered={isCsvOffered(state, view.keywords)}
        activeKeyword={matches?.keyword ?? null}
        onDownload={form.download}
        onShowProducts={form.showProducts}
      />

      {matches && (
        <KeywordProducts key={matches.keyword} matches={matches} store={store} onClose={form.closeMatches} />
      )}

      {(state.status === 'stopped' || state.status === 'completed') && view.products > 0 && (
        <MissingTitlesReport
          report={report.state}
          store={store}
          isBusy={extractor.isSettling}
          onCheck={(reportStore) => void report.check(reportStore)}
          onCancel={report.cancel}
          onDownload={form.downloadMissing}
        />
      )}
    </div>
  );
}
