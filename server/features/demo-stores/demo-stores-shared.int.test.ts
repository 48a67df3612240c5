// Issue 29: two app instances on one PostgreSQL database (as behind a load balancer) serve the same demo copies. What
// a visitor changes through one instance, the other serves at once, through the sandbox and through a tool; a reset
// through one is the seed on the other; the copies' slots, their eviction and each copy's quota are counted once for
// both. PostgreSQL only: two processes cannot share a PGlite database (the single-instance path on PGlite is
// demo-stores.int.test.ts).
import { describe, expect, it } from 'vitest';
import { demoStoresResponseSchema, type DemoStore } from '../../../common/contracts/demo-stores';
import { DUMP_PRODUCT_PATH } from '../../../common/contracts/dump-product';
import { appsOnSharedState } from '../../test/apps-on-shared-state';
import type { ChildApp } from '../../test/child-server';
import { testDatabaseKinds } from '../../test/harness';
import { waitFor } from '../../test/wait-for';

type Json = Record<string, unknown>;

// Skipped, not empty, where no PostgreSQL is given (the Node 24 run is PGlite only): an empty file fails vitest.
describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'demo copies served by two instances (postgres)',
  () => {
    const apps = appsOnSharedState('postgres', 'bct-demo-shared-');
    let a: ChildApp;
    let b: ChildApp;

    const start = () =>
      // At most 2 copies, evictable after 2 s unused, so the caps are reached and freed within the test.
      apps.start({ SANDBOX_DEMO_COPIES: '2', SANDBOX_DEMO_EVICT_SECONDS: '2' });

    const issue = async (app: ChildApp): Promise<DemoStore[]> => {
      const res = await fetch(`${app.url}/api/demo-stores`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', origin: app.url },
        body: '{}',
      });
      expect(res.status).toBe(200);
      return demoStoresResponseSchema.parse(await res.json()).stores;
    };
    const call = async (app: ChildApp, store: DemoStore, path: string, init: RequestInit = {}) => {
      const res = await fetch(`${app.url}/sandbox/stores/${store.storeHash}${path}`, {
        ...init,
        headers: { 'X-Auth-Token': store.accessToken, 'Content-Type': 'application/json', ...init.headers },
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as Json };
    };
    const reset = async (app: ChildApp, store: DemoStore) => {
      const res = await fetch(`${app.url}/api/demo-stores/reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', origin: app.url },
        body: JSON.stringify({ storeHash: store.storeHash, accessToken: store.accessToken }),
      });
      expect(res.status).toBe(200);
    };
    const nameOf = (answer: { body: Json }) => (answer.body.data as { name?: string } | undefined)?.name;

    it(
      'serves through B what a visitor changed through A, and the other way round',
      { timeout: 120_000 },
      async () => {
        // One after the other: the first applies the migrations.
        a = await start();
        b = await start();
        const [demo] = await issue(a);
        if (!demo) throw new Error('no demo store issued');
        const seed = await call(a, demo, '/v3/catalog/products/77');
        expect(seed.status).toBe(200);

        const renamed = await call(a, demo, '/v3/catalog/products/77', {
          method: 'PUT',
          body: JSON.stringify({ name: 'Renamed through instance A' }),
        });
        expect(renamed.status).toBe(200);
        const throughB = await call(b, demo, '/v3/catalog/products/77');
        expect(nameOf(throughB)).toBe('Renamed through instance A');
        expect(throughB.body).toEqual((await call(a, demo, '/v3/catalog/products/77')).body);

        // Through a tool on B: its client reaches B's own sandbox over loopback.
        const dumped = await fetch(`${b.url}${DUMP_PRODUCT_PATH}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', origin: b.url },
          body: JSON.stringify({
            storeCredentials: {
              id: 's',
              name: demo.name,
              storeHash: demo.storeHash,
              accessToken: demo.accessToken,
            },
            searchType: 'id',
            searchValue: '77',
          }),
        });
        expect(await dumped.json()).toMatchObject({
          success: true,
          data: { name: 'Renamed through instance A' },
        });

        const created = await call(b, demo, '/v3/catalog/products', {
          method: 'POST',
          body: JSON.stringify({ name: 'Made through instance B', type: 'physical', weight: 1, price: 9 }),
        });
        expect(created.status).toBe(200);
        const id = (created.body.data as { id: number }).id;
        expect((await call(b, demo, '/v3/catalog/products/78', { method: 'DELETE' })).status).toBe(204);
        const madeSeenByA = await call(a, demo, `/v3/catalog/products/${id}`);
        expect(madeSeenByA.body).toEqual((await call(b, demo, `/v3/catalog/products/${id}`)).body);
        expect((await call(a, demo, '/v3/catalog/products/78')).status).toBe(404);

        const template = await call(a, demo, '/v3/content/widget-templates', {
          method: 'POST',
          body: JSON.stringify({ name: 'Shared banner', template: '<p>{{text}}</p>' }),
        });
        expect(template.status).toBe(200);
        const uuid = (template.body.data as { uuid: string }).uuid;
        expect((await call(b, demo, `/v3/content/widget-templates/${uuid}`)).body).toEqual(template.body);

        // A reset through B is the seed through A.
        await reset(b, demo);
        expect((await call(a, demo, '/v3/catalog/products/77')).body).toEqual(seed.body);
        expect((await call(a, demo, `/v3/catalog/products/${id}`)).status).toBe(404);
        await reset(a, demo);
      },
    );

    it('takes concurrent writes through both instances, each exactly once', async () => {
      const [demo] = await issue(b);
      if (!demo) throw new Error('no demo store issued');
      const ids = Array.from({ length: 24 }, (_, i) => 100 + i);
      const answers = await Promise.all(
        ids.map((id, i) =>
          call(i % 2 ? b : a, demo, `/v3/catalog/products/${id}`, {
            method: 'PUT',
            body: JSON.stringify({ name: `Concurrent ${id}` }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
      const page = `/v3/catalog/products?id:in=${ids.join(',')}&limit=50&include_fields=name&sort=id`;
      const throughA = await call(a, demo, page);
      expect((throughA.body.data as { name: string }[]).map((p) => p.name)).toEqual(
        ids.map((id) => `Concurrent ${id}`),
      );
      expect((await call(b, demo, page)).body).toEqual(throughA.body);
      await reset(a, demo);
    });

    it('counts one quota per copy and at most 2 copies for both instances; evicts the least recently used', async () => {
      const [x] = await issue(a);
      const [y] = await issue(b);
      const [z] = await issue(a);
      if (!x || !y || !z) throw new Error('no demo store issued');
      // The copy left by the first test (reset, so not alive) holds no slot: x and y take both.
      const first = await call(a, x, '/v3/catalog/products/77', {
        method: 'PUT',
        body: '{"name":"Mine, X"}',
      });
      expect(first.status).toBe(200);
      const left = Number(first.headers.get('x-rate-limit-requests-left'));
      const onB = await call(b, x, '/v2/store');
      expect(Number(onB.headers.get('x-rate-limit-requests-left'))).toBe(left - 1);
      expect((await call(b, y, '/v2/store')).status).toBe(200);

      for (const app of [a, b]) {
        const refused = await call(app, z, '/v2/store');
        expect(refused.status).toBe(503);
        const seconds = Number(refused.headers.get('retry-after'));
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(2);
      }
      const health = (await (await fetch(`${a.url}/api/health`)).json()) as { components: { sandbox: Json } };
      expect(health.components.sandbox).toMatchObject({ detail: '0 shared, 2 of 2 demo copies' });

      // Once x (the least recently used) has been idle for 2 s, z takes its slot, whichever instance asks.
      await waitFor(() => call(b, z, '/v2/store'), {
        what: 'z to take the slot of x, evicted',
        intervalMs: 200,
        until: (answer) => {
          if (answer.status !== 200) expect(answer.status).toBe(503);
          return answer.status === 200;
        },
      });
      // x was evicted on both: its next use starts again from the seed (once a slot is free again).
      const again = await waitFor(() => call(a, x, '/v3/catalog/products/77'), {
        what: 'x to come back from its seed',
        intervalMs: 200,
        until: (answer) => answer.status !== 503,
      });
      expect(again.status).toBe(200);
      expect(nameOf(again)).not.toBe('Mine, X');
    });
  },
);
