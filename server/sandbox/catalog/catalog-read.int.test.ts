// The sandbox over HTTP: envelopes, pagination, filters, field selection, includes, auth and errors.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { STATUS_DOC_TYPE } from '../core/envelope';
import { bcErrorAnswer, startSandboxServer, type RunningSandbox } from '../test-server';

type Json = Record<string, unknown>;

/** The sub-resources `include=` embeds in a product, as BigCommerce documents them [PROD IncludeParamBase]. */
function documentedProductIncludes(): string[] {
  const file = new URL(
    '../../../../shared/bigcommerce/openapi/catalog/products_catalog.v3.yml',
    import.meta.url,
  );
  const spec = YAML.parse(readFileSync(file, 'utf8')) as {
    components: { schemas: { IncludeParamBase: { items: { enum: string[] } } } };
  };
  return spec.components.schemas.IncludeParamBase.items.enum;
}

type Page = {
  data: Json[];
  meta: {
    pagination: {
      total: number;
      count: number;
      per_page: number;
      current_page: number;
      total_pages: number;
      links: Record<string, string>;
    };
  };
};

let sb: RunningSandbox;
let demo: string;
const auth = { 'X-Auth-Token': 'demo-token', Accept: 'application/json' };

async function get<T = Json>(
  path: string,
  headers: Record<string, string> = auth,
): Promise<{ status: number; body: T; res: Response }> {
  const res = await fetch(`${demo}${path}`, { headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
}

beforeAll(async () => {
  sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
  demo = sb.storeUrl('sandbox-demo');
});
afterAll(async () => {
  await sb.close();
});

describe('GET /v2/store', () => {
  it('answers the bare store object, not wrapped', async () => {
    const { status, body } = await get('/v2/store');
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.id).toBe('sandbox-demo');
    expect(body.name).toBe('Harbour & Pine Demo');
    expect(body.secure_url).toBe('https://sandbox-demo.example-store.com');
    expect(body.default_channel_id).toBe(1);
    expect(body.plan_name).toBe('Standard');
  });
});

describe('product list', () => {
  it('wraps data and meta.pagination with BigCommerce links', async () => {
    const first = await get<Page>('/v3/catalog/products');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.meta.pagination).toEqual({
      total: 1260,
      count: 50,
      per_page: 50,
      current_page: 1,
      total_pages: 26,
      links: { current: '?page=1&limit=50', next: '?page=2&limit=50' },
    });
    const byId = await get<Page>('/v3/catalog/products?sort=id&limit=1');
    expect(byId.body.data[0]!.id).toBe(77);
    const last = await get<Page>('/v3/catalog/products?page=6&limit=250');
    expect(last.body.meta.pagination.count).toBe(10);
    expect(last.body.meta.pagination.links).toEqual({
      current: '?page=6&limit=250',
      previous: '?page=5&limit=250',
    });
  });

  it('caps limit at 250, and at 10 when options or modifiers are included', async () => {
    const big = await get<Page>('/v3/catalog/products?limit=1000');
    expect(big.body.meta.pagination.per_page).toBe(250);
    expect(big.body.data).toHaveLength(250);
    const heavy = await get<Page>('/v3/catalog/products?limit=250&include=options,modifiers');
    expect(heavy.body.meta.pagination.per_page).toBe(10);
    expect(heavy.body.data).toHaveLength(10);
    expect(Array.isArray(heavy.body.data[0]!.options)).toBe(true);
  });

  it('sorts only when asked: without `sort`, neither id order nor a different order on the next read', async () => {
    const ids = async (path: string) => (await get<Page>(path)).body.data.map((p) => Number(p.id));
    const unasked = await ids('/v3/catalog/products?limit=250&include_fields=name');
    expect(unasked).toHaveLength(250);
    expect(unasked).not.toEqual([...unasked].sort((a, b) => a - b));
    expect(await ids('/v3/catalog/products?limit=250&include_fields=name')).toEqual(unasked);
    const sorted = await ids('/v3/catalog/products?limit=250&include_fields=name&sort=id');
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    expect(sorted[0]).toBe(77);
    const desc = await ids('/v3/catalog/products?limit=5&include_fields=name&sort=id&direction=desc');
    expect(desc).toEqual([1336, 1335, 1334, 1333, 1332]);
    // An unasked order is stable across pages: the six pages of 250 hold each product once.
    const all = (
      await Promise.all([1, 2, 3, 4, 5, 6].map((n) => ids(`/v3/catalog/products?limit=250&page=${n}`)))
    ).flat();
    expect(new Set(all).size).toBe(1260);
    // Brands, categories and channels: the same rule.
    const brands = (await get<Page>('/v3/catalog/brands?limit=250')).body.data.map((b) => Number(b.id));
    expect(brands).not.toEqual([...brands].sort((a, b) => a - b));
    const byName = (await get<Page>('/v3/catalog/brands?limit=250&sort=name')).body.data.map((b) =>
      String(b.name),
    );
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    const categories = (await get<Page>('/v3/catalog/trees/categories?limit=250')).body.data.map((c) =>
      Number(c.category_id),
    );
    expect(categories).not.toEqual([...categories].sort((a, b) => a - b));
  });

  it('filters by id:in and id:not_in', async () => {
    const byIds = await get<Page>('/v3/catalog/products?id:in=80,77,100&include_fields=id&sort=id');
    expect(byIds.body.data.map((p) => p.id)).toEqual([77, 80, 100]);
    const notIn = await get<Page>('/v3/catalog/products?id:not_in=77,78&limit=2&include_fields=id&sort=id');
    expect(notIn.body.data.map((p) => p.id)).toEqual([79, 80]);
    expect(notIn.body.meta.pagination.total).toBe(1258);
  });

  it('filters by sku ignoring case, and by brand_id, is_visible, categories:in, channel_id:in and keyword', async () => {
    const one = await get<{ data: Json }>('/v3/catalog/products/80');
    const sku = String(one.body.data.sku);
    const bySku = await get<Page>(`/v3/catalog/products?sku=${encodeURIComponent(sku.toLowerCase())}`);
    expect(bySku.body.data.map((p) => p.id)).toEqual([80]);

    const brandId = Number(one.body.data.brand_id);
    const byBrand = await get<Page>(
      `/v3/catalog/products?brand_id=${brandId}&limit=250&include_fields=brand_id`,
    );
    expect(byBrand.body.data.length).toBeGreaterThan(10);
    expect(byBrand.body.data.every((p) => p.brand_id === brandId)).toBe(true);

    const hidden = await get<Page>(
      '/v3/catalog/products?is_visible=false&limit=250&include_fields=is_visible',
    );
    expect(hidden.body.data.length).toBeGreaterThan(20);
    expect(hidden.body.data.every((p) => p.is_visible === false)).toBe(true);

    const category = (one.body.data.categories as number[])[0]!;
    const byCategory = await get<Page>(
      `/v3/catalog/products?categories:in=${category}&limit=250&include_fields=categories`,
    );
    expect(byCategory.body.data.length).toBeGreaterThanOrEqual(12);
    expect(byCategory.body.data.every((p) => (p.categories as number[]).includes(category))).toBe(true);

    const outlet = await get<Page>(
      '/v3/catalog/products?channel_id:in=1702953&limit=250&include=channels&include_fields=name',
    );
    expect(outlet.body.meta.pagination.total).toBeGreaterThan(300);
    expect(outlet.body.data.every((p) => (p.channels as number[]).includes(1702953))).toBe(true);

    const kw = await get<Page>('/v3/catalog/products?keyword=skillet&limit=250&include_fields=name');
    expect(kw.body.data.length).toBeGreaterThan(0);
    expect(kw.body.data.every((p) => JSON.stringify(p).toLowerCase().includes('skillet'))).toBe(true);
  });

  it('sorts by name descending', async () => {
    const { body } = await get<Page>(
      '/v3/catalog/products?sort=name&direction=desc&limit=5&include_fields=name',
    );
    const names = body.data.map((p) => String(p.name));
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
  });

  it('returns only the fields asked for with include_fields, and never drops id', async () => {
    const inc = await get<Page>('/v3/catalog/products?limit=2&include_fields=name,page_title');
    expect(Object.keys(inc.body.data[0]!)).toEqual(['id', 'name', 'page_title']);
    const exc = await get<Page>('/v3/catalog/products?limit=1&exclude_fields=id,description,name&sort=id');
    expect(exc.body.data[0]!.id).toBe(77);
    expect(exc.body.data[0]).not.toHaveProperty('description');
    expect(exc.body.data[0]).not.toHaveProperty('name');
    expect(exc.body.data[0]).toHaveProperty('sku');
  });

  it('answers 422 for a malformed filter', async () => {
    const { status, body } = await get('/v3/catalog/products?id:in=1,abc');
    expect(status).toBe(422);
    expect(body).toEqual(
      bcErrorAnswer(422, 'Query parameter "id:in" value must be integer. For input string: "abc".'),
    );
  });
});

