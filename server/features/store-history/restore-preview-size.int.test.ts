// A restore preview's row stays small (issue 40): an item made again names its snapshot blob (`createFrom`) instead of
// holding the whole product, and the job reads the blob back when it makes it. A row kept before (with `create`) is
// still started and written. On both databases, against the app's sandbox.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  restorePreviewResponseSchema,
  restoreStartResponseSchema,
  snapshotItemPath,
  snapshotItemResponseSchema,
} from '../../../common/contracts/store-history';
import { job, restorePreview } from '../../db/schema';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, useToolTestServer } from '../../test/store-tools';
import type { RestorePlanItem } from './restore-plan';
import { storeHistoryCalls, type Product } from './store-history.test-kit';

type Full = Product & { custom_fields: { name: string; value: string }[]; images: unknown[] };
const INCLUDES = 'variants,custom_fields,images';
/** "Below a few KB": the bound a row of one item made again must stay under, whatever the product's size. */
const ROW_BOUND_BYTES = 2_048;
/** A full catalogue snapshot and a restore job: minutes on a loaded machine with PGlite. */
const SLOW_MS = 180_000;

describe.each(testDatabaseKinds())('Store History restore preview size (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { sandbox } = app;
  const { call, storeWrite, follow, take, restore } = storeHistoryCalls(app);
  const db = () => app.server.database.db;

  const rowOf = async (previewId: string) => {
    const [row] = await db().select().from(restorePreview).where(eq(restorePreview.id, previewId));
    return row!;
  };
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

  /** A product with variants, made large (a 40 KB description, 10 custom fields), then snapshotted and deleted. */
  const bigProductDeleted = async () => {
    const products = (
      await sandbox<{ data: Full[] }>(`/v3/catalog/products?limit=250&include=${INCLUDES}&sort=id`)
    ).data.filter((p) => p.variants.length > 1 && p.variants.every((v) => v.sku));
    const chosen = products[0]!;
    const description = `<p>${'A long description of a sturdy product. '.repeat(1_000)}</p>`;
    await storeWrite('PUT', `/v3/catalog/products/${chosen.id}`, { description });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        storeWrite('POST', `/v3/catalog/products/${chosen.id}/custom-fields`, {
          name: `Spec ${i}`,
          value: `Value ${i} `.repeat(20).trim(),
        }),
      ),
    );
    const before = (await sandbox<{ data: Full }>(`/v3/catalog/products/${chosen.id}?include=${INCLUDES}`))
      .data;
    const { snapshotId, cookie } = await take(null, ['catalog']);
    const gone = await app.server.request(
      `/sandbox/stores/${DEMO.storeHash}/v3/catalog/products/${chosen.id}`,
      { method: 'DELETE', headers: { 'X-Auth-Token': DEMO.accessToken } },
    );
    expect(gone.status).toBe(204);
    return { before, snapshotId, cookie };
  };

  const previewOf = async (snapshotId: string, cookie: string | null, id: number) => {
    const res = await restore(snapshotId, cookie, {
      preview: true,
      items: [{ kind: 'product', key: { id } }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = restorePreviewResponseSchema.parse(await res.json());
    expect(answer.preview.items[0]!.action).toBe('create');
    return answer.previewId;
  };

  const startAndFollow = async (snapshotId: string, cookie: string | null, previewId: string) => {
    const res = await restore(snapshotId, cookie, { preview: false, previewId });
    expect(res.status, await res.clone().text()).toBe(202);
    const started = restoreStartResponseSchema.parse(await res.json()).job;
    const [jobRow] = await db().select().from(job).where(eq(job.id, started.id));
    return { view: await follow(started.id, cookie), inputBytes: bytes(jobRow!.input) };
  };

  const madeAgain = async (reason: string | null | undefined) => {
    const newId = Number(/^Made again as #(\d+)/.exec(reason ?? '')?.[1]);
    expect(newId).toBeGreaterThan(0);
    return (await sandbox<{ data: Full }>(`/v3/catalog/products/${newId}?include=${INCLUDES}`)).data;
  };

  const expectSameProduct = (again: Full, before: Full) => {
    expect(again).toMatchObject({ name: before.name, description: before.description });
    expect(again.custom_fields.map((f) => [f.name, f.value])).toEqual(
      before.custom_fields.map((f) => [f.name, f.value]),
    );
    expect(again.variants.map((v) => v.sku).sort()).toEqual(before.variants.map((v) => v.sku).sort());
  };

  it(
    'keeps a deleted product as its blob hash, a row of a few KB, and the restore makes it again whole',
    async () => {
      const { before, snapshotId, cookie } = await bigProductDeleted();
      expect(bytes(before)).toBeGreaterThan(40_000);

      const previewId = await previewOf(snapshotId, cookie, before.id);
      const row = await rowOf(previewId);
      const items = row.items as RestorePlanItem[];
      expect(items).toHaveLength(1);
      expect(items[0]).not.toHaveProperty('create');
      expect(items[0]!.createFrom).toMatch(/^[0-9a-f]{64}$/);
      const rowBytes = bytes(row);
      expect(rowBytes).toBeLessThan(ROW_BOUND_BYTES);

      const { view, inputBytes } = await startAndFollow(snapshotId, cookie, previewId);
      // The job's input holds the preview's items: small too.
      expect(inputBytes).toBeLessThan(ROW_BOUND_BYTES);
      expect(view).toMatchObject({ state: 'done', total: 1, succeeded: 1, failed: 0 });
      expectSameProduct(await madeAgain(view.outcomes![0]!.reason), before);
    },
    SLOW_MS,
  );

  it(
    'still starts a preview kept with the whole product (`create`), from before the hash',
    async () => {
      const { before, snapshotId, cookie } = await bigProductDeleted();
      const previewId = await previewOf(snapshotId, cookie, before.id);
      // The row as it was written before the blob hash: the product whole in `create`.
      const kept = await call(snapshotItemPath(snapshotId, 'product', { id: before.id }), { cookie });
      expect(kept.status).toBe(200);
      const whole = snapshotItemResponseSchema.parse(await kept.json()).item.data as Record<string, unknown>;
      const items = (await rowOf(previewId)).items as RestorePlanItem[];
      const { createFrom: _hash, ...rest } = items[0]!;
      const legacy: RestorePlanItem = { ...rest, create: whole };
      await db()
        .update(restorePreview)
        .set({ items: [legacy] })
        .where(eq(restorePreview.id, previewId));

      const { view } = await startAndFollow(snapshotId, cookie, previewId);
      expect(view).toMatchObject({ state: 'done', total: 1, succeeded: 1, failed: 0 });
      expectSameProduct(await madeAgain(view.outcomes![0]!.reason), before);
    },
    SLOW_MS,
  );
});
