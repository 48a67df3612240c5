// Shared pieces of the benchmarks: result rows, child servers, and autocannon.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';

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

/**
 * Starts `node --import tsx <script>` with `env` and waits until it prints `listening on http://...:PORT`
 * (the app's own start-up line does). Its output is drained so logging costs what it costs in production.
 */
export async function startChildServer(script: string, env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(seen);
      if (match?.[1]) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve(match[1].replace('localhost', '127.0.0.1'));
      } else if (seen.length > 100_000) {
        seen = seen.slice(-1000);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${seen.slice(-2000)}`)));
  });
  return {
    url,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
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
