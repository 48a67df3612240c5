// Store History's round trip of issue 40's kinds over HTTP against the app's sandbox, on both databases: a snapshot of
// the demo store's REST widgets, placements, web pages, blog posts and redirects (scope widgets + content) holds each
// of them as the store answers it; then one of each is edited and one of each deleted, everything restored from the
// snapshot, and each item compared with the snapshot field by field (ids and dates aside, references followed through
// the store's id map): zero differences. Then the undo, and the store compared with its damaged state the same way.
import { describe, expect, it } from 'vitest';
import {
  restorePreviewResponseSchema,
  restoreStartResponseSchema,
  snapshotItemPath,
  snapshotItemResponseSchema,
  SNAPSHOTS_PATH,
  listSnapshotsResponseSchema,
  type RestoreItem,
  type SnapshotItemKind,
} from '../../../common/contracts/store-history';
import { storeIdMap } from '../../db/schema';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, useToolTestServer } from '../../test/store-tools';
import { storeHistoryCalls } from './store-history.test-kit';

type Obj = Record<string, unknown>;
type Kind = Extract<SnapshotItemKind, 'widget' | 'placement' | 'web-page' | 'blog-post' | 'redirect'>;
const KINDS: readonly Kind[] = ['widget', 'placement', 'web-page', 'blog-post', 'redirect'];

/** Keys BigCommerce sets itself: an item's own id and its dates (a re-made item has new ones). */
const SERVER_SET = new Set(['uuid', 'id', 'date_created', 'date_modified']);

/** The store's content, each item by its key, as the snapshot keeps it (its template or widget named by uuid). */
type Content = Record<Kind, Map<string, Obj>>;

