// What a snapshot reads, step by step (issue 32). The plan is made once, from the counts BigCommerce gives on the first
// page of each collection and from the placements; then each step is one request whose items are stored at once, so
// memory does not grow with the store and a resumed job goes on from the first step not yet settled.
//
// Requests, and why they are the fewest BigCommerce allows for the data:
// - products: `GET /v3/catalog/products?include=variants,images,custom_fields,bulk_pricing_rules,options,modifiers,
//   videos&limit=10`: including options or modifiers caps the page at 10 products (catalog products OpenAPI,
//   IncludeParamGetProducts; API-NOTES §3), and there is no store-wide list of options or modifiers, so 10 per
//   request is the fewest for a product with all its parts;
// - categories: `GET /v3/catalog/trees/categories?limit=250` (every tree's categories, 250 a page);
// - brands: `GET /v3/catalog/brands?limit=250`;
// - widget templates: `GET /v3/content/widget-templates?limit=250` (widgets.v3.yml getWidgetTemplates);
// - pages: BigCommerce lists no pages with content ("Not found", API-NOTES page-widgets), so the pages are the
//   global regions and the 17 template files of each channel, and every (template file, entity id) the channel's
//   placements name (`GET /v3/content/placements?channel_id:in=`, 250 a page), one `GET /v3/content/page-widgets`
//   each (page-widgets.v3.yml getPageWidgets).
// Planning adds one `limit=1` request per collection for its count, and the channel list.
import { PAGE_TEMPLATE_IDS, templateFileOf } from '../../../common/dumps/page-templates';
import {
  snapshotTargetsSchema,
  type SnapshotItemKind,
  type SnapshotScope,
  type SnapshotTargets,
} from '../../../common/contracts/store-history';
import { isBigCommerceError, type BigCommerceClient } from '../../integrations/bigcommerce';

export const PRODUCT_INCLUDES = 'variants,images,custom_fields,bulk_pricing_rules,options,modifiers,videos';
/** Including options or modifiers caps a products page at 10 (IncludeParamGetProducts). */
export const PRODUCTS_PER_PAGE = 10;
export const PER_PAGE = 250;

const COLLECTIONS = {
  products: {
    path: '/v3/catalog/products',
    perPage: PRODUCTS_PER_PAGE,
    query: { include: PRODUCT_INCLUDES },
  },
  categories: { path: '/v3/catalog/trees/categories', perPage: PER_PAGE, query: {} },
  brands: { path: '/v3/catalog/brands', perPage: PER_PAGE, query: {} },
  'widget-templates': { path: '/v3/content/widget-templates', perPage: PER_PAGE, query: {} },
} as const;
type Collection = keyof typeof COLLECTIONS;

export type SnapshotStep =
  /**
   * A page of a collection; with `ids`, only those items, with `where`, the products a bulk edit's scope names (a
   * before-job snapshot of what a write will touch).
   */
  | { step: Collection; page: number; ids?: (number | string)[]; where?: ProductsWhere }
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

async function pagesOf(
  client: BigCommerceClient,
  collection: Collection,
  call: Call,
  where: ProductsWhere = {},
): Promise<number> {
  const { path, perPage } = COLLECTIONS[collection];
  // The count alone: `limit=1` with only the id (include_fields, catalog OpenAPI IncludeFieldsParam).
  const first = await client.list(path, {
    query: collection === 'widget-templates' ? {} : { ...where, include_fields: 'id' },
    limit: 1,
    page: 1,
    signal: call.signal,
  });
  const total = first.pagination?.total ?? first.items.length;
  return Math.ceil(total / perPage);
}

