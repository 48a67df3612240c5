// Issue 9, point 2: every visitor's or user's demo stores are their own, the sandbox has a body limit and a write
// budget per store, and at most 8 copies live at once. Over HTTP against the app's own sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_STORE_RESET_MESSAGE,
  demoStoresResponseSchema,
  type DemoStore,
} from '../../../common/contracts/demo-stores';
import { DUMP_PRODUCT_PATH } from '../../../common/contracts/dump-product';
import { TestClient } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { postJson, type Json } from '../../test/store-tools';

const COPY_HASH = /^sandbox-(demo|empty)-[a-z2-7]{16}$/;

describe.each(testDatabaseKinds())('demo stores on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    // As `npm start` runs: no sandbox fixtures, no control API.
    server = await startTestServer(kind, { SANDBOX_CONTROL: 'off', TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.stop();
  });

  const issue = async (client: TestClient): Promise<DemoStore[]> => {
    const res = await client.post('/api/demo-stores', {});
    expect(res.status).toBe(200);
    return demoStoresResponseSchema.parse(await res.json()).stores;
  };
  const sandbox = (store: DemoStore, path: string, init: RequestInit = {}) =>
    server.request(`/sandbox/stores/${store.storeHash}${path}`, {
      ...init,
      headers: { 'X-Auth-Token': store.accessToken, 'Content-Type': 'application/json', ...init.headers },
    });
  const product = async (store: DemoStore, id: number) => {
    const res = await sandbox(store, `/v3/catalog/products/${id}`);
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('has no shared store with a public token, and gives each visitor a pair of their own', async () => {
    expect((await server.request('/sandbox/stores/sandbox-demo/v3/catalog/products/77')).status).toBe(404);
    const shared = await server.request('/sandbox/stores/sandbox-demo/v3/catalog/products/77', {
      headers: { 'X-Auth-Token': 'demo-token' },
    });
    expect(shared.status).toBe(404);

    const a = await issue(new TestClient(server));
    const b = await issue(new TestClient(server));
    expect(a.map((s) => [s.name, s.clientId])).toEqual([
      ['Harbour & Pine Demo', 'sandbox-demo-client'],
      ['Harbour & Pine (empty)', 'sandbox-empty-client'],
    ]);
    for (const store of [...a, ...b]) expect(store.storeHash).toMatch(COPY_HASH);
    expect(a[0]?.storeHash).toMatch(/^sandbox-demo-/);
    expect(a[1]?.storeHash).toMatch(/^sandbox-empty-/);
    expect(a[0]?.storeHash.slice(-16)).toBe(a[1]?.storeHash.slice(-16));
    expect(b[0]?.storeHash).not.toBe(a[0]?.storeHash);
  });

  it('gives a signed-in user the same pair every time, and another user another pair', async () => {
    const first = new TestClient(server);
    expect(
      (await first.signUp({ name: 'Demo One', email: `one-${kind}@example.com`, password: 'pass-one-1' }))
        .status,
    ).toBe(200);
    const second = new TestClient(server);
    expect(
      (await second.signUp({ name: 'Demo Two', email: `two-${kind}@example.com`, password: 'pass-two-2' }))
        .status,
    ).toBe(200);
    const once = await issue(first);
    expect(await issue(first)).toEqual(once);
    const other = await issue(second);
    expect(other[0]?.storeHash).not.toBe(once[0]?.storeHash);
  });

  it('serves a copy from the seed on first use; what one caller changes, nobody else sees', async () => {
    const [mine] = await issue(new TestClient(server));
    const [theirs] = await issue(new TestClient(server));
    if (!mine || !theirs) throw new Error('no demo stores issued');
    const before = await product(theirs, 77);
    expect(before.status).toBe(200);

    const removed = await sandbox(mine, '/v3/catalog/products?id:in=77,78,79', { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await product(mine, 77)).status).toBe(404);
    expect(await product(theirs, 77)).toEqual(before);

    // Through a tool: the same product dumps from their store and is gone from mine.
    const credentials = (store: DemoStore) => ({
      storeCredentials: {
        id: 's',
        name: store.name,
        storeHash: store.storeHash,
        accessToken: store.accessToken,
        clientId: 'c',
      },
      searchType: 'id',
      searchValue: '77',
    });
    const theirDump = await postJson(server, DUMP_PRODUCT_PATH, credentials(theirs));
    expect(theirDump.status).toBe(200);
    expect(theirDump.body).toMatchObject({ success: true, data: { id: 77 } });
    const myDump = await postJson(server, DUMP_PRODUCT_PATH, credentials(mine));
    expect(myDump.body).toMatchObject({ success: false });

    // A token is good for its own hash only.
    const crossed = await server.request(`/sandbox/stores/${theirs.storeHash}/v3/catalog/products/77`, {
      headers: { 'X-Auth-Token': mine.accessToken },
    });
    expect(crossed.status).toBe(401);
    const forged = await server.request(
      '/sandbox/stores/sandbox-demo-aaaaaaaaaaaaaaaa/v3/catalog/products/77',
      {
        headers: { 'X-Auth-Token': mine.accessToken },
      },
    );
    expect(forged.status).toBe(401);
  });

  it('resets a copy to its seed, with its own token only', async () => {
    const client = new TestClient(server);
    const [mine] = await issue(client);
    const [other] = await issue(new TestClient(server));
    if (!mine || !other) throw new Error('no demo stores issued');
    expect((await sandbox(mine, '/v3/catalog/products/77', { method: 'DELETE' })).status).toBe(204);

    const wrongToken = await client.post('/api/demo-stores/reset', {
      storeHash: mine.storeHash,
      accessToken: other.accessToken,
    });
    expect(wrongToken.status).toBe(404);
    expect(await wrongToken.json()).toEqual({
      code: 'not_demo_store',
      error: 'This is not one of your demo stores: only demo stores can be reset',
    });
    const realStore = await client.post('/api/demo-stores/reset', { storeHash: 'abc123', accessToken: 'x' });
    expect(realStore.status).toBe(404);
    const bad = await client.post('/api/demo-stores/reset', { storeHash: 42 });
    expect(bad.status).toBe(400);
    expect((await product(mine, 77)).status).toBe(404);

    const reset = await client.post('/api/demo-stores/reset', {
      storeHash: mine.storeHash,
      accessToken: mine.accessToken,
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: DEMO_STORE_RESET_MESSAGE });
    expect((await product(mine, 77)).status).toBe(200);
  });

  it('refuses a body over 10 MB, an image over 8 MB and writes past the store’s 16 MB budget', async () => {
    const [mine] = await issue(new TestClient(server));
    if (!mine) throw new Error('no demo stores issued');
    const big = JSON.stringify({ description: 'x'.repeat(11 * 1024 * 1024) });
    const tooBig = await sandbox(mine, '/v3/catalog/products/77', { method: 'PUT', body: big });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ status: 413, title: 'The request payload is too large.' });

    const form = new FormData();
    form.append('image_file', new Blob([new Uint8Array(9 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    const image = await server.request(`/sandbox/stores/${mine.storeHash}/v3/catalog/products/77/images`, {
      method: 'POST',
      headers: { 'X-Auth-Token': mine.accessToken },
      body: form,
    });
    expect(image.status).toBe(413);
    expect(await image.json()).toMatchObject({ status: 413, title: 'The image file is larger than 8 MB.' });

    // 5 MB descriptions: three fit the 16 MB budget, a fourth does not; a store measured as not full (the writes
    // replaced data) takes more. After a reset the store takes 5 MB again.
    const fiveMb = (id: number) =>
      sandbox(mine, `/v3/catalog/products/${id}`, {
        method: 'PUT',
        body: JSON.stringify({ description: `<p>${String(id).repeat((5 * 1024 * 1024) / 2)}</p>` }),
      });
    for (const id of [77, 77, 77, 77]) expect((await fiveMb(id)).status).toBe(200);
    for (const id of [78, 79]) expect((await fiveMb(id)).status).toBe(200);
    const full = await fiveMb(80);
    expect(full.status).toBe(403);
    expect(await full.json()).toMatchObject({
      status: 403,
      title: 'This sandbox store is full: it holds at most 16 MB of written data. Reset it to start again.',
    });
    const unchanged = (await product(mine, 80)).body as { data: { description: string } };
    expect(unchanged.data.description).not.toContain('808080');
    const small = await sandbox(mine, '/v3/catalog/products/81', {
      method: 'PUT',
      body: '{"name":"Small change"}',
    });
    expect(small.status).toBe(200);
    const reset = await new TestClient(server).post('/api/demo-stores/reset', {
      storeHash: mine.storeHash,
      accessToken: mine.accessToken,
    });
    expect(reset.status).toBe(200);
    expect((await fiveMb(80)).status).toBe(200);
  });
});

describe('demo store slots', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { SANDBOX_CONTROL: 'off' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('keeps at most 8 copies: while all are in use, the next caller is told when to come back', async () => {
    const stores: DemoStore[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.request('/api/demo-stores', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      stores.push(...demoStoresResponseSchema.parse(await res.json()).stores);
    }
    const open = (store: DemoStore) =>
      server.request(`/sandbox/stores/${store.storeHash}/v2/store`, {
        headers: { 'X-Auth-Token': store.accessToken },
      });
    for (const store of stores.slice(0, 8)) expect((await open(store)).status).toBe(200);
    const ninth = await open(stores[8]!);
    expect(ninth.status).toBe(503);
    // The least recently used copy may make room once idle for 2 minutes: about 120 s from now.
    const seconds = Number(ninth.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(100);
    expect(seconds).toBeLessThanOrEqual(120);
    expect(await ninth.json()).toMatchObject({
      status: 503,
      title: `Every demo store is in use right now. Please try again in ${seconds} seconds.`,
    });
    // The eight that live still answer, and health counts them without naming them.
    expect((await open(stores[0]!)).status).toBe(200);
    const health = (await (await server.request('/api/health')).json()) as { components: { sandbox: Json } };
    expect(health.components.sandbox).toMatchObject({
      status: 'up',
      detail: '0 shared, 8 of 8 demo copies',
    });
  });
});
