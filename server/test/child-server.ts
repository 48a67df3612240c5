// The app in a child process (`server/main.ts`), for tests that stop it the hard way (SIGKILL) and start another.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');

export type ChildApp = { url: string; process: ChildProcess; kill(): Promise<void> };

/**
 * Starts `node --import tsx <script>` (the app by default) and waits until it prints `listening on http://…:PORT`;
 * its output is drained so logging costs what it costs in production.
 */
export async function startChildApp(
  env: Record<string, string>,
  script = MAIN,
  options: { logFile?: string } = {},
): Promise<ChildApp> {
  if (options.logFile) return startLoggingToFile(env, script, options.logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
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
      } else if (seen.length > 100_000) seen = seen.slice(-2_000);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${seen.slice(-2_000)}`)));
  });
  return childApp(url, child);
}

/**
 * The same, its output written to `logFile` (as a deployment's log file or journal would take it) instead of a pipe
 * this process reads: a load bench's own process then does not pay for the app's log lines (issue 29, P9).
 */
async function startLoggingToFile(
  env: Record<string, string>,
  script: string,
  logFile: string,
): Promise<ChildApp> {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = once(child, 'exit').then(async ([code]) => {
    throw new Error(
      `${script} exited with ${String(code)}: ${(await readFile(logFile, 'utf8')).slice(-2_000)}`,
    );
  });
  exited.catch(() => undefined);
  const listening = waitFor(
    async () => /listening on (http:\/\/[^\s"]+)/.exec(await readFile(logFile, 'utf8'))?.[1],
    { what: `${script} to listen`, timeoutMs: 120_000, intervalMs: 100 },
  );
  const url = await Promise.race([listening, exited]);
  return childApp(url.replace('localhost', '127.0.0.1'), child);
}

function childApp(url: string, child: ChildProcess): ChildApp {
  return {
    url,
    process: child,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}
