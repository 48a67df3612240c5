// Store History's round trip (issue 40) over HTTP against the app's sandbox, on both databases: a snapshot, then the
// store damaged (a product with every part deleted, a category with its children and products deleted, a brand
// deleted, stock sold), then everything that differs restored from the snapshot, and the whole catalogue compared with
// what it was field by field (ids and dates aside, references followed through the store's id map): zero differences
// but the stock sold since. Then the undo, and the store compared with its damaged state the same way.
import { describe, expect, it } from 'vitest';
import {
  restorePreviewResponseSchema,
  restoreStartResponseSchema,
  snapshotDiffPath,
  snapshotDiffResponseSchema,
  type RestoreItem,
} from '../../../common/contracts/store-history';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, useToolTestServer } from '../../test/store-tools';
import { storeHistoryCalls } from './store-history.test-kit';
import { demoIdMaps, firstDifference, follows, plain, PRODUCT_INCLUDES } from './restore-compare.test-kit';

type Obj = Record<string, unknown>;
/** A whole store snapshotted twice, restored and undone: longer than one request-sized test on a shared machine. */
const ROUND_TRIP_TIMEOUT_MS = 240_000;

describe.each(testDatabaseKinds())('Store History round trip (%s)', (kind) => {
  // Page probes reach the demo's product pages (web pages, categories and brands come first; products from id 77).
  const app = useToolTestServer(kind, { quota: 100_000 }, { SNAPSHOT_PAGE_PROBES: '300' });
  const { sandbox } = app;
  const { call, storeWrite, follow, take, restore, undo } = storeHistoryCalls(app);

  const idMaps = () => demoIdMaps(app);

  /** The whole catalogue: products with every part, categories and brands, each by the id the store knows it by. */
  const catalogue = async () => {
    const products = new Map<number, Obj>();
    for (let page = 1; ; page++) {
      const answer = await sandbox<{ data: Obj[]; meta: { pagination: { total_pages: number } } }>(
        `/v3/catalog/products?include=${PRODUCT_INCLUDES}&limit=10&page=${page}`,
      );
      for (const p of answer.data) products.set(Number(p.id), p);
      if (page >= answer.meta.pagination.total_pages) break;
    }
    const categories = new Map<number, Obj>();
    for (const c of (await sandbox<{ data: Obj[] }>('/v3/catalog/trees/categories?limit=250')).data) {
      categories.set(Number(c.category_id), c);
    }
    const brands = new Map<number, Obj>();
    for (const b of (await sandbox<{ data: Obj[] }>('/v3/catalog/brands?limit=250')).data)
      brands.set(Number(b.id), b);
    return { product: products, category: categories, brand: brands } as Record<string, Map<number, Obj>>;
  };

  /** The differences between the catalogue as it was and as it is, items followed through the id map. */
  const differences = async (
    was: Record<string, Map<number, Obj>>,
    expected: (kind: string, id: number, item: Obj) => Obj,
  ) => {
    const now = await catalogue();
    const maps = await idMaps();
    const out: string[] = [];
    for (const kind of ['product', 'category', 'brand']) {
      const seen = new Set<number>();
      for (const [id, item] of was[kind]!) {
        const liveId = Number(follows(maps, kind, id));
        seen.add(liveId);
        const live = now[kind]!.get(liveId);
        if (!live) {
          out.push(`${kind} ${id}: missing`);
          continue;
        }
        const a = JSON.stringify(plain(expected(kind, id, item), maps));
        const b = JSON.stringify(plain(live, maps));
        if (a !== b)
          out.push(`${kind} ${id} (now ${liveId}): ${firstDifference(JSON.parse(a), JSON.parse(b))}`);
      }
      for (const id of now[kind]!.keys()) if (!seen.has(id)) out.push(`${kind} ${id}: not there before`);
    }
    return out;
  };

  it(
    'restores a damaged store to the snapshot exactly (stock as sold), and the undo puts the damage back',
    async () => {
      const before = await catalogue();
      const products = [...before.product!.values()];
      // The product deleted: one with options and variants, images, custom fields and channels.
      const whole = products.find(
        (p) =>
          (p.variants as Obj[]).length > 2 &&
          (p.options as Obj[]).length > 0 &&
          (p.images as Obj[]).length > 0 &&
          (p.custom_fields as Obj[]).length > 0 &&
          (p.channels as number[]).length > 0,
      )!;
      expect(whole).toBeDefined();
      // A category with children, and the fewest products in its subtree.
      const categories = [...before.category!.values()];
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
      // A brand with the fewest products (not the deleted product's).
      const brands = [...before.brand!.values()].filter((b) => b.id !== whole.brand_id);
      const count = (id: unknown) => products.filter((p) => p.brand_id === id).length;
      const brand = brands.sort((a, b) => count(a.id) - count(b.id)).find((b) => count(b.id) > 0)!;
      // Stock sold since the snapshot.
      const sold = products.find((p) => p.inventory_tracking === 'product' && Number(p.inventory_level) > 3)!;

      // A product with a Page Builder page of its own (the demo's product 77), deleted too.
      const paged = before.product!.get(77)!;
      expect(paged).toBeDefined();
      const pageOf = async (productId: unknown) =>
        (
          await sandbox<{ data: { regions: Obj[] } }>(
            `/v3/content/page-widgets?channel_id=1&template_file=pages/product&entity_id=${String(productId)}`,
          )
        ).data.regions;
      const widgetsIn = (regions: Obj[]) => JSON.stringify(regions).split('"type":"widget"').length - 1;
      const pageBefore = await pageOf(77);
      expect(widgetsIn(pageBefore)).toBeGreaterThan(0);
      // A widget template edited: the widgets on it render the snapshot's template again after the restore.
      const template = (await sandbox<{ data: Obj[] }>('/v3/content/widget-templates?limit=250')).data.find(
        (t) => t.kind === 'custom',
      )!;
      expect(template).toBeDefined();

      const scope = ['catalog', 'categories', 'brands', 'widgets'];
      const { snapshotId, cookie } = await take(null, scope);

      // The damage.
      const del = async (path: string) => {
        const res = await app.server.request(`/sandbox/stores/${DEMO.storeHash}${path}`, {
          method: 'DELETE',
          headers: { 'X-Auth-Token': DEMO.accessToken },
        });
        expect(res.status, path).toBeLessThan(300);
      };
      await del(`/v3/catalog/products/${String(whole.id)}`);
      if (whole.id !== 77) await del('/v3/catalog/products/77');
      await storeWrite('PUT', `/v3/content/widget-templates/${String(template.uuid)}`, {
        name: `${String(template.name)} (edited)`,
        template: '<p>Edited since the snapshot</p>',
      });
      await del(`/v3/catalog/trees/categories?category_id:in=${String(parent.category_id)}`);
      await del(`/v3/catalog/brands/${String(brand.id)}`);
      const soldLevel = Number(sold.inventory_level) - 3;
      await storeWrite('PUT', `/v3/catalog/products/${String(sold.id)}`, { inventory_level: soldLevel });
      const damaged = await catalogue();

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
      expect(items.length).toBeGreaterThan(3);

      const previewed = await restore(snapshotId, cookie, { preview: true, items });
      expect(previewed.status, await previewed.clone().text()).toBe(200);
      const preview = restorePreviewResponseSchema.parse(await previewed.json());
      const itemOf = (kind: string, id: unknown) =>
        preview.preview.items.find((i) => i.kind === kind && (i.key as { id?: unknown }).id === id);
      expect(itemOf('product', whole.id)?.action).toBe('create');
      expect(itemOf('product', 77)?.action).toBe('create');
      expect(itemOf('widget-template', template.uuid)?.action).toBe('update');
      // The page of product 77 is published on the product made again (its entity re-pointed).
      expect(
        preview.preview.items.find(
          (i) => i.kind === 'page' && (i.key as { entityId?: unknown }).entityId === '77',
        )?.action,
      ).toBe('update');
      expect(itemOf('brand', brand.id)?.action).toBe('create');
      expect(itemOf('category', parent.category_id)?.action).toBe('create');
      // Stock is left as sold, and the preview says so.
      expect(itemOf('product', sold.id)).toMatchObject({
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
      const maps = await idMaps();
      expect(maps.get('product')?.has(Number(whole.id))).toBe(true);
      expect(maps.get('brand')?.has(Number(brand.id))).toBe(true);
      expect(maps.get('category')?.size).toBe(subtree(Number(parent.category_id)).length);

      const restored = await differences(before, (kind, id, item) =>
        kind === 'product' && id === sold.id ? soldSince(item, soldLevel) : item,
      );
      expect(restored).toEqual([]);
      // The page of product 77, on its new id, holds what the snapshot held; the template is the snapshot's again.
      const new77 = follows(maps, 'product', 77);
      expect(new77).not.toBe(77);
      expect(plain(await pageOf(new77), maps)).toEqual(plain(pageBefore, maps));
      const templateNow = (
        await sandbox<{ data: Obj }>(`/v3/content/widget-templates/${String(template.uuid)}`)
      ).data;
      expect({ name: templateNow.name, template: templateNow.template, schema: templateNow.schema }).toEqual({
        name: template.name,
        template: template.template,
        schema: template.schema,
      });

      // The undo: the store as it was damaged (the items made again deleted, the rest written back).
      const undone = await undo(job.id, cookie);
      expect(undone.state).toBe('done');
      expect(undone.outcomes!.filter((o) => o.outcome === 'failed')).toEqual([]);
      expect(await differences(damaged, (_kind, _id, item) => item)).toEqual([]);
      // The page on the product made again is empty again, and the template as edited.
      expect(widgetsIn(await pageOf(new77))).toBe(0);
      expect(
        (await sandbox<{ data: Obj }>(`/v3/content/widget-templates/${String(template.uuid)}`)).data.template,
      ).toBe('<p>Edited since the snapshot</p>');
    },
    ROUND_TRIP_TIMEOUT_MS,
  );
});

/** A product-tracked product after a sale: its level, which its base variant shows too. */
function soldSince(item: Obj, level: number): Obj {
  const variants = (item.variants as Obj[]).map((v) =>
    (v.option_values as unknown[]).length === 0 ? { ...v, inventory_level: level } : v,
  );
  return { ...item, inventory_level: level, variants };
}
