// Which Page Builder pages a snapshot reads (issue 40). BigCommerce lists no pages with content (API-NOTES "Page widgets
// API", Not found: "any documented way to list which template_file/entity_id pairs have page-widget content (you must
// walk placements, or probe snapshots per page)"). Page widgets are widgets (page-widgets.v3.yml:10: "an extension of
// the widgets feature. You can work with widget objects using either set of endpoints"), but a page snapshot's widgets
// carry no widget uuid (page-widgets.v3.yml components.schemas.widget) and whether Page Builder's placements appear in
// `GET /v3/content/placements` is not documented. So a snapshot reads, on each channel:
// - the global regions and the 17 template files (common/dumps/page-templates.ts);
// - every page the channel's placements name (`GET /v3/content/placements?channel_id:in=`, widgets.v3.yml getPlacements);
// - and a probe of the page of every entity that can have one (the Widgets guide's entity templates: product, category,
//   brand and web page; doc:docs/storefront/widgets/index.mdx "Placements"), on the channels it is on: a product on its
//   channel assignments (`include=channels`, products_catalog.v3.yml IncludeParamBase, read with the ids at no extra
//   request), a category on the channels of its tree (`GET /v3/catalog/trees`, category-trees_catalog.v3.yml:293
//   getCategoryTrees, `channels`), a web page on its `channel_id` (pages.v3.yml getPages), a brand on every channel.
//   Blog-post widgets sit on the `pages/blog-post` template for every post (the template is read; the dump does the same).
// One request per page. Past MAX_PAGE_PROBES probes, the rest are named in the snapshot (`unreadPages`), never dropped
// silently: web pages, categories and brands of every channel first (few), then products in id order.
import { MAX_PAGE_PROBES, type UnreadPages } from '../../../common/contracts/store-history';
import { PAGE_TEMPLATE_IDS, templateFileOf } from '../../../common/dumps/page-templates';
import type { BigCommerceClient } from '../../integrations/bigcommerce';

export type PageAt = { channelId: number; templateFile: string | null; entityId: string | null };

type Call = { signal?: AbortSignal };
type Raw = Record<string, unknown>;

/** The entities of one kind whose page is probed on one channel, in id order. */
type EntityPages = { channelId: number; templateFile: string; ids: number[] };

/** Every product id, with its channels (read with the ids: snapshot-steps.ts productIds). */
export type KnownProducts = { ids: number[]; channelsOf: Map<number, number[]> };

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(Number).filter(Number.isFinite) : [];

/**
 * Every item of a list, page after page, read again while its total moves (at most `passes` times), keeping every
 * item seen (see snapshot-steps.ts readStableList).
 */
export type StableList = (
  path: string,
  query: Record<string, string | number>,
  idOf: (item: Raw) => unknown,
) => Promise<Raw[]>;

/** The pages a snapshot of the Page Builder content reads, and the ones past the bound. */
export async function planPages(
  client: BigCommerceClient,
  call: Call,
  list: StableList,
  knownProducts: KnownProducts,
  bound = MAX_PAGE_PROBES,
): Promise<{ pages: PageAt[]; unread: UnreadPages[] }> {
  const channels = (await client.channels.listAll({ signal: call.signal })).map((c) => c.id);
  const pages = new Map<string, PageAt>();
  const add = (page: PageAt) =>
    pages.set(JSON.stringify([page.channelId, page.templateFile, page.entityId]), page);
  for (const channelId of channels) {
    add({ channelId, templateFile: null, entityId: null });
    for (const id of PAGE_TEMPLATE_IDS) add({ channelId, templateFile: templateFileOf(id), entityId: null });
    const placements = await client.placements.listAll({
      query: { 'channel_id:in': channelId },
      signal: call.signal,
    });
    // A placement of a page without an entity carries `entity_id: ""` (or none): the same page as the template's.
    for (const placement of placements) {
      add({ channelId, templateFile: placement.template_file, entityId: placement.entity_id || null });
    }
  }
  const groups = await entityPages(list, channels, knownProducts);
  const unread: UnreadPages[] = [];
  let probes = 0;
  for (const group of groups) {
    const fresh = group.ids.filter(
      (id) => !pages.has(JSON.stringify([group.channelId, group.templateFile, String(id)])),
    );
    const room = Math.max(0, bound - probes);
    for (const id of fresh.slice(0, room)) {
      add({ channelId: group.channelId, templateFile: group.templateFile, entityId: String(id) });
    }
    probes += Math.min(room, fresh.length);
    const left = fresh.slice(room);
    if (left.length > 0) {
      unread.push({
        channelId: group.channelId,
        templateFile: group.templateFile,
        count: left.length,
        firstId: left[0]!,
        lastId: left.at(-1)!,
      });
    }
  }
  return { pages: [...pages.values()], unread };
}

/** The entities whose page is probed, grouped by channel and template file: the few kinds first, products last. */
async function entityPages(
  list: StableList,
  channels: readonly number[],
  knownProducts: KnownProducts,
): Promise<EntityPages[]> {
  const byId = (a: number, b: number) => a - b;
  const webPages = await list('/v3/content/pages', {}, (page) => page.id);
  const trees = await list('/v3/catalog/trees', {}, (tree) => tree.id);
  const categories = await list('/v3/catalog/trees/categories', {}, (c) => c.category_id ?? c.id);
  const brands = await list('/v3/catalog/brands', { include_fields: 'name' }, (b) => b.id);
  const treeChannels = new Map(trees.map((tree) => [Number(tree.id), numbers(tree.channels)]));
  const groups: EntityPages[] = [];
  const group = (channelId: number, templateFile: string, ids: number[]) => {
    if (ids.length > 0) groups.push({ channelId, templateFile, ids: [...new Set(ids)].sort(byId) });
  };
  for (const channelId of channels) {
    // A web page without a channel_id is on the first channel (pages.v3.yml:769-774, `default: 1`).
    group(
      channelId,
      'pages/page',
      webPages.filter((p) => Number(p.channel_id ?? 1) === channelId).map((p) => Number(p.id)),
    );
    group(
      channelId,
      'pages/category',
      categories
        .filter((c) => (treeChannels.get(Number(c.tree_id)) ?? []).includes(channelId))
        .map((c) => Number(c.category_id ?? c.id)),
    );
    group(
      channelId,
      'pages/brand',
      brands.map((b) => Number(b.id)),
    );
  }
  for (const channelId of channels) {
    group(
      channelId,
      'pages/product',
      knownProducts.ids.filter((id) => (knownProducts.channelsOf.get(id) ?? []).includes(channelId)),
    );
  }
  return groups;
}
