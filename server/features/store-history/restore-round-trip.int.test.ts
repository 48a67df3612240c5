// Store History's round trip (issue 40) over HTTP against the app's sandbox, on both databases, as one scenario: a
// snapshot of the whole store (scopes catalog, categories, brands, widgets, content), which holds each widget,
// placement, web page, blog post and redirect as the store answered it; then the store damaged: a product with every
// part deleted, with a REST placement on its page (deleted with it) and a redirect to it (left as it is), another
// product with a Page Builder page of its own deleted, a category with its children and products deleted, a brand
// deleted, a widget template edited, one REST widget, placement, web page, blog post and redirect edited and one of
// each deleted, stock sold. Then everything that differs (as the diff of the snapshot and one of the damaged store
// names it) restored from the snapshot, and the whole store (catalogue, widget templates, widgets, placements, web
// pages, blog posts, redirects, Page Builder pages) compared with the snapshot's field by field: ids and dates aside,
// the snapshot's references followed through the store's id map and the store's taken as they are, so a reference
// left on an old id is a difference. Zero differences but the stock sold since, every reference on the items made
// again (the unchanged redirects to them too, in no diff). Then the undo, and the store compared with its damaged
// state, ids and all.
import { describe, expect, it } from 'vitest';
import {
  listSnapshotsResponseSchema,
  restorePreviewResponseSchema,
  restoreStartResponseSchema,
  snapshotDiffPath,
  snapshotDiffResponseSchema,
  snapshotItemPath,
  snapshotItemResponseSchema,
  SNAPSHOTS_PATH,
  type RestoreItem,
} from '../../../common/contracts/store-history';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, useToolTestServer } from '../../test/store-tools';
import { storeHistoryCalls } from './store-history.test-kit';
import {
  comparable,
  demoIdMaps,
  follows,
  NO_ID_MAPS,
  pageKey,
  readStore,
  storeDifferences,
  type Store,
} from './restore-compare.test-kit';

type Obj = Record<string, unknown>;
/** A whole store snapshotted twice, restored and undone, read whole four times: longer than one request-sized test. */
const ROUND_TRIP_TIMEOUT_MS = 300_000;
const CONTENT_KINDS = ['widget', 'placement', 'web-page', 'blog-post', 'redirect'] as const;

