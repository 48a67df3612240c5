// Undoing a restore that made items again (issue 32 "Every restore is itself undoable"), over HTTP against the app's
// sandbox, on both databases: an item deleted from the store after the snapshot is made again by the restore (a new
// id), and its undo deletes it again (the store answers 404 for it), unless it was edited since the restore (left as
// it is, "changed since") or is gone already (done, nothing to delete).
import { describe, expect, it } from 'vitest';
import { jobUndoPreviewPath, type JobItemOutcome, type JobView } from '../../../common/contracts/jobs';
import {
  restorePreviewResponseSchema,
  restoreStartResponseSchema,
  restoreUndoPreviewResponseSchema,
  RESTORE_STALE_REASON,
  RESTORE_UNDO_ALREADY_DELETED_REASON,
  RESTORE_UNDO_DELETED_REASON,
  type RestoreItem,
} from '../../../common/contracts/store-history';
import { testDatabaseKinds } from '../../test/harness';
import { type Json, storeCall, useToolTestServer } from '../../test/store-tools';
import { storeHistoryCalls, type Product } from './store-history.test-kit';

type Category = { category_id: number; parent_id: number; tree_id: number; name: string };
type Brand = { id: number; name: string };

/** The written, skipped and failed counts of a job add up to its items, and agree with its outcomes. */
function expectCountsAddUp(job: JobView) {
  const outcomes = job.outcomes ?? [];
  expect(job.succeeded + job.skipped + job.failed).toBe(job.total);
  expect(outcomes).toHaveLength(job.total);
  expect(outcomes.filter((o) => o.outcome === 'written')).toHaveLength(job.succeeded);
  expect(outcomes.filter((o) => o.outcome === 'skipped')).toHaveLength(job.skipped);
  expect(outcomes.filter((o) => o.outcome === 'failed')).toHaveLength(job.failed);
}

