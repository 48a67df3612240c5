// What a snapshot keeps of issue 40's kinds, and how it reads them: REST widgets and placements (the `widgets` scope),
// web pages, blog posts and 301 redirects (the `content` scope). One `all` step per collection (snapshot-steps.ts):
// - widgets: `GET /v3/content/widgets` (widgets.v3.yml getWidgets 261-281) and placements: `GET /v3/content/placements`
//   (getPlacements 376-397) document no sort, nor does getPages (pages.v3.yml:70-77, `GET /v3/content/pages`,
//   `include=body` 529-540): read page by page, and again while the total moved (snapshot-steps.ts readAllPages).
// - blog posts: `GET /v2/blog/posts` (store_content.v2.yml getBlogPosts 53-166) answers a bare list without pagination,
//   newest first (57), and documents no sort: its pages are read in turn until a short one, between two
//   `GET /v2/blog/posts/count` (getBlogPostsCount 367-384), and read again while the count moved.
// - redirects: keyset, as documented: `sort=id` (redirects.v3.yml:73-84: "redirect IDs increment when new redirects are
//   added"), `direction=asc` (85-92) and `id:min` (48-54), 250 a page.
// A widget keeps its template's uuid (`widget_template_uuid`, as widget_Put writes it, widgets.v3.yml:1391-1405), not
// the whole template the answer embeds (widget_Full 1338-1364): the template is an item of its own, and a copy in each
// widget would show every widget as changed when its template changes. A placement keeps its widget's uuid
// (`widget_uuid`, placement_Put 1426-1440) for the same reason. The `_: {id}` BigCommerce adds to a widget's
// configuration (the examples at 832-833, 893-894) is the widget's own uuid, so it is left out too.
import type { SnapshotItemKind } from '../../../common/contracts/store-history';
import type { BigCommerceClient } from '../../integrations/bigcommerce';

type Raw = Record<string, unknown>;
type Call = { signal?: AbortSignal };
const isObj = (value: unknown): value is Raw =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const CONTENT_PER_PAGE = 250;
/** A collection read again while its count moved, at most this many times (as snapshot-steps.ts). */
const MAX_PASSES = 3;

/** A widget as a snapshot keeps it (and as a restore compares it): its template named by uuid. */
export function widgetData(raw: Raw): Raw {
  const { widget_template: template, ...rest } = raw;
  const out: Raw = { ...rest };
  if (isObj(template) && typeof template.uuid === 'string') out.widget_template_uuid = template.uuid;
  const configuration = raw.widget_configuration;
  if (isObj(configuration) && isObj(configuration._) && configuration._.id === raw.uuid) {
    const { _: _own, ...fields } = configuration;
    out.widget_configuration = fields;
  }
  return out;
}

/** A placement as a snapshot keeps it: its widget named by uuid. */
export function placementData(raw: Raw): Raw {
  const { widget, ...rest } = raw;
  const out: Raw = { ...rest };
  if (isObj(widget) && typeof widget.uuid === 'string') out.widget_uuid = widget.uuid;
  return out;
}

/** Every blog post, read between two counts, again while the count moved. */
export async function readBlogPosts(client: BigCommerceClient, call: Call = {}): Promise<Raw[]> {
  const seen = new Map<string, Raw>();
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const before = await client.blogPosts.count({ signal: call.signal });
    for (let page = 1; ; page++) {
      const items = await client.blogPosts.list({ page, limit: CONTENT_PER_PAGE, signal: call.signal });
      for (const item of items as Raw[]) seen.set(String(item.id), item);
      if (items.length < CONTENT_PER_PAGE) break;
    }
    const after = await client.blogPosts.count({ signal: call.signal });
    if (before === after) break;
  }
  return [...seen.values()];
}

/** Every redirect, in id order by keyset (`sort=id&direction=asc&id:min=`). */
export async function readRedirects(client: BigCommerceClient, call: Call = {}): Promise<Raw[]> {
  const all: Raw[] = [];
  let after = 0;
  for (;;) {
    const page = await client.redirects.list({
      query: { sort: 'id', direction: 'asc', 'id:min': after + 1 },
      limit: CONTENT_PER_PAGE,
      page: 1,
      signal: call.signal,
    });
    const got = (page.items as Raw[]).filter((item) => Number(item.id) > after);
    all.push(...got);
    // Each id must be past the last: a store that ignored the sort or the filter would loop for ever.
    if (page.items.length < CONTENT_PER_PAGE || got.length === 0) return all;
    after = Math.max(...got.map((item) => Number(item.id)));
  }
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export type ContentCollection = 'widgets' | 'placements' | 'web-pages' | 'blog-posts' | 'redirects';

/** One item of issue 40's collections: its kind, key, name, search text and the data kept. */
export function contentItem(
  collection: ContentCollection,
  raw: Raw,
): {
  kind: SnapshotItemKind;
  key: Record<string, unknown>;
  name: string;
  search: string;
  units: number;
  data: unknown;
} {
  switch (collection) {
    case 'widgets': {
      const name = text(raw.name);
      return {
        kind: 'widget',
        key: { id: raw.uuid },
        name,
        search: name.toLowerCase(),
        units: 0,
        data: widgetData(raw),
      };
    }
    case 'placements': {
      const data = placementData(raw);
      const widget = isObj(raw.widget) ? text(raw.widget.name) : '';
      const entity = text(raw.entity_id);
      const where = `${text(raw.template_file)}${entity ? ` #${entity}` : ''}`;
      const name = `${widget || text(data.widget_uuid)} on ${where}${raw.region ? ` (${text(raw.region)})` : ''}`;
      return { kind: 'placement', key: { id: raw.uuid }, name, search: name.toLowerCase(), units: 0, data };
    }
    case 'web-pages': {
      const name = text(raw.name);
      const search = [name, text(raw.url)].join(' ').toLowerCase();
      return { kind: 'web-page', key: { id: raw.id }, name, search, units: 0, data: raw };
    }
    case 'blog-posts': {
      const name = text(raw.title);
      const search = [name, text(raw.url)].join(' ').toLowerCase();
      return { kind: 'blog-post', key: { id: raw.id }, name, search, units: 0, data: raw };
    }
    case 'redirects': {
      const name = `${text(raw.from_path)} (site ${text(raw.site_id)})`;
      return { kind: 'redirect', key: { id: raw.id }, name, search: name.toLowerCase(), units: 0, data: raw };
    }
  }
}