describe('one product with everything', () => {
  it('includes every sub-resource, with image files served by the sandbox', async () => {
    // Find a product that has variants, images and modifiers.
    const list = await get<Page>(
      '/v3/catalog/products?limit=10&include=options,modifiers,images&include_fields=id',
    );
    const rich = list.body.data.find(
      (p) => (p.options as unknown[]).length > 0 && (p.images as unknown[]).length > 0,
    );
    expect(rich).toBeDefined();
    const includes = documentedProductIncludes();
    expect(includes).toHaveLength(11);
    const { status, body } = await get<{ data: Json; meta: Json }>(
      `/v3/catalog/products/${String(rich!.id)}?include=${includes.join(',')}`,
    );
    expect(status).toBe(200);
    expect(body.meta).toEqual({});
    const p = body.data;
    // Every one a list but the primary image, an object.
    for (const key of includes.filter((include) => include !== 'primary_image')) {
      expect(Array.isArray(p[key])).toBe(true);
    }
    const variants = p.variants as Json[];
    const options = p.options as { id: number; option_values: { id: number }[] }[];
    expect(variants.length).toBeGreaterThanOrEqual(2);
    for (const v of variants) {
      for (const ov of v.option_values as { id: number; option_id: number }[]) {
        expect(options.find((o) => o.id === ov.option_id)?.option_values.some((x) => x.id === ov.id)).toBe(
          true,
        );
      }
    }
    const images = p.images as Json[];
    expect(p.primary_image).toEqual(images.find((i) => i.is_thumbnail));
    const url = String(images[0]!.url_standard);
    expect(
      url.startsWith(`${sb.baseUrl}/cdn/s-sandbox-demo/images/stencil/500x659/products/${String(p.id)}/`),
    ).toBe(true);
    const img = await fetch(url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await img.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect(img.headers.get('x-rate-limit-requests-quota')).toBeNull();
  });

  it('lists sub-resources with pagination', async () => {
    const { body } = await get<Page>('/v3/catalog/products/77/variants');
    expect(body.meta.pagination.total).toBe(body.data.length);
    expect(body.data.every((v) => v.product_id === 77)).toBe(true);
    const bySku = await get<Page>(
      `/v3/catalog/variants?sku=${encodeURIComponent(String(body.data[0]!.sku).toLowerCase())}`,
    );
    expect(bySku.body.data.map((v) => v.id)).toEqual([body.data[0]!.id]);
  });
});

describe('category trees, brands and channels', () => {
  it('lists trees, a nested tree, and flat categories with filters', async () => {
    const trees = await get<Page>('/v3/catalog/trees');
    expect(trees.body.data.sort((a, b) => Number(a.id) - Number(b.id))).toEqual([
      { id: 1, name: 'Harbour & Pine Demo', channels: [1] },
      { id: 2, name: 'Harbour & Pine Demo Outlet', channels: [1702953] },
    ]);
    const nested = await get<{ data: Json[]; meta: Json }>('/v3/catalog/trees/1/categories');
    expect(nested.body.meta).toEqual({});
    const apparel = nested.body.data[0]!;
    expect(apparel).toMatchObject({ name: 'Apparel', parent_id: 0, depth: 1, path: [], url: '/apparel/' });
    const jackets = (apparel.children as Json[]).find((c) => c.name === 'Jackets')!;
    expect(jackets).toMatchObject({ depth: 2, path: [apparel.id] });
    expect((jackets.children as Json[]).map((c) => c.name)).toEqual(['Rainwear', 'Insulated']);
    expect((await get('/v3/catalog/trees/99/categories')).status).toBe(404);

    const flat = await get<Page>('/v3/catalog/trees/categories?tree_id:in=2&limit=250');
    expect(flat.body.data.length).toBe(13);
    expect(flat.body.data.every((c) => c.tree_id === 2)).toBe(true);
    const ids = flat.body.data.slice(0, 2).map((c) => Number(c.category_id));
    const byId = await get<Page>(
      `/v3/catalog/trees/categories?category_id:in=${ids.join(',')}&include_fields=name`,
    );
    expect(byId.body.data.map((c) => c.category_id)).toEqual(ids);
    expect(Object.keys(byId.body.data[0]!)).toEqual(['category_id', 'name']);
  });

  it('lists brands and channels', async () => {
    const brands = await get<Page>('/v3/catalog/brands?limit=5');
    expect(brands.body.meta.pagination.total).toBe(24);
    const all = await get<Page>('/v3/catalog/brands?limit=250');
    expect(all.body.data.find((b) => b.id === 36)).toMatchObject({ name: 'Northwind Outfitters' });
    const byName = await get<Page>('/v3/catalog/brands?name=kestrel%20audio');
    expect(byName.body.data.map((b) => b.name)).toEqual(['Kestrel Audio']);
    const channels = await get<Page>('/v3/channels');
    expect(channels.body.data.map((c) => Number(c.id)).sort((a, b) => a - b)).toEqual([1, 1702953]);
    expect((await get<{ data: Json }>('/v3/channels/1')).body.data.platform).toBe('bigcommerce');
    const missing = await get('/v3/channels/5');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, title: 'Not found' });
  });

  it('lists channel and category assignments', async () => {
    const ch = await get<Page>('/v3/catalog/products/channel-assignments?product_id:in=77,78');
    expect(ch.body.data.every((a) => a.product_id === 77 || a.product_id === 78)).toBe(true);
    expect(ch.body.data.some((a) => a.channel_id === 1)).toBe(true);
    const cat = await get<Page>('/v3/catalog/products/category-assignments?product_id:in=80');
    const product = await get<{ data: Json }>('/v3/catalog/products/80?include_fields=categories');
    expect(cat.body.data.map((a) => a.category_id)).toEqual(
      [...(product.body.data.categories as number[])].sort((a, b) => a - b),
    );
  });
});

