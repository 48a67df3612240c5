// A deliberately small stand-in for BigCommerce, for the client's integration tests: products (list with pagination,
// get, create, update, batch update), widget templates and `GET /v2/store`, with BigCommerce's envelopes, error
// bodies and rate-limit headers (API-NOTES §2, §3, §5). It is not the sandbox (../sandbox/): it models only what the
// client tests need, so the same tests can later run against the sandbox through the same fault proxy.
import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';

const STATUS_DOC = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';

type Product = {
  id: number;
  name: string;
  type: string;
  weight: number;
  price: number;
  [key: string]: unknown;
};
type Template = { uuid: string; name: string; template: string; kind: string; date_created: string };

type MemoryStore = {
  hash: string;
  token: string;
  readOnlyToken: string;
  products: Map<number, Product>;
  templates: Template[];
  nextId: number;
};

export type StoreCredentialsSet = { storeHash: string; accessToken: string; readOnlyToken: string };

function bcError(status: number, title: string, errors: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ status, title, type: STATUS_DOC, errors }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function pageOf<T>(items: T[], page: number, limit: number) {
  const totalPages = Math.max(1, Math.ceil(items.length / limit));
  const data = items.slice((page - 1) * limit, page * limit);
  const links: Record<string, string> = { current: `?page=${page}&limit=${limit}` };
  if (page > 1) links.previous = `?page=${page - 1}&limit=${limit}`;
  if (page < totalPages) links.next = `?page=${page + 1}&limit=${limit}`;
  return {
    data,
    meta: {
      pagination: {
        total: items.length,
        count: data.length,
        per_page: limit,
        current_page: page,
        total_pages: totalPages,
        links,
      },
    },
  };
}

