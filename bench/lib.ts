// Shared pieces of the benchmarks: result rows, child servers, and autocannon.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { startChildApp } from '../server/test/child-server';

/** One line of the table `npm run bench` prints. `ratio` is candidate / baseline for the named metric. */
export type BenchRow = {
  bench: string;
  metric: string;
  baseline: string;
  candidate: string;
  ratio: number;
  note?: string;
};

export type Bench = { name: string; run(): Promise<BenchRow[]> };

export type ChildServer = { url: string; process: ChildProcess; stop(): Promise<void> };

/** The app (or another script) in a child process; `stop` ends it with SIGTERM, as an operator would. */
export async function startChildServer(script: string, env: Record<string, string>): Promise<ChildServer> {
  const child = await startChildApp(env, script);
  return {
    url: child.url,
    process: child.process,
    stop: async () => {
      if (child.process.exitCode !== null) return;
      child.process.kill('SIGTERM');
      await once(child.process, 'exit');
    },
  };
}

export type LoadResult = { requestsPerSecond: number; p99Ms: number; non2xx: number; errors: number };

export async function load(
  url: string,
  options: { connections: number; durationSeconds: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
