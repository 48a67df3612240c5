// L2 (issue 29, point 2): 50 bulk jobs on 5 stores, every store's quota against what the jobs got from it.
//
// INSTANCES app instances (child processes) share a PostgreSQL database; the stores are an external sandbox in this
// process (BC_API_BASE_URL), each with BigCommerce's Standard quota compressed ten times, QUOTA per WINDOW_MS (150
// per 3 s). The app keeps BC_QUOTA_RESERVE (its default, 20%) of every window for the store's other integrations,
// so the ceiling is STORES × QUOTA × (1 − reserve) requests per window. 50 Copy Description jobs, 10 per store, each
// writing PRODUCTS products (a PUT of 10 per request), consecutive jobs of a store alternating two source
// descriptions so every job writes every product. The design bounds what can be queued at once: 5 unfinished jobs
// per store (and 3 per owner: one visitor per job here), and a store runs one job at a time (the `singleton` queue
// keyed by the store hash). So 25 jobs are queued at once, 5 per store, interleaved; each time a job ends, the next
// of its store is queued, until 10 per store have run.
//
// Rows: throughput (product-write requests per second, all stores) against the ceiling; stores worked on at once
// (pg-boss's slices, keyed by the store hash: at most the slice workers, one per instance); each store's rate while a
// slice worked on it against its share of the ceiling (is its quota used?); how evenly the stores progressed (Jain's
// index of the per-store requests in 5 s buckets while all five had work, and when each finished); whether jobs on
// one store ran in the order they were queued, and how long they waited; the 429s: those the sandbox sent (retried
// by the client) and any reaching the user (a job failing, or a per-product error, mentioning the rate limit). The
// notes give the CPU of the instances, of PostgreSQL for this database and of this process, and the machine's load:
// the ceiling needs about one core for the app, so a shared machine shows in the ratio.
// BENCH_L2_INSTANCES, BENCH_L2_JOBS_PER_STORE, BENCH_L2_PRODUCTS change the shape; PostgreSQL as for L1.
import os from 'node:os';
import pg from 'pg';
import { DEFAULT_QUOTA_RESERVE } from '../server/integrations/bigcommerce/scheduler';
import { startSandboxServer } from '../server/sandbox/test-server';
import { fmt, type Bench, type BenchRow } from './lib';
import {
  benchDatabase,
  clusterFailure,
  crashes,
  createDemoStores,
  PRODUCT_WRITE_ROUTE,
  processStats,
  readJob,
  sleep,
  startCopyDescriptionJob,
  startInstances,
} from './load-lib';

const STORES = 5;
const JOBS_PER_STORE = Number(process.env.BENCH_L2_JOBS_PER_STORE ?? 10);
const QUEUED_PER_STORE = 5;
const PRODUCTS = Number(process.env.BENCH_L2_PRODUCTS ?? 600);
const INSTANCES = Number(process.env.BENCH_L2_INSTANCES ?? 2);
const QUOTA = 150;
const WINDOW_MS = 3_000;
const DEADLINE_MS = 8 * 60_000;
const TOKEN = 'l2-token';
const SOURCE = 'l2source';
const FIRST_ID = 77;
const BUCKET_MS = 5_000;

type Submitted = {
  id: string;
  cookie: string;
  store: number;
  /** Its place among its store's jobs (the order they were queued in). */
  k: number;
  submittedAt: number;
  startedAt?: number;
  endedAt?: number;
};