describe.each(testDatabaseKinds())('Store History round trip (%s)', (kind) => {
  // Page probes reach the demo's product pages (web pages, categories and brands come first; products from id 77).
  const app = useToolTestServer(kind, { quota: 100_000 }, { SNAPSHOT_PAGE_PROBES: '300' });
  const { sandbox } = app;
  const { call, storeWrite, follow, take, restore, undo } = storeHistoryCalls(app);

  const store = () => readStore(sandbox);
  const del = async (path: string) => {
    const res = await app.server.request(`/sandbox/stores/${DEMO.storeHash}${path}`, {
      method: 'DELETE',
      headers: { 'X-Auth-Token': DEMO.accessToken },
    });
    expect(res.status, path).toBeLessThan(300);
  };

  it(
    'restores a damaged store to the snapshot exactly (stock as sold), and the undo puts the damage back',
    async () => {
      // The store as the items are chosen in it (its pages are read with the snapshot's store below).
      const demo = await readStore(sandbox, { pages: false });
      // The demo store has some of each (server/sandbox/content/demo/demo-content.ts, demo-storefront.ts).
      for (const of of CONTENT_KINDS) expect(demo[of].size, of).toBeGreaterThan(1);
      const products = [...demo.product.values()];
      // The product deleted: one with options and variants, images, custom fields and channels.
      const whole = products.find(
        (p) =>
          p.id !== 77 &&
          (p.variants as Obj[]).length > 2 &&
          (p.options as Obj[]).length > 0 &&
          (p.images as Obj[]).length > 0 &&
          (p.custom_fields as Obj[]).length > 0 &&
          (p.channels as number[]).includes(1),
      )!;
      expect(whole).toBeDefined();
      // A product with a Page Builder page of its own (the demo's product 77), deleted too.
      const paged = demo.product.get('77')!;
      expect(paged).toBeDefined();
      // A category with children, and the fewest products in its subtree.
      const categories = [...demo.category.values()];
      const childrenOf = (id: number) => categories.filter((c) => c.parent_id === id);
      const subtree = (id: number): number[] => [
        id,
        ...childrenOf(id).flatMap((c) => subtree(Number(c.category_id))),
      ];
      const inSubtree = (id: number) => {
        const ids = new Set(subtree(id));
        return products.filter((p) => (p.categories as number[]).some((c) => ids.has(c))).length;
      };
      const parent = categories
        .filter((c) => childrenOf(Number(c.category_id)).length > 0 && c.parent_id !== 0)
        .sort((a, b) => inSubtree(Number(a.category_id)) - inSubtree(Number(b.category_id)))[0]!;
      // A brand with the fewest products (not a deleted product's).
      const brands = [...demo.brand.values()].filter(
        (b) => b.id !== whole.brand_id && b.id !== paged.brand_id,
      );
      const count = (id: unknown) => products.filter((p) => p.brand_id === id).length;
      const brand = brands.sort((a, b) => count(a.id) - count(b.id)).find((b) => count(b.id) > 0)!;
      // Stock sold since the snapshot.
      const sold = products.find(
        (p) =>
          p.id !== whole.id &&
          p.id !== 77 &&
          p.inventory_tracking === 'product' &&
          Number(p.inventory_level) > 3,
      )!;
      // A widget template edited: the widgets on it render the snapshot's template again after the restore.
      const template = [...demo['widget-template'].values()].find((t) => t.kind === 'custom')!;
      expect(template).toBeDefined();
      // One REST widget, placement, web page, blog post and redirect edited, one of each deleted.
      const byName = (of: (typeof CONTENT_KINDS)[number], field: string, value: string) =>
        [...demo[of].values()].find((item) => item[field] === value)!;
      const cartReminder = byName('widget', 'name', 'Cart Reminder');
      const homeImages = byName('widget', 'name', 'Home Header Images');
      const categoryPromo = [...demo.placement.values()].find((p) => p.template_file === 'pages/category')!;
      const brandsPlacement = [...demo.placement.values()].find((p) => p.template_file === 'pages/brands')!;
      const sizeGuide = byName('web-page', 'name', 'Size Guide');
      const aboutUs = byName('web-page', 'name', 'About Us');
      const guidePost = byName('blog-post', 'title', 'How to Choose Over-Ear Headphones');
      const welcomePost = byName('blog-post', 'title', 'Welcome to Our New Store');
      const sale = byName('redirect', 'from_path', '/sale/');
      const kestrel = byName('redirect', 'from_path', '/makers/kestrel/');
      // References the restore must re-point: the placement of the widget deleted (it goes with its widget), the
      // redirects to the web page and the post deleted (they still name the old ids).
      const homePlacement = [...demo.placement.values()].find((p) => p.widget_uuid === homeImages.uuid)!;
      const redirectTo = (type: string, id: unknown) =>
        [...demo.redirect.values()].find(
          (r) => (r.to as Obj).type === type && (r.to as Obj).entity_id === id,
        )!;
      const toAbout = redirectTo('page', aboutUs.id);
      const toWelcome = redirectTo('post', welcomePost.id);
      // The demo's redirect to its first product (demo-storefront.ts), the one with a page of its own.
      const toPaged = redirectTo('product', 77);
      // A widget neither edited nor deleted, for the placement on the deleted product's page.
      const onProductPage = [...demo.widget.values()].find(
        (w) => w.channel_id === 1 && w.uuid !== homeImages.uuid && w.uuid !== cartReminder.uuid,
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
        toPaged,
        onProductPage,
        sold,
      ]) {
        expect(found).toBeDefined();
      }

      // References across kinds to the product deleted: a REST placement on its page (widgets.v3.yml placement_Base
      // entity_id, a string), deleted with it, and a redirect to it, left as it is.
      const productPlacement = (
        await storeWrite('POST', '/v3/content/placements', {
          widget_uuid: onProductPage.uuid,
          template_file: 'pages/product',
          entity_id: String(whole.id),
          region: 'product_below_content',
          sort_order: 3,
          status: 'active',
          channel_id: 1,
        })
      ).data;
      const toWholePath = `/old-products/round-trip-${String(whole.id)}/`;
      await storeWrite('PUT', '/v3/storefront/redirects', [
        { site_id: sale.site_id, from_path: toWholePath, to: { type: 'product', entity_id: whole.id } },
      ]);
      const before = await store();
      const toWhole = [...before.redirect.values()].find((r) => r.from_path === toWholePath)!;
      expect(toWhole).toBeDefined();
      expect(before.page.get(pageKey(1, 'pages/product', '77'))).toBeDefined();

      const scope = ['catalog', 'categories', 'brands', 'widgets', 'content'];
      const { snapshotId, cookie } = await take(null, scope);

      // The snapshot holds each widget, placement, web page, blog post and redirect as the store answered it (ids and
      // dates aside), and counts them.
      const listed = listSnapshotsResponseSchema
        .parse(await (await call(`${SNAPSHOTS_PATH}?storeHash=${DEMO.storeHash}`, { cookie })).json())
        .snapshots.find((s) => s.id === snapshotId)!;
      expect(listed.scope).toEqual(scope);
      expect(listed.counts).toMatchObject({
        products: before.product.size,
        categories: before.category.size,
        brands: before.brand.size,
        restWidgets: before.widget.size,
        placements: before.placement.size,
        webPages: before['web-page'].size,
        blogPosts: before['blog-post'].size,
        redirects: before.redirect.size,
      });
      for (const of of CONTENT_KINDS) {
        for (const [id, item] of before[of]) {
          const key = { id: of === 'widget' || of === 'placement' ? id : Number(id) };
          const res = await call(snapshotItemPath(snapshotId, of, key), { cookie });
          expect(res.status, `${of} ${id}`).toBe(200);
          const held = snapshotItemResponseSchema.parse(await res.json()).item;
          expect(held.key).toEqual(key);
          expect(comparable(of, held.data as Obj, NO_ID_MAPS), `${of} ${id}`).toEqual(
            comparable(of, item, NO_ID_MAPS),
          );
        }
      }

      // The damage.
      await del(`/v3/catalog/products/${String(whole.id)}`);
      // BigCommerce documents nothing of a product's placements when it is deleted: the placement is deleted here.
      await del(`/v3/content/placements/${String(productPlacement.uuid)}`);
      await del('/v3/catalog/products/77');
      await storeWrite('PUT', `/v3/content/widget-templates/${String(template.uuid)}`, {
        name: `${String(template.name)} (edited)`,
        template: '<p>Edited since the snapshot</p>',
      });
      await del(`/v3/catalog/trees/categories?category_id:in=${String(parent.category_id)}`);
      await del(`/v3/catalog/brands/${String(brand.id)}`);
      const soldLevel = Number(sold.inventory_level) - 3;
      await storeWrite('PUT', `/v3/catalog/products/${String(sold.id)}`, { inventory_level: soldLevel });
      await storeWrite('PUT', `/v3/content/widgets/${String(cartReminder.uuid)}`, {
        name: 'Cart Reminder (edited)',
        widget_configuration: { text: 'Edited since the snapshot' },
      });
      await del(`/v3/content/widgets/${String(homeImages.uuid)}`);
      await storeWrite('PUT', `/v3/content/placements/${String(categoryPromo.uuid)}`, {
        region: 'category_below_content',
        sort_order: 7,
        status: 'inactive',
      });
      await del(`/v3/content/placements/${String(brandsPlacement.uuid)}`);
      await storeWrite('PUT', `/v3/content/pages/${String(sizeGuide.id)}`, {
        body: '<p>Edited</p>',
        meta_title: 'Edited title',
        is_visible: false,
      });
      await del(`/v3/content/pages/${String(aboutUs.id)}`);
      await storeWrite('PUT', `/v2/blog/posts/${String(guidePost.id)}`, {
        title: 'Edited post',
        body: '<p>Edited</p>',
        tags: ['edited'],
        is_published: false,
        published_date: 'Wed, 01 Jan 2025 10:00:00 +0000',
      });
      await del(`/v2/blog/posts/${String(welcomePost.id)}`);
      await storeWrite('PUT', '/v3/storefront/redirects', [
        { site_id: sale.site_id, from_path: sale.from_path, to: { type: 'url', url: '/edited/' } },
      ]);
      await del(`/v3/storefront/redirects?id:in=${String(kestrel.id)}`);
      const damaged = await store();
      // The comparison sees the damage: each widget, placement, web page, blog post and redirect edited or deleted.
      const damagedContent = storeDifferences(before, damaged, NO_ID_MAPS)
        .map((d) => /^\S+ [^\s:]+/.exec(d)![0])
        .filter((d) => CONTENT_KINDS.some((of) => d.startsWith(`${of} `)));
      expect(damagedContent.sort()).toEqual(
        [
          ['widget', cartReminder.uuid],
          ['widget', homeImages.uuid],
          ['placement', categoryPromo.uuid],
          ['placement', brandsPlacement.uuid],
          ['placement', homePlacement.uuid],
          ['placement', productPlacement.uuid],
          ['web-page', sizeGuide.id],
          ['web-page', aboutUs.id],
          ['blog-post', guidePost.id],
          ['blog-post', welcomePost.id],
          ['redirect', sale.id],
          ['redirect', kestrel.id],
        ]
          .map(([of, id]) => `${String(of)} ${String(id)}`)
          .sort(),
      );

      // Everything that differs, as the diff of the snapshot and one of the damaged store names it.
      const after = await take(cookie, scope);
      const items: RestoreItem[] = [];
      for (let cursor: string | null = '0'; cursor !== null;) {
        const res = await call(
          `${snapshotDiffPath(snapshotId)}?against=${after.snapshotId}&cursor=${cursor}`,
          {
            cookie,
          },
        );
        expect(res.status).toBe(200);
        const diff = snapshotDiffResponseSchema.parse(await res.json());
        for (const change of diff.changes) {
          if (change.change !== 'added') items.push({ kind: change.kind, key: change.key });
        }
        cursor = diff.nextCursor;
      }

      const previewed = await restore(snapshotId, cookie, { preview: true, items });
      expect(previewed.status, await previewed.clone().text()).toBe(200);
      const preview = restorePreviewResponseSchema.parse(await previewed.json());
      const actionKey = (i: (typeof preview.preview.items)[number]) =>
        `${i.kind} ${'id' in i.key ? String(i.key.id) : ''}`;
      const actionOf = new Map(preview.preview.items.map((i) => [actionKey(i), i.action]));
      const expected = Object.fromEntries(
        (
          [
            ['product', whole.id, 'create'],
            ['product', 77, 'create'],
            ['brand', brand.id, 'create'],
            ['category', parent.category_id, 'create'],
            ['widget-template', template.uuid, 'update'],
            ['widget', cartReminder.uuid, 'update'],
            ['widget', homeImages.uuid, 'create'],
            ['placement', categoryPromo.uuid, 'update'],
            ['placement', brandsPlacement.uuid, 'create'],
            // Gone with the widget deleted, made again on the widget made again.
            ['placement', homePlacement.uuid, 'create'],
            // Gone with the product deleted, made again on the product made again.
            ['placement', productPlacement.uuid, 'create'],
            ['web-page', sizeGuide.id, 'update'],
            ['web-page', aboutUs.id, 'create'],
            ['blog-post', guidePost.id, 'update'],
            ['blog-post', welcomePost.id, 'create'],
            ['redirect', sale.id, 'update'],
            ['redirect', kestrel.id, 'create'],
            // Unchanged in the store, so in no diff, but they name items made again: added, and re-pointed.
            ['redirect', toAbout.id, 'update'],
            ['redirect', toWelcome.id, 'update'],
            ['redirect', toWhole.id, 'update'],
            ['redirect', toPaged.id, 'update'],
          ] as const
        ).map(([of, id, action]) => [`${of} ${String(id)}`, action]),
      );
      expect(Object.fromEntries(Object.keys(expected).map((key) => [key, actionOf.get(key)]))).toEqual(
        expected,
      );
      // Everything asked for differs from the snapshot, and nothing more is written.
      expect(preview.preview.items.filter((i) => i.action === 'unchanged')).toEqual([]);
      // The page of product 77 is published on the product made again (its entity re-pointed).
      expect(
        preview.preview.items.find(
          (i) => i.kind === 'page' && (i.key as { entityId?: unknown }).entityId === '77',
        )?.action,
      ).toBe('update');
      // Stock is left as sold, and the preview says so.
      expect(preview.preview.items.find((i) => actionKey(i) === `product ${String(sold.id)}`)).toMatchObject({
        action: 'not-restorable',
        fields: [],
        notWritten: [{ path: 'inventory_level', code: 'stock-not-chosen' }],
      });

      const started = await restore(snapshotId, cookie, { preview: false, previewId: preview.previewId });
      expect(started.status, await started.clone().text()).toBe(202);
      const job = await follow(restoreStartResponseSchema.parse(await started.json()).job.id, cookie);
      expect(job.state).toBe('done');
      expect(job.outcomes!.filter((o) => o.outcome !== 'written')).toEqual([]);
      // Every item made again is in the id map, under its old id.
      const maps = await demoIdMaps(app);
      const mapped = (of: string) => [...(maps.get(of)?.keys() ?? [])].sort();
      expect(mapped('product')).toEqual([String(whole.id), '77'].sort());
      expect(mapped('brand')).toEqual([String(brand.id)]);
      expect(mapped('category')).toEqual(subtree(Number(parent.category_id)).map(String).sort());
      expect(mapped('widget')).toEqual([String(homeImages.uuid)]);
      expect(mapped('placement')).toEqual(
        [homePlacement.uuid, brandsPlacement.uuid, productPlacement.uuid].map(String).sort(),
      );
      expect(mapped('web-page')).toEqual([String(aboutUs.id)]);
      expect(mapped('blog-post')).toEqual([String(welcomePost.id)]);
      expect(mapped('redirect')).toEqual([String(kestrel.id)]);

      // The whole store as the snapshot held it, but the stock sold since.
      const restored = await store();
      expect(storeDifferences(withSold(before, String(sold.id), soldLevel), restored, maps)).toEqual([]);
      // The references to the items made again name their new ids (the comparison above checks them too).
      const newWhole = follows(maps, 'product', String(whole.id));
      expect(newWhole).not.toBe(String(whole.id));
      const placementNow = restored.placement.get(follows(maps, 'placement', String(productPlacement.uuid)))!;
      expect(placementNow).toMatchObject({
        template_file: 'pages/product',
        entity_id: newWhole,
        widget_uuid: onProductPage.uuid,
      });
      expect(restored.redirect.get(String(toWhole.id))?.to).toEqual({
        type: 'product',
        entity_id: Number(newWhole),
      });
      const newAbout = Number(follows(maps, 'web-page', String(aboutUs.id)));
      expect(restored.redirect.get(String(toAbout.id))?.to).toEqual({ type: 'page', entity_id: newAbout });
      const newHome = restored.placement.get(follows(maps, 'placement', String(homePlacement.uuid)));
      expect(newHome?.widget_uuid).toBe(follows(maps, 'widget', String(homeImages.uuid)));
      // The page of product 77 is on its new id (the comparison saw it hold what the snapshot held), and the template
      // is the snapshot's again.
      const new77 = follows(maps, 'product', '77');
      expect(new77).not.toBe('77');
      expect(restored.page.get(pageKey(1, 'pages/product', new77))).toBeDefined();
      const templateNow = restored['widget-template'].get(String(template.uuid))!;
      expect({ name: templateNow.name, template: templateNow.template, schema: templateNow.schema }).toEqual({
        name: template.name,
        template: template.template,
        schema: template.schema,
      });

      // The undo: the store as it was damaged (the items made again deleted, the rest written back), ids and all.
      const undone = await undo(job.id, cookie);
      expect(undone.state).toBe('done');
      expect(undone.outcomes!.filter((o) => o.outcome === 'failed')).toEqual([]);
      expect(storeDifferences(damaged, await store(), NO_ID_MAPS)).toEqual([]);
      // The page on the product made again is empty again, and the template as edited.
      const pageNow = await sandbox<{ data: { regions: { children: unknown[] }[] } }>(
        `/v3/content/page-widgets?channel_id=1&template_file=pages/product&entity_id=${new77}`,
      );
      expect(pageNow.data.regions.flatMap((r) => r.children)).toEqual([]);
      expect(
        (await sandbox<{ data: Obj }>(`/v3/content/widget-templates/${String(template.uuid)}`)).data.template,
      ).toBe('<p>Edited since the snapshot</p>');
    },
    ROUND_TRIP_TIMEOUT_MS,
  );
});

/** The store with a product-tracked product after a sale: its level, which its base variant shows too. */
function withSold(store: Store, id: string, level: number): Store {
  const item = store.product.get(id)!;
  const variants = (item.variants as Obj[]).map((v) =>
    (v.option_values as unknown[]).length === 0 ? { ...v, inventory_level: level } : v,
  );
  const product = new Map(store.product);
  product.set(id, { ...item, inventory_level: level, variants });
  return { ...store, product };
}
