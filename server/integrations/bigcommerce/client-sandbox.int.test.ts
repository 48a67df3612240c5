// The client against the sandbox store over loopback.
//
// 1. The shared client contract (testing/client-contract.ts), with the sandbox as the upstream of the fault proxy:
//    the same bodies that run against the memory store. The 403 case skips: the sandbox does not model OAuth scopes
//    (one token per store does everything, sandbox/README.md "What the sandbox does not model").
// 2. Faults set through the sandbox's own control API (storms, injected 5xx, dropped connections before and after
//    the handler, a small real quota), with the sandbox's statistics as the proof that no request was lost and no
//    write repeated (`productWrites` counts, per product, the write requests that reached a handler).
//    The client and the sandbox share one fake clock: rate-limit windows, 429 waits and backoff move only when the
//    test drives the clock, so nothing sleeps for real.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBigCommerceClientFactory, type BigCommerceClient } from './client';
import { createFakeClock, type FakeClock } from './clock';
import { BigCommerceError, PartialSaveError } from './errors';
import type { Product } from './resources/products';
import type { StoreStatsSnapshot } from '../../sandbox/core/stats';
import { startSandboxServer, type RunningSandbox } from '../../sandbox/test-server';
import { controlCall } from '../../test/sandbox-control';
import { drive } from './test-support';
import { runClientContract } from './testing/client-contract';
import { startFaultProxy, urlUpstream } from './testing/fault-proxy';

runClientContract('sandbox behind a fault proxy', async () => {
  const sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
  const proxy = await startFaultProxy(urlUpstream(sb.baseUrl));
  let next = 0;
  return {
    proxy,
    async newStore() {
      const storeHash = `sandbox-client-${++next}`;
      const accessToken = `token-${next}`;
      const readOnlyToken = `read-only-${next}`;
      const created = await controlCall(sb, 'POST', '/stores', {
        hash: storeHash,
        token: accessToken,
        readOnlyToken,
        kind: 'empty',
      });
      if (created.status !== 201) throw new Error(`could not create ${storeHash}: ${created.status}`);
      return { storeHash, accessToken, readOnlyToken };
    },
    close: async () => {
      await proxy.close();
      await sb.close();
    },
  };
});

