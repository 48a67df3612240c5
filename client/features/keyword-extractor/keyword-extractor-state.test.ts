import { describe, expect, it } from 'vitest';
import {
  canStartNew,
  canStartOrResume,
  canStop,
  estimateSecondsLeft,
  extractorReducer,
  initialExtractorState,
  isCsvOffered,
  lastPageOf,
  parsePageRange,
  progressOf,
  validateExtractorForm,
  type ExtractorAction,
  type ExtractorState,
} from './keyword-extractor-state';

const start: Extract<ExtractorAction, { type: 'start' }> = {
  type: 'start',
  storeId: 'store-1',
  channelId: 1,
  startPage: 2,
  endPage: 5,
  runId: 'run-1',
};

const page = (n: number, products = 250, totalPages = 6): Extract<ExtractorAction, { type: 'pageDone' }> => ({
  type: 'pageDone',
  runId: 'run-1',
  page: n,
  products,
  totalPages,
  totalProducts: 1_260,
});

const run = (...actions: ExtractorAction[]): ExtractorState =>
  actions.reduce(extractorReducer, initialExtractorState);

describe('the §4 state machine', () => {
  it('idle -> running on Start, from the start page', () => {
    const state = run(start);
    expect(state).toMatchObject({
      status: 'running',
      currentPage: 2,
      startPage: 2,
      endPage: 5,
      channelId: 1,
      storeId: 'store-1',
      runId: 'run-1',
      processedProducts: 0,
      countsFromPage: 2,
      error: null,
    });
  });

  it('moves page by page and completes after the last page of the range', () => {
    const afterTwo = run(start, page(2), page(3));
    expect(afterTwo).toMatchObject({
      status: 'running',
      currentPage: 4,
      processedProducts: 500,
      totalPages: 6,
    });
    const done = run(start, page(2), page(3), page(4), page(5));
    expect(done).toMatchObject({ status: 'completed', currentPage: 6, processedProducts: 1_000 });
  });

  it("ends at the channel's last page when the range goes beyond it", () => {
    const state = run({ ...start, endPage: 100 }, page(2), page(3), page(4), page(5), page(6, 10));
    expect(state).toMatchObject({ status: 'completed', currentPage: 7, processedProducts: 1_010 });
  });

  it('a range past the end reads its first page and completes', () => {
    const state = run({ ...start, startPage: 9, endPage: 12 }, { ...page(9, 0), totalPages: 6 });
    expect(state.status).toBe('completed');
  });

  it('running -> stopped on Stop; Resume continues from the current page', () => {
    const stopped = run(start, page(2), { type: 'stop' });
    expect(stopped).toMatchObject({ status: 'stopped', currentPage: 3 });
    const resumed = extractorReducer(stopped, { type: 'resume' });
    expect(resumed).toMatchObject({ status: 'running', currentPage: 3, processedProducts: 250 });
    expect(extractorReducer(resumed, page(3))).toMatchObject({ currentPage: 4, processedProducts: 500 });
  });

  it('a page counted while Stop came still lands, and the run stays stopped', () => {
    const state = run(start, { type: 'stop' }, page(2));
    expect(state).toMatchObject({ status: 'stopped', currentPage: 3, processedProducts: 250 });
    // Even the last page: stopped is kept, Resume then completes at once.
    const last = run(start, page(2), page(3), page(4), { type: 'stop' }, page(5));
    expect(last).toMatchObject({ status: 'stopped', currentPage: 6 });
  });

  it('a page failure stops the run with its text; Resume clears it', () => {
    const failed = run(start, page(2), { type: 'failed', runId: 'run-1', error: 'HTTP Error 500: boom' });
    expect(failed).toMatchObject({ status: 'stopped', currentPage: 3, error: 'HTTP Error 500: boom' });
    expect(extractorReducer(failed, { type: 'resume' })).toMatchObject({ status: 'running', error: null });
  });

  it('New resets everything, but not while running', () => {
    const running = run(start, page(2));
    expect(extractorReducer(running, { type: 'new' })).toBe(running);
    for (const state of [run(start, { type: 'stop' }), run({ ...start, endPage: 2 }, page(2))]) {
      expect(extractorReducer(state, { type: 'new' })).toEqual(initialExtractorState);
    }
  });

  it('ignores what does not fit the state', () => {
    const idle = initialExtractorState;
    expect(extractorReducer(idle, { type: 'resume' })).toBe(idle);
    expect(extractorReducer(idle, { type: 'stop' })).toBe(idle);
    expect(extractorReducer(idle, page(1))).toBe(idle);
    const running = run(start);
    expect(extractorReducer(running, start)).toBe(running);
    expect(extractorReducer(running, { type: 'resume' })).toBe(running);
    // A page of another run, or not the current page, is not counted twice.
    expect(extractorReducer(running, { ...page(2), runId: 'run-0' })).toBe(running);
    expect(extractorReducer(running, page(3))).toBe(running);
    const completed = run({ ...start, endPage: 2 }, page(2));
    expect(extractorReducer(completed, { type: 'stop' })).toBe(completed);
    expect(extractorReducer(completed, start)).toBe(completed);
    expect(extractorReducer(completed, { type: 'failed', runId: 'run-1', error: 'x' })).toBe(completed);
  });

  it('enables the buttons only where §4 says', () => {
    const idle = initialExtractorState;
    const running = run(start);
    const stopped = run(start, { type: 'stop' });
    const completed = run({ ...start, endPage: 2 }, page(2));
    expect([idle, running, stopped, completed].map(canStartOrResume)).toEqual([true, false, true, false]);
    expect([idle, running, stopped, completed].map(canStop)).toEqual([false, true, false, false]);
    expect([idle, running, stopped, completed].map(canStartNew)).toEqual([true, false, true, true]);
  });

  it('offers the CSVs when stopped or completed and keywords exist', () => {
    const running = run(start);
    const stopped = run(start, { type: 'stop' });
    const completed = run({ ...start, endPage: 2 }, page(2));
    expect(isCsvOffered(initialExtractorState, 10)).toBe(false);
    expect(isCsvOffered(running, 10)).toBe(false);
    expect(isCsvOffered(stopped, 10)).toBe(true);
    expect(isCsvOffered(completed, 10)).toBe(true);
    expect(isCsvOffered(completed, 0)).toBe(false);
  });

  it('takes the position of the counts read back; counts short of the end are not completed', () => {
    const stopped = run(start, page(2), { type: 'stop' });
    const restored = extractorReducer(stopped, {
      type: 'countsRestored',
      runId: 'run-1',
      nextPage: 4,
      processedProducts: 500,
      countsFromPage: 2,
    });
    expect(restored).toMatchObject({ status: 'stopped', currentPage: 4, processedProducts: 500 });
    const completed = run({ ...start, endPage: 3 }, page(2), page(3));
    expect(completed.status).toBe('completed');
    const behind = extractorReducer(completed, {
      type: 'countsRestored',
      runId: 'run-1',
      nextPage: 3,
      processedProducts: 250,
      countsFromPage: 2,
    });
    expect(behind).toMatchObject({ status: 'stopped', currentPage: 3 });
    expect(
      extractorReducer(stopped, {
        type: 'countsRestored',
        runId: 'other',
        nextPage: 9,
        processedProducts: 1,
        countsFromPage: 1,
      }),
    ).toBe(stopped);
  });

  it('counts lost: counting restarts at the current page', () => {
    const stopped = run(start, page(2), page(3), { type: 'stop' });
    expect(extractorReducer(stopped, { type: 'countsLost', runId: 'run-1' })).toMatchObject({
      status: 'stopped',
      currentPage: 4,
      countsFromPage: 4,
      processedProducts: 500,
    });
  });
});

