// Issue 9, point 15: a caller that goes away mid-call is a cancellation, not an error: no error-level line, no 500,
// and every log line is one JSON object.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMP_CATEGORIES_PATH } from '../common/contracts/dump-categories';
import { DUMP_PRODUCT_PATH } from '../common/contracts/dump-product';
import { DUMP_WIDGETS_PATH } from '../common/contracts/dump-widgets';
import { TEST_CONNECTION_PATH } from '../common/contracts/stores';
import { parseEnv } from './env';
import { createLogger } from './logger';
import { startServer, type RunningServer } from './server';
import { createTestDatabase, type TestDatabase } from './test/harness';
import { DEMO_STORE } from './test/store-tools';

describe('a caller that goes away', () => {
  const lines: string[] = [];
  let server: RunningServer;
  let database: TestDatabase;

  beforeAll(async () => {
    const env = parseEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: '/nonexistent',
      SANDBOX_CONTROL: 'on',
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(
          ...chunk
            .toString('utf8')
            .split('\n')
            .filter((line) => line !== ''),
        );
        done();
      },
    });
    database = await createTestDatabase('pglite');
    server = await startServer(env, { database, logger: createLogger('info', sink) });
    const settings = await fetch(`${server.url}/sandbox/__control/stores/sandbox-demo/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 300, quota: 100_000 }),
    });
    expect(settings.status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it('is logged as a cancelled request: no error line, no 500, JSON only', async () => {
    const post = (path: string, body: unknown, signal: AbortSignal) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify(body),
        signal,
      });
    const calls: { path: string; start: (signal: AbortSignal) => Promise<Response> }[] = [
      {
        path: DUMP_PRODUCT_PATH,
        start: (signal) =>
          post(
            DUMP_PRODUCT_PATH,
            { storeCredentials: DEMO_STORE, searchType: 'id', searchValue: '77' },
            signal,
          ),
      },
      {
        path: DUMP_WIDGETS_PATH,
        start: (signal) => post(DUMP_WIDGETS_PATH, { storeCredentials: DEMO_STORE, dumpMode: 'all' }, signal),
      },
      {
        path: DUMP_CATEGORIES_PATH,
        start: (signal) =>
          fetch(
            `${server.url}${DUMP_CATEGORIES_PATH}?storeCredentials=${encodeURIComponent(JSON.stringify(DEMO_STORE))}`,
            { signal },
          ),
      },
      {
        path: TEST_CONNECTION_PATH,
        start: (signal) => post(TEST_CONNECTION_PATH, { storeCredentials: DEMO_STORE }, signal),
      },
    ];
    for (const call of calls) {
      const controller = new AbortController();
      const pending = call.start(controller.signal).then(async (res) => {
        // A streamed answer (dump widgets) starts at once: go away while it streams.
        const reader = res.body?.getReader();
        await reader?.read();
        controller.abort();
        await reader?.cancel().catch(() => undefined);
      });
      setTimeout(() => controller.abort(), 450);
      await pending.catch(() => undefined);
    }

    // Each call's access line is written once the server has finished with it.
    await expect
      .poll(
        () => calls.filter((call) => lines.some((line) => line.includes(`"path":"${call.path}"`))).length,
        {
          timeout: 120_000,
        },
      )
      .toBe(calls.length);

    const parsed = lines.map((line) => JSON.parse(line) as { level: number; status?: number; msg: string });
    expect(parsed.filter((line) => line.level >= 50)).toEqual([]);
    expect(parsed.filter((line) => line.status !== undefined && line.status >= 500)).toEqual([]);
  });
});
