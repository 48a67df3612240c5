// Issue 29 (bench P9): a load balancer's `GET /api/health` (no cookie, no query) is answered on Node before the Hono
// app. Its answer must be the route's, byte for byte but for the per-answer headers: the same security headers, the
// same report with the same details rule, a request id, an access log line; a poll with a cookie still takes the route.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createLogger } from '../../logger';
import { startServer, type RunningServer } from '../../server';
import { getWithHost } from '../../test/get-with-host';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { waitFor } from '../../test/wait-for';

/**
 * What may differ between two answers: the date, the request id, the uptime and the checks' latencies (and so the
 * length: a latency of 12 ms is one byte longer than one of 3 ms; each answer's length is checked against its body).
 */
const PER_ANSWER = new Set(['date', 'x-request-id', 'content-length']);
const comparable = (res: Response, text: string) => ({
  status: res.status,
  headers: Object.fromEntries([...res.headers].filter(([name]) => !PER_ANSWER.has(name))),
  body: text.replace(/"uptimeSeconds":\d+/, '').replace(/"latencyMs":\d+/g, ''),
});

describe('the health poll answered before the app', () => {
  const lines: string[] = [];
  let server: RunningServer;
  let database: TestDatabase;

  beforeAll(async () => {
    const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: '/nonexistent' });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    database = await createTestDatabase('pglite');
    server = await startServer(env, { database, logger: createLogger('info', sink) });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  const requestLines = (reqId: string) =>
    lines
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === reqId);

  it('answers what the route answers, with the same headers, and logs the request', async () => {
    const fast = await fetch(`${server.url}/api/health`, { headers: { 'X-Request-Id': 'lb-poll-1' } });
    const fastText = await fast.text();
    // A cookie (maybe an admin's session) goes through the app's route.
    const routed = await fetch(`${server.url}/api/health`, {
      headers: { 'X-Request-Id': 'lb-poll-2', Cookie: 'someone=1' },
    });
    const routedText = await routed.text();
    expect(fast.status).toBe(200);
    expect(comparable(fast, fastText)).toEqual(comparable(routed, routedText));
    expect(fast.headers.get('x-request-id')).toBe('lb-poll-1');
    expect(fast.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(fast.headers.get('content-length')).toBe(String(Buffer.byteLength(fastText)));
    expect(routed.headers.get('content-length')).toBe(String(Buffer.byteLength(routedText)));
    // The details are for this machine's callers: the database's kind is one of them.
    expect(JSON.parse(fastText)).toMatchObject({ components: { database: { detail: 'pglite' } } });

    const [line] = await waitFor(() => requestLines('lb-poll-1'), {
      what: 'the access log line of the poll',
      until: (found) => found.length === 1,
    });
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/api/health',
      status: 200,
      msg: 'request',
    });
    expect(typeof line!.ms).toBe('number');
    expect(typeof line!.time).toBe('string');
  });

  it('gives a caller that names another host the states only, and a new request id to an unusable one', async () => {
    const foreign = await getWithHost(server.url, '/api/health', 'attacker.example');
    expect(foreign.status).toBe(200);
    const report = JSON.parse(foreign.text) as { components: Record<string, Record<string, unknown>> };
    expect(report.components.database).toEqual({ status: 'up' });

    const odd = await fetch(`${server.url}/api/health`, { headers: { 'X-Request-Id': 'not a token!' } });
    await odd.text();
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
