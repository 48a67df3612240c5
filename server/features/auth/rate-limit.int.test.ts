import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createLogger } from '../../logger';
import { startServer } from '../../server';
import { errorSchema, TestClient } from '../../test/accounts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
  type TestServer,
} from '../../test/harness';

const LIMIT = 3;

/** Two app instances on one database, as behind a load balancer; either can be restarted. */
describe.each(testDatabaseKinds())('sign-in and sign-up rate limits on %s', (kind) => {
  let database: TestDatabase;
  const running: TestServer[] = [];

  const start = async (): Promise<TestServer> => {
    const env = parseEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      SANDBOX: 'off',
      TRUSTED_PROXIES: '127.0.0.1',
      AUTH_RATE_LIMIT: String(LIMIT),
    });
    const server = await startServer(env, { database, logger: createLogger('silent') });
    const testServer: TestServer = {
      ...server,
      request: (path, init) => fetch(`${server.url}${path}`, init),
      stop: () => server.close(),
    };
    running.push(testServer);
    return testServer;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const server of running) await server.stop();
    await database.dispose();
  });

  it('counts attempts per client address across instances and restarts, and answers 429 with a code', async () => {
    const first = await start();
    const second = await start();
    const ip = '198.51.100.7';
    const attempt = (server: TestServer) =>
      new TestClient(server, { ip }).signIn('someone@example.com', 'wrong-password');

    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(second)).status).toBe(401);
    await first.stop();
    const restarted = await start();
    expect((await attempt(restarted)).status).toBe(401);

    const limited = await attempt(restarted);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = errorSchema.parse(await limited.json());
    expect(body.code).toBe('TOO_MANY_REQUESTS');
    expect(body.message).toBe(`Too many attempts. Please try again in ${retryAfter} seconds.`);
    expect((await attempt(second)).status).toBe(429);

    // Another address has its own count; sign-up has its own count too.
    expect(
      (await new TestClient(second, { ip: '198.51.100.8' }).signIn('someone@example.com', 'x1234567')).status,
    ).toBe(401);
    const signUp = await new TestClient(second, { ip }).signUp({
      name: 'New',
      email: 'new-person@example.com',
      password: 'secret-1',
    });
    expect(signUp.status).toBe(200);
  });

  it('does not take a client-sent address header at face value', async () => {
    const server = await start();
    // Without TRUSTED_PROXIES in front, our own header from a client is replaced by the socket address; here the
    // proxy (loopback) is trusted, so X-Forwarded-For decides and the forged header is ignored.
    const forged = async (n: number) =>
      new TestClient(server, { ip: '198.51.100.20' }).request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: 'x@example.com', password: 'nope-nope' },
        headers: { 'x-bct-client-ip': `192.0.2.${n}` },
      });
    const statuses = [];
    for (let n = 1; n <= LIMIT + 1; n++) statuses.push((await forged(n)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
