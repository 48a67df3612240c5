// 301 redirects as ../shared/bigcommerce/openapi/redirects.v3.yml [REDIR] documents them (getRedirects,
// upsertRedirects, deleteRedirects; the import-export jobs are not served). The deprecated `/v2/redirects`
// (store_content.v2.yml:9, 661-920) is not served either.
import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxApp, SandboxEnv } from '../core/app-env';
import { BcApiError, v3List } from '../core/envelope';
import {
  documentedOnly,
  enumParam,
  intListParam,
  intParam,
  pagingParams,
  strListParam,
  strParam,
  unaskedOrder,
} from '../core/query';
import { query, readJson } from '../catalog/route-helpers';
import type { GetContent } from './route-helpers';
import { parseBody } from '../core/body';
import type { EntityKind, StorefrontContext } from './storefront-context';

/** RedirectTo.type (redirects.v3.yml:600-618). */
export const REDIRECT_TO_TYPES = ['product', 'brand', 'category', 'page', 'post', 'url'] as const;
export type RedirectToType = (typeof REDIRECT_TO_TYPES)[number];

export type RedirectTo = { type: RedirectToType; entity_id?: number; url?: string };

export type Redirect = { id: number; site_id: number; from_path: string; to: RedirectTo };

/** A sandbox bound (the spec names none); the store's growth budget bounds it as well. */
export const REDIRECT_LIMIT = 20_000;

/**
 * Sites: BigCommerce numbers them itself (channels.v3.yml `/channels/{channel_id}/site`, not served by the sandbox).
 * The sandbox gives the store's n-th channel the site 1000 + n (the first channel's site is 1000).
 */
export const FIRST_SITE_ID = 1000;

const redirectTo = z.object({
  type: z.enum(REDIRECT_TO_TYPES),
  entity_id: z.number().int().positive().optional(),
  url: z.string().max(2048).optional(),
});

/** 301RedirectUpsert (redirects.v3.yml:476-489): `from_path` and `site_id` required. */
const upsertItem = z.object({
  from_path: z.string().min(1).max(2048),
  site_id: z.number().int(),
  to: redirectTo.optional(),
});
const upsertBody = z.array(upsertItem);

export type RedirectSort = 'from_path' | 'type' | 'site_id' | 'id';
export type RedirectFilter = {
  siteId?: number;
  ids?: readonly number[];
  idMin?: number;
  idMax?: number;
  keyword?: string;
  sort?: RedirectSort;
  direction?: 'asc' | 'desc';
};

export type RedirectsSnapshot = { redirects: Map<number, Redirect>; nextId: number };

/** Paths of the content objects a redirect may point at (the state's own web pages and blog posts). */
export type ContentPaths = {
  page: (id: number) => string | undefined;
  post: (id: number) => string | undefined;
};

export class Redirects {
  private readonly redirects = new Map<number, Redirect>();
  private nextId = 1;

  constructor(
    private readonly context: StorefrontContext,
    private readonly paths: ContentPaths,
  ) {}

  save(): RedirectsSnapshot {
    return { redirects: this.redirects, nextId: this.nextId };
  }

  load(saved: RedirectsSnapshot): void {
    this.redirects.clear();
    for (const [id, redirect] of saved.redirects) this.redirects.set(id, redirect);
    this.nextId = saved.nextId;
  }

  siteIds(): number[] {
    return this.context.channelIds().map((_, index) => FIRST_SITE_ID + index);
  }

  /** The site's base URL (the sandbox's own naming; BigCommerce's is the channel's domain). */
  siteUrl(siteId: number): string {
    return `https://store-${this.context.storeHash()}-${siteId}.mybigcommerce.com`;
  }

  private entityPath(kind: EntityKind, id: number): string | undefined {
    if (kind === 'page') return this.paths.page(id);
    if (kind === 'post') return this.paths.post(id);
    return this.context.catalogPath(kind, id);
  }

  /**
   * `to_url`, only with `include=to_url`: "Full destination URL for the redirect" (redirects.v3.yml:503-507). A
   * dynamic target that no longer exists gets the site's home page (BigCommerce does not document that case).
   */
  toUrl(redirect: Redirect): string {
    const base = this.siteUrl(redirect.site_id);
    const { to } = redirect;
    if (to.type === 'url') {
      const url = to.url ?? '';
      return /^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;
    }
    const path = to.entity_id === undefined ? undefined : this.entityPath(to.type, to.entity_id);
    return `${base}${path ?? '/'}`;
  }

  view(redirect: Redirect, withToUrl: boolean): Record<string, unknown> {
    return {
      id: redirect.id,
      site_id: redirect.site_id,
      from_path: redirect.from_path,
      to: { ...redirect.to },
      ...(withToUrl ? { to_url: this.toUrl(redirect) } : {}),
    };
  }