describe('the form (spec §5)', () => {
  const form = { storeId: 's', channelId: '1', fromPage: '1', toPage: '3' };

  it('checks store, channel, then the page range, in that order', () => {
    expect(validateExtractorForm({ ...form, storeId: null, channelId: '', fromPage: '0' })).toEqual({
      ok: false,
      problem: 'store',
    });
    expect(validateExtractorForm({ ...form, channelId: '', fromPage: '0' })).toEqual({
      ok: false,
      problem: 'channel',
    });
    expect(validateExtractorForm({ ...form, fromPage: '0' })).toEqual({ ok: false, problem: 'page-range' });
    expect(validateExtractorForm(form)).toEqual({
      ok: true,
      storeId: 's',
      channelId: 1,
      startPage: 1,
      endPage: 3,
    });
  });

  it('a valid range is from >= 1 and to >= from, whole numbers', () => {
    expect(parsePageRange('1', '1')).toEqual({ startPage: 1, endPage: 1 });
    expect(parsePageRange(' 2 ', '7')).toEqual({ startPage: 2, endPage: 7 });
    for (const [from, to] of [
      ['0', '3'],
      ['4', '3'],
      ['', '3'],
      ['1', ''],
      ['1.5', '3'],
      ['-1', '3'],
      ['a', 'b'],
    ] as const) {
      expect(parsePageRange(from, to), `${from}-${to}`).toBeNull();
    }
  });
});

describe('progress', () => {
  it('the last page is the to-page until the channel has answered', () => {
    expect(lastPageOf({ startPage: 1, endPage: 100, totalPages: 0 })).toBe(100);
    expect(lastPageOf({ startPage: 1, endPage: 100, totalPages: 6 })).toBe(6);
    expect(lastPageOf({ startPage: 1, endPage: 4, totalPages: 6 })).toBe(4);
    expect(lastPageOf({ startPage: 9, endPage: 12, totalPages: 6 })).toBe(9);
  });

  it('says page x of y and the pages read', () => {
    const state = run({ ...start, startPage: 1, endPage: 100 }, page(1, 250, 6), page(2, 250, 6));
    expect(progressOf({ ...state, runId: 'run-1' })).toEqual({
      page: 3,
      lastPage: 6,
      pagesRead: 2,
      pages: 6,
    });
  });

  it('time left is the pace so far times the pages left', () => {
    expect(estimateSecondsLeft(4_000, 2, 3)).toBe(6);
    expect(estimateSecondsLeft(4_000, 0, 3)).toBeUndefined();
    expect(estimateSecondsLeft(4_000, 2, 0)).toBe(0);
  });
});
