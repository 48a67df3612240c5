// P1 groundwork: update the description of 1,000 products in the sandbox under a time-compressed quota
// (150 requests per 3 s: BigCommerce's Standard plan, 150 per 30 s, ten times faster), three ways in one run:
//   (a) one `PUT /v3/catalog/products/{id}` per product, sequentially, through the client (`products.update`);
//   (b) `updateProductsInBatches`: `PUT /v3/catalog/products` with 10 products each, through the store's scheduler
//       (default concurrency 3, default 3 batches in flight);
//   (c) the ceiling for (b): ceil(1000/10) = 100 requests at that quota. 100 requests fit in one 150-request window,
//       so the quota adds no wait ((ceil(100/150) − 1) × 3 s = 0); what is left is the requests themselves:
//       ceiling = (ceil(R/quota) − 1) × windowMs + (R / concurrency) × t, with R = 100, concurrency 3 and t the
//       mean latency of one 10-product batch (`updateProductsInBatches` with 10 items, the same code path as (b))
//       measured alone in this run, after a warm-up, with no quota in the way.
// A fourth row, (b′), repeats (b) with the scheduler's pacing off, to show how much of (b)/(c) is pacing.
// The sandbox runs in this process on loopback (startSandboxServer): the work is bound by the quota, not the CPU
// (each request costs the sandbox well under a millisecond of 3,000), so a child process would change nothing.
// The demo store is reset before each way (fresh data, statistics and window), and after each way every one of the
// 1,000 descriptions is checked in the sandbox's state.
import { createBigCommerceClientFactory } from '../server/integrations/bigcommerce/client';
import type { StoreStatsSnapshot } from '../server/sandbox/stats';
import { startSandboxServer, type RunningSandbox } from '../server/sandbox/test-server';
import { fmt, type Bench, type BenchRow } from './lib';

const HASH = 'sandbox-demo';
const TOKEN = 'demo-token';
const PRODUCTS = 1_000;
const BATCH = 10;
const QUOTA = 150;
const WINDOW_MS = 3_000;
const CONCURRENCY = 3;

type WayResult = { ms: number; requests: number; rateLimited: number };

