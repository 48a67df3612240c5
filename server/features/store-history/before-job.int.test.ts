// Store History (issue 32): a snapshot before every write. A bulk edit starts one of what its scope names and writes
// once it is complete; an import that updates a product keeps that product as it was first. Over HTTP against the
// app's sandbox, on both databases: the before-job snapshot's counts, and its diff against the store after the write.
import { describe, expect, it } from 'vitest';
import { DUMP_PRODUCT_PATH, dumpProductResponseSchema } from '../../../common/contracts/dump-product';
import { IMPORT_PRODUCT_PATH, importProductResponseSchema } from '../../../common/contracts/import-product';
import { bulkEditPaths } from '../../../common/contracts/bulk-edit';
import { jobUndoPath, jobViewSchema } from '../../../common/contracts/jobs';
import {
  listSnapshotsResponseSchema,
  snapshotDiffPath,
  snapshotDiffResponseSchema,
  snapshotItemPath,
  snapshotItemResponseSchema,
  SNAPSHOTS_PATH,
  takeSnapshotResponseSchema,
} from '../../../common/contracts/store-history';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, toolData, type Json, useToolTestServer } from '../../test/store-tools';
import { storeHistoryCalls } from './store-history.test-kit';

const max = (values: readonly string[]) => values.reduce((a, b) => (a > b ? a : b));

