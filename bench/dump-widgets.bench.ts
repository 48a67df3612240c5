// P2: Dump Widgets in mode `all` from `sandbox-demo` at the default quota (150 requests per 30 s), in one run:
//   baseline  = the same dump (the service's own code) with strictly sequential requests: a client with concurrency 1
//               and `sequential: true`, so each request waits for the one before;
//   candidate = the tool's own path, `POST /api/dump-widgets` `{dumpMode: "all"}` on the app, through the app's
//               client factory (scheduler: concurrency sized from the quota and latency, 20% of the quota left to
//               other integrations, pacing from the rate-limit headers).
// Both talk to the app's built-in sandbox over loopback (the app runs as a child process, as in production). The
// store is reset before every dump (fresh data, statistics and quota window). Each way runs RUNS times, alternating;
// the table shows medians. The same comparison is repeated with 100 ms of sandbox latency per request, roughly a
// real BigCommerce round trip, where overlapping requests matters. "429s seen by the user" counts answers that were
// not a successful dump because of the rate limit (goal 0); the note also gives the 429s the sandbox sent, which the
// client waited out and retried.
import { dumpWidgetsResponseSchema } from '../common/contracts/dump-widgets';
import { createBigCommerceClientFactory } from '../server/integrations/bigcommerce/client';
import { dumpWidgets } from '../server/features/dump-widgets/dump-widgets.service';
import { fmt, median, startSandboxApp, type Bench, type BenchRow } from './lib';

const HASH = 'sandbox-demo';
const TOKEN = 'demo-token';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

type Stats = { requests: number; rateLimited: number };
type Run = { ms: number; requests: number; rateLimited: number; userSaw429: boolean; widgets: number };

export const dumpWidgetsBench: Bench = {
  name: 'P2 dump widgets',
  async run() {
    const app = await startSandboxApp(HASH);
    const { control } = app;
    const fresh = async (latencyMs: number) => {
      await control('POST', '/reset');
      if (latencyMs > 0) await control('PUT', '/settings', { latencyMs });
    };
    const stats = async () => (await control('GET', '/stats')) as Stats;

    const baseline = async (latencyMs: number): Promise<Run> => {
      await fresh(latencyMs);
      const client = createBigCommerceClientFactory({
        sandboxBaseUrl: `${app.url}/sandbox`,
        concurrency: 1,
      }).forStore({ storeHash: HASH, accessToken: TOKEN });
      const started = performance.now();
      let userSaw429 = false;
      let widgets = 0;
      try {
        const dump = await dumpWidgets(client, { channelId: 1, dumpMode: 'all' }, { sequential: true });
        widgets = dump.summary.totalWidgets;
      } catch (error) {
        userSaw429 = /rate limit/i.test(error instanceof Error ? error.message : '');
        if (!userSaw429) throw error;
      }
      const ms = performance.now() - started;
      return { ms, ...(await stats()), userSaw429, widgets };
    };

    const candidate = async (latencyMs: number): Promise<Run> => {
      await fresh(latencyMs);
      const started = performance.now();
      const res = await fetch(`${app.url}/api/dump-widgets`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ storeCredentials: { storeHash: HASH, accessToken: TOKEN }, dumpMode: 'all' }),
      });
      const answer = dumpWidgetsResponseSchema.parse(await res.json());
      const ms = performance.now() - started;
      if (!answer.success && answer.code !== 'bc_rate_limited') throw new Error(answer.error);
      return {
        ms,
        ...(await stats()),
        userSaw429: !answer.success,
        widgets: answer.success ? answer.data.summary.totalWidgets : 0,
      };
    };

    try {
      const rows: BenchRow[] = [];
      // Warm-up: JIT, the first sandbox reset and the app's first request are not measured.
      await baseline(0);
      await candidate(0);
      for (const latencyMs of [0, 100]) {
        const base: Run[] = [];
        const cand: Run[] = [];
        for (let i = 0; i < RUNS; i++) {
          base.push(await baseline(latencyMs));
          cand.push(await candidate(latencyMs));
        }
        const all = [...base, ...cand];
        if (new Set(all.map((r) => r.widgets)).size !== 1)
          throw new Error('the two ways dumped different widgets');
        const baseMs = median(base.map((r) => r.ms));
        const candMs = median(cand.map((r) => r.ms));
        const saw = cand.filter((r) => r.userSaw429).length + base.filter((r) => r.userSaw429).length;
        const sandbox429 = all.reduce((n, r) => n + r.rateLimited, 0);
        rows.push({
          bench: `P2 dump widgets mode all, sandbox latency ${latencyMs} ms`,
          metric: 'ms (median)',
          baseline: fmt(baseMs, 1),
          candidate: fmt(candMs, 1),
          ratio: candMs / baseMs,
          note:
            `sequential vs POST /api/dump-widgets; ${RUNS} runs each; ${median(cand.map((r) => r.requests))} ` +
            `requests per dump; 429s seen by the user: ${saw}; 429s sent by the sandbox (retried): ${sandbox429}`,
        });
      }
      return rows;
    } finally {
      await app.stop();
    }
  },
};
