// The Keyword Extractor's state machine (spec part 2 §4 "Keyword extractor"), pure:
//   idle -> running -> completed, or stopped (by Stop or by a page failure); stopped -> Resume continues from the
//   current page; New resets everything (not while running). Start/Resume only in idle or stopped, Stop only while
//   running, New never while running. The CSV downloads are offered when stopped or completed and keywords exist.
// The saved copy of this state (saved-state.ts) turns a "running" into "stopped" when it is read back.
//
// `currentPage` is the next page to read. Issue 14 keeps the counts with the state (IndexedDB), so a Resume, also after
// a reload, continues counting; `countsFromPage` is the first page the counts on screen cover: the start page, unless
// the saved counts could not be read back, in which case counting restarted at the page the run resumed from (the
// original tool's behaviour, spec §4).

export type ExtractorStatus = 'idle' | 'running' | 'stopped' | 'completed';

export interface ExtractorState {
  status: ExtractorStatus;
  /** The next page to read (1-based). */
  currentPage: number;
  startPage: number;
  endPage: number;
  /** The channel's pages, 0 until the first page has answered. */
  totalPages: number;
  /** The channel's products, 0 until the first page has answered. */
  totalProducts: number;
  processedProducts: number;
  channelId: number | null;
  /** The chosen store's id in the store list. */
  storeId: string | null;
  /** Names the counts kept in IndexedDB: counts of another run are never mixed in. */
  runId: string | null;
  /** The first page the counts cover. */
  countsFromPage: number;
  /** Why the run stopped, when a page failed. */
  error: string | null;
}

export const initialExtractorState: ExtractorState = {
  status: 'idle',
  currentPage: 1,
  startPage: 1,
  endPage: 1,
  totalPages: 0,
  totalProducts: 0,
  processedProducts: 0,
  channelId: null,
  storeId: null,
  runId: null,
  countsFromPage: 1,
  error: null,
};

export type ExtractorAction =
  | { type: 'start'; storeId: string; channelId: number; startPage: number; endPage: number; runId: string }
  | { type: 'resume' }
  | { type: 'stop' }
  /** A page was read and counted: the position moves on (also when Stop came while it was being counted). */
  | {
      type: 'pageDone';
      runId: string;
      page: number;
      products: number;
      totalPages: number;
      totalProducts: number;
    }
  | { type: 'failed'; runId: string; error: string }
  | { type: 'completed'; runId: string }
  | { type: 'new' }
  /** The counts saved with this run were read back: their position is the truth (they are written first). */
  | {
      type: 'countsRestored';
      runId: string;
      nextPage: number;
      processedProducts: number;
      countsFromPage: number;
    }
  /** No saved counts for this run: counting restarts at the current page. */
  | { type: 'countsLost'; runId: string };

/**
 * The last page the run reads: the to-page, or the channel's last page when it has fewer (known once a page has
 * answered); never before the start page, so a range past the end reads its first page once and completes.
 */
export function lastPageOf(state: Pick<ExtractorState, 'startPage' | 'endPage' | 'totalPages'>): number {
  if (state.totalPages <= 0) return state.endPage;
  return Math.min(state.endPage, Math.max(state.totalPages, state.startPage));
}

export function canStartOrResume(state: ExtractorState): boolean {
  return state.status === 'idle' || state.status === 'stopped';
}

export function canStop(state: ExtractorState): boolean {
  return state.status === 'running';
}

export function canStartNew(state: ExtractorState): boolean {
  return state.status !== 'running';
}

/** Spec §4: CSV downloads are offered when stopped or completed and keywords exist. */
export function isCsvOffered(state: ExtractorState, keywordCount: number): boolean {
  return (state.status === 'stopped' || state.status === 'completed') && keywordCount > 0;
}

