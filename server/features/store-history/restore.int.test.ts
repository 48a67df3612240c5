// Store History's restore (issue 32) over HTTP against the app's sandbox, on both databases: preview (live and restored
// values), the job that writes the snapshot's values back with each item's outcome, the stale skip (an item changed
// after the preview is left as it is), an expired or unknown preview, another owner's snapshot, and the undo.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  listSnapshotsResponseSchema,
  restorePreviewResponseSchema,
  snapshotDiffPath,
  snapshotDiffResponseSchema,
  snapshotItemPath,
  snapshotItemResponseSchema,
  restoreStartResponseSchema,
  RESTORE_STALE_REASON,
  SNAPSHOTS_PATH,
  type RestoreItem,
} from '../../../common/contracts/store-history';
import { restorePreview } from '../../db/schema';
import { MAX_OPEN_PREVIEWS_PER_OWNER } from './restore-preview-repository';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, type Json, useToolTestServer } from '../../test/store-tools';
import { storeHistoryCalls, type Product } from './store-history.test-kit';

type Category = { category_id: number; name: string; description: string };

describe.each(testDatabaseKinds())('Store History restore (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { sandbox } = app;

  const { call, storeWrite, addHomeWidget, follow, take, restore, undo } = storeHistoryCalls(app);
  const preview = async (snapshotId: string, cookie: string | null, items: RestoreItem[]) => {
    const res = await restore(snapshotId, cookie, { preview: true, items });
    expect(res.status, await res.clone().text()).toBe(200);
    return restorePreviewResponseSchema.parse(await res.json());
  };
  const start = async (snapshotId: string, cookie: string | null, previewId: string) => {
    const res = await restore(snapshotId, cookie, { preview: false, previewId });
    expect(res.status, await res.clone().text()).toBe(202);
    const { job } = restoreStartResponseSchema.parse(await res.json());
    expect(job).toMatchObject({ kind: 'snapshot-restore', storeHash: DEMO.storeHash });
    return follow(job.id, cookie);
  };
  const product = (id: number) =>
    sandbox<{ data: Product }>(`/v3/catalog/products/${id}?include=variants`).then((r) => r.data);
  const category = async (id: number) =>
    (await sandbox<{ data: Category[] }>(`/v3/catalog/trees/categories?category_id:in=${id}`)).data[0]!;
  /** Two products with several SKU'd variants, and a category. */
  const fixtures = async () => {
    const products = (
      await sandbox<{ data: Product[] }>('/v3/catalog/products?limit=250&include=variants')
    ).data.filter((p) => p.variants.length > 1 && p.variants.every((v) => v.sku));
    const [cat] = (await sandbox<{ data: Category[] }>('/v3/catalog/trees/categories?limit=1')).data;
    expect(products.length).toBeGreaterThan(1);
    return { first: products[0]!, second: products[1]!, cat: cat! };
  };

  it('previews the live and restored values, writes the snapshot back as a job, and undoes it', async () => {
    const { first, cat } = await fixtures();
    const variant = first.variants[1]!;
    const { snapshotId, cookie } = await take();
    await storeWrite('PUT', `/v3/catalog/products/${first.id}`, { description: '<p>Broken by hand</p>' });
    await storeWrite('PUT', `/v3/catalog/products/${first.id}/variants/${variant.id}`, { price: 999.5 });
    await storeWrite('PUT', '/v3/catalog/trees/categories', [
      { category_id: cat.category_id, name: 'Renamed' },
    ]);

    const answer = await preview(snapshotId, cookie, [
      { kind: 'product', key: { id: first.id } },
      { kind: 'category', key: { id: cat.category_id }, fields: ['name'] },
    ]);
    expect(Date.parse(answer.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    // Written in levels (issue 40): categories before products, so the preview lists them so too.
    const [categoryItem, productItem] = answer.preview.items;
    expect(productItem).toMatchObject({
      kind: 'product',
      key: { id: first.id },
      name: first.name,
      action: 'update',
    });
    expect(productItem!.fields).toEqual([
      { path: 'description', live: '<p>Broken by hand</p>', restored: first.description },
      { path: `variants[sku=${variant.sku}].price`, live: 999.5, restored: variant.price },
    ]);
    expect(categoryItem).toMatchObject({
      kind: 'category',
      action: 'update',
      fields: [{ path: 'name', live: 'Renamed', restored: cat.name }],
    });

    const job = await start(snapshotId, cookie, answer.previewId);
    expect(job).toMatchObject({ state: 'done', total: 2, succeeded: 2, failed: 0, skipped: 0, backedUp: 2 });
    expect(job.outcomes).toEqual([
      { kind: 'category', key: { id: cat.category_id }, name: cat.name, outcome: 'written', reason: null },
      { kind: 'product', key: { id: first.id }, name: first.name, outcome: 'written', reason: null },
    ]);
    // Its own before-snapshot: the product and the category as they were before the restore, and nothing else.
    const listed = await call(`${SNAPSHOTS_PATH}?storeHash=${DEMO.storeHash}`, { cookie });
    const before = listSnapshotsResponseSchema
      .parse(await listed.json())
      .snapshots.find((each) => each.reason === 'before-job');
    expect(before).toMatchObject({ state: 'done', scope: ['catalog', 'categories'] });
    expect(before!.counts).toMatchObject({ products: 1, categories: 1, brands: 0, pages: 0 });
    const beforeDiff = await call(`${snapshotDiffPath(snapshotId)}?against=${before!.id}&kind=product`, {
      cookie,
    });
    const changed = snapshotDiffResponseSchema.parse(await beforeDiff.json());
    // The other products are not in it, and so not "removed": the one product changed is the whole diff.
    expect(changed.total).toBe(1);
    expect(changed.changes.find((c) => c.change === 'changed')?.fields).toContainEqual({
      path: 'description',
      before: first.description,
      after: '<p>Broken by hand</p>',
    });
    const restored = await product(first.id);
    expect(restored.description).toBe(first.description);
    expect(restored.variants.find((v) => v.id === variant.id)!.price).toBe(variant.price);
    expect((await category(cat.category_id)).name).toBe(cat.name);

    // Starting the same preview again answers the same job: nothing is written twice.
    const again = await restore(snapshotId, cookie, { preview: false, previewId: answer.previewId });
    expect(again.status).toBe(202);
    expect(restoreStartResponseSchema.parse(await again.json()).job.id).toBe(job.id);

    // The undo puts the edited values back.
    const undone = await undo(job.id, cookie);
    expect(undone).toMatchObject({ state: 'done', total: 2, succeeded: 2, failed: 0, skipped: 0 });
    const back = await product(first.id);
    expect(back.description).toBe('<p>Broken by hand</p>');
    expect(back.variants.find((v) => v.id === variant.id)!.price).toBe(999.5);
    expect((await category(cat.category_id)).name).toBe('Renamed');
    // The undo took its own before-snapshot first: the two items as the restore left them (issue 32).
    const afterUndo = listSnapshotsResponseSchema.parse(
      await (await call(`${SNAPSHOTS_PATH}?storeHash=${DEMO.storeHash}`, { cookie })).json(),
    ).snapshots;
    const undoBefore = afterUndo.filter((each) => each.reason === 'before-job' && each.id !== before!.id);
    expect(undoBefore).toHaveLength(1);
    expect(undoBefore[0]).toMatchObject({ state: 'done', scope: ['catalog', 'categories'] });
    expect(undoBefore[0]!.counts).toMatchObject({ products: 1, categories: 1, brands: 0, pages: 0 });
    const kept = await call(snapshotItemPath(undoBefore[0]!.id, 'product', { id: first.id }), { cookie });
    expect(kept.status).toBe(200);
    expect(snapshotItemResponseSchema.parse(await kept.json()).item.data).toMatchObject({
      description: first.description,
    });
  });

  it('skips an item changed after the preview and writes the others', async () => {
    const { first, second } = await fixtures();
    const { snapshotId, cookie } = await take();
    await storeWrite('PUT', `/v3/catalog/products/${first.id}`, { description: '<p>Edit one</p>' });
    await storeWrite('PUT', `/v3/catalog/products/${second.id}`, { description: '<p>Edit two</p>' });
    const answer = await preview(snapshotId, cookie, [
      { kind: 'product', key: { id: first.id }, fields: ['description'] },
      { kind: 'product', key: { id: second.id }, fields: ['description'] },
    ]);
    expect(answer.preview.items.map((i) => i.action)).toEqual(['update', 'update']);
    // Someone edits the first product again between the preview and the start.
    await storeWrite('PUT', `/v3/catalog/products/${first.id}`, { description: '<p>Newer edit</p>' });
    const job = await start(snapshotId, cookie, answer.previewId);
    expect(job).toMatchObject({ state: 'done', total: 2, succeeded: 1, failed: 0, skipped: 1 });
    expect(job.outcomes).toEqual([
      {
        kind: 'product',
        key: { id: first.id },
        name: first.name,
        outcome: 'skipped',
        reason: RESTORE_STALE_REASON,
      },
      { kind: 'product', key: { id: second.id }, name: second.name, outcome: 'written', reason: null },
    ]);
    expect((await product(first.id)).description).toBe('<p>Newer edit</p>');
    expect((await product(second.id)).description).toBe(second.description);
  });

  it('keeps at most 20 open previews per owner: a new one drops the oldest', async () => {
    const { first } = await fixtures();
    const { snapshotId, cookie } = await take();
    const ids: string[] = [];
    for (let n = 0; n < MAX_OPEN_PREVIEWS_PER_OWNER + 2; n++) {
      ids.push((await preview(snapshotId, cookie, [{ kind: 'product', key: { id: first.id } }])).previewId);
    }
    const kept = await app.server.database.db.select({ id: restorePreview.id }).from(restorePreview);
    const mine = kept.map((row) => row.id).filter((id) => ids.includes(id));
    expect(mine.sort()).toEqual(ids.slice(2).sort());
    const dropped = await restore(snapshotId, cookie, { preview: false, previewId: ids[0]! });
    expect(dropped.status).toBe(409);
    expect(await dropped.json()).toMatchObject({ code: 'restore_preview_expired' });
  });

  it('answers an unchanged item, refuses an unknown preview, a read-only field and another owner', async () => {
    const { first } = await fixtures();
    const { snapshotId, cookie } = await take();
    const same = await preview(snapshotId, cookie, [{ kind: 'product', key: { id: first.id } }]);
    expect(same.preview.items).toMatchObject([{ action: 'unchanged', fields: [] }]);

    const unknown = await restore(snapshotId, cookie, { preview: false, previewId: 'no-such-preview' });
    expect(unknown.status).toBe(409);
    expect(await unknown.json()).toEqual({
      error: 'This preview has expired. Preview the restore again.',
      code: 'restore_preview_expired',
    });

    // The same preview once it has expired.
    await app.server.database.db
      .update(restorePreview)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(restorePreview.id, same.previewId));
    const expired = await restore(snapshotId, cookie, { preview: false, previewId: same.previewId });
    expect(expired.status).toBe(409);
    expect(await expired.json()).toMatchObject({ code: 'restore_preview_expired' });

    const readOnly = await restore(snapshotId, cookie, {
      preview: true,
      items: [{ kind: 'product', key: { id: first.id }, fields: ['calculated_price'] }],
    });
    expect(readOnly.status).toBe(400);

    const other = await take();
    expect(other.cookie).not.toBe(cookie);
    const foreign = await restore(snapshotId, other.cookie, {
      preview: true,
      items: [{ kind: 'product', key: { id: first.id } }],
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: 'No such snapshot.', code: 'snapshot_not_found' });
    // Nor can another owner start this owner's preview through their own snapshot.
    const stolen = await restore(other.snapshotId, other.cookie, {
      preview: false,
      previewId: same.previewId,
    });
    expect(stolen.status).toBe(409);
  });

  it('makes a deleted product again from the snapshot, and renames a brand back', async () => {
    const { first } = await fixtures();
    const full = (
      await sandbox<{ data: Product & { custom_fields: { name: string; value: string }[] } }>(
        `/v3/catalog/products/${first.id}?include=custom_fields`,
      )
    ).data;
    const [brand] = (await sandbox<{ data: { id: number; name: string }[] }>('/v3/catalog/brands?limit=1'))
      .data;
    const { snapshotId, cookie } = await take();
    const gone = await app.server.request(
      `/sandbox/stores/${DEMO.storeHash}/v3/catalog/products/${first.id}`,
      {
        method: 'DELETE',
        headers: { 'X-Auth-Token': DEMO.accessToken },
      },
    );
    expect(gone.status).toBe(204);
    await storeWrite('PUT', `/v3/catalog/brands/${brand!.id}`, { name: 'Brand renamed by hand' });

    const answer = await preview(snapshotId, cookie, [
      { kind: 'product', key: { id: first.id }, fields: ['description'] },
      { kind: 'brand', key: { id: brand!.id } },
    ]);
    // Brands are written before products (issue 40's levels).
    const [brandItem, productItem] = answer.preview.items;
    expect(productItem!.action).toBe('create');
    expect(productItem!.fields).toEqual(
      expect.arrayContaining([
        { path: 'name', live: null, restored: first.name },
        { path: 'description', live: null, restored: first.description },
      ]),
    );
    expect(brandItem).toMatchObject({
      action: 'update',
      fields: [{ path: 'name', live: 'Brand renamed by hand', restored: brand!.name }],
    });

    const job = await start(snapshotId, cookie, answer.previewId);
    expect(job).toMatchObject({ state: 'done', total: 2, succeeded: 2, failed: 0, skipped: 0 });
    const made = job.outcomes![1]!;
    expect(made).toMatchObject({ kind: 'product', outcome: 'written' });
    const newId = Number(/^Made again as #(\d+)/.exec(made.reason ?? '')?.[1]);
    const again = (
      await sandbox<{ data: Product & { custom_fields: { name: string; value: string }[] } }>(
        `/v3/catalog/products/${newId}?include=custom_fields`,
      )
    ).data;
    expect(again).toMatchObject({ name: first.name, description: first.description });
    expect(again.custom_fields.map((f) => [f.name, f.value])).toEqual(
      full.custom_fields.map((f) => [f.name, f.value]),
    );
    const renamed = await sandbox<{ data: { name: string } }>(`/v3/catalog/brands/${brand!.id}`);
    expect(renamed.data.name).toBe(brand!.name);
  });

  it("puts a page's content and a widget template back", async () => {
    type Page = { regions: { name: string; children: Json[] }[] };
    const home = (
      await sandbox<{ data: Page }>('/v3/content/page-widgets?channel_id=1&template_file=pages/home')
    ).data;
    // A custom template (built-in ones cannot be changed: widgets.v3.yml updateWidgetTemplate).
    const made = await app.server.request(`/sandbox/stores/${DEMO.storeHash}/v3/content/widget-templates`, {
      method: 'POST',
      headers: { 'X-Auth-Token': DEMO.accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Restore banner', template: '<h1>{{title}}</h1>', channel_id: 1 }),
    });
    expect(made.status, await made.clone().text()).toBeLessThan(300);
    const template = ((await made.json()) as { data: { uuid: string; name: string } }).data;
    const { snapshotId, cookie } = await take(null, ['widgets']);
    await addHomeWidget(home.regions, 'Added after the snapshot', template.uuid);
    await storeWrite('PUT', `/v3/content/widget-templates/${template.uuid}`, { name: 'Template renamed' });

    const answer = await preview(snapshotId, cookie, [
      { kind: 'page', key: { channelId: 1, templateFile: 'pages/home', entityId: null } },
      { kind: 'widget-template', key: { id: template.uuid }, fields: ['name'] },
    ]);
    // Templates are written before the pages that use them (issue 40's levels).
    const [templateItem, page] = answer.preview.items;
    expect(page!.action).toBe('update');
    expect(JSON.stringify(page!.fields)).toContain('Added after the snapshot');
    expect(templateItem).toMatchObject({
      action: 'update',
      fields: [{ path: 'name', live: 'Template renamed', restored: template.name }],
    });
    const job = await start(snapshotId, cookie, answer.previewId);
    expect(job).toMatchObject({ state: 'done', total: 2, succeeded: 2, failed: 0, skipped: 0 });
    const after = (
      await sandbox<{ data: Page }>('/v3/content/page-widgets?channel_id=1&template_file=pages/home')
    ).data;
    expect(JSON.stringify(after)).not.toContain('Added after the snapshot');
    expect(after.regions.map((r) => r.children.length)).toEqual(home.regions.map((r) => r.children.length));
    const renamed = await sandbox<{ data: { name: string } }>(
      `/v3/content/widget-templates/${template.uuid}`,
    );
    expect(renamed.data.name).toBe(template.name);
  });
});