describe('undocumented filters are ignored, as BigCommerce ignores them', () => {
  it('GET /catalog/variants: sku:in and id:in are not filters; sku, id and product_id:in are', async () => {
    const all = await get<Page>('/v3/catalog/variants');
    const [first, second] = all.body.data;
    const skuIn = await get<Page>(`/v3/catalog/variants?sku:in=${encodeURIComponent(String(first!.sku))}`);
    // Not documented (product-variants_catalog.v3.yml lines 1039-1051): the first page of every variant.
    expect(skuIn.body.meta.pagination.total).toBe(all.body.meta.pagination.total);
    expect(skuIn.body.data.map((v) => v.id)).toEqual(all.body.data.map((v) => v.id));
    const idIn = await get<Page>(`/v3/catalog/variants?id:in=${String(second!.id)}`);
    expect(idIn.body.meta.pagination.total).toBe(all.body.meta.pagination.total);
    const bySku = await get<Page>(`/v3/catalog/variants?sku=${encodeURIComponent(String(first!.sku))}`);
    expect(bySku.body.data.map((v) => v.id)).toEqual([first!.id]);
    const byId = await get<Page>(`/v3/catalog/variants?id=${String(second!.id)}`);
    expect(byId.body.data.map((v) => v.id)).toEqual([second!.id]);
    const byProduct = await get<Page>('/v3/catalog/variants?product_id:in=77&limit=250');
    expect(byProduct.body.data.length).toBeGreaterThan(0);
    expect(byProduct.body.data.every((v) => v.product_id === 77)).toBe(true);
  });

  it('GET /catalog/trees/categories: name:in is not a filter; name and name:like (any case) are', async () => {
    const all = await get<Page>('/v3/catalog/trees/categories?limit=250');
    const nameIn = await get<Page>('/v3/catalog/trees/categories?name:in=Apparel&limit=250');
    expect(nameIn.body.meta.pagination.total).toBe(all.body.meta.pagination.total);
    expect(nameIn.body.data.length).toBe(all.body.data.length);
    const exact = await get<Page>('/v3/catalog/trees/categories?name=apparel');
    expect(exact.body.data.map((c) => c.name)).toEqual(['Apparel']);
    const like = await get<Page>('/v3/catalog/trees/categories?name:like=JACK&limit=250');
    expect(like.body.data.map((c) => c.name)).toEqual(['Jackets']);
  });

  it('GET /catalog/products: name:like and price:min are not filters there; sku:in is', async () => {
    const all = await get<Page>('/v3/catalog/products?limit=5');
    for (const query of ['name:like=zzzz-no-such-name', 'price:min=1000000', 'weight:max=-1']) {
      const ignored = await get<Page>(`/v3/catalog/products?limit=5&${query}`);
      expect(ignored.body.meta.pagination.total, query).toBe(all.body.meta.pagination.total);
    }
    const skus = all.body.data.slice(0, 2).map((p) => String(p.sku).toLowerCase());
    const bySkus = await get<Page>(`/v3/catalog/products?sku:in=${skus.map(encodeURIComponent).join(',')}`);
    expect(bySkus.body.data.map((p) => p.id)).toEqual(all.body.data.slice(0, 2).map((p) => p.id));
  });
});

