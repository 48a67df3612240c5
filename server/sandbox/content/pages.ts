// Web pages as the Pages V3 API documents them: ../shared/bigcommerce/openapi/pages.v3.yml [PAGES] (getPages,
// createPages, updatePages, deletePages, getPage, updatePage, deletePage). One store's pages, with ids from a counter
// kept in the state (so a demo copy replays the same ids). Failures throw BcApiError in the bodies [PAGES] shows.
import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxApp, SandboxContext, SandboxEnv } from '../core/app-env';
import { BcApiError, v3Data, v3List } from '../core/envelope';
import {
  boolParam,
  documentedOnly,
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
import type { StorefrontContext } from './storefront-context';
import { contentSlug } from './slug';

/** [PAGES anyTypePage.type] (pages.v3.yml:917-927). */
export const WEB_PAGE_TYPES = ['page', 'raw', 'contact_form', 'link', 'blog'] as const;
export type WebPageType = (typeof WEB_PAGE_TYPES)[number];

/** Everything one page may hold; the answer shows the fields of its type only (webPageView). */
export type WebPage = {
  id: number;
  channel_id: number;
  name: string;
  type: WebPageType;
  is_visible: boolean;
  parent_id: number;
  sort_order: number;
  is_homepage: boolean;
  is_customers_only: boolean;
  url: string;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  search_keywords: string | null;
  body: string | null;
  /** contact_form only (pages.v3.yml:976-994). */
  email?: string;
  contact_fields?: string;
  /** link only (pages.v3.yml:1016-1028). */
  link?: string;
  /** raw only (pages.v3.yml:1010-1013). */
  content_type?: string;
};

/** "Web pages created via this endpoint are subject to the 4000 web page platform limit" (pages.v3.yml:86). */
export const WEB_PAGE_LIMIT = 4000;

const nullableString = z.string().nullable();

/** PagePutObj (pages.v3.yml:765-870); a create adds the required `name` and `type` of anyTypePage (941-943). */
const pageFields = {
  channel_id: z.number().int().positive(),
  name: z.string().min(1).max(100),
  is_visible: z.boolean(),
  parent_id: z.number().int().nonnegative(),
  sort_order: z.number().int(),
  type: z.enum(WEB_PAGE_TYPES),
  body: nullableString,
  is_homepage: z.boolean(),
  is_customers_only: z.boolean(),
  email: z.string().max(255),
  meta_title: nullableString,
  link: z.string(),
  contact_fields: z.string(),
  meta_keywords: nullableString,
  meta_description: nullableString,
  search_keywords: nullableString,
  url: z.string(),
  content_type: z.string(),
};
const createPageBody = z.object(pageFields).partial().required({ name: true, type: true });
const updatePageBody = z.object(pageFields).partial();
const updatePagesItem = updatePageBody.extend({ id: z.number().int().positive() });
export type CreatePageBody = z.infer<typeof createPageBody>;
export type UpdatePageBody = z.infer<typeof updatePageBody>;

export type WebPageFilter = { channelId?: number; ids?: readonly number[]; name?: string; nameLike?: string };

/** [PAGES] 404: "A Page was not found with an ID of 99" (pages.v3.yml:406-410, 496-500). */
function pageNotFound(id: number): BcApiError {
  return new BcApiError(404, `A Page was not found with an ID of ${id}`);
}

/** [PAGES] 422 "Input is invalid" with a `detail` (pages.v3.yml:246-251, 285-290). */
function inputInvalid(detail: string, errors: Record<string, string> = {}): BcApiError {
  return new BcApiError(422, 'Input is invalid', errors, { detail });
}

/**
 * The answer for one page: the fields its type's schema lists (typePage, typeBlog, typeContactForm: anyTypePage,
 * pageMeta and searchKeywords; typeRaw: no pageMeta, `content_type`; typeLink: `link`, no meta, no body;
 * pages.v3.yml:944-1028), `body` only when `include=body` asks for it (529-540).
 */
export function webPageView(page: WebPage, withBody: boolean): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: page.id,
    channel_id: page.channel_id,
    name: page.name,
    is_visible: page.is_visible,
    parent_id: page.parent_id,
    sort_order: page.sort_order,
    type: page.type,
    is_homepage: page.is_homepage,
    is_customers_only: page.is_customers_only,
  };
  if (page.type !== 'link') view.url = page.url;
  if (page.type !== 'raw' && page.type !== 'link') {
    view.meta_title = page.meta_title ?? '';
    view.meta_keywords = page.meta_keywords ?? null;
    view.meta_description = page.meta_description ?? '';
  }
  if (page.type !== 'link') view.search_keywords = page.search_keywords ?? '';
  if (page.type === 'contact_form') {
    view.email = page.email ?? '';
    view.contact_fields = page.contact_fields ?? '';
  }
  if (page.type === 'raw') view.content_type = page.content_type ?? 'text/html';
  if (page.type === 'link') view.link = page.link ?? '';
  if (withBody && page.type !== 'link') view.body = page.type === 'blog' ? '' : (page.body ?? '');
  return view;
}

