// Routes of the storefront content: web pages (`/v3/content/pages`, pages.v3.yml), blog posts (`/v2/blog/posts`,
// store_content.v2.yml) and 301 redirects (`/v3/storefront/redirects`, redirects.v3.yml). Only the query parameters
// each operation documents are read (`documentedOnly`, ../query.ts): BigCommerce ignores the others.
import { Hono } from 'hono';
import type { SandboxApp, SandboxContext, SandboxEnv } from '../app-env';
import { BcApiError, v3Data, v3List } from '../envelope';
import {
  boolParam,
  documentedOnly,
  enumParam,
  intListParam,
  intParam,
  pagingParams,
  strListParam,
  strParam,
} from '../query';
import { query, readJson } from '../catalog/route-helpers';
import { blogPostView } from './blog-posts';
import type { GetContent } from './route-helpers';
import { webPageView, type WebPageFilter } from './web-pages';

/** pages.v3.yml declares no maximum `limit` (589-594); the sandbox keeps the usual 250 so answers stay bounded. */
const PAGES_MAX_LIMIT = 250;

/** getPages' parameters (pages.v3.yml:70-77); getPage "recognizes the same query parameters" (305-307). */
const GET_PAGES_PARAMS = ['channel_id', 'id:in', 'name', 'name:like', 'limit', 'page', 'include'];

/**
 * getPages answers 400 for "passing query parameters that are not supported on this endpoint, but are common on other
 * BigCommerce endpoints" (pages.v3.yml:58-63). Which ones is not said; the sandbox takes these (the common v3 list
 * parameters), and ignores every other unknown one like any endpoint.
 */
const COMMON_UNSUPPORTED = [
  'id',
  'id:not_in',
  'id:min',
  'id:max',
  'id:greater',
  'id:less',
  'name:in',
  'sort',
  'direction',
  'keyword',
  'include_fields',
  'exclude_fields',
  'is_visible',
  'type',
  'date_modified',
  'date_created',
];

function rejectCommonUnsupported(q: URLSearchParams): void {
  const bad = COMMON_UNSUPPORTED.find((key) => q.has(key));
  if (bad) {
    throw new BcApiError(400, 'Bad Request', {}, { detail: `The query parameter ${bad} is not supported.` });
  }
}

function pageFilter(q: URLSearchParams): WebPageFilter {
  return {
    channelId: intParam(q, 'channel_id'),
    ids: intListParam(q, 'id:in'),
    name: strParam(q, 'name'),
    nameLike: strParam(q, 'name:like'),
  };
}

/** `include=body` (pages.v3.yml:529-540). */
const withBody = (q: URLSearchParams) => (strListParam(q, 'include') ?? []).includes('body');

/**
 * A page id in the path; "bar" answers 422 `{status, title: "Invalid Input.", errors: ["bar"]}` (pages.v3.yml:411-424).
 */
function pageId(c: SandboxContext): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d+$/.test(raw)) throw new BcApiError(422, 'Invalid Input.', {}, { errors: [raw] });
  return Number(raw);
}

/** The web pages routes, relative to `/v3/content` (mounted by ./routes.ts). */
export function createWebPageRoutes(getContent: GetContent): SandboxApp {
  const app = new Hono<SandboxEnv>();

  app.get('/pages', (c) => {
    const all = query(c);
    rejectCommonUnsupported(all);
    const q = documentedOnly(all, GET_PAGES_PARAMS);
    const { page, limit } = pagingParams(q, PAGES_MAX_LIMIT);
    const body = withBody(q);
    const pages = getContent(c).webPages.list(pageFilter(q));
    return v3List(
      c,
      pages.map((p) => webPageView(p, body)),
      page,
      limit,
    );
  });

  // createPages: "Response.data will inherit the data type of the request" (pages.v3.yml:1068): an object for an
  // object, an array for an array; 201.
  app.post('/pages', async (c) => {
    const raw = await readJson(c);
    const body = withBody(documentedOnly(query(c), ['include']));
    const { pages, failure } = getContent(c).webPages.create(raw);
    const views = pages.map((p) => webPageView(p, body));
    if (failure) {
      // The valid entries are created all the same (pages.v3.yml:160-163); they are named in `data`.
      throw new BcApiError(failure.status, failure.title, failure.errors, { ...failure.extra, data: views });
    }
    return c.json({ data: Array.isArray(raw) ? views : views[0], meta: {} }, 201);
  });

  // updatePages: PagesCollectionResponse, a list whatever was sent (pages.v3.yml:186-193).
  app.put('/pages', async (c) => {
    const raw = await readJson(c);
    const body = withBody(documentedOnly(query(c), ['include']));
    const pages = getContent(c).webPages.updateMany(raw);
    return c.json({ data: pages.map((p) => webPageView(p, body)), meta: {} }, 200);
  });

  // deletePages: `id:in` required (pages.v3.yml:557-567, the 422 at 278-290), `delete_children` (568-576).
  app.delete('/pages', (c) => {
    const q = documentedOnly(query(c), ['id:in', 'delete_children']);
    const ids = intListParam(q, 'id:in');
    if (!ids || ids.length === 0) {
      throw new BcApiError(422, 'Input is invalid', {}, { detail: 'missing the required field: id' });
    }
    getContent(c).webPages.delete(ids, boolParam(q, 'delete_children') ?? false);
    return c.body(null, 204);
  });

  app.get('/pages/:id', (c) => {
    const id = pageId(c);
    const all = query(c);
    rejectCommonUnsupported(all);
    const q = documentedOnly(all, GET_PAGES_PARAMS);
    return v3Data(c, webPageView(getContent(c).webPages.get(id, pageFilter(q)), withBody(q)));
  });

  app.put('/pages/:id', async (c) => {
    const id = pageId(c);
    const page = getContent(c).webPages.update(id, await readJson(c));
    return v3Data(c, webPageView(page, withBody(documentedOnly(query(c), ['include']))));
  });

  // deletePage: "This endpoint does not recognize query parameters" (pages.v3.yml:483-485): children are kept.
  app.delete('/pages/:id', (c) => {
    getContent(c).webPages.delete([pageId(c)], false);
    return c.body(null, 204);
  });

  return app;
}

