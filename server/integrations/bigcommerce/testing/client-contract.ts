// The client's integration tests, written once against a target: a fault proxy in front of some BigCommerce-like
// upstream. client-sandbox.int.test.ts runs them against the sandbox (the one BigCommerce fake; the in-process
// memory store that ran them too is gone), an upstream built with `urlUpstream(sandboxUrl)`, stores from its control API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBigCommerceClientFactory, type BigCommerceClient } from '../client';
import { BigCommerceError } from '../errors';
import type { Product } from '../resources/products';
import type { FaultProxy } from './fault-proxy';

export type ContractStore = { storeHash: string; accessToken: string; readOnlyToken?: string };

export type ContractTarget = {
  proxy: FaultProxy;
  /** A new, empty store reachable through the proxy. */
  newStore(): Promise<ContractStore>;
  close(): Promise<void>;
};

const RATE_HEADERS = (resetMs: number) => ({
  'X-Rate-Limit-Requests-Left': '0',
  'X-Rate-Limit-Requests-Quota': '150',
  'X-Rate-Limit-Time-Window-Ms': '30000',
  'X-Rate-Limit-Time-Reset-Ms': String(resetMs),
  'X-Retry-After': '0',
});

async function rejection(promise: Promise<unknown>): Promise<BigCommerceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BigCommerceError) return error;
    throw error;
  }
  throw new Error('expected a BigCommerceError');
}

const newProduct = (name: string) => ({ name, type: 'physical', weight: 1, price: 10 });