describe.each(testDatabaseKinds())('Store History round trip of widgets and content (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { sandbox } = app;
  const { call, storeWrite, follow, take, restore, undo } = storeHistoryCalls(app);

  const all = async (path: string): Promise<Obj[]> => {
    const out: Obj[] = [];
    for (let page = 1; ; page++) {
      const answer = await sandbox<{ data: Obj[]; meta: { pagination: { total_pages: number } } }>(
        `${path}${path.includes('?') ? '&' : '?'}limit=250&page=${page}`,
      );
      out.push(...answer.data);
      if (page >= answer.meta.pagination.total_pages) return out;
    }
  };

  /** The content as the test reads it from the store, normalised independently of the app's code. */
  const content = async (): Promise<Content> => {
    const widgets = new Map<string, Obj>();
    for (const { widget_template: template, ...widget } of await all('/v3/content/widgets')) {
      const configuration = { ...(widget.widget_configuration as Obj) };
      delete configuration._;
      widgets.set(String(widget.uuid), {
        ...widget,
        widget_configuration: configuration,
        widget_template_uuid: (template as Obj).uuid,
      });
    }
    const placements = new Map<string, Obj>();
    for (const { widget, ...placement } of await all('/v3/content/placements')) {
      placements.set(String(placement.uuid), { ...placement, widget_uuid: (widget as Obj).uuid });
    }
    const pages = new Map((await all('/v3/content/pages?include=body')).map((p) => [String(p.id), p]));
    const posts = await sandbox<Obj[]>('/v2/blog/posts?limit=250');
    const redirects = await all('/v3/storefront/redirects');
    return {
      widget: widgets,
      placement: placements,
      'web-page': pages,
      'blog-post': new Map(posts.map((p) => [String(p.id), p])),
      redirect: new Map(redirects.map((r) => [String(r.id), r])),
    };
  };

  type IdMaps = Map<string, Map<string, string>>;
  const idMaps = async (): Promise<IdMaps> => {
    const rows = await app.server.database.db.select().from(storeIdMap);
    const maps: IdMaps = new Map();
    for (const row of rows.filter((r) => r.storeHash === DEMO.storeHash)) {
      const map = maps.get(row.kind) ?? new Map<string, string>();
      map.set(row.oldId, row.newId);
      maps.set(row.kind, map);
    }
    return maps;
  };
  const follows = (maps: IdMaps, of: string, id: unknown): string => {
    let current = String(id);
    for (let hop = 0; hop < 10; hop++) {
      const next = maps.get(of)?.get(current);
      if (next === undefined) break;
      current = next;
    }
    return current;
  };
  const REDIRECT_KINDS: Obj = {
    product: 'product',
    category: 'category',
    brand: 'brand',
    page: 'web-page',
    post: 'blog-post',
  };

  /** An item as compared: ids and dates dropped, keys sorted, the references it makes followed to today's ids. */
  const plain = (of: Kind, item: Obj, maps: IdMaps): string => {
    const out: Obj = {};
    for (const key of Object.keys(item).sort()) {
      if (!SERVER_SET.has(key)) out[key] = item[key];
    }
    if (of === 'widget')
      out.widget_template_uuid = follows(maps, 'widget-template', out.widget_template_uuid);
    if (of === 'placement') {
      out.widget_uuid = follows(maps, 'widget', out.widget_uuid);
      if (out.template_file === 'pages/page' && out.entity_id)
        out.entity_id = follows(maps, 'web-page', out.entity_id);
    }
    if (of === 'web-page' && Number(out.parent_id) > 0)
      out.parent_id = Number(follows(maps, 'web-page', out.parent_id));
    if (of === 'redirect') {
      const to = out.to as Obj;
      const target = REDIRECT_KINDS[String(to.type)];
      if (typeof target === 'string')
        out.to = { ...to, entity_id: Number(follows(maps, target, to.entity_id)) };
    }
    return JSON.stringify(sorted(out));
  };

  /** The differences between the content as it was and as it is, items followed through the id map. */
  const differences = async (was: Content): Promise<string[]> => {
    const now = await content();
    const maps = await idMaps();
    const out: string[] = [];
    for (const of of KINDS) {
      const seen = new Set<string>();
      for (const [id, item] of was[of]) {
        const liveId = follows(maps, of, id);
        seen.add(liveId);
        const live = now[of].get(liveId);
        if (!live) {
          out.push(`${of} ${id}: missing`);
          continue;
        }
        const a = plain(of, item, maps);
        const b = plain(of, live, maps);
        if (a !== b) out.push(`${of} ${id} (now ${liveId}): ${a} != ${b}`);
      }
      for (const id of now[of].keys()) if (!seen.has(id)) out.push(`${of} ${id}: not there before`);
    }
    return out;
  };

  const remove = async (path: string) => {
    const res = await app.server.request(`/sandbox/stores/${DEMO.storeHash}${path}`, {
      method: 'DELETE',
      headers: { 'X-Auth-Token': DEMO.accessToken },
    });
    expect(res.status, path).toBeLessThan(300);
  };

  it('keeps every widget, placement, web page, blog post and redirect, restores a damaged store exactly, and the undo puts the damage back', async () => {
    const before = await content();
    // The demo store has some of each (server/sandbox/content/demo-content.ts, demo-storefront.ts).
    for (const of of KINDS) expect(before[of].size, of).toBeGreaterThan(1);

    const { snapshotId, cookie } = await take(null, ['widgets', 'content']);

    // The snapshot holds each item as the store answered it (ids and dates aside), and counts them.
    const listed = listSnapshotsResponseSchema
      .parse(await (await call(`${SNAPSHOTS_PATH}?storeHash=${DEMO.storeHash}`, { cookie })).json())
      .snapshots.find((s) => s.id === snapshotId)!;
    expect(listed.scope).toEqual(['widgets', 'content']);
    expect(listed.counts).toMatchObject({
      restWidgets: before.widget.size,
      placements: before.placement.size,
      webPages: before['web-page'].size,
      blogPosts: before['blog-post'].size,
      redirects: before.redirect.size,
      products: 0,
    });
    const noMaps: IdMaps = new Map();
    for (const of of KINDS) {
      for (const [id, item] of before[of]) {
        const key = { id: of === 'widget' || of === 'placement' ? id : Number(id) };
        const res = await call(snapshotItemPath(snapshotId, of, key), { cookie });
        expect(res.status, `${of} ${id}`).toBe(200);
        const held = snapshotItemResponseSchema.parse(await res.json()).item;
        expect(held.key).toEqual(key);
        expect(plain(of, held.data as Obj, noMaps), `${of} ${id}`).toBe(plain(of, item, noMaps));
      }
    }

    // The damage: one of each edited, one of each deleted.
    const byName = (of: Kind, field: string, value: string) =>
      [...before[of].values()].find((item) => item[field] === value)!;
    const cartReminder = byName('widget', 'name', 'Cart Reminder');
    const homeImages = byName('widget', 'name', 'Home Header Images');
    const categoryPromo = [...before.placement.values()].find((p) => p.template_file === 'pages/category')!;
    const brandsPlacement = [...before.placement.values()].find((p) => p.template_file === 'pages/brands')!;
    const sizeGuide = byName('web-page', 'name', 'Size Guide');
    const aboutUs = byName('web-page', 'name', 'About Us');
    const guidePost = byName('blog-post', 'title', 'How to Choose Over-Ear Headphones');
    const welcomePost = byName('blog-post', 'title', 'Welcome to Our New Store');
    const sale = byName('redirect', 'from_path', '/sale/');
    const kestrel = byName('redirect', 'from_path', '/makers/kestrel/');
    // References the restore must re-point: the placement of the widget deleted (it goes with its widget), the
    // redirects to the web page and the post deleted (they still name the old ids).
    const homePlacement = [...before.placement.values()].find((p) => p.widget_uuid === homeImages.uuid)!;
    const toAbout = [...before.redirect.values()].find(
      (r) => (r.to as Obj).entity_id === aboutUs.id && (r.to as Obj).type === 'page',
    )!;
    const toWelcome = [...before.redirect.values()].find(
      (r) => (r.to as Obj).entity_id === welcomePost.id && (r.to as Obj).type === 'post',
    )!;
    for (const found of [
      cartReminder,
      homeImages,
      categoryPromo,
      brandsPlacement,
      sizeGuide,
      aboutUs,
      guidePost,
      welcomePost,
      sale,
      kestrel,
      homePlacement,
      toAbout,
      toWelcome,
    ]) {
      expect(found).toBeDefined();
    }

    await storeWrite('PUT', `/v3/content/widgets/${String(cartReminder.uuid)}`, {
      name: 'Cart Reminder (edited)',
      widget_configuration: { text: 'Edited since the snapshot' },
    });
    await remove(`/v3/content/widgets/${String(homeImages.uuid)}`);
    await storeWrite('PUT', `/v3/content/placements/${String(categoryPromo.uuid)}`, {
      region: 'category_below_content',
      sort_order: 7,
      status: 'inactive',
    });
    await remove(`/v3/content/placements/${String(brandsPlacement.uuid)}`);
    await storeWrite('PUT', `/v3/content/pages/${String(sizeGuide.id)}`, {
      body: '<p>Edited</p>',
      meta_title: 'Edited title',
      is_visible: false,
    });
    await remove(`/v3/content/pages/${String(aboutUs.id)}`);
    await storeWrite('PUT', `/v2/blog/posts/${String(guidePost.id)}`, {
      title: 'Edited post',
      body: '<p>Edited</p>',
      tags: ['edited'],
      is_published: false,
      published_date: 'Wed, 01 Jan 2025 10:00:00 +0000',
    });
    await remove(`/v2/blog/posts/${String(welcomePost.id)}`);
    await storeWrite('PUT', '/v3/storefront/redirects', [
      { site_id: sale.site_id, from_path: sale.from_path, to: { type: 'url', url: '/edited/' } },
    ]);
    await remove(`/v3/storefront/redirects?id:in=${String(kestrel.id)}`);
    const damaged = await content();
    expect(await differences(before)).toHaveLength(11);

    // Everything the snapshot holds of these kinds, restored.
    const items: RestoreItem[] = KINDS.flatMap((of) =>
      [...before[of].keys()].map((id) => ({
        kind: of,
        key: { id: of === 'widget' || of === 'placement' ? id : Number(id) },
      })),
    );
    const previewed = await restore(snapshotId, cookie, { preview: true, items });
    expect(previewed.status, await previewed.clone().text()).toBe(200);
    const preview = restorePreviewResponseSchema.parse(await previewed.json());
    const actionOf = (of: Kind, id: unknown) =>
      preview.preview.items.find((i) => i.kind === of && (i.key as { id?: unknown }).id === id)?.action;
    expect(
      Object.fromEntries(
        [
          ['widget', cartReminder.uuid],
          ['widget', homeImages.uuid],
          ['placement', categoryPromo.uuid],
          ['placement', brandsPlacement.uuid],
          ['placement', homePlacement.uuid],
          ['web-page', sizeGuide.id],
          ['web-page', aboutUs.id],
          ['blog-post', guidePost.id],
          ['blog-post', welcomePost.id],
          ['redirect', sale.id],
          ['redirect', kestrel.id],
          ['redirect', toAbout.id],
          ['redirect', toWelcome.id],
        ].map(([of, id]) => [`${String(of)} ${String(id)}`, actionOf(of as Kind, id)]),
      ),
    ).toEqual({
      [`widget ${String(cartReminder.uuid)}`]: 'update',
      [`widget ${String(homeImages.uuid)}`]: 'create',
      [`placement ${String(categoryPromo.uuid)}`]: 'update',
      [`placement ${String(brandsPlacement.uuid)}`]: 'create',
      [`placement ${String(homePlacement.uuid)}`]: 'create',
      [`web-page ${String(sizeGuide.id)}`]: 'update',
      [`web-page ${String(aboutUs.id)}`]: 'create',
      [`blog-post ${String(guidePost.id)}`]: 'update',
      [`blog-post ${String(welcomePost.id)}`]: 'create',
      [`redirect ${String(sale.id)}`]: 'update',
      [`redirect ${String(kestrel.id)}`]: 'create',
      // Unchanged in the store, but they name items made again: re-pointed.
      [`redirect ${String(toAbout.id)}`]: 'update',
      [`redirect ${String(toWelcome.id)}`]: 'update',
    });
    expect(preview.preview.items.filter((i) => i.action !== 'unchanged')).toHaveLength(13);

    const started = await restore(snapshotId, cookie, { preview: false, previewId: preview.previewId });
    expect(started.status, await started.clone().text()).toBe(202);
    const job = await follow(restoreStartResponseSchema.parse(await started.json()).job.id, cookie);
    expect(job.state).toBe('done');
    expect(job.outcomes!.filter((o) => o.outcome !== 'written')).toEqual([]);
    // Every item made again is in the id map under its old id; the references to them point at the new ones.
    const maps = await idMaps();
    expect(maps.get('widget')?.has(String(homeImages.uuid))).toBe(true);
    expect(maps.get('placement')?.size).toBe(2);
    expect(maps.get('web-page')?.has(String(aboutUs.id))).toBe(true);
    expect(maps.get('blog-post')?.has(String(welcomePost.id))).toBe(true);
    expect(maps.get('redirect')?.has(String(kestrel.id))).toBe(true);
    const restored = await content();
    const newAbout = Number(follows(maps, 'web-page', aboutUs.id));
    expect(newAbout).not.toBe(aboutUs.id);
    expect(restored.redirect.get(String(toAbout.id))?.to).toEqual({ type: 'page', entity_id: newAbout });
    const newHome = restored.placement.get(follows(maps, 'placement', homePlacement.uuid));
    expect(newHome?.widget_uuid).toBe(follows(maps, 'widget', homeImages.uuid));

    expect(await differences(before)).toEqual([]);

    // The undo: the store as it was damaged (the items made again deleted, the rest written back).
    const undone = await undo(job.id, cookie);
    expect(undone.state).toBe('done');
    expect(undone.outcomes!.filter((o) => o.outcome === 'failed')).toEqual([]);
    expect(await differences(damaged)).toEqual([]);
  });
});

/** A value with its object keys sorted at every depth (lists keep their order). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Obj)[key])]),
  );
}
