// Store History (issue 32) over HTTP against the app's sandbox, on both databases: a snapshot as a job, its counts and
// bytes, a second snapshot of the unchanged store adding almost nothing, the diff after edits (a description, a
// variant's price, a brand added, a page's widget changed), paging, filters, ownership, caps and deletion.
import { describe, expect, it } from 'vitest';
import {
  listSnapshotsResponseSchema,
  snapshotDiffPath,
  snapshotDiffResponseSchema,
  SNAPSHOTS_PATH,
  takeSnapshotResponseSchema,
  type Snapshot,
} from '../../../common/contracts/store-history';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, type Json, useToolTestServer } from '../../test/store-tools';
import { storeHistoryCalls, type Product } from './store-history.test-kit';

describe.each(testDatabaseKinds())('Store History (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { sandbox, control } = app;

  const { call, storeWrite, addHomeWidget, follow } = storeHistoryCalls(app);
  /** Takes a snapshot and follows its job to the end; the snapshot as listed, and the requests it cost. */
  const take = async (cookie: string | null, body: Json = {}) => {
    const before = await requests();
    const res = await call(SNAPSHOTS_PATH, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ storeCredentials: DEMO, ...body }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const owner = cookie ?? res.headers.get('set-cookie')?.split(';')[0] ?? null;
    const { snapshotId, job } = takeSnapshotResponseSchema.parse(await res.json());
    expect(job).toMatchObject({ kind: 'store-snapshot', state: 'queued', storeHash: DEMO.storeHash });
    const last = await follow(job.id, owner);
    expect(last.state).toBe('done');
    expect(last.succeeded).toBe(last.total);
    const listed = await list(owner);
    const snapshot = listed.find((s) => s.id === snapshotId)!;
    return { snapshot, cookie: owner, cost: (await requests()) - before };
  };
  const list = async (cookie: string | null): Promise<Snapshot[]> => {
    const res = await call(`${SNAPSHOTS_PATH}?storeHash=${DEMO.storeHash}`, { cookie });
    expect(res.status).toBe(200);
    return listSnapshotsResponseSchema.parse(await res.json()).snapshots;
  };
  const requests = async () =>
    ((await (await control('/stats')).json()) as { data: { requests: number } }).data.requests;
  const diff = async (cookie: string | null, from: string, to: string, query = '') => {
    const res = await call(`${snapshotDiffPath(from)}?against=${to}${query}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return snapshotDiffResponseSchema.parse(await res.json());
  };

  it('takes a whole snapshot as a job, then a second of the unchanged store that adds almost nothing', async () => {
    const products = await sandbox<{ data: Product[]; meta: { pagination: { total: number } } }>(
      '/v3/catalog/products?limit=1&include_fields=id',
    );
    const brands = await sandbox<{ meta: { pagination: { total: number } } }>('/v3/catalog/brands?limit=1');
    const categories = await sandbox<{ meta: { pagination: { total: number } } }>(
      '/v3/catalog/trees/categories?limit=1',
    );
    const variants = await sandbox<{ meta: { pagination: { total: number } } }>(
      '/v3/catalog/variants?limit=1',
    );
    const first = await take(null);
    expect(first.snapshot).toMatchObject({
      state: 'done',
      reason: 'manual',
      storeHash: DEMO.storeHash,
      // Every scope when none is named (issue 40 added `content`).
      scope: ['catalog', 'categories', 'brands', 'widgets', 'content'],
    });
    expect(first.snapshot.counts).toMatchObject({
      products: products.meta.pagination.total,
      brands: brands.meta.pagination.total,
      categories: categories.meta.pagination.total,
      variants: variants.meta.pagination.total,
    });
    expect(first.snapshot.counts.pages).toBeGreaterThan(0);
    expect(first.snapshot.counts.widgets).toBeGreaterThan(0);
    expect(first.snapshot.counts.widgetTemplates).toBeGreaterThan(0);
    for (const count of ['restWidgets', 'placements', 'webPages', 'blogPosts', 'redirects'] as const) {
      expect(first.snapshot.counts[count], count).toBeGreaterThan(0);
    }
    expect(first.snapshot.bytes).toBeGreaterThan(10_000);
    expect(first.snapshot.newBytes).toBeGreaterThan(0);
    expect(first.snapshot.newBytes).toBeLessThan(first.snapshot.bytes);
    // Requests: 10 products a page, 250 of the rest, one per page read, and the planning's counts.
    const productPages = Math.ceil(products.meta.pagination.total / 10);
    expect(first.cost).toBeGreaterThanOrEqual(productPages);

    const second = await take(first.cookie);
    expect(second.snapshot.counts).toEqual(first.snapshot.counts);
    expect(second.snapshot.bytes).toBe(first.snapshot.bytes);
    expect(second.snapshot.newBytes).toBeLessThan(first.snapshot.newBytes / 100);
    expect(second.cost).toBe(first.cost);
    const listed = await list(first.cookie);
    expect(listed.map((s) => s.id)).toEqual([second.snapshot.id, first.snapshot.id]);
    const nothing = await diff(first.cookie, first.snapshot.id, second.snapshot.id);
    expect(nothing).toMatchObject({ changes: [], total: 0, nextCursor: null });
  });

  it('lists what changed between two snapshots, field by field, with filters and paging', async () => {
    const first = await take(null);
    const [product] = (
      await sandbox<{ data: Product[] }>(
        '/v3/catalog/products?limit=250&include=variants&include_fields=name,description',
      )
    ).data.filter((p) => p.variants.length > 1 && p.variants.every((v) => v.sku));
    expect(product).toBeDefined();
    const variant = product!.variants[1]!;
    await storeWrite('PUT', `/v3/catalog/products/${product!.id}`, {
      description: '<p>Rewritten by hand</p>',
    });
    await storeWrite('PUT', `/v3/catalog/products/${product!.id}/variants/${variant.id}`, { price: 123.45 });
    const brand = await storeWrite('POST', '/v3/catalog/brands', { name: 'Snapshot Test Brand' });
    // A widget added to the home page (page-widgets.v3.yml createPageWidgets: the page's whole content).
    const home = await sandbox<{ data: { regions: { name: string; children: Json[] }[] } }>(
      '/v3/content/page-widgets?channel_id=1&template_file=pages/home',
    );
    const template = (await sandbox<{ data: { uuid: string }[] }>('/v3/content/widget-templates?limit=1'))
      .data[0]!;
    await addHomeWidget(home.data.regions, 'Added for history', template.uuid);
    const second = await take(first.cookie);

    const all = await diff(first.cookie, first.snapshot.id, second.snapshot.id);
    expect(all.counts.product).toEqual({ added: 0, removed: 0, changed: 1 });
    expect(all.counts.brand).toEqual({ added: 1, removed: 0, changed: 0 });
    const changedProduct = all.changes.find((c) => c.kind === 'product')!;
    expect(changedProduct).toMatchObject({
      key: { id: product!.id },
      name: product!.name,
      change: 'changed',
    });
    expect(changedProduct.fields).toEqual(
      expect.arrayContaining([
        { path: 'description', before: product!.description, after: '<p>Rewritten by hand</p>' },
        { path: `variants[sku=${variant.sku}].price`, before: variant.price, after: 123.45 },
      ]),
    );
    expect(all.changes.find((c) => c.kind === 'brand')).toMatchObject({
      key: { id: brand.data.id },
      name: 'Snapshot Test Brand',
      change: 'added',
      fields: [],
    });

    // The home page's new content: the page, keyed by where it is, with the widget in its fields.
    expect(all.counts.page).toEqual({ added: 0, removed: 0, changed: 1 });
    const page = all.changes.find((c) => c.kind === 'page')!;
    expect(page.key).toEqual({ channelId: 1, templateFile: 'pages/home', entityId: null });
    expect(JSON.stringify(page.fields)).toContain('Added for history');

    // The kind filter and the search; the counts stay those of the whole diff.
    const brandsOnly = await diff(first.cookie, first.snapshot.id, second.snapshot.id, '&kind=brand');
    expect(brandsOnly.changes.map((c) => c.kind)).toEqual(['brand']);
    expect(brandsOnly.counts).toEqual(all.counts);
    const searched = await diff(
      first.cookie,
      first.snapshot.id,
      second.snapshot.id,
      `&search=${encodeURIComponent(variant.sku.toUpperCase())}`,
    );
    expect(searched.changes.map((c) => c.key)).toEqual([{ id: product!.id }]);

    // The other way round, a removed brand.
    const back = await diff(first.cookie, second.snapshot.id, first.snapshot.id, '&kind=brand');
    expect(back.changes).toMatchObject([{ change: 'removed', name: 'Snapshot Test Brand' }]);
  });

  it('answers only the owner, refuses a snapshot being taken or of another store, and deletes', async () => {
    const mine = await take(null, { scope: ['brands'] });
    const theirs = await take(null, { scope: ['brands'] });
    expect(mine.cookie).not.toBe(theirs.cookie);
    expect((await list(theirs.cookie)).map((s) => s.id)).toEqual([theirs.snapshot.id]);
    const foreign = await call(`${snapshotDiffPath(mine.snapshot.id)}?against=${theirs.snapshot.id}`, {
      cookie: mine.cookie,
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: 'No such snapshot.', code: 'snapshot_not_found' });
    const unknown = await call(`${snapshotDiffPath('nope')}?against=${mine.snapshot.id}`, {
      cookie: mine.cookie,
    });
    expect(unknown.status).toBe(404);

    const bad = await call(SNAPSHOTS_PATH, {
      method: 'POST',
      body: JSON.stringify({ storeCredentials: DEMO, scope: ['orders'] }),
    });
    expect(bad.status).toBe(400);
    const noStore = await call(SNAPSHOTS_PATH, { method: 'POST', body: JSON.stringify({}) });
    expect(noStore.status).toBe(400);

    const deleted = await call(`${SNAPSHOTS_PATH}/${mine.snapshot.id}`, {
      method: 'DELETE',
      cookie: mine.cookie,
    });
    expect(deleted.status).toBe(204);
    expect(await list(mine.cookie)).toEqual([]);
  });

  it('takes only the parts asked for', async () => {
    const brandsOnly = await take(null, { scope: ['brands'] });
    expect(brandsOnly.snapshot.scope).toEqual(['brands']);
    expect(brandsOnly.snapshot.counts).toMatchObject({ products: 0, categories: 0, pages: 0 });
    expect(brandsOnly.snapshot.counts.brands).toBeGreaterThan(0);
    expect(brandsOnly.cost).toBeLessThanOrEqual(3);
  });
});
