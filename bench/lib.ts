// Shared pieces of the benchmarks: result rows, child servers, and autocannon.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/**
 * The app with its built-in sandbox (control API on) in a child process, on a fresh data folder, as the tool benches
 * use it; `control` calls one sandbox store's control API and answers its `data`; `stop` also removes the folder.
 */
export async function startSandboxApp(storeHash: string): Promise<{
  url: string;
  control: (method: string, route: string, body?: unknown) => Promise<unknown>;
  stop(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bct-bench-'));
  const app = await startChildServer('server/main.ts', {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    SANDBOX: 'on',
    SANDBOX_CONTROL: 'on',
  });
  return {
    url: app.url,
    control: async (method, route, body) => {
      const res = await fetch(`${app.url}/sandbox/__control/stores/${storeHash}${route}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`control ${method} ${route}: ${res.status}`);
      return ((await res.json()) as { data: unknown }).data;
    },
    stop: async () => {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
