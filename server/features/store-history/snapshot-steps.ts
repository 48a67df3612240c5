// What a snapshot reads, step by step (issue 32, issue 40). The plan is made once; then each step is one request (or,
// for a small collection, its pages one after another) whose items are stored at once, so memory does not grow with
// the store and a resumed job goes on from the first step not yet settled.
//
// Requests, and why they are the fewest BigCommerce allows for the data:
// - products: their ids first, 250 a request in id order by keyset (`sort=id` products_catalog.v3.yml SortParam
//   ~9534-9551, `id:greater` IdGreaterParam ~9814; `include_fields=name`, since `id` is not an allowed value of
//   IncludeFieldsParam ~9567-9600: "the ID and the specified fields will be returned"), then
//   `GET /v3/catalog/products?id:in=…&include=variants,images,custom_fields,bulk_pricing_rules,options,modifiers,
//   videos,reviews,channels&limit=10` (including options or modifiers caps the page at 10: IncludeParamGetProducts;
//   every sub-resource and the channel assignments come in that one answer: IncludeParamBase). A product deleted or
//   added while the snapshot runs moves no other product out of it, as offset paging would (issue 40): the plan names
//   the ids. The id list adds one request per 250 products (1.04x the fewest for the data).
// - categories: `GET /v3/catalog/trees/categories?limit=250`; brands: `GET /v3/catalog/brands?limit=250`; widget
//   templates: `GET /v3/content/widget-templates?limit=250` (widgets.v3.yml getWidgetTemplates). None documents a sort
//   by id (brands_catalog.v3.yml SortQuery: `name` only; category-trees_catalog.v3.yml none), so each collection is
//   one step that reads its pages in turn and reads them all again when the total moved meanwhile (at most
//   MAX_COLLECTION_PASSES times), keeping every item seen: an item that existed throughout is never dropped.
// - pages: the global regions and the 17 template files of each channel, every page its placements name, and a probe
//   of the page of each product, category, brand and web page, at most MAX_PAGE_PROBES (snapshot-pages.ts, with the
//   sources); the pages past the bound are named in the snapshot (`unreadPages`). One `GET /v3/content/page-widgets`
//   each (page-widgets.v3.yml getPageWidgets). A page with no widgets is kept too, so it can be restored to empty.
// - REST widgets, placements, web pages, blog posts and redirects (issue 40): snapshot-content.ts.
// Planning adds the channel list, the placements, and the entities whose pages are probed (their ids, a few requests).
import {
  MAX_PAGE_PROBES,
  snapshotTargetsSchema,
  type UnreadPages,
  type SnapshotItemKind,
  type SnapshotScope,
  type SnapshotTargets,
} from '../../../common/contracts/store-history';
import { isBigCommerceError, type BigCommerceClient } from '../../integrations/bigcommerce';
import { CONTENT_PER_PAGE, contentItem, readBlogPosts, readRedirects } from './snapshot-content';
import { planPages } from './snapshot-pages';

export const PRODUCT_INCLUDES =
  'variants,images,custom_fields,bulk_pricing_rules,options,modifiers,videos,reviews,channels';
/** Including options or modifiers caps a products page at 10 (IncludeParamGetProducts). */
export const PRODUCTS_PER_PAGE = 10;
export const PER_PAGE = 250;
/** A collection read again from its first page when its total moved while it was read, at most this many times. */
export const MAX_COLLECTION_PASSES = 3;

const COLLECTIONS = {
  products: {
    path: '/v3/catalog/products',
    perPage: PRODUCTS_PER_PAGE,
    query: { include: PRODUCT_INCLUDES },
  },
  categories: { path: '/v3/catalog/trees/categories', perPage: PER_PAGE, query: {} },
  brands: { path: '/v3/catalog/brands', perPage: PER_PAGE, query: {} },
  'widget-templates': { path: '/v3/content/widget-templates', perPage: PER_PAGE, query: {} },
  // Issue 40's collections (snapshot-content.ts): blog posts and redirects have readers of their own.
  widgets: { path: '/v3/content/widgets', perPage: CONTENT_PER_PAGE, query: {} },
  placements: { path: '/v3/content/placements', perPage: CONTENT_PER_PAGE, query: {} },
  'web-pages': { path: '/v3/content/pages', perPage: CONTENT_PER_PAGE, query: { include: 'body' } },
  'blog-posts': { path: '/v2/blog/posts', perPage: CONTENT_PER_PAGE, query: {} },
  redirects: { path: '/v3/storefront/redirects', perPage: CONTENT_PER_PAGE, query: {} },
} as const;
type Collection = keyof typeof COLLECTIONS;

