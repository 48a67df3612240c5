// P1 (issue 11): a quota-bound bulk edit. 10,000 description updates (the demo store's 1,260 products, cycled in
// batches of 10 distinct products) under a time-compressed quota of 150 requests per 3 s (BigCommerce's Standard
// plan, 150 per 30 s, ten times faster), through the tool's path: `updateProductsInBatches` (`PUT
// /v3/catalog/products`, 10 per request) on a client made like the app's (concurrency sized from the quota and the
// measured latency, BC_QUOTA_RESERVE's default 20% of each window left to the store's other integrations).
//   baseline  = the ceiling: (quota × (1 − reserve)) × 10 products per request, per window = 1,200 products per 3 s;
//   candidate = what the tool achieved, in products per window (10,000 / seconds taken × 3 s).
// Goal: at least 90% of the ceiling, and no 429 reaching the user (a product failing with a rate-limit error). The
// note also gives the 429s the sandbox sent (waited out and retried by the client). The sandbox runs in this process
// on loopback: the work is bound by the quota, not the CPU. Every description is checked in the sandbox's state
// afterwards.
import { createBigCommerceClientFactory } from '../server/integrations/bigcommerce/client';
import { DEFAULT_QUOTA_RESERVE } from '../server/integrations/bigcommerce/scheduler';
import type { StoreStatsSnapshot } from '../server/sandbox/core/stats';
import { startSandboxServer } from '../server/sandbox/test-server';
import { bulkEditPaths } from '../common/contracts/bulk-edit';
import { jobPath, jobResponseSchema, type JobView } from '../common/contracts/jobs';
import { fmt, startAppServer, type Bench, type BenchRow } from './lib';
import { control } from './load-lib';

const HASH = 'sandbox-demo';
const TOKEN = 'demo-token';
const UPDATES = Number(process.env.BENCH_P1_UPDATES ?? 10_000);
const BATCH = 10;
const QUOTA = 150;
const WINDOW_MS = 3_000;

/**
 * P1 through the tool's job path (issue 12): the app in a child process (its job queue, worker, slices and
 * checkpoints), the store an external sandbox reached through BC_API_BASE_URL with the same compressed quota. Copy
 * Description to every visible product, alternating two source products of another store so that every run writes every product:
 * RUNS runs of about 1,260 updates. Throughput is compared with the same ceiling; requests with the minimum, one PUT
 * per 10 products written.
 */
async function jobPathRows(): Promise<BenchRow[]> {
  const JOB_HASH = 'benchjobs';
  const RUNS = Number(process.env.BENCH_P1_JOB_RUNS ?? 8);
  const sb = await startSandboxServer({ rateLimit: { quota: QUOTA, windowMs: WINDOW_MS } });
  const app = await startAppServer({ BC_API_BASE_URL: sb.baseUrl }, 'bct-bench-jobs-');
  try {
    await control(sb, 'POST', '/stores', { hash: JOB_HASH, token: 'bench-token', kind: 'demo' });
    // The source products live in another store, so no run overwrites them.
    await control(sb, 'POST', '/stores', { hash: 'benchsource', token: 'source-token', kind: 'demo' });
    const store = { storeHash: JOB_HASH, accessToken: 'bench-token' };
    const source = { storeHash: 'benchsource', accessToken: 'source-token' };
    let cookie = '';
    let written = 0;
    const started = performance.now();
    for (let run = 0; run < RUNS; run++) {
      const res = await fetch(`${app.url}${bulkEditPaths('copy-description').start}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', origin: app.url, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({
          sourceStoreCredentials: source,
          sourceProductId: run % 2 === 0 ? '77' : '78',
          targetStoreCredentials: store,
          targetOption: 'all',
        }),
      });
      cookie ||= res.headers.get('set-cookie')?.split(';')[0] ?? '';
      const { job } = jobResponseSchema.parse(await res.json());
      let view: JobView = job;
      while (!['done', 'failed', 'cancelled'].includes(view.state)) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        view = jobResponseSchema.parse(
          await (await fetch(`${app.url}${jobPath(job.id)}`, { headers: { cookie } })).json(),
        ).job;
      }
      if (view.state !== 'done' || view.failed > 0) throw new Error(`job ${run} ended ${view.state}`);
      written += view.succeeded - view.skipped;
    }
    const ms = performance.now() - started;
    const stats = (await control(sb, 'GET', `/stores/${JOB_HASH}/stats`)) as StoreStatsSnapshot;
    const puts = stats.byRoute['PUT /stores/:hash/v3/catalog/products'] ?? 0;
    const ceilingPerWindow = QUOTA * (1 - DEFAULT_QUOTA_RESERVE) * BATCH;
    const achievedPerWindow = (written / ms) * WINDOW_MS;
    const minimum = Math.ceil(written / BATCH);
    return [
      {
        bench: `P1 via jobs: Copy Description ×${RUNS} (${fmt(written)} updates), quota ${QUOTA}/${WINDOW_MS / 1000} s`,
        metric: 'products per window',
        baseline: fmt(ceilingPerWindow, 0),
        candidate: fmt(achievedPerWindow, 0),
        ratio: achievedPerWindow / ceilingPerWindow,
        note: `the app's job path vs the ceiling; ${fmt(ms / 1000, 1)} s; 429s sent by the sandbox: ${fmt(stats.rateLimited)}`,
      },
      {
        bench: `P1 via jobs: requests`,
        metric: 'requests',
        baseline: fmt(minimum),
        candidate: fmt(stats.requests),
        ratio: stats.requests / minimum,
        note: `minimum = updates / 10; ${fmt(puts)} PUTs, the rest reads (scope pages, source product)`,
      },
    ];
  } finally {
    await app.stop();
    await sb.close();
  }
}

