// P9: GET /api/health under load (autocannon, 50 connections, 3 rounds of 5 s) against a bare Hono hello-world, same run.
//
// The app runs as deployed: production, its log lines (one per request, kept) written to a file rather than read by
// this process, where autocannon runs (a pipe drained here made the load generator pay for the app's logging). A
// second baseline, a bare Hono answering the very headers and body the app answers (`servers/same-bytes.ts`), splits
// the gap: what the answer's size costs (the security headers, the report) and what the app's own work costs.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  fmt,
  load,
  startAppServer,
  startChildServer,
  type Bench,
  type BenchRow,
  type LoadResult,
} from './lib';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_P9_ROUNDS ?? 3);
/** Headers Node writes itself (or that differ per answer); the rest is copied as the app sent it. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export const healthBench: Bench = {
  name: 'P9 health',
  async run() {
    const dir = await mkdtemp(path.join(tmpdir(), 'bct-bench-health-'));
    const hello = await startChildServer('bench/servers/hello.ts', {});
    const app = await startAppServer({ NODE_ENV: 'production' }, 'bct-bench-health-app-', {
      logToFile: true,
    });
    let same: Awaited<ReturnType<typeof startChildServer>> | undefined;
    try {
      const sample = await fetch(`${app.url}/api/health`);
      const headers = Object.fromEntries(
        [...sample.headers].filter(([name]) => !NODE_HEADERS.has(name.toLowerCase())),
      );
      const answerFile = path.join(dir, 'answer.json');
      const body = await sample.text();
      await writeFile(answerFile, JSON.stringify({ status: sample.status, headers, body }));
      const headerBytes = Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
      same = await startChildServer('bench/servers/same-bytes.ts', { SAME_BYTES_FILE: answerFile });

      // Warm all three up so JIT and the database connection are not measured.
      for (const url of [`${hello.url}/`, `${same.url}/`, `${app.url}/api/health`]) {
        await load(url, { connections: 10, durationSeconds: 1 });
      }
      const loggedBefore = await requestLines(app.logFile);
      // Interleaved rounds, each server in turn, and the median of each: this machine's speed drifts (a shared VM),
      // and a drift during one long run would land on one server alone.
      const runs = {
        baseline: [] as LoadResult[],
        sameBytes: [] as LoadResult[],
        candidate: [] as LoadResult[],
      };
      for (let round = 0; round < ROUNDS; round++) {
        const run = (url: string) => load(url, { connections: CONNECTIONS, durationSeconds: DURATION_S });
        runs.baseline.push(await run(`${hello.url}/`));
        runs.sameBytes.push(await run(`${same.url}/`));
        runs.candidate.push(await run(`${app.url}/api/health`));
      }
      const baseline = medianRun(runs.baseline);
      const sameBytes = medianRun(runs.sameBytes);
      const candidate = medianRun(runs.candidate);
      // The log lines reach the file within the logger's flush interval (100 ms); the count is read after it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const logged = (await requestLines(app.logFile)) - loggedBefore;
      const requests = runs.candidate.reduce((n, r) => n + r.requestsPerSecond * DURATION_S, 0);
      const note = `${CONNECTIONS} conns, median of ${ROUNDS} interleaved runs of ${DURATION_S} s (app: ${runs.candidate.map((r) => fmt(r.requestsPerSecond)).join(', ')}); non-2xx ${runs.candidate.reduce((n, r) => n + r.non2xx, 0)}, errors ${runs.candidate.reduce((n, r) => n + r.errors, 0)}; request log lines written ${fmt(logged)} (about ${fmt(requests)} requests)`;
      const answerBytes = `the app's answer: ${fmt(headerBytes)} B of headers of its own, a ${fmt(body.length)} B body; hello-world's: 1 header, 17 B`;
      const rows: BenchRow[] = [
        {
          bench: 'P9 GET /api/health vs hello-world',
          metric: 'req/s',
          baseline: fmt(baseline.requestsPerSecond),
          candidate: fmt(candidate.requestsPerSecond),
          ratio: candidate.requestsPerSecond / baseline.requestsPerSecond,
          note,
        },
        {
          bench: 'P9 GET /api/health vs hello-world',
          metric: 'p99 latency ms',
          baseline: fmt(baseline.p99Ms, 1),
          candidate: fmt(candidate.p99Ms, 1),
          ratio: candidate.p99Ms / Math.max(baseline.p99Ms, 0.001),
          note,
        },
        {
          bench: 'P9 bare Hono answering the same bytes vs hello-world',
          metric: 'req/s',
          baseline: fmt(baseline.requestsPerSecond),
          candidate: fmt(sameBytes.requestsPerSecond),
          ratio: sameBytes.requestsPerSecond / baseline.requestsPerSecond,
          note: answerBytes,
        },
        {
          bench: 'P9 GET /api/health vs bare Hono answering the same bytes',
          metric: 'req/s',
          baseline: fmt(sameBytes.requestsPerSecond),
          candidate: fmt(candidate.requestsPerSecond),
          ratio: candidate.requestsPerSecond / sameBytes.requestsPerSecond,
          note: 'the app’s own work per request: middleware, request id, headers, the report, the request log',
        },
      ];
      return rows;
    } finally {
      await Promise.all([hello.stop(), app.stop(), same?.stop()]);
      await rm(dir, { recursive: true, force: true });
    }
  },
};

/** The access log lines in the app's log file so far. */
async function requestLines(logFile: string | undefined): Promise<number> {
  if (!logFile) return 0;
  const text = await readFile(logFile, 'utf8');
  return text.split('\n').filter((line) => line.includes('"msg":"request"')).length;
}

/** The run with the median throughput. */
function medianRun(runs: LoadResult[]): LoadResult {
  return [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
}
