// The app with its built-in sandbox: mounted at /sandbox on the app's port, reached by the client over loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createLogger } from '../../logger';
import { startTestServer, type TestServer } from '../../test/harness';
import { setUpBigCommerce } from './setup';

describe('the app with SANDBOX=on (default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('serves the sandbox under /sandbox with BigCommerce paths and reports it in health', async () => {
    const res = await server.request('/sandbox/stores/sandbox-demo/v2/store', {
      headers: { 'X-Auth-Token': 'demo-token', Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-rate-limit-requests-quota')).toBe('150');
    expect(await res.json()).toMatchObject({ id: 'sandbox-demo' });

    const wrong = await server.request('/sandbox/stores/sandbox-demo/v2/store', {
      headers: { 'X-Auth-Token': 'nope' },
    });
    expect(wrong.status).toBe(401);

    const health = (await (await server.request('/api/health')).json()) as {
      components: Record<string, { status: string; detail?: string }>;
    };
    expect(health.components.sandbox).toMatchObject({ status: 'up', detail: '2 shared, 0 of 8 demo copies' });
  });

  it('lets the client factory reach sandbox stores through the app over loopback', async () => {
    const env = parseEnv({ PORT: '0', LOG_LEVEL: 'silent' });
    const { clients } = setUpBigCommerce(env, server.url, createLogger('silent'));
    const store = await clients
      .forStore({ storeHash: 'sandbox-demo', accessToken: 'demo-token' })
      .store.get();
    expect(store).toMatchObject({ id: 'sandbox-demo' });
    const page = await clients
      .forStore({ storeHash: 'sandbox-empty', accessToken: 'empty-token' })
      .products.list({ limit: 5 });
    expect(page.items).toEqual([]);
  });
});

describe('the app with SANDBOX=off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { SANDBOX: 'off' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('does not serve /sandbox and says so in health', async () => {
    const res = await server.request('/sandbox/stores/sandbox-demo/v2/store', {
      headers: { 'X-Auth-Token': 'demo-token' },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: 'The sandbox store is turned off (SANDBOX=off)',
      code: 'not_found',
    });
    const health = (await (await server.request('/api/health')).json()) as {
      components: Record<string, { status: string }>;
    };
    expect(health.components.sandbox?.status).toBe('disabled');
  });
});