describe('content API', () => {
  it('is installed by default on the same store, auth and quota', async () => {
    const { status, body, res } = await get<Page>('/v3/content/widget-templates?limit=1');
    expect(status).toBe(200);
    expect(body.meta.pagination.per_page).toBe(1);
    expect(res.headers.get('x-rate-limit-requests-quota')).toBe('100000');
    expect((await get('/v3/content/widget-templates', { 'X-Auth-Token': 'wrong' })).status).toBe(401);
  });
});

describe('auth and unknown resources', () => {
  it('answers 401 for a wrong or missing token, with rate-limit headers', async () => {
    for (const headers of [{ 'X-Auth-Token': 'empty-token' }, {} as Record<string, string>]) {
      const { status, body, res } = await get('/v3/catalog/products', headers);
      expect(status).toBe(401);
      expect(body).toEqual(bcErrorAnswer(401, 'Unauthorized'));
      expect(res.headers.get('x-rate-limit-requests-quota')).toBe('100000');
    }
  });

  it('answers 404 for an unknown product, route or store', async () => {
    const product = await get('/v3/catalog/products/5');
    expect(product.status).toBe(404);
    expect(product.body).toMatchObject({
      status: 404,
      title: 'The requested resource was not found.',
      type: STATUS_DOC_TYPE,
    });
    expect((await get('/v3/catalog/nothing-here')).status).toBe(404);
    const store = await fetch(`${sb.storeUrl('no-such-store')}/v3/catalog/products`, { headers: auth });
    expect(store.status).toBe(404);
    expect(await store.json()).toEqual(bcErrorAnswer(404, 'Store not found'));
  });
});