export function extractorReducer(state: ExtractorState, action: ExtractorAction): ExtractorState {
  switch (action.type) {
    case 'start':
      if (state.status !== 'idle') return state;
      return {
        ...initialExtractorState,
        status: 'running',
        currentPage: action.startPage,
        startPage: action.startPage,
        endPage: action.endPage,
        channelId: action.channelId,
        storeId: action.storeId,
        runId: action.runId,
        countsFromPage: action.startPage,
      };
    case 'resume':
      return state.status === 'stopped' ? { ...state, status: 'running', error: null } : state;
    case 'stop':
      return state.status === 'running' ? { ...state, status: 'stopped' } : state;
    case 'pageDone': {
      const isLive = state.status === 'running' || state.status === 'stopped';
      if (!isLive || action.runId !== state.runId || action.page !== state.currentPage) return state;
      const next: ExtractorState = {
        ...state,
        currentPage: action.page + 1,
        processedProducts: state.processedProducts + action.products,
        totalPages: action.totalPages,
        totalProducts: action.totalProducts,
      };
      return next.status === 'running' && next.currentPage > lastPageOf(next)
        ? { ...next, status: 'completed' }
        : next;
    }
    case 'failed':
      if (state.status !== 'running' || action.runId !== state.runId) return state;
      return { ...state, status: 'stopped', error: action.error };
    case 'completed':
      if (state.status !== 'running' || action.runId !== state.runId) return state;
      return { ...state, status: 'completed' };
    case 'new':
      return state.status === 'running' ? state : initialExtractorState;
    case 'countsRestored': {
      if (action.runId !== state.runId || state.status === 'idle' || state.status === 'running') return state;
      const next: ExtractorState = {
        ...state,
        currentPage: action.nextPage,
        processedProducts: action.processedProducts,
        countsFromPage: action.countsFromPage,
      };
      // Counts that stop short of the last page cannot be "completed": Resume reads the rest.
      if (next.status === 'completed' && next.currentPage <= lastPageOf(next)) next.status = 'stopped';
      return next;
    }
    case 'countsLost':
      if (action.runId !== state.runId || state.status === 'idle' || state.status === 'running') return state;
      return { ...state, countsFromPage: state.currentPage };
  }
}

/** What the form holds before a run: the texts of the page fields, the chosen channel ('' for none). */
export interface ExtractorForm {
  storeId: string | null;
  channelId: string;
  fromPage: string;
  toPage: string;
}

export type ExtractorFormProblem = 'store' | 'channel' | 'page-range';

const WHOLE_NUMBER = /^[0-9]{1,9}$/;

/** The from- and to-page as numbers when the range is valid (spec §5: from >= 1 and to >= from). */
export function parsePageRange(
  fromPage: string,
  toPage: string,
): { startPage: number; endPage: number } | null {
  const from = fromPage.trim();
  const to = toPage.trim();
  if (!WHOLE_NUMBER.test(from) || !WHOLE_NUMBER.test(to)) return null;
  const startPage = Number(from);
  const endPage = Number(to);
  return startPage >= 1 && endPage >= startPage ? { startPage, endPage } : null;
}

/** Spec §5, in order: 'Please select a store', 'Please select a channel', 'Please enter a valid page range'. */
export function validateExtractorForm(
  form: ExtractorForm,
):
  | { ok: true; storeId: string; channelId: number; startPage: number; endPage: number }
  | { ok: false; problem: ExtractorFormProblem } {
  if (!form.storeId) return { ok: false, problem: 'store' };
  const channelId = /^[0-9]{1,12}$/.test(form.channelId.trim()) ? Number(form.channelId.trim()) : 0;
  if (channelId < 1) return { ok: false, problem: 'channel' };
  const range = parsePageRange(form.fromPage, form.toPage);
  if (!range) return { ok: false, problem: 'page-range' };
  return { ok: true, storeId: form.storeId, channelId, ...range };
}

/**
 * Seconds left: the pace of the pages read since this Start or Resume, times the pages still to read. Undefined until
 * a page has been read.
 */
export function estimateSecondsLeft(
  elapsedMs: number,
  pagesRead: number,
  pagesLeft: number,
): number | undefined {
  if (pagesRead <= 0 || elapsedMs < 0) return undefined;
  return ((elapsedMs / pagesRead) * Math.max(0, pagesLeft)) / 1000;
}

/** The progress line's numbers: "Page x of y" and how many of the range's pages are read. */
export function progressOf(state: ExtractorState): {
  page: number;
  lastPage: number;
  pagesRead: number;
  pages: number;
} {
  const lastPage = lastPageOf(state);
  const pages = Math.max(1, lastPage - state.startPage + 1);
  const pagesRead = Math.min(pages, Math.max(0, state.currentPage - state.startPage));
  const page = state.status === 'completed' ? lastPage : Math.min(state.currentPage, lastPage);
  return { page, lastPage, pagesRead, pages };
}
