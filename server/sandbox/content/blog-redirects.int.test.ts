// Blog posts (`/v2/blog/posts`, store_content.v2.yml) and 301 redirects (`/v3/storefront/redirects`,
// redirects.v3.yml) over HTTP, through the whole sandbox app (auth, quota, store lookup).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandboxServer, type RunningSandbox } from '../test-server';

let running: RunningSandbox;

beforeAll(async () => {
  running = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
});
afterAll(async () => {
  await running.close();
});
beforeEach(() => {
  running.sandbox.reset('sandbox-demo');
  running.sandbox.reset('sandbox-empty');
});

type Post = Record<string, unknown> & { id: number; title: string; url: string; is_published: boolean };
type Redirect = {
  id: number;
  site_id: number;
  from_path: string;
  to: Record<string, unknown>;
  to_url?: string;
};

function call(path: string, init: RequestInit & { json?: unknown } = {}, hash = 'sandbox-demo') {
  const token = hash === 'sandbox-demo' ? 'demo-token' : 'empty-token';
  const { json, ...rest } = init;
  return fetch(`${running.storeUrl(hash)}${path}`, {
    ...rest,
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    headers: { 'X-Auth-Token': token, Accept: 'application/json', 'Content-Type': 'application/json' },
  });
}
const body = async <T>(res: Response): Promise<T> => (await res.json()) as T;