export type SnapshotStep =
  /**
   * Items of a collection: with `ids`, only those (one request); with `all`, every page of a small collection, read
   * again while its total moves. `page` (with `where`) is kept for plans made before issue 40.
   */
  | { step: Collection; page: number; ids?: (number | string)[]; where?: ProductsWhere; all?: true }
  | { step: 'page'; channelId: number; templateFile: string | null; entityId: string | null };

/** One item read: what `snapshot_item` keeps, and its content (stored as a blob). */
export type SnapshotReadItem = {
  kind: SnapshotItemKind;
  key: Record<string, unknown>;
  name: string;
  search: string;
  units: number;
  data: unknown;
};

type Call = { signal?: AbortSignal };
type ProductsWhere = NonNullable<SnapshotTargets['productsWhere']>;

/**
 * Every product id (of the products `where` names), in id order, by keyset: `sort=id&id:greater=<last>`, 250 a page,
 * with `include_fields=name` (the smallest documented answer).
 */
export async function productIds(
  client: BigCommerceClient,
  call: Call,
  where: ProductsWhere = {},
  /** Filled with each product's channel assignments (`include=channels`, IncludeParamBase), read with the ids. */
  channelsOf?: Map<number, number[]>,
): Promise<number[]> {
  const ids: number[] = [];
  let after = 0;
  for (;;) {
    const page = await client.list('/v3/catalog/products', {
      query: {
        ...where,
        include_fields: 'name',
        ...(channelsOf ? { include: 'channels' } : {}),
        sort: 'id',
        direction: 'asc',
        'id:greater': after,
      },
      limit: PER_PAGE,
      page: 1,
      signal: call.signal,
    });
    const got = page.items.map((item) => Number((item as { id: unknown }).id)).filter(Number.isFinite);
    // Each id must be past the last: a store that ignored the sort or the filter would loop for ever.
    const fresh = got.filter((id) => id > after);
    ids.push(...fresh);
    if (channelsOf) {
      for (const item of page.items as Raw[]) {
        const channels = Array.isArray(item.channels) ? item.channels.map(Number) : [];
        channelsOf.set(Number(item.id), channels.filter(Number.isFinite));
      }
    }
    if (got.length < PER_PAGE || fresh.length === 0) return ids;
    after = Math.max(...fresh);
  }
}

const chunks = <T>(values: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) =>
    values.slice(index * size, (index + 1) * size),
  );

/** The steps of a snapshot of these parts of the store, and the pages past its bound (snapshot-pages.ts). */
export async function planSnapshot(
  client: BigCommerceClient,
  scope: readonly SnapshotScope[],
  call: Call = {},
  pageBound = MAX_PAGE_PROBES,
): Promise<{ steps: SnapshotStep[]; unreadPages: UnreadPages[] }> {
  const steps: SnapshotStep[] = [];
  const wantsPages = scope.includes('widgets');
  const channelsOf = wantsPages ? new Map<number, number[]>() : undefined;
  const ids = scope.includes('catalog') || wantsPages ? await productIds(client, call, {}, channelsOf) : [];
  if (scope.includes('catalog')) {
    for (const chunk of chunks(ids, PRODUCTS_PER_PAGE)) steps.push({ step: 'products', page: 1, ids: chunk });
  }
  if (scope.includes('categories')) steps.push({ step: 'categories', page: 1, all: true });
  if (scope.includes('brands')) steps.push({ step: 'brands', page: 1, all: true });
  let unreadPages: UnreadPages[] = [];
  if (wantsPages) {
    steps.push({ step: 'widget-templates', page: 1, all: true });
    steps.push({ step: 'widgets', page: 1, all: true }, { step: 'placements', page: 1, all: true });
    const list = (path: string, query: Record<string, string | number>, idOf: (item: Raw) => unknown) =>
      readStableList(client, { path, perPage: PER_PAGE, query }, idOf, call);
    const planned = await planPages(client, call, list, { ids, channelsOf: channelsOf! }, pageBound);
    for (const page of planned.pages) steps.push({ step: 'page', ...page });
    unreadPages = planned.unread;
  }
  if (scope.includes('content')) {
    steps.push(
      { step: 'web-pages', page: 1, all: true },
      { step: 'blog-posts', page: 1, all: true },
      { step: 'redirects', page: 1, all: true },
    );
  }
  return { steps, unreadPages };
}

export { snapshotTargetsSchema, type SnapshotTargets };

/** The parts of a store the targets are in (the snapshot's scope). */
export function scopeOfTargets(targets: SnapshotTargets): SnapshotScope[] {
  const scope: SnapshotScope[] = [];
  if (targets.products?.length || targets.productsWhere) scope.push('catalog');
  if (targets.categories?.length) scope.push('categories');
  if (targets.brands?.length) scope.push('brands');
  if (
    targets.widgetTemplates?.length ||
    targets.pages?.length ||
    targets.widgets?.length ||
    targets.placements?.length
  ) {
    scope.push('widgets');
  }
  if (targets.webPages?.length || targets.blogPosts?.length || targets.redirects?.length)
    scope.push('content');
  return scope.length > 0 ? scope : ['catalog'];
}