async function control(sb: RunningSandbox, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${sb.controlUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status}`);
  return ((await res.json()) as { data: unknown }).data;
}

async function freshStore(sb: RunningSandbox, quota = QUOTA): Promise<void> {
  await control(sb, 'POST', `/stores/${HASH}/reset`);
  await control(sb, 'PUT', `/stores/${HASH}/settings`, { quota, windowMs: WINDOW_MS });
}

function clientFor(sb: RunningSandbox) {
  // A new factory each time: a fresh scheduler that has seen no rate-limit headers yet.
  return createBigCommerceClientFactory({ sandboxBaseUrl: sb.baseUrl, concurrency: CONCURRENCY }).forStore({
    storeHash: HASH,
    accessToken: TOKEN,
  });
}

function checkDescriptions(sb: RunningSandbox, ids: number[], text: (id: number) => string): void {
  const products = sb.sandbox.stores.get(HASH)!.data.products;
  const wrong = ids.filter((id) => products.get(id)?.fields.description !== text(id));
  if (wrong.length > 0) throw new Error(`${wrong.length} descriptions did not change (first: ${wrong[0]})`);
}

async function measure(sb: RunningSandbox, work: () => Promise<void>): Promise<WayResult> {
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  const stats = (await control(sb, 'GET', `/stores/${HASH}/stats`)) as StoreStatsSnapshot;
  return { ms, requests: stats.requests, rateLimited: stats.rateLimited };
}

export const bulkUpdateBench: Bench = {
  name: 'P1 bulk update',
  async run(): Promise<BenchRow[]> {
    const sb = await startSandboxServer({ rateLimit: { quota: QUOTA, windowMs: WINDOW_MS } });
    try {
      // The ids, and t: the latency of one 10-product PUT alone, with a quota that never gets in the way.
      await freshStore(sb, 100_000);
      const setup = clientFor(sb);
      const ids = (await setup.products.listAll({ limit: 250, query: { include_fields: 'name' } }))
        .slice(0, PRODUCTS)
        .map((p) => p.id);
      if (ids.length !== PRODUCTS) throw new Error(`the demo store has only ${ids.length} products`);
      // Through the same code path as (b), one batch at a time, after a warm-up (JIT, connections).
      const probe = (i: number) =>
        setup.updateProductsInBatches(
          ids.slice(i * BATCH, (i + 1) * BATCH).map((id) => ({ id, description: `<p>Probe ${id}</p>` })),
        );
      for (let i = 0; i < 10; i++) await probe(i);
      const probes = 30;
      const probeStart = performance.now();
      for (let i = 0; i < probes; i++) await probe(10 + i);
      const batchLatencyMs = (performance.now() - probeStart) / probes;

      // (a) one PUT per product, one after the other.
      await freshStore(sb);
      const sequentialText = (id: number) => `<p>Sequential ${id}</p>`;
      const a = await measure(sb, async () => {
        const client = clientFor(sb);
        for (const id of ids) await client.products.update(id, { description: sequentialText(id) });
      });
      checkDescriptions(sb, ids, sequentialText);

      // (b) batches of 10 through the scheduler.
      await freshStore(sb);
      const batchedText = (id: number) => `<p>Batched ${id}</p>`;
      const b = await measure(sb, async () => {
        const report = await clientFor(sb).updateProductsInBatches(
          ids.map((id) => ({ id, description: batchedText(id) })),
          { batchSize: BATCH },
        );
        if (report.failed > 0) throw new Error(`${report.failed} products failed in the batched way`);
      });
      checkDescriptions(sb, ids, batchedText);

      // (b′) the same without the scheduler's pacing, to show what pacing costs when the quota is not the limit.
      await freshStore(sb);
      const b2 = await measure(sb, async () => {
        const client = createBigCommerceClientFactory({
          sandboxBaseUrl: sb.baseUrl,
          concurrency: CONCURRENCY,
          pacing: { paceBelowRatio: 0 },
        }).forStore({ storeHash: HASH, accessToken: TOKEN });
        const report = await client.updateProductsInBatches(
          ids.map((id) => ({ id, description: batchedText(id) })),
        );
        if (report.failed > 0) throw new Error(`${report.failed} products failed without pacing`);
      });
      checkDescriptions(sb, ids, batchedText);

      // (c) the ceiling, computed (see the top of this file).
      const requests = Math.ceil(PRODUCTS / BATCH);
      const ceilingMs =
        (Math.ceil(requests / QUOTA) - 1) * WINDOW_MS + (requests / CONCURRENCY) * batchLatencyMs;

      const bench = `P1 description ×${fmt(PRODUCTS)}, quota ${QUOTA}/${WINDOW_MS / 1000} s`;
      const counts = `requests a ${fmt(a.requests)}, b ${fmt(b.requests)}; 429s a ${fmt(a.rateLimited)}, b ${fmt(b.rateLimited)}`;
      return [
        {
          bench: `${bench}: (a) PUT each vs (b) batches of 10`,
          metric: 'time s, (a)/(b)',
          baseline: fmt(b.ms / 1000, 2),
          candidate: fmt(a.ms / 1000, 2),
          ratio: a.ms / b.ms,
          note: counts,
        },
        {
          bench: `${bench}: (b) batches of 10 vs (c) ceiling`,
          metric: 'time s, (b)/(c)',
          baseline: fmt(ceilingMs / 1000, 2),
          candidate: fmt(b.ms / 1000, 2),
          ratio: b.ms / ceilingMs,
          note: `ceiling = ${requests} req / ${CONCURRENCY} in flight × ${fmt(batchLatencyMs, 1)} ms, no quota wait`,
        },
        {
          bench: `${bench}: (b′) batches, pacing off vs (c) ceiling`,
          metric: 'time s, (b′)/(c)',
          baseline: fmt(ceilingMs / 1000, 2),
          candidate: fmt(b2.ms / 1000, 2),
          ratio: b2.ms / ceilingMs,
          note: `(b) paces only the last 10% of a window (DEFAULT_PACE_BELOW_RATIO); 429s b′ ${fmt(b2.rateLimited)}`,
        },
        {
          bench: `${bench}: (a) PUT each vs (b) batches of 10`,
          metric: 'requests, (a)/(b)',
          baseline: fmt(b.requests),
          candidate: fmt(a.requests),
          ratio: a.requests / b.requests,
          note: `429s seen by the sandbox: a ${fmt(a.rateLimited)}, b ${fmt(b.rateLimited)}`,
        },
      ];
    } finally {
      await sb.close();
    }
  },
};