export const bulkUpdateBench: Bench = {
  name: 'P1 bulk update',
  async run(): Promise<BenchRow[]> {
    const sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: WINDOW_MS } });
    try {
      await control(sb, 'POST', `/stores/${HASH}/reset`);
      const lister = createBigCommerceClientFactory({ sandboxBaseUrl: sb.baseUrl }).forStore({
        storeHash: HASH,
        accessToken: TOKEN,
      });
      const ids = (await lister.products.listAll({ limit: 250, query: { include_fields: 'name' } })).map(
        (p) => p.id,
      );
      // Batches of 10 consecutive updates: 1,260 is a multiple of 10, so a batch never holds a product twice.
      const items = Array.from({ length: UPDATES }, (_, i) => {
        const id = ids[i % ids.length]!;
        return { id, description: `<p>P1 ${id}</p>` };
      });

      await control(sb, 'POST', `/stores/${HASH}/reset`);
      await control(sb, 'PUT', `/stores/${HASH}/settings`, { quota: QUOTA, windowMs: WINDOW_MS });
      // Made like the app's (server/integrations/bigcommerce/setup.ts), with a fresh scheduler.
      const client = createBigCommerceClientFactory({
        sandboxBaseUrl: sb.baseUrl,
        pacing: { reserveRatio: DEFAULT_QUOTA_RESERVE },
      }).forStore({ storeHash: HASH, accessToken: TOKEN });
      const started = performance.now();
      const report = await client.updateProductsInBatches(items, { batchSize: BATCH });
      const ms = performance.now() - started;
      const stats = (await control(sb, 'GET', `/stores/${HASH}/stats`)) as StoreStatsSnapshot;

      const userSaw429 = report.results.filter((r) => !r.ok && r.error.code === 'bc_rate_limited').length;
      if (report.failed > 0 && report.failed !== userSaw429) {
        throw new Error(`${report.failed} updates failed for another reason than the rate limit`);
      }
      const products = sb.sandbox.stores.get(HASH)!.data.products;
      const wrong = ids.filter((id) => products.get(id)?.fields.description !== `<p>P1 ${id}</p>`);
      if (wrong.length > 0) throw new Error(`${wrong.length} descriptions did not change`);

      const ceilingPerWindow = QUOTA * (1 - DEFAULT_QUOTA_RESERVE) * BATCH;
      const achievedPerWindow = (UPDATES / ms) * WINDOW_MS;
      return [
        {
          bench: `P1 description ×${fmt(UPDATES)}, quota ${QUOTA}/${WINDOW_MS / 1000} s, reserve ${DEFAULT_QUOTA_RESERVE * 100}%`,
          metric: 'products per window',
          baseline: fmt(ceilingPerWindow, 0),
          candidate: fmt(achievedPerWindow, 0),
          ratio: achievedPerWindow / ceilingPerWindow,
          note:
            `tool vs ceiling (quota × (1 − reserve)) × 10; ${fmt(ms / 1000, 1)} s, ${fmt(report.requests)} requests; ` +
            `429s seen by the user: ${userSaw429}; 429s sent by the sandbox (retried): ${fmt(stats.rateLimited)}`,
        },
        ...(await jobPathRows()),
      ];
    } finally {
      await sb.close();
    }
  },
};