/**
 * The steps of a before-job snapshot: the targeted products 10 a request (`id:in`, products_catalog.v3.yml:9694), or
 * those of a bulk edit's scope (`categories:in` :9738, `brand_id` :9870, `is_visible` :9929),
 * categories and brands 250 a request (`category_id:in`, category-trees_catalog.v3.yml:1202; `id:in`,
 * brands_catalog.v3.yml:2587), widget templates from their list (BigCommerce documents no filter by uuid), and each
 * page.
 */
export async function planTargets(
  client: BigCommerceClient,
  targets: SnapshotTargets,
  call: Call = {},
): Promise<SnapshotStep[]> {
  const steps: SnapshotStep[] = [];
  for (const ids of chunks([...new Set(targets.products ?? [])], PRODUCTS_PER_PAGE)) {
    steps.push({ step: 'products', page: 1, ids });
  }
  if (targets.productsWhere) {
    // The products of a category, a brand or every visible one, named by id, 10 a request with all their parts.
    for (const ids of chunks(await productIds(client, call, targets.productsWhere), PRODUCTS_PER_PAGE)) {
      steps.push({ step: 'products', page: 1, ids });
    }
  }
  for (const ids of chunks([...new Set(targets.categories ?? [])], PER_PAGE)) {
    steps.push({ step: 'categories', page: 1, ids });
  }
  for (const ids of chunks([...new Set(targets.brands ?? [])], PER_PAGE))
    steps.push({ step: 'brands', page: 1, ids });
  if (targets.widgetTemplates?.length) {
    // BigCommerce documents no filter by uuid: every template is read and the named ones kept.
    steps.push({ step: 'widget-templates', page: 1, all: true, ids: [...new Set(targets.widgetTemplates)] });
  }
  for (const page of targets.pages ?? []) steps.push({ step: 'page', ...page });
  // Issue 40's kinds: by `id:in` where documented (pages.v3.yml:70-77, redirects.v3.yml:40-47), else from the list.
  if (targets.widgets?.length)
    steps.push({ step: 'widgets', page: 1, all: true, ids: [...new Set(targets.widgets)] });
  if (targets.placements?.length) {
    steps.push({ step: 'placements', page: 1, all: true, ids: [...new Set(targets.placements)] });
  }
  for (const ids of chunks([...new Set(targets.webPages ?? [])], PER_PAGE))
    steps.push({ step: 'web-pages', page: 1, ids });
  if (targets.blogPosts?.length) {
    steps.push({ step: 'blog-posts', page: 1, all: true, ids: [...new Set(targets.blogPosts)] });
  }
  for (const ids of chunks([...new Set(targets.redirects ?? [])], PER_PAGE))
    steps.push({ step: 'redirects', page: 1, ids });
  return steps;
}

/** The documented filter of each collection by id (null: none, the page is filtered here). */
const ID_FILTERS: Record<Collection, string | null> = {
  products: 'id:in',
  categories: 'category_id:in',
  brands: 'id:in',
  'widget-templates': null,
  widgets: null,
  placements: null,
  'web-pages': 'id:in',
  'blog-posts': null,
  redirects: 'id:in',
};

function keyText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Reads one step's items. A page the store refuses (a template that takes no widgets) has none. */
export async function readStep(
  client: BigCommerceClient,
  step: SnapshotStep,
  call: Call = {},
): Promise<SnapshotReadItem[]> {
  if (step.step === 'page') return readPage(client, step, call);
  const raw = step.all
    ? step.step === 'blog-posts'
      ? await readBlogPosts(client, call)
      : step.step === 'redirects'
        ? await readRedirects(client, call)
        : await readAllPages(client, step.step, call)
    : await readOnePage(client, step, call);
  const ids = step.ids ? new Set(step.ids.map(String)) : null;
  return raw
    .filter((item) => !ids || ids.has(String(idOf(step.step, item))))
    .map((item) => toItem(step.step, item));
}

type Raw = Record<string, unknown>;

function idOf(collection: Collection, item: Raw): unknown {
  return collection === 'categories'
    ? (item.category_id ?? item.id)
    : collection === 'widget-templates' || collection === 'widgets' || collection === 'placements'
      ? item.uuid
      : item.id;
}

async function readOnePage(
  client: BigCommerceClient,
  step: Extract<SnapshotStep, { step: Collection }>,
  call: Call,
): Promise<Raw[]> {
  const { path, perPage, query } = COLLECTIONS[step.step];
  const filter = ID_FILTERS[step.step];
  const page = await client.list(path, {
    query: {
      ...query,
      ...(step.where ?? {}),
      ...(step.ids && filter ? { [filter]: step.ids.join(',') } : {}),
    },
    limit: perPage,
    page: step.page,
    signal: call.signal,
  });
  return page.items as Raw[];
}