export const bulkJobsBench: Bench = {
  name: 'L2 bulk jobs on 5 stores',
  async run(): Promise<BenchRow[]> {
    const sb = await startSandboxServer({ rateLimit: { quota: QUOTA, windowMs: WINDOW_MS } });
    const db = await benchDatabase('bct_bench_l2');
    let cluster: Awaited<ReturnType<typeof startInstances>> | undefined;
    const reader = new pg.Client({ connectionString: db.url });
    // A dropped connection fails the next query (and the bench), not the process.
    reader.on('error', () => undefined);
    try {
      const hashes = Array.from({ length: STORES }, (_, i) => `l2store${i}`);
      await createDemoStores(sb, [SOURCE, ...hashes], TOKEN);
      // Two descriptions no target holds: consecutive jobs on a store alternate them, so each writes every product.
      const sources = [FIRST_ID, FIRST_ID + 1];
      for (const id of sources) {
        sb.sandbox.stores.get(SOURCE)!.data.products.get(id)!.fields.description = `<p>L2 source ${id}</p>`;
      }
      const productIds = Array.from({ length: PRODUCTS }, (_, i) => FIRST_ID + 2 + i);

      cluster = await startInstances(INSTANCES, { databaseUrl: db.url, sandboxBaseUrl: sb.baseUrl });
      const instances = cluster.instances;
      await reader.connect();
      const at = (store: number) => sb.sandbox.stores.get(hashes[store]!)!.stats.snapshot();
      const startCounts = hashes.map((_, s) => at(s));

      const jobs: Submitted[] = [];
      const perStore = hashes.map(() => 0);
      let turn = 0;
      const submit = async (store: number) => {
        const k = perStore[store]!++;
        const via = instances[turn++ % instances.length]!;
        const submittedAt = Date.now();
        const { view, cookie } = await startCopyDescriptionJob(via.url, {
          source: { storeHash: SOURCE, accessToken: TOKEN },
          sourceProductId: sources[k % 2]!,
          target: { storeHash: hashes[store]!, accessToken: TOKEN },
          productIds,
        });
        jobs.push({ id: view.id, cookie, store, k, submittedAt });
      };

      // 25 at once (the five stores side by side, each store's 5 one after the other, so their order is known),
      // then the next of a store each time one of its jobs ends.
      const t0 = Date.now();
      const cpu0 = await Promise.all(instances.map((i) => processStats(i.process.pid)));
      // PostgreSQL's work for this database: its server processes' CPU (when on this machine), sampled as it goes
      // (a pool closes idle connections, and their time with them).
      const backendCpu = new Map<number, { first: number; last: number }>();
      const sampleBackends = async () => {
        const { rows } = await reader.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        for (const { pid } of rows) {
          const stats = await processStats(pid);
          if (!stats) continue;
          const seen = backendCpu.get(pid);
          if (seen) seen.last = stats.cpuMs;
          else backendCpu.set(pid, { first: stats.cpuMs, last: stats.cpuMs });
        }
      };
      await sampleBackends();
      const benchCpu0 = process.cpuUsage();
      // The first job on each instance alone: two instances creating pg-boss's queues at once can deadlock, and the
      // instance that lost refuses every job after (see the report of issue 29).
      for (let s = 0; s < Math.min(STORES, INSTANCES); s++) await submit(s);
      await Promise.all(
        hashes.map(async (_, s) => {
          while (perStore[s]! < Math.min(QUEUED_PER_STORE, JOBS_PER_STORE)) await submit(s);
        }),
      );
      const queuedIn = (Date.now() - t0) / 1000;
      const series: { at: number; writes: number[]; requests: number[] }[] = [];
      const deadline = t0 + DEADLINE_MS;
      while (Date.now() < deadline) {
        const { rows } = await reader.query<{ id: string; state: string }>('select id, state from job');
        const state = new Map(rows.map((row) => [row.id, row.state]));
        const now = Date.now();
        for (const job of jobs) {
          const current = state.get(job.id) ?? 'queued';
          if (job.startedAt === undefined && current !== 'queued') job.startedAt = now;
          if (job.endedAt === undefined && ['done', 'failed', 'cancelled'].includes(current)) {
            job.endedAt = now;
            job.startedAt ??= now;
          }
        }
        if (series.length % 5 === 0) await sampleBackends();
        const snapshots = hashes.map((_, s) => at(s));
        series.push({
          at: now,
          writes: snapshots.map((snap) => snap.byRoute[PRODUCT_WRITE_ROUTE] ?? 0),
          requests: snapshots.map((snap) => snap.requests),
        });
        for (let s = 0; s < STORES; s++) {
          const open = jobs.filter((job) => job.store === s && job.endedAt === undefined).length;
          if (open < QUEUED_PER_STORE && perStore[s]! < JOBS_PER_STORE) await submit(s);
        }
        if (jobs.length === STORES * JOBS_PER_STORE && jobs.every((job) => job.endedAt !== undefined)) break;
        await sleep(200);
      }
      const tEnd = Date.now();
      // Each store's time with a slice at work: pg-boss's slices (keyed by the store hash), from start to completion;
      // a job starts with its first slice and ends when its row says.
      const slices = await reader.query<{ key: string; job: string; started: Date; completed: Date }>(
        `select singleton_key as key, data->>'jobId' as job, started_on as started, completed_on as completed
         from pgboss.job where singleton_key = any($1) and started_on is not null and completed_on is not null`,
        [hashes],
      );
      const ended = await reader.query<{ id: string; finished: Date | null }>(
        'select id, finished_at as finished from job',
      );
      for (const job of jobs) {
        const mine = slices.rows.filter((row) => row.job === job.id).map((row) => row.started.getTime());
        if (mine.length > 0) job.startedAt = Math.min(...mine);
        const finished = ended.rows.find((row) => row.id === job.id)?.finished;
        if (finished) job.endedAt = finished.getTime();
      }
      const runningMs = hashes.map((hash) =>
        unionMs(
          slices.rows
            .filter((row) => row.key === hash)
            .map((row) => [row.started.getTime(), row.completed.getTime()] as const),
        ),
      );
      await sampleBackends();
      const cpu1 = await Promise.all(instances.map((i) => processStats(i.process.pid)));
      const postgresCpuMs = [...backendCpu.values()].reduce((sum, b) => sum + b.last - b.first, 0);
      const benchCpu = process.cpuUsage(benchCpu0);
      const appCpuMs = cpu1.reduce(
        (sum, end, i) => sum + (end && cpu0[i] ? end.cpuMs - cpu0[i].cpuMs : NaN),
        0,
      );
      const sandboxCpuMs = (benchCpu.user + benchCpu.system) / 1000;

      // What the user sees of each job, and what reached each store.
      const views = await Promise.all(jobs.map((job) => readJob(instances[0]!.url, job.cookie, job.id)));
      const endCounts = hashes.map((_, s) => at(s));
      const writesOf = (s: number) =>
        (endCounts[s]!.byRoute[PRODUCT_WRITE_ROUTE] ?? 0) -
        (startCounts[s]!.byRoute[PRODUCT_WRITE_ROUTE] ?? 0);
      const requestsOf = (s: number) => endCounts[s]!.requests - startCounts[s]!.requests;
      const sent429 = hashes.reduce(
        (sum, _, s) => sum + endCounts[s]!.rateLimited - startCounts[s]!.rateLimited,
        0,
      );
      const rateLimitText = /rate.?limit|429|too many requests/i;
      const user429 = views.filter(
        (view) =>
          rateLimitText.test(view.message ?? '') ||
          view.errors.some((error) => rateLimitText.test(error.reason)),
      ).length;
      const notDone = views.filter((view) => view.state !== 'done').length;
      const withErrors = views.filter((view) => view.errors.length > 0 || view.failed > 0).length;
      const skipped = views.reduce((sum, view) => sum + view.skipped, 0);

      const seconds = (tEnd - t0) / 1000;
      const firstSlice = Math.min(...jobs.map((job) => job.startedAt ?? tEnd));
      const workSeconds = Math.max(0.001, (tEnd - firstSlice) / 1000);
      const writes = hashes.reduce((sum, _, s) => sum + writesOf(s), 0);
      const requests = hashes.reduce((sum, _, s) => sum + requestsOf(s), 0);
      const usable = (QUOTA * (1 - DEFAULT_QUOTA_RESERVE)) / (WINDOW_MS / 1000);
      const ceiling = STORES * usable;

      // Each store while it had work (its first job started to its last ended), and while a job of it was running.
      const storeRows = hashes.map((_, s) => {
        const mine = jobs.filter((job) => job.store === s);
        const from = Math.min(...mine.map((job) => job.startedAt ?? tEnd));
        const to = Math.max(...mine.map((job) => job.endedAt ?? tEnd));
        return {
          s,
          from,
          to,
          rate: requestsOf(s) / ((to - from) / 1000),
          runningRate: requestsOf(s) / (runningMs[s]! / 1000),
        };
      });
      // Stores worked on at once, on average from the first slice's start to the last slice's end.
      const firstStart = Math.min(...slices.rows.map((row) => row.started.getTime()));
      const lastEnd = Math.max(...slices.rows.map((row) => row.completed.getTime()));
      const meanAtOnce = runningMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, lastEnd - firstStart);
      // Jain's fairness index of the stores' requests in 5 s buckets while every store still had work.
      const allBusyUntil = Math.min(...storeRows.map((row) => row.to));
      const jain: number[] = [];
      for (let i = 1; i < series.length; i++) {
        const start = series[i - 1]!;
        const bucketEnd = series.findIndex((point) => point.at >= start.at + BUCKET_MS);
        if (bucketEnd < 0 || series[bucketEnd]!.at > allBusyUntil) break;
        const got = start.requests.map((n, s) => series[bucketEnd]!.requests[s]! - n);
        const sum = got.reduce((x, y) => x + y, 0);
        const squares = got.reduce((x, y) => x + y * y, 0);
        if (sum > 0) jain.push((sum * sum) / (STORES * squares));
        i = bucketEnd;
      }
      const meanJain = jain.length ? jain.reduce((x, y) => x + y, 0) / jain.length : NaN;
      // Jobs on a store in their order: a job that started before one queued earlier on its store is out of order.
      let inversions = 0;
      for (const job of jobs) {
        inversions += jobs.filter(
          (other) =>
            other.store === job.store && other.k < job.k && (other.startedAt ?? 0) > (job.startedAt ?? 0),
        ).length;
      }
      // Queue wait: from the job's start request to its first slice.
      const waits = jobs
        .map((job) => ((job.startedAt ?? tEnd) - job.submittedAt) / 1000)
        .sort((x, y) => x - y);
      const finishes = storeRows.map((row) => (row.to - t0) / 1000);
      const minStoreRate = Math.min(...storeRows.map((row) => row.runningRate));
      const maxStoreRate = Math.max(...storeRows.map((row) => row.runningRate));
      const cpuNote =
        `app instances used ${fmt(appCpuMs / (tEnd - t0), 2)} cores (${fmt(appCpuMs / Math.max(1, requests), 1)} ms CPU ` +
        `per request), PostgreSQL ${backendCpu.size ? `${fmt(postgresCpuMs / (tEnd - t0), 2)} cores (at least)` : 'n/a'}, ` +
        `this process (the sandbox) ${fmt(sandboxCpuMs / (tEnd - t0), 2)} cores`;
      const load = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the end`;
      const shape = `${jobs.length} jobs (${JOBS_PER_STORE}/store × ${PRODUCTS} products), ${STORES} stores, ${INSTANCES} instance${INSTANCES > 1 ? 's' : ''}`;
      return [
        {
          bench: `L2 ${shape}: throughput, quota ${QUOTA}/${WINDOW_MS / 1000} s per store, reserve ${DEFAULT_QUOTA_RESERVE * 100}%`,
          metric: 'product writes/s',
          baseline: fmt(ceiling, 0),
          candidate: fmt(writes / seconds, 1),
          ratio: writes / seconds / ceiling,
          note:
            `ceiling = ${STORES} × ${QUOTA} × (1 − ${DEFAULT_QUOTA_RESERVE}) / ${WINDOW_MS / 1000} s; all requests ` +
            `${fmt(requests / seconds, 1)}/s (${fmt((100 * writes) / Math.max(1, requests), 0)}% writes); ${fmt(seconds, 1)} s in all ` +
            `(the first 25 queued in ${fmt(queuedIn, 1)} s); ${cpuNote}; ${load}`,
        },
        {
          bench: `L2 ${shape}: quota used while the jobs ran`,
          metric: 'requests/s',
          baseline: fmt(ceiling, 0),
          candidate: fmt(requests / workSeconds, 1),
          ratio: requests / workSeconds / ceiling,
          note:
            `every request counts against the store's quota (the plans' reads too), from the first slice's start to the ` +
            `last one's end (${fmt(workSeconds, 1)} s; the row above counts from the first start request, ` +
            `${fmt(seconds - workSeconds, 1)} s earlier, while this process was still submitting the first jobs)`,
        },
        {
          bench: `L2 ${shape}: stores served at once`,
          metric: 'stores worked on',
          baseline: fmt(STORES),
          candidate: fmt(meanAtOnce, 2),
          ratio: meanAtOnce / STORES,
          note:
            `time with a slice at work (pg-boss's start to completion) summed over the stores / the time from the first ` +
            `slice's start to the last one's end; bounded by ` +
            `${INSTANCES} instance(s) × slice workers per instance`,
        },
        {
          bench: `L2 ${shape}: a store's quota while its job runs`,
          metric: 'requests/s per store',
          baseline: fmt(usable, 0),
          candidate: `${fmt(minStoreRate, 1)}–${fmt(maxStoreRate, 1)}`,
          ratio: minStoreRate / usable,
          note:
            `ratio = the least-served store; per store: requests / time with a slice active (of the time from its first ` +
            `job's start to its last job's end): ` +
            storeRows
              .map((row) => `${fmt(runningMs[row.s]! / 1000, 0)}/${fmt((row.to - row.from) / 1000, 0)} s`)
              .join(', '),
        },
        {
          bench: `L2 ${shape}: stores progress evenly`,
          metric: "Jain's index, 5 s buckets",
          baseline: '1.00',
          candidate: fmt(meanJain, 2),
          ratio: meanJain,
          note:
            `1 = every store got the same requests, 0.2 = one store at a time (${jain.length} buckets while all had work); ` +
            `stores finished at ${finishes.map((f) => `${fmt(f, 0)} s`).join(', ')}`,
        },
        {
          bench: `L2 ${shape}: jobs on a store in their order`,
          metric: 'order inversions',
          baseline: '0',
          candidate: fmt(inversions),
          ratio: inversions,
          note:
            `queue wait (start request → first slice) median ${fmt(waits[Math.floor(waits.length / 2)] ?? NaN, 1)} s, ` +
            `max ${fmt(waits.at(-1) ?? NaN, 1)} s; products skipped (already at the value, a sign of reordering) ${skipped}`,
        },
        {
          bench: `L2 ${shape}: 429s`,
          metric: 'jobs with a 429 to the user',
          baseline: '0',
          candidate: fmt(user429),
          ratio: user429,
          note:
            `429s sent by the sandbox (retried by the client) ${sent429}; jobs not done ${notDone}; ` +
            `jobs with per-product errors ${withErrors}; ${crashes(instances) || 'no instance crashed'}`,
        },
      ];
    } catch (error) {
      throw clusterFailure(error, cluster?.instances ?? []);
    } finally {
      await reader.end().catch(() => undefined);
      await cluster?.stop();
      await db.dispose();
      await sb.close();
    }
  },
};

/** The time covered by a set of intervals (ms). */
function unionMs(intervals: (readonly [number, number])[]): number {
  const sorted = [...intervals].sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of sorted) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}