describe('BigCommerce client against the sandbox, faults from the control API', () => {
  const HASH = 'sandbox-demo';
  let sb: RunningSandbox;
  let clock: FakeClock;
  let client: BigCommerceClient;

  const control = (method: string, path: string, body?: unknown) => controlCall(sb, method, path, body);
  const settings = async (body: Record<string, unknown>) => {
    const res = await control('PUT', `/stores/${HASH}/settings`, body);
    expect(res.status).toBe(200);
  };
  const stats = async () => (await control('GET', `/stores/${HASH}/stats`)).body.data as StoreStatsSnapshot;
  const run = <T>(promise: Promise<T>) => drive(clock, promise, 100_000);
  const rejection = async (promise: Promise<unknown>): Promise<BigCommerceError> => {
    try {
      await run(promise);
    } catch (error) {
      if (error instanceof BigCommerceError) return error;
      throw error;
    }
    throw new Error('expected a BigCommerceError');
  };
  const makeClient = (accessToken = 'demo-token') =>
    createBigCommerceClientFactory({ sandboxBaseUrl: sb.baseUrl, clock, random: () => 0.5 }).forStore({
      storeHash: HASH,
      accessToken,
    });

  beforeAll(async () => {
    clock = createFakeClock(Date.UTC(2026, 0, 15, 12, 0, 0));
    sb = await startSandboxServer({ clock: () => clock.now() });
  });
  afterAll(async () => {
    await sb.close();
  });
  beforeEach(async () => {
    expect((await control('POST', `/stores/${HASH}/reset`)).status).toBe(200);
    // A fresh client (and scheduler) per test, and a fresh rate-limit window.
    await clock.advance(60_000);
    client = makeClient();
  });

  it('pages through all 1,260 demo products with limit=250: 6 requests, no product missed or repeated', async () => {
    const all = await run(
      client.products.listAll({ limit: 250, query: { include_fields: 'name', sort: 'id' } }),
    );
    expect(all).toHaveLength(1260);
    expect(new Set(all.map((p) => p.id)).size).toBe(1260);
    expect(all.map((p) => p.id)).toEqual([...all.map((p) => p.id)].sort((a, b) => a - b));
    const s = await stats();
    expect(s.byRoute['GET /stores/:hash/v3/catalog/products']).toBe(6);
    expect(s.requests).toBe(6);
  });

  it('reads every widget template, widget and placement the demo store serves with its own schemas', async () => {
    // Moved from the sandbox's tests: the client's view of the API is checked here, never inside the emulator.
    const templates = await run(client.widgetTemplates.listAll());
    expect(templates.length).toBeGreaterThan(5);
    expect(new Set(templates.map((t) => t.kind)).size).toBeGreaterThan(1);
    const widgets = await run(client.widgets.listAll());
    expect(widgets.length).toBeGreaterThan(0);
    const placements = await run(client.placements.listAll({ query: { template_file: 'pages/home' } }));
    expect(placements.length).toBeGreaterThan(0);
  });

  it('401: a wrong token, not retried', async () => {
    const error = await rejection(makeClient('not-the-token').store.get());
    expect(error).toMatchObject({ code: 'bc_unauthorized', status: 401 });
    expect((await stats()).byStatus).toEqual({ '401': 1 });
  });

  it('404: an unknown product', async () => {
    const error = await rejection(client.products.get(5));
    expect(error).toMatchObject({ code: 'bc_not_found', status: 404, path: '/v3/catalog/products/5' });
  });

  it('409: a duplicate SKU (any case) names the field; nothing is created', async () => {
    const [existing] = (await run(client.products.list({ limit: 1 }))).items;
    const error = await rejection(
      client.products.create({
        name: 'A brand new name',
        type: 'physical',
        price: 5,
        weight: 1,
        sku: existing!.sku!.toLowerCase(),
      }),
    );
    expect(error).toMatchObject({ code: 'bc_conflict', status: 409, field: 'sku' });
    const found = await run(client.products.list({ query: { name: 'A brand new name' } }));
    expect(found.items).toEqual([]);
  });

  it('422: missing required fields are listed', async () => {
    const error = await rejection(client.products.create({ name: 'Half a product' }));
    expect(error).toMatchObject({ code: 'bc_invalid', status: 422 });
    expect(Object.keys(error.errors).sort()).toEqual(['price', 'type', 'weight']);
  });

  it('429 storm, then success: the update lands once and nothing is lost', async () => {
    const [product] = (await run(client.products.list({ limit: 1 }))).items;
    await settings({ storm: { count: 3, resetMs: 2_000 }, match: { method: 'PUT' } });
    const started = clock.now();
    const updated = await run(client.products.update(product!.id, { description: '<p>After the storm</p>' }));
    expect(updated.description).toBe('<p>After the storm</p>');
    // It waited X-Rate-Limit-Time-Reset-Ms after each 429 (fake time).
    expect(clock.now() - started).toBeGreaterThanOrEqual(3 * 2_000);
    const s = await stats();
    expect(s.rateLimited).toBe(3);
    expect(s.byRoute['PUT /stores/:hash/v3/catalog/products/:product_id']).toBe(1);
    expect(s.productWrites).toEqual({ [String(product!.id)]: 1 });
  });

  it('a real quota (10 per 300 ms) shared by two app instances: 429s, yet every product written exactly once', async () => {
    await settings({ quota: 10, windowMs: 300 });
    const chosen = (await run(client.products.list({ limit: 200, query: { include_fields: 'name' } }))).items;
    expect(chosen).toHaveLength(200);
    // Two factories, as two app instances would have: two schedulers, one quota at the store.
    const other = makeClient();
    const [a, b] = await run(
      Promise.all([
        client.updateProductsInBatches(
          chosen.slice(0, 100).map((p) => ({ id: p.id, page_title: `Quota ${p.id}` })),
        ),
        other.updateProductsInBatches(
          chosen.slice(100).map((p) => ({ id: p.id, page_title: `Quota ${p.id}` })),
        ),
      ]),
    );
    expect([a, b].map((r) => [r.succeeded, r.failed, r.requests])).toEqual([
      [100, 0, 10],
      [100, 0, 10],
    ]);
    const s = await stats();
    expect(s.rateLimited).toBeGreaterThan(0);
    expect(s.byRoute['PUT /stores/:hash/v3/catalog/products']).toBe(20);
    expect(Object.keys(s.productWrites)).toHaveLength(200);
    expect(Object.values(s.productWrites).every((n) => n === 1)).toBe(true);
    await settings({ quota: 1_000 });
    const after = await run(
      client.products.listAll({ query: { 'id:in': chosen.map((p) => p.id), include_fields: 'page_title' } }),
    );
    expect(after.map((p) => p.page_title)).toEqual(chosen.map((p) => `Quota ${p.id}`));
  });

  it('207 naming item 3: that product fails with its field and message, the other nine saved, one request', async () => {
    const products: Product[] = (await run(client.products.list({ limit: 11 }))).items;
    const takenUrl = products[10]!.custom_url!.url;
    const report = await run(
      client.updateProductsInBatches(
        products
          .slice(0, 10)
          .map((p, i) =>
            i === 3
              ? { id: p.id, page_title: `Indexed ${i}`, custom_url: { url: takenUrl, is_customized: true } }
              : { id: p.id, page_title: `Indexed ${i}` },
          ),
      ),
    );
    expect([report.succeeded, report.failed, report.requests]).toEqual([9, 1, 1]);
    expect(report.results[3]).toMatchObject({
      id: products[3]!.id,
      ok: false,
      error: {
        status: 207,
        field: 'custom_url',
        message: `BigCommerce saved product ${products[3]!.id}, but not all of it: custom_url: The URL was not updated: "${takenUrl}" is already in use.`,
      },
    });
    const s = await stats();
    expect(Object.values(s.productWrites).every((n) => n === 1)).toBe(true);
  });

  it('a long 5xx storm in the middle of a batch job: it waits it out and writes every product exactly once', async () => {
    const chosen = (await run(client.products.list({ limit: 50, query: { include_fields: 'name' } }))).items;
    // Two batches go through, then 7 answers of 500 in a row (minutes of waiting on the job budget), then calm.
    await settings({ errorAfter: 2, errorNext: 7, errorStatus: 500, match: { method: 'PUT' } });
    const waits: string[] = [];
    const started = clock.now();
    const report = await run(
      client.updateProductsInBatches(
        chosen.map((p) => ({ id: p.id, page_title: `Storm ${p.id}` })),
        {
          parallel: 1,
          onProgress: (p) => {
            if (p.waiting) waits.push(`retry ${p.waiting.retry} of ${p.waiting.of} after ${p.done} done`);
          },
        },
      ),
    );
    expect([report.succeeded, report.failed, report.requests]).toEqual([50, 0, 5]);
    expect(waits).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `retry ${n} of 8 after 20 done`));
    expect(clock.now() - started).toBeGreaterThanOrEqual(2 * 60_000);
    const s = await stats();
    expect(s.injectedErrors).toBe(7);
    expect(Object.keys(s.productWrites)).toHaveLength(50);
    expect(Object.values(s.productWrites).every((n) => n === 1)).toBe(true);
    const after = await run(
      client.products.listAll({ query: { 'id:in': chosen.map((p) => p.id), include_fields: 'page_title' } }),
    );
    expect(after.map((p) => p.page_title)).toEqual(chosen.map((p) => `Storm ${p.id}`));
  });

  it('5xx on a GET is retried until it answers', async () => {
    const [product] = (await run(client.products.list({ limit: 1 }))).items;
    await settings({ errorNext: 2, errorStatus: 503, match: { method: 'GET', path: '/catalog/products/' } });
    const got = await run(client.products.get(product!.id));
    expect(got.id).toBe(product!.id);
    const s = await stats();
    expect(s.injectedErrors).toBe(2);
    expect(s.byStatus['503']).toBe(2);
  });

  it('5xx on a PUT is retried (the injected error came before any write): written once', async () => {
    const [product] = (await run(client.products.list({ limit: 1 }))).items;
    await settings({ errorNext: 1, match: { method: 'PUT' } });
    await run(client.products.update(product!.id, { page_title: 'Retried' }));
    const s = await stats();
    expect(s.injectedErrors).toBe(1);
    expect(s.productWrites).toEqual({ [String(product!.id)]: 1 });
  });

  it('a connection dropped before the handler is retried for a GET', async () => {
    await settings({ dropNext: 1, dropPhase: 'before', match: { method: 'GET', path: '/v2/store' } });
    const info = await run(client.store.get());
    expect(info.id).toBe(HASH);
    const s = await stats();
    expect(s.dropped).toBe(1);
    expect(s.requests).toBe(2);
  });

  it('a product POST whose answer was lost is looked up by name, not sent again: created exactly once', async () => {
    await settings({ dropNext: 1, dropPhase: 'after', match: { method: 'POST', path: '/catalog/products' } });
    const created = await run(
      client.products.create({ name: 'Exactly Once Kettle', type: 'physical', price: 30, weight: 1 }),
    );
    expect(created.name).toBe('Exactly Once Kettle');
    const s = await stats();
    expect(s.dropped).toBe(1);
    expect(s.byRoute['POST /stores/:hash/v3/catalog/products']).toBe(1);
    const found = await run(client.products.list({ query: { name: 'Exactly Once Kettle' } }));
    expect(found.items.map((p) => p.id)).toEqual([created.id]);
  });

  it('a widget-template POST whose answer was lost is reported, not repeated', async () => {
    await settings({
      dropNext: 1,
      dropPhase: 'after',
      match: { method: 'POST', path: '/content/widget-templates' },
    });
    const error = await rejection(
      client.widgetTemplates.create({ name: 'Lost answer', template: '<p>x</p>', channel_id: 1 }),
    );
    expect(error).toMatchObject({ code: 'bc_network', mayHaveBeenApplied: true });
    const s = await stats();
    expect(s.byRoute['POST /stores/:hash/v3/content/widget-templates']).toBe(1);
    const named = await run(client.widgetTemplates.listAll({ query: { widget_template_kind: 'custom' } }));
    expect(named.filter((t) => t.name === 'Lost answer')).toHaveLength(1);
  });

  it('a product PUT answered 207 (its custom URL taken) is a PartialSaveError with the saved product, sent once', async () => {
    const [first, second] = (await run(client.products.list({ limit: 2 }))).items;
    const taken = second!.custom_url!.url;
    const error = await rejection(
      client.products.update(first!.id, {
        page_title: 'Saved in part',
        custom_url: { url: taken, is_customized: true },
      }),
    );
    expect(error).toBeInstanceOf(PartialSaveError);
    expect(error).toMatchObject({
      status: 207,
      errors: { custom_url: `The URL was not updated: "${taken}" is already in use.` },
      message: `BigCommerce saved only part of the change (207 on PUT /v3/catalog/products/${first!.id}): custom_url: The URL was not updated: "${taken}" is already in use. Check the store before counting it as done.`,
    });
    expect((error as PartialSaveError).saved).toMatchObject({ id: first!.id, page_title: 'Saved in part' });
    expect((await stats()).productWrites).toEqual({ [String(first!.id)]: 1 });
  });

  it('a category update answered 207 names no category: the batch is reported whole, none counted as updated', async () => {
    const [category] = (await run(client.categories.list({ limit: 1 }))).items;
    const error = await rejection(
      client.categories.update([
        { category_id: category!.category_id, page_title: 'Partly' },
        { category_id: 987_654, page_title: 'Nobody' },
      ]),
    );
    expect(error).toMatchObject({
      status: 207,
      saved: undefined,
      message:
        'BigCommerce saved only part of the change (207 on PUT /v3/catalog/trees/categories, 1 of 2 saved): 1: Category 987654 does not exist. Check the store before counting it as done.',
    });
  });

  it('a template update is a new version: a widget made from it keeps what it showed (widgets.v3.yml:1268-1270)', async () => {
    const template = await run(
      client.widgetTemplates.create({ name: 'Versioned', template: '<p>{{text}}</p>', channel_id: 1 }),
    );
    const widget = await run(
      client.widgets.create({
        name: 'On the home page',
        widget_template_uuid: template.uuid,
        widget_configuration: { text: 'Hi' },
        channel_id: 1,
      }),
    );
    const updated = await run(
      client.widgetTemplates.update(template.uuid, { template: '<h2>{{text}}</h2>' }),
    );
    expect(updated.current_version_uuid).not.toBe(template.current_version_uuid);
    expect(updated.template).toBe('<h2>{{text}}</h2>');
    const after = await run(client.widgets.get(widget.uuid));
    expect(after.widget_template).toMatchObject({ template: '<p>{{text}}</p>' });
    expect(after.version_uuid).toBe(template.current_version_uuid);
  });

  it('a batch of 10 with one invalid product: the 9 others are updated, verified on the sandbox', async () => {
    const products: Product[] = (await run(client.products.list({ limit: 10 }))).items;
    expect(products).toHaveLength(10);
    const items = products.map((p, i) =>
      i === 6
        ? { id: p.id, name: products[0]!.name, description: '<p>Bad</p>' }
        : { id: p.id, description: `<p>Batch ${i}</p>` },
    );
    const report = await run(client.updateProductsInBatches(items));
    expect(report.succeeded).toBe(9);
    expect(report.failed).toBe(1);
    const bad = report.results[6]!;
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'bc_conflict', field: 'name' });

    const after = await run(
      client.products.listAll({
        query: { 'id:in': products.map((p) => p.id), include_fields: 'name,description' },
      }),
    );
    expect(after.map((p) => p.description)).toEqual(
      products.map((p, i) => (i === 6 ? p.description : `<p>Batch ${i}</p>`)),
    );
    const s = await stats();
    // The refused batch names item 6 ("6.name"): it fails alone and the other 9 go again as one batch.
    expect(report.requests).toBe(2);
    expect(s.byRoute['PUT /stores/:hash/v3/catalog/products']).toBe(2);
    expect(Object.values(s.productWrites).every((n) => n === 1)).toBe(true);
    expect(Object.keys(s.productWrites)).toHaveLength(9);
  });
});
