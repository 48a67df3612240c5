// Shared pieces of the benchmarks: result rows and medians, child servers (the app on a data folder of its own), a
// sandbox's control API, autocannon, and the bench pages bundled for the browser.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build, type LibraryOptions } from 'vite';
import { startChildApp } from '../server/test/child-server';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
export async function startChildServer(
  script: string,
  env: Record<string, string>,
  options: { logFile?: string } = {},
): Promise<ChildServer> {
  const child = await startChildApp(env, script, options);
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

/**
 * The app (server/main.ts) in a child process on a fresh data folder (in /tmp, named from `tmpPrefix`): development,
 * info logs, loopback on a free port, then `env`; `stop` also removes the folder.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  tmpPrefix = 'bct-bench-',
  options: { logToFile?: boolean } = {},
): Promise<ChildServer & { dataDir: string; logFile?: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), tmpPrefix));
  const logFile = options.logToFile ? path.join(dataDir, 'app.log') : undefined;
  const app = await startChildServer(
    'server/main.ts',
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development', ...env },
    { ...(logFile ? { logFile } : {}) },
  );
  return {
    ...app,
    dataDir,
    ...(logFile ? { logFile } : {}),
    stop: async () => {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls a sandbox's control API (`controlUrl` is its `…/sandbox/__control`) and answers the `data` of the reply. */
export async function sandboxControl(
  controlUrl: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${controlUrl}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`control ${method} ${route}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
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

/** The median (of an even count, the mean of the middle two); 0 for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** A bench page (`bench/pages/<file>`) bundled by Vite in memory, minified: the chunks and assets it makes. */
export async function bundleBenchPage(file: string, lib: Omit<LibraryOptions, 'entry'>) {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: true, lib: { ...lib, entry: path.join(ROOT, 'bench/pages', file) } },
  });
  const first = Array.isArray(output) ? output[0] : output;
  if (!first || !('output' in first)) throw new Error('the bench page did not bundle');
  return first.output;
}

/**
 * The app with its built-in sandbox (control API on) in a child process, on a fresh data folder, as the tool benches
 * use it; `control` calls one sandbox store's control API and answers its `data`; `stop` also removes the folder.
 */
export async function startSandboxApp(storeHash: string): Promise<{
  url: string;
  control: (method: string, route: string, body?: unknown) => Promise<unknown>;
  stop(): Promise<void>;
}> {
  const app = await startAppServer({ SANDBOX: 'on', SANDBOX_CONTROL: 'on' });
  return {
    url: app.url,
    control: (method, route, body) =>
      sandboxControl(`${app.url}/sandbox/__control/stores/${storeHash}`, method, route, body),
    stop: () => app.stop(),
  };
}