function intParam(raw: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

export function createMemoryBigCommerce() {
  const stores = new Map<string, MemoryStore>();
  type Env = { Variables: { store: MemoryStore } };
  const app = new Hono<Env>();

  // Rate-limit headers on every answer: a generous quota, never exhausted here (faults come from the proxy).
  let used = 0;
  app.use('*', async (c, next) => {
    await next();
    used++;
    c.header('X-Rate-Limit-Requests-Quota', '150');
    c.header('X-Rate-Limit-Requests-Left', String(Math.max(75, 150 - (used % 75))));
    c.header('X-Rate-Limit-Time-Window-Ms', '30000');
    c.header('X-Rate-Limit-Time-Reset-Ms', '15000');
  });

  app.use('/stores/:hash/*', async (c, next) => {
    const store = stores.get(c.req.param('hash'));
    const token = c.req.header('x-auth-token');
    if (!store || !token || (token !== store.token && token !== store.readOnlyToken)) {
      return bcError(401, 'Unauthorized: the X-Auth-Token is missing or invalid.');
    }
    if (token === store.readOnlyToken && c.req.method !== 'GET') {
      return bcError(403, "You don't have a required scope to access the endpoint");
    }
    c.set('store', store);
    await next();
  });

  app.get('/stores/:hash/v2/store', (c) => {
    const store = c.get('store');
    return c.json({ id: store.hash, name: 'Memory store', domain: `${store.hash}.example`, store_id: 1 });
  });

  const nameTaken = (store: MemoryStore, name: string, exceptId?: number) =>
    [...store.products.values()].some(
      (p) => p.name.toLowerCase() === name.toLowerCase() && p.id !== exceptId,
    );

  app.get('/stores/:hash/v3/catalog/products', (c) => {
    const store = c.get('store');
    let items = [...store.products.values()].sort((a, b) => a.id - b.id);
    const name = c.req.query('name');
    if (name !== undefined) items = items.filter((p) => p.name === name);
    const ids = c.req.query('id:in');
    if (ids !== undefined) {
      const wanted = new Set(ids.split(',').map(Number));
      items = items.filter((p) => wanted.has(p.id));
    }
    return c.json(pageOf(items, intParam(c.req.query('page'), 1), intParam(c.req.query('limit'), 50, 250)));
  });

  app.get('/stores/:hash/v3/catalog/products/:id', (c) => {
    const product = c.get('store').products.get(Number(c.req.param('id')));
    if (!product) return bcError(404, 'The requested resource was not found.');
    return c.json({ data: product, meta: {} });
  });

  app.post('/stores/:hash/v3/catalog/products', async (c) => {
    const store = c.get('store');
    const body = await c.req.json<Record<string, unknown>>();
    const missing: Record<string, string> = {};
    for (const field of ['name', 'type', 'weight', 'price']) {
      if (body[field] === undefined) missing[field] = `Please provide a ${field}.`;
    }
    if (Object.keys(missing).length > 0) return bcError(422, 'Missing Required Fields', missing);
    if (nameTaken(store, String(body.name))) return bcError(409, 'The product name is a duplicate');
    const product = { ...body, id: store.nextId++ } as Product;
    store.products.set(product.id, product);
    return c.json({ data: product, meta: {} });
  });

  app.put('/stores/:hash/v3/catalog/products/:id', async (c) => {
    const store = c.get('store');
    const product = store.products.get(Number(c.req.param('id')));
    if (!product) return bcError(404, 'The requested resource was not found.');
    const body = await c.req.json<Record<string, unknown>>();
    if (typeof body.name === 'string' && nameTaken(store, body.name, product.id)) {
      return bcError(409, 'The product name is a duplicate');
    }
    Object.assign(product, body, { id: product.id });
    return c.json({ data: product, meta: {} });
  });

  // Batch update: at most 10, all or nothing [PROD updateProducts].
  app.put('/stores/:hash/v3/catalog/products', async (c) => {
    const store = c.get('store');
    const items = await c.req.json<Record<string, unknown>[]>();
    if (items.length > 10) {
      return bcError(413, 'The request payload is too large. The maximum items allowed in the array is 10.');
    }
    for (const item of items) {
      const id = Number(item.id);
      if (!store.products.has(id))
        return bcError(422, 'Missing Required Fields', { id: 'Please provide an id.' });
      if (typeof item.name === 'string' && nameTaken(store, item.name, id)) {
        return bcError(409, 'The product name is a duplicate');
      }
      if (item.price !== undefined && (typeof item.price !== 'number' || item.price < 0)) {
        return bcError(422, 'JSON data is missing or invalid', {
          price: 'error.expected.positive.number',
        });
      }
    }
    const saved = items.map((item) => Object.assign(store.products.get(Number(item.id))!, item));
    return c.json({ data: saved, meta: {} });
  });

  app.get('/stores/:hash/v3/content/widget-templates', (c) =>
    c.json(
      pageOf(c.get('store').templates, intParam(c.req.query('page'), 1), intParam(c.req.query('limit'), 50)),
    ),
  );

  app.post('/stores/:hash/v3/content/widget-templates', async (c) => {
    const body = await c.req.json<Record<string, unknown>>();
    if (typeof body.name !== 'string' || typeof body.template !== 'string') {
      return bcError(422, 'JSON data is missing or invalid', { name: 'error.path.missing' });
    }
    const template: Template = {
      uuid: randomUUID(),
      name: body.name,
      template: body.template,
      kind: 'custom',
      date_created: new Date().toISOString(),
    };
    c.get('store').templates.push(template);
    return c.json({ data: template, meta: {} });
  });

  app.notFound(() => bcError(404, 'The requested resource was not found.'));

  return {
    fetch: (request: Request) => app.fetch(request),
    /** A new empty store with a full-access token and a read-only one. */
    newStore(): StoreCredentialsSet {
      const hash = `m${randomBytes(5).toString('hex')}`;
      const store: MemoryStore = {
        hash,
        token: `full_${randomBytes(12).toString('hex')}`,
        readOnlyToken: `ro_${randomBytes(12).toString('hex')}`,
        products: new Map(),
        templates: [],
        nextId: 100,
      };
      stores.set(hash, store);
      return { storeHash: hash, accessToken: store.token, readOnlyToken: store.readOnlyToken };
    },
    products(hash: string): Product[] {
      return [...(stores.get(hash)?.products.values() ?? [])];
    },
  };
}