describe.each(testDatabaseKinds())('Store History: undoing a restore that made items again (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { sandbox } = app;
  const { storeWrite, follow, take, postForDemo, restore, undo } = storeHistoryCalls(app);
  const store = <T = Json>(method: string, path: string, body?: unknown) =>
    storeCall<T>(app.server, 'sandbox-demo', method, path, body);

  /** Previews the items of the snapshot, checks each is to be made again, and runs the restore to its end. */
  const restoreDeleted = async (snapshotId: string, cookie: string | null, items: RestoreItem[]) => {
    const previewed = await restore(snapshotId, cookie, { preview: true, items });
    expect(previewed.status, await previewed.clone().text()).toBe(200);
    const answer = restorePreviewResponseSchema.parse(await previewed.json());
    expect(answer.preview.items.map((i) => i.action).sort()).toEqual(items.map(() => 'create'));
    const started = await restore(snapshotId, cookie, { preview: false, previewId: answer.previewId });
    expect(started.status, await started.clone().text()).toBe(202);
    const job = await follow(restoreStartResponseSchema.parse(await started.json()).job.id, cookie);
    expect(job).toMatchObject({ state: 'done', total: items.length, succeeded: items.length, failed: 0 });
    // Each one made again under a new id, which its reason names.
    // In the order asked (the job writes brands before categories before products: issue 40's levels).
    const outcomes = items.map((item) =>
      job.outcomes!.find((o) => o.kind === item.kind && o.key.id === (item.key as { id: number }).id)!,
    );
    const newIds = outcomes.map((o) => Number(/^Made again as #(\d+)/.exec(o.reason ?? '')?.[1]));
    for (const [n, id] of newIds.entries()) {
      expect(Number.isInteger(id), outcomes[n]!.reason ?? '').toBe(true);
      expect(id).not.toBe((items[n]!.key as { id: number }).id);
    }
    return { job, newIds };
  };
  const undoPreview = async (jobId: string, cookie: string | null) => {
    const res = await postForDemo(jobUndoPreviewPath(jobId), cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    return restoreUndoPreviewResponseSchema.parse(await res.json()).preview.items;
  };
  /** A product of the snapshot (the `n`th), deleted from the store since and made again by a restore. */
  const productMadeAgain = async (n: number) => {
    const first = (await sandbox<{ data: Product[] }>('/v3/catalog/products?limit=10')).data[n]!;
    const { snapshotId, cookie } = await take();
    expect((await store('DELETE', `/v3/catalog/products/${first.id}`)).status).toBe(204);
    const { job, newIds } = await restoreDeleted(snapshotId, cookie, [
      { kind: 'product', key: { id: first.id } },
    ]);
    const newId = newIds[0]!;
    /** The product made again, as the undo names it. */
    const made = { kind: 'product' as const, key: { id: newId }, name: first.name };
    return { first, cookie, job, newId, made };
  };
  /** Undoes a restore of one item, done with this one outcome (counted once). */
  const undoOne = async (jobId: string, cookie: string | null, outcome: JobItemOutcome) => {
    const undone = await undo(jobId, cookie);
    expect(undone).toMatchObject({
      state: 'done',
      total: 1,
      succeeded: outcome.outcome === 'written' ? 1 : 0,
      skipped: outcome.outcome === 'skipped' ? 1 : 0,
      failed: 0,
    });
    expect(undone.outcomes).toEqual([outcome]);
    expectCountsAddUp(undone);
  };

  it('deletes the product the restore made again, and counts it once', async () => {
    const { first, cookie, job, newId, made } = await productMadeAgain(2);
    expect((await store('GET', `/v3/catalog/products/${newId}`)).body).toMatchObject({
      data: { name: first.name },
    });

    expect(await undoPreview(job.id, cookie)).toEqual([{ ...made, action: 'delete', fields: [] }]);
    await undoOne(job.id, cookie, { ...made, outcome: 'written', reason: RESTORE_UNDO_DELETED_REASON });
    // Gone again; nothing else by its name either.
    expect((await store('GET', `/v3/catalog/products/${newId}`)).status).toBe(404);
    const byName = await store<{ data: Product[] }>(
      'GET',
      `/v3/catalog/products?name=${encodeURIComponent(first.name)}`,
    );
    expect(byName.body.data).toEqual([]);
  });

  it('leaves a product made again that was renamed since the restore', async () => {
    const { cookie, job, newId, made } = await productMadeAgain(3);
    await storeWrite('PUT', `/v3/catalog/products/${newId}`, { name: 'Renamed after the restore' });

    expect(await undoPreview(job.id, cookie)).toEqual([
      { ...made, action: 'unchanged', fields: [], reason: RESTORE_STALE_REASON },
    ]);
    await undoOne(job.id, cookie, { ...made, outcome: 'skipped', reason: RESTORE_STALE_REASON });
    const kept = await store<{ data: Product }>('GET', `/v3/catalog/products/${newId}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data.name).toBe('Renamed after the restore');
  });

  it('deletes a category made again, and counts a brand made again and deleted by hand since as done', async () => {
    const categories = (await sandbox<{ data: Category[] }>('/v3/catalog/trees/categories?limit=250')).data;
    // A category with none under it (deleting one deletes those under it too).
    const leaf = categories.find((c) => !categories.some((other) => other.parent_id === c.category_id))!;
    const brand = (await sandbox<{ data: Brand[] }>('/v3/catalog/brands?limit=1')).data[0]!;
    const { snapshotId, cookie } = await take();
    const removed = await store('DELETE', `/v3/catalog/trees/categories?category_id:in=${leaf.category_id}`);
    expect(removed.status).toBe(202);
    expect((await store('DELETE', `/v3/catalog/brands/${brand.id}`)).status).toBe(204);

    const { job, newIds } = await restoreDeleted(snapshotId, cookie, [
      { kind: 'category', key: { id: leaf.category_id } },
      { kind: 'brand', key: { id: brand.id } },
    ]);
    const [categoryId, brandId] = newIds as [number, number];
    const made = await sandbox<{ data: Category[] }>(
      `/v3/catalog/trees/categories?category_id:in=${categoryId}`,
    );
    expect(made.data).toMatchObject([{ name: leaf.name, parent_id: leaf.parent_id, tree_id: leaf.tree_id }]);
    // Someone deletes the brand made again before the undo.
    expect((await store('DELETE', `/v3/catalog/brands/${brandId}`)).status).toBe(204);

    expect(await undoPreview(job.id, cookie)).toEqual([
      { kind: 'category', key: { id: categoryId }, name: leaf.name, action: 'delete', fields: [] },
      {
        kind: 'brand',
        key: { id: brandId },
        name: brand.name,
        action: 'unchanged',
        fields: [],
        reason: RESTORE_UNDO_ALREADY_DELETED_REASON,
      },
    ]);
    const undone = await undo(job.id, cookie);
    expect(undone).toMatchObject({ state: 'done', total: 2, succeeded: 2, skipped: 0, failed: 0 });
    expect(undone.outcomes!.map((o) => [o.kind, o.key.id, o.outcome, o.reason])).toEqual([
      ['category', categoryId, 'written', RESTORE_UNDO_DELETED_REASON],
      ['brand', brandId, 'written', RESTORE_UNDO_ALREADY_DELETED_REASON],
    ]);
    expectCountsAddUp(undone);
    const after = await sandbox<{ data: Category[] }>(
      `/v3/catalog/trees/categories?category_id:in=${categoryId}`,
    );
    expect(after.data).toEqual([]);
    expect((await store('GET', `/v3/catalog/brands/${brandId}`)).status).toBe(404);
  });
});
