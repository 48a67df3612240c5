import { describe, expect, it } from 'vitest';
import type { ProductPage } from '../../../common/contracts/keyword-extractor';
import { runPages } from './run-loop';

/** A promise with its resolve and reject outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const pageOf = (n: number, totalPages = 4): ProductPage => ({
  products: [{ id: n, name: `Product ${n}`, description: '' }],
  currentPage: n,
  totalPages,
  totalProducts: totalPages,
});

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A source and a sink under the test's control, logging what happens in order. */
function harness(totalPages = 4) {
  const log: string[] = [];
  const fetches = new Map<number, ReturnType<typeof deferred<ProductPage>>>();
  const counts = new Map<number, ReturnType<typeof deferred<void>>>();
  return {
    log,
    fetchPage: (page: number, signal: AbortSignal) => {
      log.push(`fetch ${page}`);
      const d = deferred<ProductPage>();
      signal.addEventListener('abort', () => d.reject(new DOMException('aborted', 'AbortError')));
      fetches.set(page, d);
      return d.promise;
    },
    countPage: (page: ProductPage, n: number) => {
      log.push(`count ${n}`);
      const d = deferred<void>();
      counts.set(n, d);
      return d.promise.then(() => void log.push(`counted ${n} (${page.products.length})`));
    },
    answer: (page: number) => fetches.get(page)?.resolve(pageOf(page, totalPages)),
    fail: (page: number, error: unknown) => fetches.get(page)?.reject(error),
    finishCount: (page: number) => counts.get(page)?.resolve(),
  };
}

describe('runPages', () => {
  it('fetches the next page while counting the current one, never more than one ahead', async () => {
    const h = harness(3);
    const controller = new AbortController();
    const ended = runPages({
      firstPage: 1,
      lastPageFor: (total) => (total > 0 ? Math.min(10, total) : 10),
      fetchPage: h.fetchPage,
      countPage: h.countPage,
      signal: controller.signal,
    });
    await tick();
    expect(h.log).toEqual(['fetch 1']);
    h.answer(1);
    await tick();
    // Page 2 is asked for while page 1 is counted; page 3 is not, although page 2 answers at once.
    expect(h.log).toEqual(['fetch 1', 'fetch 2', 'count 1']);
    h.answer(2);
    await tick();
    expect(h.log).toEqual(['fetch 1', 'fetch 2', 'count 1']);
    h.finishCount(1);
    await tick();
    expect(h.log.slice(3)).toEqual(['counted 1 (1)', 'fetch 3', 'count 2']);
    h.finishCount(2);
    await tick();
    h.answer(3);
    await tick();
    h.finishCount(3);
    expect(await ended).toEqual({ kind: 'completed' });
    // The channel has 3 pages: no page 4 is asked for.
    expect(h.log.filter((line) => line.startsWith('fetch'))).toEqual(['fetch 1', 'fetch 2', 'fetch 3']);
  });

  it('Stop aborts the fetch under way, and a page being counted still lands', async () => {
    const h = harness(4);
    const controller = new AbortController();
    const ended = runPages({
      firstPage: 2,
      lastPageFor: () => 4,
      fetchPage: h.fetchPage,
      countPage: h.countPage,
      signal: controller.signal,
    });
    await tick();
    h.answer(2);
    await tick();
    controller.abort();
    h.finishCount(2);
    expect(await ended).toEqual({ kind: 'stopped' });
    expect(h.log).toEqual(['fetch 2', 'fetch 3', 'count 2', 'counted 2 (1)']);
  });

  it('a failed page ends the run with its error; nothing after it is counted', async () => {
    const h = harness(4);
    const ended = runPages({
      firstPage: 1,
      lastPageFor: () => 4,
      fetchPage: h.fetchPage,
      countPage: h.countPage,
      signal: new AbortController().signal,
    });
    await tick();
    h.answer(1);
    await tick();
    h.fail(2, new Error('HTTP 500'));
    h.finishCount(1);
    const end = await ended;
    expect(end.kind).toBe('failed');
    expect(end.kind === 'failed' && (end.error as Error).message).toBe('HTTP 500');
    expect(h.log.filter((line) => line.startsWith('count '))).toEqual(['count 1']);
  });

  it('a resume past the last page completes without a request', async () => {
    const h = harness(4);
    const end = await runPages({
      firstPage: 5,
      lastPageFor: () => 4,
      fetchPage: h.fetchPage,
      countPage: h.countPage,
      signal: new AbortController().signal,
    });
    expect(end).toEqual({ kind: 'completed' });
    expect(h.log).toEqual([]);
  });
});