describe('blog posts', () => {
  it('lists the demo posts newest first, bare (v2), with both date forms; the empty store has none', async () => {
    const res = await call('/v2/blog/posts');
    expect(res.status).toBe(200);
    const posts = await body<Post[]>(res);
    expect(posts).toHaveLength(5);
    const dates = posts.map((p) => p.published_date_iso8601 as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(posts.filter((p) => !p.is_published).map((p) => p.title)).toEqual(['Autumn Collection Preview']);
    expect(posts[0]).toMatchObject({
      preview_url: posts[0]?.url,
      published_date: { timezone_type: 1, timezone: '+00:00' },
    });
    expect(await body(await call('/v2/blog/posts/count'))).toEqual({ count: 5 });
    expect(await body(await call('/v2/blog/posts', {}, 'sandbox-empty'))).toEqual([]);
    expect(await body(await call('/v2/blog/posts/count', {}, 'sandbox-empty'))).toEqual({ count: 0 });
  });

  it('filters by is_published, tag and url, pages with limit, ignores undocumented filters', async () => {
    expect(await body<Post[]>(await call('/v2/blog/posts?is_published=false'))).toHaveLength(1);
    const guides = await body<Post[]>(await call('/v2/blog/posts?tag=guides'));
    expect(guides.map((p) => p.title).sort()).toEqual([
      'Caring for Your Leather Goods',
      'How to Choose Over-Ear Headphones',
    ]);
    const byUrl = await body<Post[]>(await call('/v2/blog/posts?url=%2Fblog%2Fabout-nothing%2F'));
    expect(byUrl).toEqual([]);
    const page2 = await body<Post[]>(await call('/v2/blog/posts?limit=2&page=2'));
    expect(page2).toHaveLength(2);
    expect(await body<Post[]>(await call('/v2/blog/posts?title=Welcome'))).toHaveLength(5);
  });

  it('creates (200, a draft by default, URL from the title), gets, updates and deletes', async () => {
    const created = await call('/v2/blog/posts', {
      method: 'POST',
      json: {
        title: 'Summer Sale',
        body: '<p>Everything must go.</p>',
        tags: ['news'],
        published_date: 'Wed, 10 Aug 2022 15:39:15 -0500',
      },
    });
    expect(created.status).toBe(200);
    const post = await body<Post>(created);
    expect(post).toMatchObject({
      id: 6,
      url: '/blog/summer-sale/',
      is_published: false,
      summary: 'Everything must go.',
      published_date_iso8601: '2022-08-10T20:39:15+0000',
    });
    expect((await call('/v2/blog/posts', { method: 'POST', json: { title: 'x' } })).status).toBe(422);
    expect((await call('/v2/blog/posts/6')).status).toBe(200);
    // Published only when the update says so again (store_content.v2.yml:1271-1272).
    const published = await body<Post>(
      await call('/v2/blog/posts/6', {
        method: 'PUT',
        json: { title: 'Summer Sale', body: 'b', is_published: true },
      }),
    );
    expect(published.is_published).toBe(true);
    const again = await body<Post>(
      await call('/v2/blog/posts/6', { method: 'PUT', json: { title: 'Summer Sale!', body: 'b' } }),
    );
    expect(again).toMatchObject({
      title: 'Summer Sale!',
      is_published: false,
      url: '/blog/summer-sale/',
      tags: ['news'],
    });
    expect((await call('/v2/blog/posts/6', { method: 'DELETE' })).status).toBe(204);
    expect((await call('/v2/blog/posts/6')).status).toBe(404);
    expect((await call('/v2/blog/posts/6', { method: 'DELETE' })).status).toBe(404);
  });

  it('bulk-deletes a page of posts', async () => {
    expect((await call('/v2/blog/posts?limit=2', { method: 'DELETE' })).status).toBe(204);
    expect(await body(await call('/v2/blog/posts/count'))).toEqual({ count: 3 });
  });
});

describe('redirects', () => {
  it('lists the demo redirects: every target type, on the first site and one on the second', async () => {
    const res = await call('/v3/storefront/redirects?limit=250');
    expect(res.status).toBe(200);
    const { data, meta } = await body<{ data: Redirect[]; meta: { pagination: { total: number } } }>(res);
    expect(meta.pagination.total).toBe(data.length);
    expect(new Set(data.map((r) => r.to.type))).toEqual(
      new Set(['product', 'category', 'brand', 'page', 'post', 'url']),
    );
    expect(new Set(data.map((r) => r.site_id))).toEqual(new Set([1000, 1001]));
    expect(data[0]).not.toHaveProperty('to_url');
    const empty = await body<{ data: Redirect[] }>(
      await call('/v3/storefront/redirects', {}, 'sandbox-empty'),
    );
    expect(empty.data).toEqual([]);
  });

  it('gives to_url with include=to_url, following the catalogue and the web pages', async () => {
    const { data } = await body<{ data: Redirect[] }>(await call('/v3/storefront/redirects?include=to_url'));
    const product = data.find((r) => r.to.type === 'product');
    const productId = product?.to.entity_id as number;
    const live = await body<{ data: { custom_url: { url: string } } }>(
      await call(`/v3/catalog/products/${productId}`),
    );
    expect(product?.to_url).toBe(
      `https://store-sandbox-demo-1000.mybigcommerce.com${live.data.custom_url.url}`,
    );
    expect(data.find((r) => r.to.type === 'page' && r.to.entity_id === 4)?.to_url).toMatch(/\/about-us\/$/);
    expect(data.find((r) => r.to.url === 'https://partners.example.com/')?.to_url).toBe(
      'https://partners.example.com/',
    );
  });

  it('filters by site_id, id:in, id:min/max, keyword (from the start of the path), sorts', async () => {
    const ids = async (q: string) =>
      (await body<{ data: Redirect[] }>(await call(`/v3/storefront/redirects?${q}`))).data.map((r) => r.id);
    expect(await ids('site_id=1001')).toHaveLength(1);
    expect(await ids('id:in=2,3')).toEqual([2, 3]);
    expect(await ids('id:min=2&id:max=3')).toEqual([2, 3]);
    expect(await ids('keyword=/old')).toEqual([1]);
    expect(await ids('keyword=old')).toEqual([1]);
    expect(await ids('keyword=products')).toEqual([]);
    const desc = await ids('sort=id&direction=desc');
    expect(desc[0]).toBeGreaterThan(desc[desc.length - 1] ?? 0);
    expect(await ids('id=2')).toHaveLength(10);
  });

  it('upserts on (site_id, from_path), creating and overwriting in one call (201)', async () => {
    const res = await call('/v3/storefront/redirects', {
      method: 'PUT',
      json: [
        { from_path: '/sale/', site_id: 1000, to: { type: 'url', url: '/clearance/' } },
        { from_path: '/new/', site_id: 1000, to: { type: 'category', entity_id: 18 } },
      ],
    });
    expect(res.status).toBe(201);
    const saved = (await body<{ data: Redirect[] }>(res)).data;
    expect(saved.map((r) => [r.id, r.to])).toEqual([
      [8, { type: 'url', url: '/clearance/' }],
      [11, { type: 'category', entity_id: 18 }],
    ]);
    const bad = await call('/v3/storefront/redirects', {
      method: 'PUT',
      json: [
        { from_path: '/a/', site_id: 5, to: { type: 'url', url: '/' } },
        { from_path: '/b/', site_id: 1000, to: { type: 'product' } },
        { from_path: '/c/', site_id: 1000 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((await body<{ errors: Record<string, string> }>(bad)).errors)).toEqual([
      '0.site_id',
      '1.to.entity_id',
      '2.to',
    ]);
  });

  it('deletes by id:in, by site_id, and refuses a delete without either', async () => {
    expect((await call('/v3/storefront/redirects?id:in=1,2', { method: 'DELETE' })).status).toBe(204);
    expect((await call('/v3/storefront/redirects?site_id=1001', { method: 'DELETE' })).status).toBe(204);
    const left = (await body<{ data: Redirect[] }>(await call('/v3/storefront/redirects?sort=id'))).data;
    expect(left.map((r) => r.id)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect((await call('/v3/storefront/redirects', { method: 'DELETE' })).status).toBe(422);
  });
});