export type WebPagesSnapshot = { pages: Map<number, WebPage>; nextId: number };

export class WebPages {
  private readonly pages = new Map<number, WebPage>();
  private nextId = 1;

  constructor(private readonly context: StorefrontContext) {}

  save(): WebPagesSnapshot {
    return { pages: this.pages, nextId: this.nextId };
  }

  /** `nextId` is absent in snapshots made before the Pages API was writable: it follows the highest id then. */
  load(pages: Map<number, WebPage>, nextId?: number): void {
    this.pages.clear();
    for (const [id, page] of pages) this.pages.set(id, page);
    this.nextId = nextId ?? Math.max(0, ...this.pages.keys()) + 1;
  }

  /** Seeds one page as it is (demo content); later creates get higher ids. */
  add(page: WebPage): void {
    this.pages.set(page.id, structuredClone(page));
    this.nextId = Math.max(this.nextId, page.id + 1);
  }

  /**
   * getPages' filters (pages.v3.yml:70-77, 541-588): `channel_id`, `id:in`, `name`, and `name:like`, which matches
   * "pages whose `name` or `body` contain the supplied string". getPages documents no sort: the sandbox's neutral
   * order (`unaskedOrder`).
   */
  list(filter: WebPageFilter = {}): WebPage[] {
    const like = filter.nameLike?.toLowerCase();
    const pages = [...this.pages.values()]
      .filter((page) => filter.channelId === undefined || page.channel_id === filter.channelId)
      .filter((page) => filter.ids === undefined || filter.ids.includes(page.id))
      .filter((page) => filter.name === undefined || page.name === filter.name)
      .filter(
        (page) =>
          like === undefined ||
          page.name.toLowerCase().includes(like) ||
          (page.body ?? '').toLowerCase().includes(like),
      );
    return unaskedOrder(pages, (page) => page.id).map((page) => structuredClone(page));
  }

  /**
   * getPage "recognizes the same query parameters as Get Multiple Pages. If the requested page does not meet the query
   * parameters you specify, you will receive a 404 response even if the requested `pageId` does exist"
   * (pages.v3.yml:305-307).
   */
  get(id: number, filter: WebPageFilter = {}): WebPage {
    const page = this.list({ ...filter, ids: [id] })[0];
    if (!page) throw pageNotFound(id);
    return page;
  }

  private checkChannel(channelId: number): void {
    if (!this.context.isKnownChannel(channelId)) {
      throw inputInvalid(`channel_id ${channelId} is not a channel of this store`, {
        channel_id: 'channel_id must be the id of an existing channel',
      });
    }
  }

  /**
   * The checks a page must pass once merged: the name is unique ("Must be unique", pages.v3.yml:896; the sandbox
   * reads it per channel, ignoring case, which the spec does not say), a `raw` page has a body (1014-1015, and the
   * example "missing the required field: body" at 246-251), a `link` page a link (1027-1028), a `blog` page is not
   * created ("blog-type pages can only be created in the store control panel", 30).
   */
  private checkPage(page: WebPage, creating: boolean): void {
    this.checkChannel(page.channel_id);
    const clash = [...this.pages.values()].find(
      (other) =>
        other.id !== page.id &&
        other.channel_id === page.channel_id &&
        other.name.toLowerCase() === page.name.toLowerCase(),
    );
    if (clash) {
      throw inputInvalid(`The name "${page.name}" is already used by page ${clash.id}`, {
        name: 'name must be unique',
      });
    }
    if (page.type === 'raw' && (page.body === null || page.body === '')) {
      throw inputInvalid('missing the required field: body', { body: 'body is required for raw pages' });
    }
    if (page.type === 'link' && !page.link) {
      throw inputInvalid('missing the required field: link', { link: 'link is required for link pages' });
    }
    if (creating && page.type === 'blog') {
      throw inputInvalid('blog pages can only be created in the store control panel', {
        type: 'type blog cannot be created through the API',
      });
    }
  }

  private fromCreate(body: CreatePageBody, id: number): WebPage {
    return {
      id,
      // "default: 1" (pages.v3.yml:892): the store's first channel, as widgets do.
      channel_id: body.channel_id ?? this.context.defaultChannelId(),
      name: body.name,
      type: body.type,
      is_visible: body.is_visible ?? true,
      parent_id: body.parent_id ?? 0,
      sort_order: body.sort_order ?? 0,
      is_homepage: body.is_homepage ?? false,
      is_customers_only: body.is_customers_only ?? false,
      url: body.url ?? `/${contentSlug(body.name)}/`,
      meta_title: body.meta_title ?? '',
      meta_description: body.meta_description ?? '',
      meta_keywords: body.meta_keywords ?? '',
      search_keywords: body.search_keywords ?? '',
      body: body.body ?? (body.type === 'link' ? null : ''),
      ...(body.type === 'contact_form'
        ? { email: body.email ?? '', contact_fields: body.contact_fields ?? '' }
        : {}),
      ...(body.type === 'link' ? { link: body.link ?? '' } : {}),
      ...(body.type === 'raw' ? { content_type: body.content_type ?? 'text/html' } : {}),
    };
  }

