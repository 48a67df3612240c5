// A restore's calls for issue 40's kinds (live-items.ts delegates to these): REST widgets and placements, web
// pages, blog posts and 301 redirects, each read as a snapshot keeps it (snapshot-content.ts), updated in place with
// its writable fields (restore-paths.ts), made again when deleted, and deleted by the undo of the restore that made it.
// Widget templates are made again here too (a custom template deleted since the snapshot: the widgets and placements
// made again after it name its new uuid through the id map).
import type { SnapshotItemKind } from '../../../common/contracts/store-history';
import { canonicalValue } from '../../../common/store-history/field-diff';
import type { BigCommerceClient, Page, RedirectToType, WebPageCreate } from '../../integrations/bigcommerce';
import { placementData, widgetData } from './snapshot-content';
import {
  BLOG_POST_FIELDS,
  PLACEMENT_FIELDS,
  WEB_PAGE_FIELDS,
  WIDGET_FIELDS,
  WIDGET_TEMPLATE_FIELDS,
  pick,
} from './restore-paths';
import { orNull } from './restore-refs';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const CONTENT_KINDS = ['widget', 'placement', 'web-page', 'blog-post', 'redirect'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const isContentKind = (kind: SnapshotItemKind): kind is ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(kind);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The item as the store holds it now (null: gone):
 * - widget: `GET /v3/content/widgets/{uuid}` (widgets.v3.yml getWidget 283-297);
 * - placement: `GET /v3/content/placements/{uuid}` (getPlacement 398-412);
 * - web page: `GET /v3/content/pages/{id}?include=body` (pages.v3.yml getPage 298-427, include 529-540);
 * - blog post: `GET /v2/blog/posts/{id}` (store_content.v2.yml getBlogPost 266-299);
 * - redirect: `GET /v3/storefront/redirects?id:in=` (redirects.v3.yml:40-47; there is no single-redirect read).
 */
export async function readContent(client: BigCommerceClient, kind: ContentKind, key: Obj): Promise<unknown> {
  switch (kind) {
    case 'widget': {
      const widget = await orNull(() => client.widgets.get(String(key.id)));
      return widget && widgetData(widget);
    }
    case 'placement': {
      const placement = await orNull(() => client.placements.get(String(key.id)));
      return placement && placementData(placement);
    }
    case 'web-page':
      return orNull(() => client.webPages.get(Number(key.id), { includeBody: true }));
    case 'blog-post':
      return orNull(() => client.blogPosts.get(Number(key.id)));
    case 'redirect': {
      const page = await client.redirects.list({ query: { 'id:in': Number(key.id) }, limit: 1 });
      return page.items.find((r) => Number(r.id) === Number(key.id)) ?? null;
    }
  }
}

/**
 * A blog post's `published_date` as a write takes it: RFC 2822 (store_content.v2.yml:1290-1295, the example at 180),
 * from the object the answers carry (`{date, timezone}`, publishedDate 1437-1450) or the ISO 8601 copy.
 */
export function publishedDateText(post: Obj): string | undefined {
  const iso = typeof post.published_date_iso8601 === 'string' ? post.published_date_iso8601 : undefined;
  const date = post.published_date;
  let ms = NaN;
  if (iso) ms = Date.parse(iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(ms) && isObj(date) && typeof date.date === 'string') {
    const zone =
      typeof date.timezone === 'string' && /^[+-]\d{2}:\d{2}$/.test(date.timezone) ? date.timezone : 'Z';
    ms = Date.parse(`${date.date.slice(0, 19).replace(' ', 'T')}${zone}`);
  }
  if (Number.isNaN(ms) && typeof date === 'string') ms = Date.parse(date);
  return Number.isNaN(ms) ? undefined : new Date(ms).toUTCString();
}

/** A blog post's write body: `title`, `body` and `is_published` always (1271-1272: left out, it becomes a draft). */
function blogPostBody(live: Obj, fields: Obj) {
  const merged = { ...live, ...fields };
  const body = pick(
    merged,
    BLOG_POST_FIELDS.filter((f) => f !== 'published_date'),
  );
  if ('published_date' in fields) {
    const when = publishedDateText(
      isObj(fields.published_date) ? fields : { published_date: fields.published_date },
    );
    if (when) body.published_date = when;
  }
  return {
    ...body,
    title: text(merged.title),
    body: text(merged.body),
    is_published: merged.is_published === true,
  };
}

/** A redirect's upsert (redirects.v3.yml 301RedirectUpsert 476-489): its key (site and path) and target. */
function redirectUpsert(item: Obj, to: unknown) {
  const target = isObj(to) ? to : {};
  const type = String(target.type) as RedirectToType;
  return {
    from_path: String(item.from_path),
    site_id: Number(item.site_id),
    to: {
      type,
      ...(type === 'url'
        ? { url: text(target.url) }
        : typeof target.entity_id === 'number'
          ? { entity_id: target.entity_id }
          : {}),
    },
  };
}

/** Writes the fields of an item that exists (`live`, as read just before), one update call each. */
export async function updateContent(
  client: BigCommerceClient,
  kind: ContentKind,
  key: Obj,
  live: unknown,
  body: Obj,
): Promise<void> {
  if (Object.keys(body).length === 0) return;
  const current = isObj(live) ? live : {};
  switch (kind) {
    case 'widget':
      // widgets.v3.yml updateWidget (301-329, widget_Put 1391-1405): only the fields sent change.
      await client.widgets.update(String(key.id), body);
      return;
    case 'placement':
      // updatePlacement (411-441, placement_Put 1426-1440).
      await client.placements.update(String(key.id), body);
      return;
    case 'web-page':
      // pages.v3.yml updatePage (428-475): only the fields sent change.
      await client.webPages.update(Number(key.id), body);
      return;
    case 'blog-post':
      // store_content.v2.yml updateBlogPost (300-356): title and body required.
      await client.blogPosts.update(Number(key.id), blogPostBody(current, body));
      return;
    case 'redirect':
      // redirects.v3.yml upsertRedirects (122-151): the redirect of this site and path gets the target.
      await client.redirects.upsert([redirectUpsert(current, body.to ?? current.to)]);
      return;
  }
}

/** The body that makes a deleted item again: its writable fields as the snapshot holds them. */
export function contentCreateBody(kind: SnapshotItemKind, snapshot: Obj): Obj | undefined {
  switch (kind) {
    case 'widget-template':
      // widgets.v3.yml createWidgetTemplate (50-120, widgetTemplate_Post): on the template's own channel.
      return { ...pick(snapshot, WIDGET_TEMPLATE_FIELDS), ...pick(snapshot, ['channel_id']) };
    case 'widget':
      return pick(snapshot, WIDGET_FIELDS);
    case 'placement':
      return pick(snapshot, PLACEMENT_FIELDS);
    case 'web-page':
      // A raw page's `content_type` is taken on create (typeRaw, pages.v3.yml:1010-1013).
      return pick(snapshot, [...WEB_PAGE_FIELDS, 'content_type']);
    case 'blog-post':
      return pick(snapshot, [...BLOG_POST_FIELDS, 'published_date_iso8601']);
    case 'redirect':
      return pick(snapshot, ['from_path', 'site_id', 'to']);
    default:
      return undefined;
  }
}

/** Makes a deleted item again from its create body (references already re-pointed); answers its new id. */
export async function createContent(
  client: BigCommerceClient,
  kind: ContentKind | 'widget-template',
  body: Obj,
): Promise<number | string> {
  switch (kind) {
    case 'widget-template': {
      const made = await client.widgetTemplates.create(
        body as Obj & { name: string; template: string; channel_id: number },
      );
      return made.uuid;
    }
    case 'widget': {
      // widgets.v3.yml createWidget (229-259, widget_Post 1365-1390): made on the template's current version.
      const made = await client.widgets.create(
        body as Obj & { name: string; widget_template_uuid: string; channel_id: number },
      );
      return made.uuid;
    }
    case 'placement': {
      // createPlacement (344-374, placement_Post 1406-1425).
      const made = await client.placements.create(
        body as Obj & { widget_uuid: string; template_file: string; channel_id: number },
      );
      return made.uuid;
    }
    case 'web-page': {
      // pages.v3.yml createPages (79-171) with one object; a `blog` page cannot be made through the API (30).
      const made = await client.webPages.create(body as WebPageCreate, { includeBody: true });
      return Number(made.id);
    }
    case 'blog-post': {
      // store_content.v2.yml createBlogPosts (167-227).
      const made = await client.blogPosts.create(blogPostBody({}, body));
      return Number(made.id);
    }
    case 'redirect': {
      const [made] = await client.redirects.upsert([redirectUpsert(body, body.to)]);
      if (!made) throw new Error('BigCommerce did not answer the new redirect');
      return Number(made.id);
    }
  }
}

/**
 * What a retried create may adopt (restore.job.ts decideCreate, only with the backup entry saved just before the create
 * was sent): `notOurs` answers whether an item of the kind, by its id, cannot be the one an earlier attempt made (the
 * snapshot held it, or the store's id map names it the new id of another item).
 */
export type EarlierAttempt = { notOurs: (id: string) => Promise<boolean> };

/** Widgets, placements and widget templates have no unique name: found by their content, for a retried create only. */
export const FOUND_BY_CONTENT: readonly SnapshotItemKind[] = ['widget-template', 'widget', 'placement'];

/** Pages of 250 read at most when looking for an item by its content: 5,000 custom templates across channels (120). */
const MAX_FIND_PAGES = 20;

/**
 * Whether an item the store answered holds the create body's values: every field the body sets, deep equal (a widget
 * read as a snapshot keeps it, its template named by uuid and its configuration without BigCommerce's `_`; a
 * placement's widget by uuid). Fields the body leaves out (the store's defaults, ids, dates) are not compared.
 */
export function sameContent(kind: SnapshotItemKind, candidate: Obj, body: Obj): boolean {
  const held =
    kind === 'widget' ? widgetData(candidate) : kind === 'placement' ? placementData(candidate) : candidate;
  return Object.keys(body).every(
    (field) => JSON.stringify(canonicalValue(held[field])) === JSON.stringify(canonicalValue(body[field])),
  );
}

/** The items of a list, page by page, at most MAX_FIND_PAGES pages. */
async function listBounded(read: (page: number) => Promise<Page<unknown>>): Promise<Obj[]> {
  const out: Obj[] = [];
  for (let page = 1; page <= MAX_FIND_PAGES; page++) {
    const answer = await read(page);
    out.push(...(answer.items as Obj[]));
    if (answer.items.length === 0 || page >= (answer.pagination?.total_pages ?? page)) break;
  }
  return out;
}

/**
 * The item an earlier attempt of a restore made from this create body (references as it sent them) and did not live to
 * record, by its content; null when there is none, or when `earlier` is not given (no create was sent):
 * - widget: `GET /v3/content/widgets?widget_template_uuid=&name=` (widgets.v3.yml getWidgets 265-274, the parameters
 *   FilterWidgetTemplateUUIDParam 490-497 and FilterWidgetNameParam 505-510);
 * - placement: `GET /v3/content/placements?widget_uuid=&template_file=` (getPlacements 380-389, FilterWidgetUUIDParam
 *   549-556, FilterTemplateFileParam 511-517; there is no region or entity filter);
 * - widget template: `GET /v3/content/widget-templates?widget_template_kind=custom&channel_id:in=` (getWidgetTemplates
 *   125-142: no name filter, so every page, bounded), a template a restore makes being custom (`kind`, 937).
 * Of those holding the body's values (sameContent), the first one `earlier.notOurs` does not rule out.
 */
async function findByContent(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  body: Obj,
  earlier: EarlierAttempt | undefined,
): Promise<Obj | null> {
  if (!earlier) return null;
  const limit = 250;
  const channel = typeof body.channel_id === 'number' ? { 'channel_id:in': body.channel_id } : {};
  let candidates: Obj[];
  if (kind === 'widget' && typeof body.widget_template_uuid === 'string' && typeof body.name === 'string') {
    const query = { widget_template_uuid: body.widget_template_uuid, name: body.name, ...channel };
    candidates = await listBounded((page) => client.widgets.list({ query, page, limit }));
  } else if (
    kind === 'placement' &&
    typeof body.widget_uuid === 'string' &&
    typeof body.template_file === 'string'
  ) {
    const query = { widget_uuid: body.widget_uuid, template_file: body.template_file, ...channel };
    candidates = await listBounded((page) => client.placements.list({ query, page, limit }));
  } else if (kind === 'widget-template') {
    const query = { widget_template_kind: 'custom', ...channel };
    candidates = await listBounded((page) => client.widgetTemplates.list({ query, page, limit }));
  } else {
    return null;
  }
  for (const candidate of candidates) {
    if (typeof candidate.uuid !== 'string' || !sameContent(kind, candidate, body)) continue;
    if (await earlier.notOurs(candidate.uuid)) continue;
    return { ...candidate, id: candidate.uuid };
  }
  return null;
}

/**
 * One the store holds already by what is unique about it: a web page by its name on its channel (pages.v3.yml:896
 * "Must be unique"; `name` and `channel_id` filters 70-77), a blog post by its URL (the `url` filter,
 * store_content.v2.yml getBlogPosts), a redirect by its site and path (the upsert key, redirects.v3.yml:489; `site_id`
 * and `keyword` filters). Widgets, placements and templates have no unique name: for a retried create (`earlier`), the
 * one an earlier attempt made, by its content (findByContent); otherwise null.
 */
export async function findContent(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  body: Obj,
  earlier?: EarlierAttempt,
): Promise<Obj | null> {
  if (FOUND_BY_CONTENT.includes(kind)) return findByContent(client, kind, body, earlier);
  if (kind === 'web-page' && typeof body.name === 'string') {
    const page = await client.webPages.list({
      query: {
        name: body.name,
        ...(typeof body.channel_id === 'number' ? { channel_id: body.channel_id } : {}),
      },
      limit: 5,
    });
    return (page.items.find((p) => p.name === body.name) as Obj | undefined) ?? null;
  }
  if (kind === 'blog-post' && typeof body.url === 'string') {
    const posts = await client.blogPosts.list({ query: { url: body.url }, limit: 5 });
    return (posts.find((p) => p.url === body.url) as Obj | undefined) ?? null;
  }
  if (kind === 'redirect' && typeof body.from_path === 'string') {
    const page = await client.redirects.list({
      query: { site_id: Number(body.site_id), keyword: body.from_path },
      limit: 250,
    });
    return (
      (page.items.find((r) => r.from_path === body.from_path && r.site_id === Number(body.site_id)) as
        Obj | undefined) ?? null
    );
  }
  return null;
}

/**
 * Deletes an item a restore made again (its undo); false when it was gone already:
 * widgets.v3.yml deleteWidget (330-340), deletePlacement (442-452), deleteWidgetTemplate (211-224); pages.v3.yml
 * deletePage (476-502); store_content.v2.yml deleteBlogPost (357-366); redirects.v3.yml deleteRedirects `id:in`
 * (152-177, 204 whether or not the id exists: read first).
 */
export async function deleteContent(
  client: BigCommerceClient,
  kind: ContentKind | 'widget-template',
  key: Obj,
): Promise<boolean> {
  const gone = async (remove: () => Promise<unknown>) =>
    (await orNull(() => remove().then(() => true))) ?? false;
  switch (kind) {
    case 'widget-template':
      return gone(() => client.widgetTemplates.delete(String(key.id)));
    case 'widget':
      return gone(() => client.widgets.delete(String(key.id)));
    case 'placement':
      return gone(() => client.placements.delete(String(key.id)));
    case 'web-page':
      return gone(() => client.webPages.delete(Number(key.id)));
    case 'blog-post':
      return gone(() => client.blogPosts.delete(Number(key.id)));
    case 'redirect':
      if ((await readContent(client, 'redirect', key)) === null) return false;
      await client.redirects.delete([Number(key.id)]);
      return true;
  }
}