/** An integer path id of a v2 resource; anything else is a 404, as the route would not match. */
function v2Id(c: SandboxContext): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d+$/.test(raw)) throw new BcApiError(404, 'The requested resource was not found.');
  return Number(raw);
}

/**
 * Blog posts, relative to `/v2/blog` (store_content.v2.yml:50-384). v2 answers are bare: an array or an object. Errors
 * use the v3 body like every sandbox answer (v2's own error shape is not in the spec).
 */
export function createBlogPostRoutes(getContent: GetContent): SandboxApp {
  const app = new Hono<SandboxEnv>();

  // getBlogPosts (53-166): filters is_published, url, tag, published_date; page, limit (maximum 250, 92). The spec
  // also gives `page` a maximum of 50 (85) and deleteBlogPosts the two maximums swapped (235-250): the sandbox reads
  // both as typing slips and bounds `limit` only.
  app.get('/posts', (c) => {
    const q = documentedOnly(query(c), ['is_published', 'url', 'tag', 'published_date', 'page', 'limit']);
    const { page, limit } = pagingParams(q, 250);
    const posts = getContent(c).blogPosts.list({
      isPublished: boolParam(q, 'is_published'),
      url: strParam(q, 'url'),
      tag: strParam(q, 'tag'),
      publishedDate: strParam(q, 'published_date'),
    });
    const start = (page - 1) * limit;
    return c.json(posts.slice(start, start + limit).map(blogPostView), 200);
  });
  app.get('/posts/count', (c) => c.json({ count: getContent(c).blogPosts.count() }, 200));
  app.post('/posts', async (c) => {
    const post = getContent(c).blogPosts.create(await readJson(c));
    // The spec answers 200 (193-219), not 201.
    return c.json(blogPostView(post), 200);
  });
  // deleteBlogPosts (228-254): "Deletes a page of Blog Posts"; `limit` up to 50 (247), default 50.
  app.delete('/posts', (c) => {
    const q = documentedOnly(query(c), ['page', 'limit']);
    const { page, limit } = pagingParams(q, 50);
    getContent(c).blogPosts.deletePage(page, limit);
    return c.body(null, 204);
  });
  app.get('/posts/:id', (c) => c.json(blogPostView(getContent(c).blogPosts.get(v2Id(c))), 200));
  app.put('/posts/:id', async (c) => {
    const id = v2Id(c);
    return c.json(blogPostView(getContent(c).blogPosts.update(id, await readJson(c))), 200);
  });
  app.delete('/posts/:id', (c) => {
    getContent(c).blogPosts.delete(v2Id(c));
    return c.body(null, 204);
  });
  return app;
}

const REDIRECT_SORTS = ['from_path', 'type', 'site_id', 'id'] as const;

/** 301 redirects, relative to `/v3/storefront/redirects` (redirects.v3.yml:25-177). */
export function createRedirectRoutes(getContent: GetContent): SandboxApp {
  const app = new Hono<SandboxEnv>();

  app.get('/', (c) => {
    const q = documentedOnly(query(c), [
      'site_id',
      'id:in',
      'id:min',
      'id:max',
      'limit',
      'page',
      'sort',
      'direction',
      'include',
      'keyword',
    ]);
    const { page, limit } = pagingParams(q, 250);
    const redirects = getContent(c).redirects;
    const withToUrl = (strListParam(q, 'include') ?? []).includes('to_url');
    const rows = redirects.list({
      siteId: intParam(q, 'site_id'),
      ids: intListParam(q, 'id:in'),
      idMin: intParam(q, 'id:min'),
      idMax: intParam(q, 'id:max'),
      keyword: strParam(q, 'keyword'),
      sort: enumParam(q, 'sort', REDIRECT_SORTS),
      direction: enumParam(q, 'direction', ['asc', 'desc'] as const),
    });
    return v3List(
      c,
      rows.map((r) => redirects.view(r, withToUrl)),
      page,
      limit,
    );
  });

  // upsertRedirects: 201 `{data, meta}` (redirects.v3.yml:138-151); `to_url` is not asked for here, so not given.
  app.put('/', async (c) => {
    const redirects = getContent(c).redirects;
    const saved = redirects.upsert(await readJson(c));
    const rows = saved.map((r) => redirects.view(r, false));
    const pagination = {
      total: rows.length,
      count: rows.length,
      per_page: Math.max(1, rows.length),
      current_page: 1,
      total_pages: 1,
      links: { current: '?page=1' },
    };
    return c.json({ data: rows, meta: { pagination } }, 201);
  });

  app.delete('/', (c) => {
    const q = documentedOnly(query(c), ['id:in', 'site_id']);
    const ids = intListParam(q, 'id:in');
    const siteId = intParam(q, 'site_id');
    if ((ids === undefined || ids.length === 0) && siteId === undefined) {
      throw new BcApiError(422, 'At least one filter must be provided', {
        'id:in': 'id:in (or site_id) is required',
      });
    }
    getContent(c).redirects.delete(ids && ids.length > 0 ? ids : undefined, siteId);
    return c.body(null, 204);
  });

  return app;
}