  /** Seeds one redirect (demo content). */
  add(redirect: Redirect): void {
    this.redirects.set(redirect.id, structuredClone(redirect));
    this.nextId = Math.max(this.nextId, redirect.id + 1);
  }

  /**
   * getRedirects' filters (redirects.v3.yml:34-107): `site_id`, `id:in`, `id:min`, `id:max`, `keyword` ("Will only
   * search from the beginning of a URL path", 105), `sort` (from_path, type, site_id, id) and `direction`. Without `sort`
   * the order is not documented ("you can sort by ID to return results in redirect create date order", 76): the
   * sandbox's neutral order (`unaskedOrder`).
   */
  list(filter: RedirectFilter = {}): Redirect[] {
    const keyword = filter.keyword?.toLowerCase();
    const key = filter.sort;
    const sign = filter.direction === 'desc' ? -1 : 1;
    const value = (r: Redirect): string | number =>
      key === 'type' ? r.to.type : key === 'from_path' ? r.from_path : key === 'site_id' ? r.site_id : r.id;
    const found = [...this.redirects.values()]
      .filter((r) => filter.siteId === undefined || r.site_id === filter.siteId)
      .filter((r) => filter.ids === undefined || filter.ids.includes(r.id))
      .filter((r) => filter.idMin === undefined || r.id >= filter.idMin)
      .filter((r) => filter.idMax === undefined || r.id <= filter.idMax)
      .filter((r) => {
        if (keyword === undefined) return true;
        const path = r.from_path.toLowerCase();
        return path.startsWith(keyword) || path.startsWith(`/${keyword.replace(/^\//, '')}`);
      });
    if (key === undefined) return unaskedOrder(found, (r) => r.id).map((r) => structuredClone(r));
    return found
      .sort((a, b) => {
        const x = value(a);
        const y = value(b);
        const order =
          typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return sign * order || a.id - b.id;
      })
      .map((r) => structuredClone(r));
  }

  /**
   * upsertRedirects (redirects.v3.yml:122-151): "If there’s a conflict on the from_path and site_id, the redirect
   * will be overwritten with new data" (489). Every item is checked before anything is written. The spec leaves the
   * answer to invalid items undocumented: the sandbox answers 422 keyed by item index. A new redirect needs `to`, a
   * `url` target a `url` and the others an `entity_id` (entity ids are not checked against the store).
   */
  upsert(raw: unknown): Redirect[] {
    const items = parseBody(upsertBody, raw);
    const sites = new Set(this.siteIds());
    const errors: Record<string, string> = {};
    items.forEach((item, index) => {
      if (!sites.has(item.site_id))
        errors[`${index}.site_id`] = `site_id ${item.site_id} is not a site of this store`;
      const to = item.to;
      if (to?.type === 'url' && !to.url) errors[`${index}.to.url`] = 'a redirect to a url needs to.url';
      if (to && to.type !== 'url' && to.entity_id === undefined) {
        errors[`${index}.to.entity_id`] = `a redirect to a ${to.type} needs to.entity_id`;
      }
      if (!to && !this.find(item.site_id, item.from_path)) errors[`${index}.to`] = 'a new redirect needs to';
    });
    if (Object.keys(errors).length > 0) throw new BcApiError(422, 'The redirects are invalid', errors);
    const fresh = items.filter((item) => !this.find(item.site_id, item.from_path)).length;
    if (this.redirects.size + fresh > REDIRECT_LIMIT) {
      throw new BcApiError(403, `This sandbox store holds at most ${REDIRECT_LIMIT} redirects`);
    }
    return items.map((item) => {
      const existing = this.find(item.site_id, item.from_path);
      const to: RedirectTo | undefined = item.to && {
        type: item.to.type,
        ...(item.to.type === 'url' ? { url: item.to.url ?? '' } : { entity_id: item.to.entity_id ?? 0 }),
      };
      if (existing) {
        if (to) existing.to = to;
        return structuredClone(existing);
      }
      const redirect: Redirect = {
        id: this.nextId,
        site_id: item.site_id,
        from_path: item.from_path,
        to: to ?? { type: 'url', url: '/' },
      };
      this.nextId += 1;
      this.redirects.set(redirect.id, redirect);
      return structuredClone(redirect);
    });
  }

  private find(siteId: number, fromPath: string): Redirect | undefined {
    return [...this.redirects.values()].find((r) => r.site_id === siteId && r.from_path === fromPath);
  }

  /**
   * deleteRedirects (redirects.v3.yml:152-177): `id:in` (declared required) deletes those ids; `site_id` alone "To
   * delete all redirects for a given site"; both: those ids of that site. Unknown ids are ignored (204).
   */
  delete(ids: readonly number[] | undefined, siteId: number | undefined): void {
    for (const redirect of [...this.redirects.values()]) {
      if (ids !== undefined && !ids.includes(redirect.id)) continue;
      if (siteId !== undefined && redirect.site_id !== siteId) continue;
      this.redirects.delete(redirect.id);
    }
  }
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