export function runClientContract(name: string, makeTarget: () => Promise<ContractTarget>): void {
  describe(`BigCommerce client over HTTP (${name})`, () => {
    let target: ContractTarget;
    let store: ContractStore;
    let client: BigCommerceClient;
    let proxy: FaultProxy;
    const clientFor = (credentials: { storeHash: string; accessToken: string }, maxRateLimitRetries = 6) =>
      createBigCommerceClientFactory({
        baseUrl: proxy.baseUrl,
        sandboxBaseUrl: proxy.baseUrl,
        // Real time, but tiny waits: these tests check what happens, never how long it takes.
        retry: { baseDelayMs: 5, maxDelayMs: 40, rateLimitFallbackMs: 20, maxRateLimitRetries },
        timeoutMs: 10_000,
      }).forStore(credentials);

    beforeAll(async () => {
      target = await makeTarget();
      proxy = target.proxy;
    });
    afterAll(async () => {
      await target.close();
    });
    beforeEach(async () => {
      proxy.reset();
      store = await target.newStore();
      client = clientFor(store);
    });

    it('reads GET /v2/store (unwrapped)', async () => {
      const info = await client.store.get();
      expect(info.id).toBe(store.storeHash);
      expect(proxy.count('GET', '/v2/store')).toBe(1);
    });

    it('pages through a list using meta.pagination.total_pages', async () => {
      for (let i = 1; i <= 7; i++) await client.products.create(newProduct(`Page test ${i}`));
      // The order is BigCommerce's only when asked (`sort`, products_catalog.v3.yml SortParam 9534-9551).
      const all = await client.products.listAll({ limit: 3, query: { sort: 'id' } });
      expect(all.map((p) => p.name)).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `Page test ${i}`));
      const pages = proxy.requests
        .filter((r) => r.method === 'GET' && r.path === '/v3/catalog/products')
        .map((r) => new URLSearchParams(r.search).get('page'))
        .sort();
      expect(pages).toEqual(['1', '2', '3']);
    });

    it('401: a wrong token is rejected, not retried', async () => {
      const error = await rejection(
        clientFor({ storeHash: store.storeHash, accessToken: 'wrong-token' }).store.get(),
      );
      expect(error.code).toBe('bc_unauthorized');
      expect(error.status).toBe(401);
      expect(error.message).toMatch(/^BigCommerce rejected the API token \(401\)/);
      expect(error.message).not.toContain('wrong-token');
      expect(proxy.count('GET', '/v2/store')).toBe(1);
    });

    it('403: a read-only token cannot write, and the message names the scope', async (ctx) => {
      if (!store.readOnlyToken) ctx.skip();
      const created = await client.products.create(newProduct('Scoped'));
      const readOnly = clientFor({ storeHash: store.storeHash, accessToken: store.readOnlyToken! });
      const error = await rejection(readOnly.products.update(created.id, { page_title: 'x' }));
      expect(error).toMatchObject({ code: 'bc_forbidden_scope', status: 403 });
      expect(error.title).toBe("You don't have a required scope to access the endpoint");
      expect(error.message).toContain('Products (modify)');
    });

    it('404: an unknown product', async () => {
      const error = await rejection(client.products.get(987654));
      expect(error).toMatchObject({ code: 'bc_not_found', status: 404, path: '/v3/catalog/products/987654' });
    });

    it('409: a duplicate product name names the field, and is not retried', async () => {
      await client.products.create(newProduct('Twin'));
      const error = await rejection(client.products.create(newProduct('Twin')));
      expect(error).toMatchObject({ code: 'bc_conflict', status: 409, field: 'name' });
      expect(error.message).toMatch(/^BigCommerce refused the change because the name clashes/);
      expect(proxy.count('POST', '/v3/catalog/products')).toBe(2);
    });

    it('422: missing fields are listed', async () => {
      const error = await rejection(client.products.create({ name: 'Half' }));
      expect(error).toMatchObject({ code: 'bc_invalid', status: 422 });
      expect(Object.keys(error.errors).sort()).toEqual(['price', 'type', 'weight']);
      expect(error.message).toContain('price:');
    });

    it('429 then success: waits, sends once more, loses nothing', async () => {
      proxy.inject({
        method: 'GET',
        path: '/v2/store',
        action: { type: 'status', status: 429, headers: RATE_HEADERS(30) },
      });
      const info = await client.store.get();
      expect(info.id).toBe(store.storeHash);
      expect(proxy.count('GET', '/v2/store')).toBe(2);
    });

    it('429 on a POST is retried and creates exactly one product', async () => {
      proxy.inject({
        method: 'POST',
        path: '/v3/catalog/products',
        action: { type: 'status', status: 429, headers: RATE_HEADERS(30) },
      });
      const created = await client.products.create(newProduct('After the storm'));
      expect(created.name).toBe('After the storm');
      expect(proxy.count('POST', '/v3/catalog/products')).toBe(2);
      const found = await client.products.list({ query: { name: 'After the storm' } });
      expect(found.items).toHaveLength(1);
    });

    it('429 until retries run out becomes bc_rate_limited', async () => {
      const limited = clientFor(store, 2);
      proxy.inject({
        method: 'GET',
        path: '/v2/store',
        times: 5,
        action: { type: 'status', status: 429, headers: RATE_HEADERS(10) },
      });
      const error = await rejection(limited.store.get());
      expect(error).toMatchObject({ code: 'bc_rate_limited', status: 429, retries: 2 });
      expect(proxy.count('GET', '/v2/store')).toBe(3);
    });

    it('5xx on a GET is retried', async () => {
      const created = await client.products.create(newProduct('Flaky'));
      proxy.inject({
        method: 'GET',
        path: /^\/v3\/catalog\/products\/\d+$/,
        times: 2,
        action: { type: 'status', status: 503 },
      });
      const product = await client.products.get(created.id);
      expect(product.name).toBe('Flaky');
      expect(proxy.count('GET', /^\/v3\/catalog\/products\/\d+$/)).toBe(3);
    });

    it('5xx on a POST is not retried, and says the change may have been saved', async () => {
      proxy.inject({
        method: 'POST',
        path: '/v3/content/widget-templates',
        action: { type: 'status', status: 500 },
      });
      const error = await rejection(
        client.widgetTemplates.create({ name: 'Banner', template: '<p>{{text}}</p>', channel_id: 1 }),
      );
      expect(error).toMatchObject({ code: 'bc_unavailable', mayHaveBeenApplied: true });
      expect(proxy.count('POST', '/v3/content/widget-templates')).toBe(1);
    });

    it('a dropped connection is retried for a GET', async () => {
      proxy.inject({ method: 'GET', path: '/v2/store', action: { type: 'drop-before' } });
      const info = await client.store.get();
      expect(info.id).toBe(store.storeHash);
      expect(proxy.count('GET', '/v2/store')).toBe(2);
    });

    it('a dropped connection is retried for a PUT, and the update lands once', async () => {
      const created = await client.products.create(newProduct('Retitle me'));
      proxy.inject({
        method: 'PUT',
        path: `/v3/catalog/products/${created.id}`,
        action: { type: 'drop-after' },
      });
      const updated = await client.products.update(created.id, { page_title: 'New title' });
      expect(updated.page_title).toBe('New title');
      expect(proxy.count('PUT', `/v3/catalog/products/${created.id}`)).toBe(2);
    });

    it('a POST whose connection dropped after it was processed is not sent again', async () => {
      proxy.inject({ method: 'POST', path: '/v3/content/widget-templates', action: { type: 'drop-after' } });
      const error = await rejection(
        client.widgetTemplates.create({ name: 'Hero', template: '<h1>{{t}}</h1>', channel_id: 1 }),
      );
      expect(error).toMatchObject({ code: 'bc_network', mayHaveBeenApplied: true });
      expect(error.message).toContain('may or may not have been saved');
      expect(proxy.count('POST', '/v3/content/widget-templates')).toBe(1);
      // It did land: re-sending blindly would have made two. (Custom kind only: BigCommerce stores, and the
      // sandbox, also hold built-in templates.)
      const custom = await client.widgetTemplates.listAll({ query: { widget_template_kind: 'custom' } });
      expect(custom.map((t) => t.name)).toEqual(['Hero']);
    });

    it('a product POST whose connection dropped is found by name instead of created twice', async () => {
      proxy.inject({ method: 'POST', path: '/v3/catalog/products', action: { type: 'drop-after' } });
      const created = await client.products.create(newProduct('Only once'));
      expect(created.name).toBe('Only once');
      expect(proxy.count('POST', '/v3/catalog/products')).toBe(1);
      const found = await client.products.list({ query: { name: 'Only once' } });
      expect(found.items.map((p) => p.id)).toEqual([created.id]);
    });

    it('a batch of 10 with one bad product: the 9 good ones land', async () => {
      const products: Product[] = [];
      for (let i = 1; i <= 10; i++) products.push(await client.products.create(newProduct(`Batch ${i}`)));
      const items = products.map((p, i) =>
        i === 4
          ? { id: p.id, name: 'Batch 1', page_title: 'Bad' }
          : { id: p.id, page_title: `Edited ${i + 1}` },
      );
      const report = await client.updateProductsInBatches(items);
      expect(report.succeeded).toBe(9);
      expect(report.failed).toBe(1);
      const bad = report.results[4]!;
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.error).toMatchObject({ code: 'bc_conflict', field: 'name' });
      expect(report.requests).toBe(proxy.count('PUT', '/v3/catalog/products'));
      const after = await client.products.listAll({ query: { sort: 'id' } });
      const titles = after
        .filter((p) => products.some((q) => q.id === p.id))
        // Unset is `""` at BigCommerce (and in the sandbox), absent in the memory store.
        .map((p) => p.page_title || null);
      expect(titles).toEqual(
        [1, 2, 3, 4, null, 6, 7, 8, 9, 10].map((n) => (n === null ? null : `Edited ${n}`)),
      );
      expect(after.filter((p) => p.name === 'Batch 1')).toHaveLength(1);
    });
  });
}