  /**
   * createPages (pages.v3.yml:79-171): one object or an array. "an invalid input in any one entry will cause the whole
   * request to return 422. The entries that are valid will still be created" (160-163): the valid ones are saved, then
   * the first failure is thrown with the created pages in its body (`data`), which the spec does not show.
   */
  create(raw: unknown): { pages: WebPage[]; failure?: BcApiError } {
    const items = Array.isArray(raw) ? (raw as unknown[]) : [raw];
    const created: WebPage[] = [];
    let failure: BcApiError | undefined;
    items.forEach((item, index) => {
      try {
        const body = parseBody(createPageBody, item, Array.isArray(raw) ? `${index}.` : '');
        if (this.pages.size >= WEB_PAGE_LIMIT) {
          throw new BcApiError(422, `A store can hold at most ${WEB_PAGE_LIMIT} web pages`);
        }
        const page = this.fromCreate(body, this.nextId);
        this.checkPage(page, true);
        this.nextId += 1;
        this.pages.set(page.id, page);
        created.push(structuredClone(page));
      } catch (error) {
        if (!(error instanceof BcApiError)) throw error;
        failure ??= error;
      }
    });
    return failure ? { pages: created, failure } : { pages: created };
  }

  private merged(current: WebPage, body: UpdatePageBody): WebPage {
    const next: WebPage = { ...current };
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined && key !== 'id') (next as Record<string, unknown>)[key] = value;
    }
    if (next.type === 'contact_form') {
      next.email ??= '';
      next.contact_fields ??= '';
    }
    if (next.type === 'raw') next.content_type ??= 'text/html';
    return next;
  }

  /** updatePage (pages.v3.yml:428-475): only the fields sent change. */
  update(id: number, raw: unknown): WebPage {
    const body = parseBody(updatePageBody, raw);
    const current = this.pages.get(id);
    if (!current) throw pageNotFound(id);
    const next = this.merged(current, body);
    this.checkPage(next, false);
    this.pages.set(id, next);
    return structuredClone(next);
  }

  /**
   * updatePages (pages.v3.yml:172-255): an object or an array of PagePutBulk (`id` required, 871-880). Every item is
   * checked before anything is written (the spec does not say whether BigCommerce saves part of a failing batch).
   */
  updateMany(raw: unknown): WebPage[] {
    const items = Array.isArray(raw) ? (raw as unknown[]) : [raw];
    const nexts = items.map((item, index) => {
      if (typeof item === 'object' && item !== null && !('id' in item)) {
        throw inputInvalid('missing the required field: id', { [`${index}.id`]: 'id is required' });
      }
      const body = parseBody(updatePagesItem, item, Array.isArray(raw) ? `${index}.` : '');
      const current = this.pages.get(body.id);
      if (!current) throw pageNotFound(body.id);
      return this.merged(current, body);
    });
    const seen = new Map<number, WebPage>();
    for (const next of nexts) seen.set(next.id, next);
    // Checked against each other too: two items of one batch may not take the same name.
    const before = new Map(this.pages);
    try {
      for (const next of seen.values()) this.pages.set(next.id, next);
      for (const next of seen.values()) this.checkPage(next, false);
    } catch (error) {
      this.pages.clear();
      for (const [key, value] of before) this.pages.set(key, value);
      throw error;
    }
    return [...seen.values()].map((page) => structuredClone(page));
  }

  /**
   * deletePages / deletePage (pages.v3.yml:256-294, 476-502). Without `deleteChildren`, "deleting a parent page will
   * update its immediate children by setting their `parent_id` to `0` and their `is_visible` status to `false`"; with
   * it, the children and their descendants go too (568-576). Ids that do not exist answer 404 after the others are
   * deleted ("Specified pages that did exist were successfully deleted", 267).
   */
  delete(ids: readonly number[], deleteChildren: boolean): void {
    const missing = ids.find((id) => !this.pages.has(id));
    const doomed = new Set(ids.filter((id) => this.pages.has(id)));
    if (deleteChildren) {
      let grew = true;
      while (grew) {
        grew = false;
        for (const page of this.pages.values()) {
          if (!doomed.has(page.id) && doomed.has(page.parent_id)) {
            doomed.add(page.id);
            grew = true;
          }
        }
      }
    }
    for (const id of doomed) this.pages.delete(id);
    for (const page of this.pages.values()) {
      if (doomed.has(page.parent_id)) {
        page.parent_id = 0;
        page.is_visible = false;
      }
    }
    if (missing !== undefined) throw pageNotFound(missing);
  }
}

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
