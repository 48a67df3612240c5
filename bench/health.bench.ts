// P9: GET /api/health under load (autocannon, 50 connections, 10 s) against a bare Hono hello-world, same run.
import { fmt, load, startAppServer, startChildServer, type Bench } from './lib';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

export const healthBench: Bench = {
  name: 'P9 health',
  async run() {
    const hello = await startChildServer('bench/servers/hello.ts', {});
    const app = await startAppServer({ NODE_ENV: 'production' });
    try {
      // Warm both up so JIT and the database connection are not measured.
      await load(`${hello.url}/`, { connections: 10, durationSeconds: 1 });
      await load(`${app.url}/api/health`, { connections: 10, durationSeconds: 1 });
      const baseline = await load(`${hello.url}/`, { connections: CONNECTIONS, durationSeconds: DURATION_S });
      const candidate = await load(`${app.url}/api/health`, {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
      });
      const note = `${CONNECTIONS} conns, ${DURATION_S} s; non-2xx ${candidate.non2xx}, errors ${candidate.errors}`;
      return [
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
      ];
    } finally {
      await Promise.all([hello.stop(), app.stop()]);
    }
  },
};
