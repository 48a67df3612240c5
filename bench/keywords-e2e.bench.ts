// P3 (issue 14), the end-to-end part: every page of `sandbox-demo`'s channel 1 read through the app's
// `POST /api/fetch-products` and counted by the keyword engine, in one run:
//   baseline  = page by page in sequence: fetch a page, count it, then fetch the next;
//   candidate = the screen's own reading loop (`client/features/keyword-extractor/run-loop.ts`): the next page is
//               fetched while the current one is counted, never more than one page ahead.
// The app runs as a child process with its built-in sandbox on loopback; the sandbox is reset before every run (fresh
// quota window). Counting runs here in the bench's thread (the screen runs it in a Web Worker). Each way runs RUNS
// times, alternating; the table shows medians, without and with 100 ms of sandbox latency per request (about a real
// BigCommerce round trip). Both ways must give the same top 30 of every size.
import { fetchProductsResponseSchema, type ProductPage } from '../common/contracts/keyword-extractor';
import { createKeywordCounter, KEYWORD_SIZES, TOP_N, type KeywordCounter } from '../common/keywords/index';
import { runPages } from '../client/features/keyword-extractor/run-loop';
import { fmt, median, startSandboxApp, type Bench, type BenchRow } from './lib';

const HASH = 'sandbox-demo';
const TOKEN = 'demo-token';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function tops(counter: KeywordCounter): string {
  return JSON.stringify(KEYWORD_SIZES.map((size) => counter.top(TOP_N, size)));
}

export const keywordsEndToEndBench: Bench = {
  name: 'P3 keyword extractor end to end',
  async run() {
    const app = await startSandboxApp(HASH);
    const { control } = app;
    const fetchPage = async (page: number, signal?: AbortSignal): Promise<ProductPage> => {
      const res = await fetch(`${app.url}/api/fetch-products`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          storeCredentials: { storeHash: HASH, accessToken: TOKEN },
          page,
          channelId: 1,
        }),
        ...(signal ? { signal } : {}),
      });
      const answer = fetchProductsResponseSchema.parse(await res.json());
      if (!answer.success) throw new Error(answer.error);
      return answer.data;
    };
    const count = (counter: KeywordCounter, page: ProductPage) => {
      for (const product of page.products) counter.addProduct(product);
    };

    type Run = { ms: number; pages: number; tops: string };
    const sequential = async (latencyMs: number): Promise<Run> => {
      await control('POST', '/reset');
      await control('PUT', '/settings', { latencyMs });
      const counter = createKeywordCounter();
      const started = performance.now();
      let pages = 0;
      for (let page = 1, total = 1; page <= total; page++) {
        const data = await fetchPage(page);
        total = data.totalPages;
        count(counter, data);
        pages++;
      }
      return { ms: performance.now() - started, pages, tops: tops(counter) };
    };
    const pipelined = async (latencyMs: number): Promise<Run> => {
      await control('POST', '/reset');
      await control('PUT', '/settings', { latencyMs });
      const counter = createKeywordCounter();
      const started = performance.now();
      let pages = 0;
      const end = await runPages({
        firstPage: 1,
        lastPageFor: (totalPages) => (totalPages === 0 ? 1 : totalPages),
        fetchPage,
        countPage: (data) => {
          count(counter, data);
          pages++;
          return Promise.resolve();
        },
        signal: new AbortController().signal,
      });
      if (end.kind !== 'completed') throw new Error(`the reading loop ended ${end.kind}`);
      return { ms: performance.now() - started, pages, tops: tops(counter) };
    };

    try {
      const rows: BenchRow[] = [];
      await sequential(0); // warm-up
      await pipelined(0);
      for (const latencyMs of [0, 100]) {
        const base: Run[] = [];
        const cand: Run[] = [];
        for (let i = 0; i < RUNS; i++) {
          base.push(await sequential(latencyMs));
          cand.push(await pipelined(latencyMs));
        }
        if (new Set([...base, ...cand].map((run) => run.tops)).size !== 1)
          throw new Error('the two ways counted different keywords');
        const baseMs = median(base.map((run) => run.ms));
        const candMs = median(cand.map((run) => run.ms));
        rows.push({
          bench: `P3 keyword extractor, all pages of channel 1, sandbox latency ${latencyMs} ms`,
          metric: 'ms (median)',
          baseline: fmt(baseMs, 1),
          candidate: fmt(candMs, 1),
          ratio: candMs / baseMs,
          note: `fetch then count, page by page vs the screen's loop (next page fetched while counting); ${base[0]?.pages ?? 0} pages of 250; ${RUNS} runs each; same top 30 both ways`,
        });
      }
      return rows;
    } finally {
      await app.stop();
    }
  },
};