describe.each(testDatabaseKinds())('snapshots before writes (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { call, storeWrite, productIds, follow } = storeHistoryCalls(app);

  const snapshotsOf = async (cookie: string) => {
    const res = await call(`${SNAPSHOTS_PATH}?storeHash=${DEMO.storeHash}`, { cookie });
    expect(res.status).toBe(200);
    return listSnapshotsResponseSchema.parse(await res.json()).snapshots;
  };
  const diff = async (from: string, to: string, cookie: string) => {
    const res = await call(`${snapshotDiffPath(from)}?against=${to}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return snapshotDiffResponseSchema.parse(await res.json());
  };

  it('a bulk edit first snapshots the products it will change, and its diff shows exactly what the edit did', async () => {
    const [a, b] = await productIds(2);
    await storeWrite('PUT', `/v3/catalog/products/${a}`, { page_title: 'Before A' });
    await storeWrite('PUT', `/v3/catalog/products/${b}`, { page_title: 'Before B' });

    const res = await call(bulkEditPaths('reset-page-title').start, {
      method: 'POST',
      body: JSON.stringify({ storeCredentials: DEMO, targetOption: 'specific', targetValue: `${a}, ${b}` }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const { job } = (await res.json()) as { job: Json };
    const ended = await follow(jobViewSchema.parse(job).id, cookie);
    expect(ended).toMatchObject({ state: 'done', succeeded: 2, failed: 0 });

    const [before] = await snapshotsOf(cookie);
    expect(before).toMatchObject({ reason: 'before-job', state: 'done' });
    expect(before!.counts).toMatchObject({ products: 2, categories: 0, pages: 0 });
    // It names the job it was taken before (issue 44: "Before Reset Page Title").
    expect(before!.beforeJob).toEqual({ id: ended.id, kind: 'reset-page-title' });

    const taken = await call(SNAPSHOTS_PATH, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ storeCredentials: DEMO, scope: ['catalog'] }),
    });
    expect(taken.status).toBe(202);
    const now = takeSnapshotResponseSchema.parse(await taken.json());
    expect((await follow(now.job.id, cookie)).state).toBe('done');

    // The before-job snapshot holds only the two products: the diff lists them alone, with the titles reset.
    const changes = await diff(before!.id, now.snapshotId, cookie);
    expect(changes.total).toBe(2);
    expect(
      changes.changes.map((change) => ({
        id: 'id' in change.key ? change.key.id : null,
        change: change.change,
        titles: change.fields.filter((field) => field.path === 'page_title'),
      })),
    ).toEqual(
      expect.arrayContaining([
        { id: a, change: 'changed', titles: [{ path: 'page_title', before: 'Before A', after: '' }] },
        { id: b, change: 'changed', titles: [{ path: 'page_title', before: 'Before B', after: '' }] },
      ]),
    );
  });

  it('an undo first snapshots the products it puts back, as the edit left them, and then writes', async () => {
    const [, , a, b] = await productIds(4);
    await storeWrite('PUT', `/v3/catalog/products/${a}`, { page_title: 'Undo A' });
    await storeWrite('PUT', `/v3/catalog/products/${b}`, { page_title: 'Undo B' });
    const res = await call(bulkEditPaths('reset-page-title').start, {
      method: 'POST',
      body: JSON.stringify({ storeCredentials: DEMO, targetOption: 'specific', targetValue: `${a}, ${b}` }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const edit = jobViewSchema.parse(((await res.json()) as { job: Json }).job);
    expect(await follow(edit.id, cookie)).toMatchObject({ state: 'done', succeeded: 2 });

    const undone = await call(jobUndoPath(edit.id), {
      method: 'POST',
      cookie,
      body: JSON.stringify({ storeCredentials: DEMO }),
    });
    expect(undone.status, await undone.clone().text()).toBe(200);
    const undo = jobViewSchema.parse(((await undone.json()) as { job: Json }).job);
    expect(undo).toMatchObject({ kind: 'undo', undoOf: edit.id });
    expect(await follow(undo.id, cookie)).toMatchObject({ state: 'done', succeeded: 2, failed: 0 });

    // Two before-job snapshots: the edit's, then the undo's, which holds the two products with their titles reset.
    const snapshots = (await snapshotsOf(cookie)).filter((each) => each.reason === 'before-job');
    expect(snapshots).toHaveLength(2);
    const undoBefore = snapshots.find((each) => each.createdAt === max(snapshots.map((s) => s.createdAt)))!;
    expect(undoBefore).toMatchObject({ state: 'done', beforeJob: { id: undo.id, kind: 'undo' } });
    expect(undoBefore.counts).toMatchObject({ products: 2, categories: 0, pages: 0 });
    for (const id of [a, b]) {
      const item = await call(snapshotItemPath(undoBefore.id, 'product', { id }), { cookie });
      expect(item.status).toBe(200);
      expect(snapshotItemResponseSchema.parse(await item.json()).item.data).toMatchObject({ page_title: '' });
    }
    const { data: live } = await storeWrite(
      'GET',
      `/v3/catalog/products/${a}?include_fields=page_title`,
      undefined,
    );
    expect(live).toMatchObject({ page_title: 'Undo A' });
  });

  it('a bulk edit of a brand snapshots that brand’s products (the documented brand_id filter) before it writes', async () => {
    const { data: brands } = await storeWrite('GET', '/v3/catalog/brands?limit=1', undefined);
    const brandId = (brands as unknown as { id: number }[])[0]!.id;
    const { data: ofBrand } = await storeWrite(
      'GET',
      `/v3/catalog/products?brand_id=${brandId}&include_fields=id&limit=250`,
      undefined,
    );
    const res = await call(bulkEditPaths('reset-page-title').start, {
      method: 'POST',
      body: JSON.stringify({ storeCredentials: DEMO, targetOption: 'brand', targetValue: String(brandId) }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const { job } = (await res.json()) as { job: Json };
    expect(await follow(jobViewSchema.parse(job).id, cookie)).toMatchObject({ state: 'done', failed: 0 });
    const [before] = await snapshotsOf(cookie);
    expect(before).toMatchObject({ reason: 'before-job', state: 'done' });
    expect(before!.counts.products).toBe((ofBrand as unknown as unknown[]).length);
  });

  it('an import that updates a product keeps it as it was first, and says so in its log', async () => {
    const [id] = await productIds(1);
    const dump = toolData(
      await app.post(DUMP_PRODUCT_PATH, {
        storeCredentials: DEMO,
        searchType: 'id',
        searchValue: String(id),
      }),
      dumpProductResponseSchema,
    );
    await storeWrite('PUT', `/v3/catalog/products/${id}`, { description: '<p>Edited since the dump</p>' });

    const res = await call(IMPORT_PRODUCT_PATH, {
      method: 'POST',
      body: JSON.stringify({ store: DEMO, productData: dump, options: { onExistingSku: 'update' } }),
    });
    expect(res.status, (await res.clone().text()).slice(0, 400)).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const { results } = importProductResponseSchema.parse(await res.json());
    expect(results).toMatchObject({ action: 'updated', productId: id });
    expect(results.logs).toContain(`Product #${id} as it was before this import is kept in Store History`);

    const [before] = await snapshotsOf(cookie);
    expect(before).toMatchObject({ reason: 'before-job', state: 'done' });
    expect(before!.counts).toMatchObject({ products: 1 });
    // An import is no job: its snapshot names none.
    expect(before!.beforeJob).toBeNull();
    const taken = await call(SNAPSHOTS_PATH, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ storeCredentials: DEMO, scope: ['catalog'] }),
    });
    const now = takeSnapshotResponseSchema.parse(await taken.json());
    expect((await follow(now.job.id, cookie)).state).toBe('done');
    const changes = await diff(before!.id, now.snapshotId, cookie);
    expect(changes.changes.map((change) => change.key)).toEqual([{ id }]);
    expect(changes.changes[0]!.fields.find((field) => field.path === 'description')).toMatchObject({
      before: '<p>Edited since the dump</p>',
    });
  });
});