/**
 * Every item of a collection that documents no sort by id: its pages in turn, and again while the total moved
 * between the first page and the last (an item deleted meanwhile shifts the later pages by one, which would push an
 * item out unseen). Every item seen is kept, the last version read of each.
 */
async function readAllPages(client: BigCommerceClient, collection: Collection, call: Call): Promise<Raw[]> {
  return readStableList(client, COLLECTIONS[collection], (item) => idOf(collection, item), call);
}

/**
 * Every item of a list that documents no sort by id, page after page, read again from the first page while its total
 * moved (at most MAX_COLLECTION_PASSES passes), keeping every item seen, the last version read of each.
 */
export async function readStableList(
  client: BigCommerceClient,
  list: { path: string; perPage: number; query: Record<string, string | number> },
  idOfItem: (item: Raw) => unknown,
  call: Call,
): Promise<Raw[]> {
  const seen = new Map<string, Raw>();
  for (let pass = 1; pass <= MAX_COLLECTION_PASSES; pass++) {
    const totals = new Set<number>();
    for (let page = 1; ; page++) {
      const answer = await client.list(list.path, {
        query: list.query,
        limit: list.perPage,
        page,
        signal: call.signal,
      });
      for (const item of answer.items as Raw[]) seen.set(String(idOfItem(item)), item);
      totals.add(answer.pagination?.total ?? -1);
      const pages = answer.pagination?.total_pages ?? 1;
      if (page >= pages || answer.items.length === 0) break;
    }
    if (totals.size === 1) break;
  }
  return [...seen.values()];
}

function toItem(collection: Collection, item: Raw): SnapshotReadItem {
  const name = keyText(item.name);
  switch (collection) {
    case 'products': {
      const variants = Array.isArray(item.variants) ? item.variants : [];
      const skus = variants.map((variant) => keyText((variant as Raw).sku));
      return {
        kind: 'product',
        key: { id: item.id },
        name,
        search: [name, keyText(item.sku), ...skus].join(' ').toLowerCase(),
        units: variants.length,
        data: item,
      };
    }
    case 'categories':
      return plainItem('category', item.category_id ?? item.id, name, item);
    case 'brands':
      return plainItem('brand', item.id, name, item);
    case 'widget-templates':
      return plainItem('widget-template', item.uuid, name, item);
    case 'widgets':
    case 'placements':
    case 'web-pages':
    case 'blog-posts':
    case 'redirects':
      return contentItem(collection, item);
  }
}

/** A category, brand or widget template: found by its name, keyed by its id (a template's uuid). */
function plainItem(kind: SnapshotItemKind, id: unknown, name: string, data: unknown): SnapshotReadItem {
  return { kind, key: { id }, name, search: name.toLowerCase(), units: 0, data };
}

function countWidgets(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, element) => sum + countWidgets(element), 0);
  if (value === null || typeof value !== 'object') return 0;
  const node = value as Record<string, unknown>;
  const own = node.type === 'widget' ? 1 : 0;
  return own + countWidgets(node.children) + countWidgets(node.dropzones) + countWidgets(node.widgets);
}

async function readPage(
  client: BigCommerceClient,
  step: Extract<SnapshotStep, { step: 'page' }>,
  call: Call,
): Promise<SnapshotReadItem[]> {
  let snapshot;
  try {
    snapshot = await client.pageWidgets.get({
      channelId: step.channelId,
      templateFile: step.templateFile ?? undefined,
      entityId: step.entityId ?? undefined,
      signal: call.signal,
    });
  } catch (error) {
    // A template BigCommerce takes no widgets on answers 4xx (pages/checkout): nothing to keep. Any other failure
    // (authentication, the rate limit, 5xx) is the job's, retried or reported by it.
    if (
      isBigCommerceError(error) &&
      error.status !== undefined &&
      error.status >= 400 &&
      error.status < 500 &&
      !['bc_unauthorized', 'bc_forbidden_scope', 'bc_rate_limited', 'bc_busy'].includes(error.code)
    ) {
      return [];
    }
    throw error;
  }
  // Kept with no widgets too: a page emptied since is restored to empty (issue 40).
  const widgets = countWidgets(snapshot.regions);
  const where = step.templateFile ?? 'global regions';
  const name = step.entityId ? `${where} #${step.entityId}` : where;
  return [
    {
      kind: 'page',
      key: { channelId: step.channelId, templateFile: step.templateFile, entityId: step.entityId },
      name: `${name} (channel ${step.channelId})`,
      search: name.toLowerCase(),
      units: widgets,
      data: snapshot,
    },
  ];
}
