// The app in a child process (`server/main.ts`), for tests that stop it the hard way (SIGKILL) and start another.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');

export type ChildApp = { url: string; process: ChildProcess; kill(): Promise<void> };

/**
 * Starts `node --import tsx <script>` (the app by default) and waits until it prints `listening on http://…:PORT`;
 * its output is drained so logging costs what it costs in production.
 */
export async function startChildApp(env: Record<string, string>, script = MAIN): Promise<ChildApp> {
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
