import { inspect } from 'node:util';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  createBigCommerceClient,
  createBigCommerceClientFactory,
  type BigCommerceClientFactoryOptions,
} from './client';
import { createFakeClock } from './clock';
import { BigCommerceError, isPartialSave, PartialSaveError } from './errors';
import type { BigCommerceLogger } from './http';
import {
  bcError,
  drive,
  fakeFetch,
  fetchFailure,
  json,
  rejectionOf,
  TEST_TOKEN,
  type FakeAnswer,
} from './test-support';

function recordingLogger() {
  const lines: { level: string; obj: Record<string, unknown>; msg?: string }[] = [];
  const logger: BigCommerceLogger = {
    debug: (obj, msg) => lines.push({ level: 'debug', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
  };
  return { logger, lines };
}

function setup(
  answers: FakeAnswer | FakeAnswer[],
  options: BigCommerceClientFactoryOptions = {},
  storeHash = 'abc123',
) {
  const clock = createFakeClock();
  const fake = fakeFetch(answers);
  const { logger, lines } = recordingLogger();
  const client = createBigCommerceClient({
    storeHash,
    accessToken: TEST_TOKEN,
    fetch: fake.fetch,
    clock,
    logger,
    random: () => 0.5,
    timeoutMs: 0,
    ...options,
  });
  return { client, clock, fake, lines, run: <T>(p: Promise<T>) => drive(clock, p) };
}

const product = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Product ${id}`,
  ...extra,
});
const page = (items: unknown[], current: number, totalPages: number, perPage = 2) => ({
  data: items,
  meta: {
    pagination: {
      total: totalPages * perPage,
      count: items.length,
      per_page: perPage,
      current_page: current,
      total_pages: totalPages,
      links: { current: `?page=${current}&limit=${perPage}` },
    },
  },
});

describe('URLs and authentication', () => {
  it('sends X-Auth-Token to https://api.bigcommerce.com/stores/{hash} by default', async () => {
    const t = setup(json(200, { id: 'abc123', name: 'Demo' }));
    const store = await t.run(t.client.store.get());
    expect(store).toMatchObject({ id: 'abc123', name: 'Demo' });
    expect(t.fake.requests[0]!.url).toBe('https://api.bigcommerce.com/stores/abc123/v2/store');
    expect(t.fake.requests[0]!.headers.get('x-auth-token')).toBe(TEST_TOKEN);
    expect(t.fake.requests[0]!.headers.get('accept')).toBe('application/json');
  });

  it('uses baseUrl (BC_API_BASE_URL) for real hashes and sandboxBaseUrl for sandbox- hashes', async () => {
    const factory = createBigCommerceClientFactory({
      baseUrl: 'http://127.0.0.1:9999/proxy/',
      sandboxBaseUrl: 'http://127.0.0.1:3000/sandbox',
      fetch: fakeFetch(json(200, { data: [], meta: {} })).fetch,
      clock: createFakeClock(),
    });
    const urls: string[] = [];
    for (const storeHash of ['abc123', 'sandbox-demo']) {
      const fake = fakeFetch(json(200, { data: [], meta: {} }));
      const client = createBigCommerceClientFactory({
        baseUrl: 'http://127.0.0.1:9999/proxy/',
        sandboxBaseUrl: 'http://127.0.0.1:3000/sandbox',
        fetch: fake.fetch,
      }).forStore({ storeHash, accessToken: TEST_TOKEN });
      await client.products.list({ query: { 'id:in': [1, 2, 3], name: 'a b&c' } });
      urls.push(fake.requests[0]!.url);
    }
    expect(urls).toEqual([
      'http://127.0.0.1:9999/proxy/stores/abc123/v3/catalog/products?id:in=1,2,3&name=a%20b%26c',
      'http://127.0.0.1:3000/sandbox/stores/sandbox-demo/v3/catalog/products?id:in=1,2,3&name=a%20b%26c',
    ]);
    expect(factory.forStore({ storeHash: 'abc123', accessToken: 'x' }).storeHash).toBe('abc123');
  });

  it('refuses sandbox hashes when no sandbox base URL is configured', () => {
    expect(() => createBigCommerceClient({ storeHash: 'sandbox-demo', accessToken: TEST_TOKEN })).toThrow(
      /no sandbox base URL/,
    );
  });

  it.each(['../x', 'a.b', 'ABC', 'x/y', ''])('validates the hash %j before any request', (storeHash) => {
    const fake = fakeFetch(json(200, {}));
    const error = (() => {
      try {
        createBigCommerceClient({ storeHash, accessToken: TEST_TOKEN, fetch: fake.fetch });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BigCommerceError);
    expect((error as BigCommerceError).code).toBe('bc_invalid_store_hash');
    expect(fake.requests).toHaveLength(0);
  });

  it.each(['tok\u0000en', 'tok\r\nen', 'tökén', 'демо', 'two words'])(
    'refuses the token %j before any request (issue 9, point 10)',
    (accessToken) => {
      const fake = fakeFetch(json(200, {}));
      let error: unknown;
      try {
        createBigCommerceClient({ storeHash: 'abc', accessToken, fetch: fake.fetch });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BigCommerceError);
      expect(error).toMatchObject({ code: 'bc_invalid_request' });
      expect((error as BigCommerceError).message).toMatch(/^API Token may only contain letters, digits/);
      expect(fake.requests).toHaveLength(0);
    },
  );

  it('refuses bad base URLs and empty tokens', () => {
    expect(() => createBigCommerceClientFactory({ baseUrl: 'ftp://x' })).toThrow(/http\(s\)/);
    expect(() => createBigCommerceClientFactory({ baseUrl: 'not a url' })).toThrow(/not a valid URL/);
    expect(() => createBigCommerceClient({ storeHash: 'abc', accessToken: '' })).toThrow(/token is missing/);
  });

  it('refuses paths and ids that could leave the store API', async () => {
    const t = setup(json(200, {}));
    for (const call of [
      () => t.client.get('/v3/../../other'),
      () => t.client.get('https://evil.test/v3/x'),
      () => t.client.get('/v3/catalog/products?x=1'),
      () => t.client.widgets.get('../../x'),
      () => t.client.products.get(-1),
      () => t.client.products.get(1.5),
    ]) {
      const error = await rejectionOf(Promise.resolve().then(call));
      expect(error).toMatchObject({ code: 'bc_invalid_request' });
    }
    expect(t.fake.requests).toHaveLength(0);
  });
});

describe('answers', () => {
  it('unwraps v3 `data` and checks it against the schema', async () => {
    const t = setup(json(200, { data: product(7, { price: 9.5, custom_extra: 'kept' }), meta: {} }));
    const result = await t.run(t.client.products.get(7, { include: ['variants', 'images'] }));
    expect(result).toEqual({ id: 7, name: 'Product 7', price: 9.5, custom_extra: 'kept' });
    expect(t.fake.requests[0]!.url).toBe(
      'https://api.bigcommerce.com/stores/abc123/v3/catalog/products/7?include=variants,images',
    );
  });

  it('an answer of the wrong shape is a bc_unexpected_response', async () => {
    const t = setup(json(200, { data: { name: 'no id' }, meta: {} }));
    const error = await rejectionOf(t.run(t.client.products.get(7)));
    expect(error).toMatchObject({ code: 'bc_unexpected_response', status: 200 });
    expect((error as Error).message).toMatch(
      /^BigCommerce answered GET \/v3\/catalog\/products\/7 in an unexpected shape: id:/,
    );
  });

  it('maps error answers to BigCommerceError with title and field errors', async () => {
    const t = setup(
      bcError(409, 'The product name is a duplicate', { name: 'Product name must be unique.' }),
    );
    const error = await rejectionOf(t.run(t.client.products.update(7, { name: 'Dup' })));
    expect(error).toBeInstanceOf(BigCommerceError);
    expect(error).toMatchObject({
      code: 'bc_conflict',
      status: 409,
      title: 'The product name is a duplicate',
      errors: { name: 'Product name must be unique.' },
      field: 'name',
    });
  });

  it('a 5xx to a POST is not retried and says the change may have been saved', async () => {
    const t = setup([bcError(500, 'Internal error'), json(200, {})]);
    const error = await rejectionOf(
      t.run(t.client.widgets.create({ name: 'w', widget_template_uuid: 'u-1', channel_id: 1 })),
    );
    expect(error).toMatchObject({ code: 'bc_unavailable', mayHaveBeenApplied: true });
    expect((error as Error).message).toContain('may or may not have been saved');
    expect(t.fake.requests).toHaveLength(1);
  });

  it('204 answers resolve to undefined', async () => {
    const t = setup(json(204, null));
    await expect(
      t.run(t.client.assignments.channels.assign([{ product_id: 1, channel_id: 1 }])),
    ).resolves.toBeUndefined();
    expect(t.fake.requests[0]).toMatchObject({ method: 'PUT', body: [{ product_id: 1, channel_id: 1 }] });
  });
});

describe('pagination', () => {
  it('reads total_pages and returns every item in order', async () => {
    const t = setup((req) => {
      const n = Number(new URL(req.url).searchParams.get('page'));
      return json(200, page([product(n * 10 + 1), product(n * 10 + 2)], n, 3));
    });
    const all = await t.run(t.client.products.listAll({ limit: 2 }));
    expect(all.map((p) => p.id)).toEqual([11, 12, 21, 22, 31, 32]);
    expect(t.fake.requests.map((r) => new URL(r.url).search)).toEqual([
      '?page=1&limit=2',
      '?page=2&limit=2',
      '?page=3&limit=2',
    ]);
  });

  it('stopping early stops fetching', async () => {
    const t = setup((req) => {
      const n = Number(new URL(req.url).searchParams.get('page'));
      return json(200, page([product(n)], n, 50, 1));
    });
    const seen: number[] = [];
    for await (const p of t.client.products.pages({ limit: 1, prefetch: 2 })) {
      seen.push(...p.items.map((i) => i.id));
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(t.fake.requests.length).toBeLessThanOrEqual(5);
  });

  it('fails loudly, never truncates: missing or unreadable meta.pagination is an error, not one page', async () => {
    const missing = setup(json(200, { data: [product(1)], meta: {} }));
    const error = await missing.run(rejectionOf(missing.client.products.listAll({ limit: 2 })));
    expect(error).toBeInstanceOf(BigCommerceError);
    expect(error).toMatchObject({
      code: 'bc_unexpected_response',
      message:
        'BigCommerce answered GET /v3/catalog/products in an unexpected shape: meta.pagination is missing, so the number of pages is unknown.',
    });
    const garbled = setup(json(200, { data: [product(1)], meta: { pagination: { total: '3' } } }));
    const unreadable = await garbled.run(rejectionOf(garbled.client.products.listAll({ limit: 2 })));
    expect(unreadable).toMatchObject({ code: 'bc_unexpected_response' });
    expect((unreadable as Error).message).toContain('meta.pagination');
  });

  it('a single list read (not paginated) without pagination meta is fine', async () => {
    const t = setup(json(200, { data: [{ name: 'header_bottom' }], meta: {} }));
    expect(await t.run(t.client.regions.list('pages/home'))).toEqual([{ name: 'header_bottom' }]);
    expect(t.fake.requests[0]!.url).toContain('/v3/content/regions?template_file=pages/home');
  });
});

describe('creates that must not be duplicated', () => {
  it('a product POST whose connection dropped is looked up by name, not re-sent, when it landed', async () => {
    const t = setup([
      fetchFailure('UND_ERR_SOCKET', 'other side closed'),
      json(200, { data: [product(5, { name: 'Shirt' })], meta: {} }),
    ]);
    const created = await t.run(
      t.client.products.create({ name: 'Shirt', type: 'physical', weight: 1, price: 1 }),
    );
    expect(created).toMatchObject({ id: 5, name: 'Shirt' });
    expect(
      t.fake.requests.map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`),
    ).toEqual([
      'POST /stores/abc123/v3/catalog/products',
      'GET /stores/abc123/v3/catalog/products?name=Shirt&limit=5',
    ]);
  });

  it('is sent again only when the lookup proves it did not land', async () => {
    const t = setup([
      fetchFailure('UND_ERR_SOCKET'),
      json(200, { data: [], meta: {} }),
      json(200, { data: product(6, { name: 'Shirt' }), meta: {} }),
    ]);
    const created = await t.run(
      t.client.products.create({ name: 'Shirt', type: 'physical', weight: 1, price: 1 }),
    );
    expect(created.id).toBe(6);
    expect(t.fake.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'POST']);
  });

  it('other POSTs are never re-sent after an uncertain failure', async () => {
    const t = setup([fetchFailure('UND_ERR_SOCKET'), json(200, {})]);
    const error = await rejectionOf(
      t.run(t.client.widgetTemplates.create({ name: 'T', template: '<p></p>', channel_id: 1 })),
    );
    expect(error).toMatchObject({ code: 'bc_network', mayHaveBeenApplied: true });
    expect(t.fake.requests).toHaveLength(1);
  });
});

