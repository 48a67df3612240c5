// The real entry point as a user runs it: configuration errors, start-up on PGlite, graceful shutdown.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { closeHttpServer } from './server';
import { waitFor } from './test/wait-for';

function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

describe('server/main.ts', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('lists every bad variable and exits non-zero', async () => {
    const run = runMain({ PORT: 'http', DATABASE_URL: 'mysql://db/app', LOG_LEVEL: 'chatty' });
    const [code] = (await once(run.child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(run.output()).toContain('Invalid configuration:');
    expect(run.output()).toContain('PORT: must be a number (got "http")');
    expect(run.output()).toContain('DATABASE_URL: must be a PostgreSQL URL');
    expect(run.output()).toContain('LOG_LEVEL: must be one of');
  });

  it('starts on PGlite in DATA_DIR, reopens the same DATA_DIR after a restart, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bct-main-'));
    dirs.push(dataDir);
    for (let round = 0; round < 2; round++) {
      const run = runMain({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      await waitFor(() => /listening on http:\/\/localhost:\d+/.test(run.output()), {
        what: 'start-up',
      });
      const port = /listening on http:\/\/localhost:(\d+)/.exec(run.output())?.[1];
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        status: 'ok',
        components: { database: { status: 'up', detail: 'pglite' } },
      });
      run.child.kill('SIGTERM');
      const [code] = (await once(run.child, 'exit')) as [number];
      expect(code).toBe(0);
      expect(run.output()).toContain('"msg":"stopped"');
    }
  });
});

describe('closeHttpServer', () => {
  it('lets an in-flight request finish and refuses new connections', async () => {
    let release = () => {};
    let arrived = () => {};
    const inHandler = new Promise<void>((r) => (arrived = r));
    const app = new Hono().get('/slow', async (c) => {
      arrived();
      await new Promise<void>((r) => (release = r));
      return c.text('done');
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const inFlight = fetch(`${url}/slow`);
    await inHandler;
    const closed = closeHttpServer(server, 5_000);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    release();
    const res = await inFlight;
    expect(await res.text()).toBe('done');
    await closed;
  });
});
