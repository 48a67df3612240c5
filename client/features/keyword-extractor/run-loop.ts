// The reading loop of a Start or Resume (issue 14): page after page from `firstPage`, the next page fetched while the
// current one is counted, never more than one page ahead (the store's quota is shared, and a Stop should not leave
// many requests behind). A page that has been handed to the counter always lands, also when Stop comes meanwhile, so
// the position and the counts never disagree.
import type { ProductPage } from '../../../common/contracts/keyword-extractor';

export type RunEnd = { kind: 'completed' } | { kind: 'stopped' } | { kind: 'failed'; error: unknown };

export interface RunPagesOptions {
  firstPage: number;
  /** The last page to read, given the channel's page count (0 before any page answered). */
  lastPageFor: (totalPages: number) => number;
  fetchPage: (page: number, signal: AbortSignal) => Promise<ProductPage>;
  /** Counts a page (and saves it); the position moves on when it resolves. */
  countPage: (page: ProductPage, pageNumber: number) => Promise<void>;
  /** Stop: aborts the fetch under way; a page being counted still lands. */
  signal: AbortSignal;
}

function settled<T>(promise: Promise<T>): Promise<T> {
  // A prefetch whose result is never awaited (Stop) must not be an unhandled rejection.
  promise.catch(() => undefined);
  return promise;
}

export async function runPages({
  firstPage,
  lastPageFor,
  fetchPage,
  countPage,
  signal,
}: RunPagesOptions): Promise<RunEnd> {
  let page = firstPage;
  let lastPage = lastPageFor(0);
  if (signal.aborted) return { kind: 'stopped' };
  if (page > lastPage) return { kind: 'completed' };
  let pending = settled(fetchPage(page, signal));
  for (;;) {
    let result: ProductPage;
    try {
      result = await pending;
    } catch (error) {
      return signal.aborted ? { kind: 'stopped' } : { kind: 'failed', error };
    }
    if (signal.aborted) return { kind: 'stopped' };
    lastPage = lastPageFor(result.totalPages);
    const next = page + 1;
    if (next <= lastPage) pending = settled(fetchPage(next, signal));
    try {
      await countPage(result, page);
    } catch (error) {
      return { kind: 'failed', error };
    }
    if (next > lastPage) return { kind: 'completed' };
    if (signal.aborted) return { kind: 'stopped' };
    page = next;
  }
}