describe('207 Multi-Status is never a plain success', () => {
  const STATUS_TYPE = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';
  const multiStatus = (errors: Record<string, string>) => ({
    status: 207,
    title: 'Some of the data was not saved.',
    type: STATUS_TYPE,
    errors,
  });

  it('a variant saved without its inventory (product-variants_catalog.v3.yml:487-495) is a PartialSaveError', async () => {
    const saved = { id: 5, product_id: 12, sku: 'MUG-RED', inventory_level: 0 };
    const t = setup(
      json(207, {
        data: saved,
        errors: multiStatus({ inventory_level: 'The stock level cannot be negative.' }),
        meta: {},
      }),
    );
    const error = await rejectionOf(t.run(t.client.products.variants.update(12, 5, { inventory_level: -3 })));
    expect(error).toBeInstanceOf(PartialSaveError);
    expect(error).toMatchObject({
      code: 'bc_invalid',
      status: 207,
      title: 'Some of the data was not saved.',
      errors: { inventory_level: 'The stock level cannot be negative.' },
      mayHaveBeenApplied: true,
      saved,
      message:
        'BigCommerce saved only part of the change (207 on PUT /v3/catalog/products/12/variants/5): inventory_level: The stock level cannot be negative. Check the store before counting it as done.',
    });
  });

  it('a product create answered 207 is not looked up and not sent again: its fate is known', async () => {
    const t = setup(
      json(207, {
        data: { id: 44, name: 'Mug' },
        errors: multiStatus({ custom_url: 'The URL is already in use.' }),
        meta: {},
      }),
    );
    const error = await rejectionOf(
      t.run(t.client.products.create({ name: 'Mug', type: 'physical', price: 1, weight: 1 })),
    );
    expect(isPartialSave(error)).toBe(true);
    expect((error as PartialSaveError).saved).toEqual({ id: 44, name: 'Mug' });
    expect(t.fake.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('a brand 207 keeps its `data` list (brands_catalog.v3.yml:2777-2792)', async () => {
    const t = setup(
      json(207, {
        data: [{ id: 9, name: 'Harbour' }],
        errors: { status: 207, title: 'The URL was not saved.', type: STATUS_TYPE, errors: {} },
        meta: { total: 1, success: 1, failed: 0 },
      }),
    );
    const error = await rejectionOf(t.run(t.client.brands.create({ name: 'Harbour' })));
    expect(error).toMatchObject({
      saved: [{ id: 9, name: 'Harbour' }],
      message:
        'BigCommerce saved only part of the change (207 on POST /v3/catalog/brands, 1 of 1 saved): The URL was not saved. Check the store before counting it as done.',
    });
  });

  it('category trees: a 207 names no item; the created ones are `saved`, an update confirms none', async () => {
    const errors = {
      status: 207,
      title: 'Some categories were not saved.',
      type: STATUS_TYPE,
      errors: { '1': 'Parent category 987654 does not exist.' },
    };
    const created = { category_id: 40, name: 'Kettles', tree_id: 1, parent_id: 0 };
    const t = setup([
      json(207, { data: [created], errors, meta: { total: 2, success: 1, failed: 1 } }),
      json(207, { errors, meta: { total: 2, success: 1, failed: 1 } }),
    ]);
    const create = await rejectionOf(
      t.run(
        t.client.categories.create([
          { name: 'Kettles', tree_id: 1 },
          { name: 'Lost', parent_id: 987_654 },
        ]),
      ),
    );
    expect(create).toMatchObject({
      status: 207,
      saved: [created],
      message:
        'BigCommerce saved only part of the change (207 on POST /v3/catalog/trees/categories, 1 of 2 saved): 1: Parent category 987654 does not exist. Check the store before counting it as done.',
    });
    const update = await rejectionOf(
      t.run(
        t.client.categories.update([
          { category_id: 40, page_title: 'Kettles' },
          { category_id: 41, page_title: 'Lost' },
        ]),
      ),
    );
    expect(update).toMatchObject({ status: 207, saved: undefined });
    expect((update as Error).message).toContain('(207 on PUT /v3/catalog/trees/categories, 1 of 2 saved)');
  });

  it('a category tree 422 is read from its nested MetaError (category-trees_catalog.v3.yml:798-805)', async () => {
    const t = setup(
      json(422, {
        errors: {
          status: 422,
          title: 'Some categories were not saved.',
          type: STATUS_TYPE,
          errors: { '0': 'Parent category 987654 does not exist.' },
        },
        meta: { total: 1, success: 0, failed: 1 },
      }),
    );
    const error = await rejectionOf(
      t.run(t.client.categories.create([{ name: 'Lost', parent_id: 987_654 }])),
    );
    expect(error).toMatchObject({
      code: 'bc_invalid',
      title: 'Some categories were not saved.',
      errors: { '0': 'Parent category 987654 does not exist.' },
      message: 'BigCommerce rejected the data as invalid: 0: Parent category 987654 does not exist.',
    });
  });
});

describe('page snapshots', () => {
  const snapshot = (totalPages: number) =>
    json(200, {
      data: { regions: [{ name: 'home_below_menu', children: [] }] },
      meta: { pagination: { total: 1, count: 1, per_page: 50, current_page: 1, total_pages: totalPages } },
    });

  it('reads the regions of a one-page answer', async () => {
    const t = setup(snapshot(1));
    const got = await t.run(t.client.pageWidgets.get({ channelId: 1, templateFile: 'pages/home' }));
    expect(got.regions).toEqual([{ name: 'home_below_menu', children: [] }]);
  });

  it('refuses an answer that says it is one page of several: no page parameter is documented to read the rest', async () => {
    const t = setup(snapshot(2));
    const error = await rejectionOf(
      t.run(t.client.pageWidgets.get({ channelId: 1, templateFile: 'pages/home' })),
    );
    expect(error).toMatchObject({
      code: 'bc_unexpected_response',
      message:
        "BigCommerce answered this page's widgets as 1 of 2 pages, and documents no way to read the others: the page's content could not be read whole.",
    });
  });
});

describe('the access token never leaks', () => {
  it('not in errors, their JSON, their inspection, nor in log lines', async () => {
    const t = setup(
      [
        bcError(401, `Token ${TEST_TOKEN} is not valid`),
        fetchFailure('ECONNRESET', `socket hang up while sending X-Auth-Token: ${TEST_TOKEN}`),
        fetchFailure('ECONNRESET', `socket hang up while sending X-Auth-Token: ${TEST_TOKEN}`),
      ],
      { retry: { maxRetries: 1 } },
    );
    const unauthorized = await rejectionOf(t.run(t.client.store.get()));
    const network = await rejectionOf(t.run(t.client.store.get()));
    expect(unauthorized).toMatchObject({ code: 'bc_unauthorized' });
    expect(network).toMatchObject({ code: 'bc_network', retries: 1 });
    for (const error of [unauthorized, network]) {
      expect((error as Error).message).not.toContain(TEST_TOKEN);
      expect(JSON.stringify(error)).not.toContain(TEST_TOKEN);
      expect(inspect(error, { depth: 10 })).not.toContain(TEST_TOKEN);
    }
    expect(t.lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(t.lines)).not.toContain(TEST_TOKEN);
    expect(inspect(t.client, { depth: 10 })).not.toContain(TEST_TOKEN);
  });
});

describe('logging', () => {
  it('accepts a pino logger and logs method, path and status only', async () => {
    const lines: string[] = [];
    const logger: BigCommerceLogger = pino(
      { level: 'debug' },
      { write: (line: string) => void lines.push(line) },
    );
    const t = setup(json(200, { id: 'abc123', name: 'Demo' }), { logger });
    await t.run(t.client.store.get());
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'bigcommerce response',
      storeHash: 'abc123',
      method: 'GET',
      path: '/v2/store',
      status: 200,
      attempt: 1,
    });
    expect(lines[0]).not.toContain(TEST_TOKEN);
  });
});