/** The steps of a snapshot of these parts of the store. */
export async function planSnapshot(
  client: BigCommerceClient,
  scope: readonly SnapshotScope[],
  call: Call = {},
): Promise<SnapshotStep[]> {
  const steps: SnapshotStep[] = [];
  const addPages = async (collection: Collection) => {
    const pages = await pagesOf(client, collection, call);
    for (let page = 1; page <= pages; page++) steps.push({ step: collection, page });
  };
  if (scope.includes('catalog')) await addPages('products');
  if (scope.includes('categories')) await addPages('categories');
  if (scope.includes('brands')) await addPages('brands');
  if (scope.includes('widgets')) {
    await addPages('widget-templates');
    const channels = await client.channels.listAll({ signal: call.signal });
    for (const channel of channels) {
      const pages = new Map<string, { templateFile: string | null; entityId: string | null }>();
      const add = (templateFile: string | null, entityId: string | null) =>
        pages.set(JSON.stringify([templateFile, entityId]), { templateFile, entityId });
      add(null, null);
      for (const id of PAGE_TEMPLATE_IDS) add(templateFileOf(id), null);
      const placements = await client.placements.listAll({
        query: { 'channel_id:in': channel.id },
        signal: call.signal,
      });
      // A placement of a page without an entity carries `entity_id: ""` (or none): the same page as the template's.
      for (const placement of placements) add(placement.template_file, placement.entity_id || null);
      for (const page of pages.values()) steps.push({ step: 'page', channelId: channel.id, ...page });
    }
  }
  return steps;
}

export { snapshotTargetsSchema, type SnapshotTargets };

/** The parts of a store the targets are in (the snapshot's scope). */
export function scopeOfTargets(targets: SnapshotTargets): SnapshotScope[] {
  const scope: SnapshotScope[] = [];
  if (targets.products?.length || targets.productsWhere) scope.push('catalog');
  if (targets.categories?.length) scope.push('categories');
  if (targets.brands?.length) scope.push('brands');
  if (targets.widgetTemplates?.length || targets.pages?.length) scope.push('widgets');
  return scope.length > 0 ? scope : ['catalog'];
}

const chunks = <T>(values: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) =>
    values.slice(index * size, (index + 1) * size),
  );

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
    // The products of a category, a brand or every visible one, 10 a page with all their parts.
    const where = targets.productsWhere;
    const pages = await pagesOf(client, 'products', call, where);
    for (let page = 1; page <= pages; page++) steps.push({ step: 'products', page, where });
  }
  for (const ids of chunks([...new Set(targets.categories ?? [])], PER_PAGE)) {
    steps.push({ step: 'categories', page: 1, ids });
  }
  for (const ids of chunks([...new Set(targets.brands ?? [])], PER_PAGE))
    steps.push({ step: 'brands', page: 1, ids });
  if (targets.widgetTemplates?.length) {
    const pages = await pagesOf(client, 'widget-templates', call);
    for (let page = 1; page <= pages; page++) {
      steps.push({ step: 'widget-templates', page, ids: [...new Set(targets.widgetTemplates)] });
    }
  }
  for (const page of targets.pages ?? []) steps.push({ step: 'page', ...page });
  return steps;
}

/** The documented filter of each collection by id (null: none, the page is filtered here). */
const ID_FILTERS: Record<Collection, string | null> = {
  products: 'id:in',
  categories: 'category_id:in',
  brands: 'id:in',
  'widget-templates': null,
};

function keyText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Reads one step's items. A page the store refuses (a template that takes no widgets) or that is empty has none. */
export async function readStep(
  client: BigCommerceClient,
  step: SnapshotStep,
  call: Call = {},
): Promise<SnapshotReadItem[]> {
  if (step.step === 'page') return readPage(client, step, call);
  const { path, perPage, query } = COLLECTIONS[step.step];
  const filter = ID_FILTERS[step.step];
  const ids = step.ids ? new Set(step.ids.map(String)) : null;
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
  const wanted = (raw: unknown) => {
    if (!ids) return true;
    const item = raw as Record<string, unknown>;
    return ids.has(
      String(
        step.step === 'categories'
          ? (item.category_id ?? item.id)
          : step.step === 'widget-templates'
            ? item.uuid
            : item.id,
      ),
    );
  };
  return page.items.filter(wanted).map((raw) => {
    const item = raw as Record<string, unknown>;
    const name = keyText(item.name);
    switch (step.step) {
      case 'products': {
        const variants = Array.isArray(item.variants) ? item.variants : [];
        const skus = variants.map((variant) => keyText((variant as Record<string, unknown>).sku));
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
    }
  });
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
  const widgets = countWidgets(snapshot.regions);
  if (widgets === 0) return [];
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
