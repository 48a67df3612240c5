// A whole-item restore of a product that still exists (issue 40) over HTTP against the app's sandbox, on both
// databases: a product with options and variants, images, videos, two custom fields of one name, bulk pricing rules,
// a product-list modifier, reviews and two channels is snapshotted; then every part is changed (an image added and
// one deleted, a custom field of the shared name edited, a variant deleted and one added, a rule changed, a video,
// a review and a modifier edited, a channel removed); the product is restored whole and compared with the snapshot
// field by field (ids and dates aside): zero differences. Then the undo, compared with the damaged product the same way.
import { describe, expect, it } from 'vitest';
import {
  RESTORE_STALE_REASON,
  restorePreviewResponseSchema,
  restoreStartResponseSchema,
} from '../../../common/contracts/store-history';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, useToolTestServer } from '../../test/store-tools';
import { demoIdMaps, firstDifference, plain, PRODUCT_INCLUDES } from './restore-compare.test-kit';
import { storeHistoryCalls } from './store-history.test-kit';

type Obj = Record<string, unknown>;
/** A whole store snapshotted twice, restored and undone: longer than one request-sized test on a shared machine. */
const ROUND_TRIP_TIMEOUT_MS = 240_000;
const list = (value: unknown) => value as Obj[];

describe.each(testDatabaseKinds())('Store History whole-item restore of every part (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { sandbox } = app;
  const { storeWrite, follow, take, restore, undo } = storeHistoryCalls(app);

  const read = async (id: number) =>
    (await sandbox<{ data: Obj }>(`/v3/catalog/products/${id}?include=${PRODUCT_INCLUDES}`)).data;
  const remove = async (path: string) => {
    const res = await app.server.request(`/sandbox/stores/${DEMO.storeHash}${path}`, {
      method: 'DELETE',
      headers: { 'X-Auth-Token': DEMO.accessToken },
    });
    expect(res.status, path).toBe(204);
  };
  /** What differs between a product as it was and as it is now (ids, dates and BigCommerce's own fields aside). */
  const differences = async (was: Obj, id: number) => {
    const maps = await demoIdMaps(app);
    const a = plain(was, maps);
    const b = plain(await read(id), maps);
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [firstDifference(a, b)];
  };

  /** A product with options, three or more variants and two or more images, given every other part. */
  const fixture = async () => {
    const all = (
      await sandbox<{ data: Obj[] }>(`/v3/catalog/products?include=${PRODUCT_INCLUDES}&limit=250&sort=id`)
    ).data;
    const product = all.find(
      (p) =>
        list(p.options).length > 0 &&
        list(p.variants).length > 2 &&
        list(p.variants).every((v) => typeof v.sku === 'string' && v.sku !== '') &&
        list(p.images).length > 1,
    )!;
    expect(product).toBeDefined();
    const other = all.find((p) => p.id !== product.id)!;
    const id = Number(product.id);
    const base = `/v3/catalog/products/${id}`;
    for (const value of ['Oak', 'Beech']) {
      await storeWrite('POST', `${base}/custom-fields`, { name: 'Wood', value });
    }
    for (const rule of list(product.bulk_pricing_rules))
      await remove(`${base}/bulk-pricing-rules/${String(rule.id)}`);
    await storeWrite('POST', `${base}/bulk-pricing-rules`, {
      quantity_min: 2,
      quantity_max: 4,
      type: 'price',
      amount: 1,
    });
    await storeWrite('POST', `${base}/bulk-pricing-rules`, {
      quantity_min: 5,
      quantity_max: 9,
      type: 'percent',
      amount: 10,
    });
    await storeWrite('POST', `${base}/modifiers`, {
      display_name: 'Add a matching piece',
      type: 'product_list',
      required: false,
      option_values: [{ label: String(other.name), value_data: { product_id: other.id } }],
    });
    await storeWrite('POST', `${base}/videos`, { video_id: 'dQw4w9WgXcQ', title: 'In use', sort_order: 0 });
    await storeWrite('POST', `${base}/reviews`, {
      title: 'Sturdy',
      text: 'Holds up well.',
      status: 'approved',
      rating: 5,
      name: 'Ana',
      email: 'ana@example.com',
      date_reviewed: '2024-03-01T10:00:00+00:00',
    });
    // The store's two channels (the storefront and the outlet).
    const channels = (await sandbox<{ data: Obj[] }>('/v3/channels')).data.map((c) => Number(c.id));
    expect(channels).toHaveLength(2);
    await storeWrite(
      'PUT',
      '/v3/catalog/products/channel-assignments',
      channels.map((channel) => ({ product_id: id, channel_id: channel })),
    );
    const [first, second] = channels as [number, number];
    return { id, base, other, first, second };
  };

  it(
    'writes every part back, and the undo puts the damage back',
    async () => {
      const { id, base, first, second } = await fixture();
      const before = await read(id);
      // The parts the test changes, each one present before the snapshot.
      expect(list(before.custom_fields).filter((f) => f.name === 'Wood')).toHaveLength(2);
      expect(before.channels).toEqual([first, second]);
      expect(list(before.modifiers).length).toBeGreaterThan(0);

      const { snapshotId, cookie } = await take();

      // Every part changed.
      const images = list(before.images);
      const variants = list(before.variants).filter((v) => list(v.option_values).length > 0);
      const option = list(before.options)[0]!;
      const beech = list(before.custom_fields).find((f) => f.name === 'Wood' && f.value === 'Beech')!;
      const rule = list(before.bulk_pricing_rules).find((r) => r.quantity_min === 5)!;
      const modifier = list(before.modifiers).find((m) => m.display_name === 'Add a matching piece')!;
      const video = list(before.videos)[0]!;
      const review = list(before.reviews).find((r) => r.title === 'Sturdy')!;
      await storeWrite('POST', `${base}/images`, {
        image_url: 'https://cdn.example.com/added-since.jpg',
        description: 'Added since',
      });
      await remove(`${base}/images/${String(images[1]!.id)}`);
      await storeWrite('PUT', `${base}/images/${String(images[0]!.id)}`, { description: 'Edited since' });
      await storeWrite('PUT', `${base}/custom-fields/${String(beech.id)}`, { value: 'Pine' });
      await remove(`${base}/variants/${String(variants[0]!.id)}`);
      await storeWrite('PUT', `${base}/variants/${String(variants[1]!.id)}`, { price: 999 });
      const added = (await storeWrite('POST', `${base}/options/${String(option.id)}/values`, {
        label: 'Added since',
      })) as { data: { id: number } };
      // The new variant: the new value, and the rest of the first variant's combination.
      await storeWrite('POST', `${base}/variants`, {
        sku: `${String(variants[2]!.sku)}-ADDED`,
        price: 3,
        option_values: list(variants[2]!.option_values).map((v) =>
          v.option_id === option.id
            ? { option_id: option.id, id: added.data.id }
            : { option_id: v.option_id, id: v.id },
        ),
      });
      await storeWrite('PUT', `${base}/bulk-pricing-rules/${String(rule.id)}`, { amount: 25 });
      await storeWrite('PUT', `${base}/modifiers/${String(modifier.id)}`, {
        type: 'product_list',
        required: true,
        display_name: 'Pick a matching piece',
      });
      await storeWrite('PUT', `${base}/videos/${String(video.id)}`, { title: 'Renamed since' });
      await storeWrite('PUT', `${base}/reviews/${String(review.id)}`, { title: 'Wobbly', rating: 2 });
      await storeWrite('POST', `${base}/reviews`, {
        title: 'Added since',
        rating: 3,
        date_reviewed: '2025-01-01T10:00:00+00:00',
      });
      await remove(`/v3/catalog/products/channel-assignments?product_id:in=${id}&channel_id:in=${second}`);
      const damaged = await read(id);
      // Damaged in every part.
      for (const part of PRODUCT_INCLUDES.split(',')) {
        expect(JSON.stringify(plain(damaged[part], new Map())), part).not.toBe(
          JSON.stringify(plain(before[part], new Map())),
        );
      }

      // The preview names each part it writes, with the store's and the snapshot's values; none it does not.
      const previewed = await restore(snapshotId, cookie, {
        preview: true,
        items: [{ kind: 'product', key: { id } }],
      });
      expect(previewed.status, await previewed.clone().text()).toBe(200);
      const preview = restorePreviewResponseSchema.parse(await previewed.json());
      const [item] = preview.preview.items;
      expect(item).toMatchObject({ action: 'update' });
      expect(item!.notWritten).toBeUndefined();
      const paths = item!.fields.map((f) => f.path);
      for (const part of PRODUCT_INCLUDES.split(',')) expect(paths, part).toContain(part);
      expect(paths).toContain(`variants[sku=${String(variants[1]!.sku)}].price`);
      const channels = item!.fields.find((f) => f.path === 'channels');
      expect(channels).toEqual({ path: 'channels', live: [first], restored: [first, second] });

      const started = await restore(snapshotId, cookie, { preview: false, previewId: preview.previewId });
      expect(started.status, await started.clone().text()).toBe(202);
      const job = await follow(restoreStartResponseSchema.parse(await started.json()).job.id, cookie);
      expect(job.state).toBe('done');
      expect(job.outcomes).toEqual([expect.objectContaining({ outcome: 'written', reason: null })]);
      expect(await differences(before, id)).toEqual([]);

      const undone = await undo(job.id, cookie);
      expect(undone.state).toBe('done');
      expect(undone.outcomes).toEqual([expect.objectContaining({ outcome: 'written', reason: null })]);
      expect(await differences(damaged, id)).toEqual([]);
    },
    ROUND_TRIP_TIMEOUT_MS,
  );

  it(
    'skips the product when a part it writes changed after the preview, and writes nothing',
    async () => {
      const { id, base, first, second } = await fixture();
      const { snapshotId, cookie } = await take();
      await remove(`/v3/catalog/products/channel-assignments?product_id:in=${id}&channel_id:in=${second}`);
      const previewed = await restore(snapshotId, cookie, {
        preview: true,
        items: [{ kind: 'product', key: { id } }],
      });
      const preview = restorePreviewResponseSchema.parse(await previewed.json());
      expect(preview.preview.items[0]!.fields).toEqual([
        { path: 'channels', live: [first], restored: [first, second] },
      ]);
      // After the preview: the product leaves the other channel too, and gets a review (a part the preview did not plan).
      await remove(`/v3/catalog/products/channel-assignments?product_id:in=${id}&channel_id:in=${first}`);
      await storeWrite('POST', `${base}/reviews`, {
        title: 'After the preview',
        date_reviewed: '2025-02-01T10:00:00+00:00',
      });
      const started = await restore(snapshotId, cookie, { preview: false, previewId: preview.previewId });
      const job = await follow(restoreStartResponseSchema.parse(await started.json()).job.id, cookie);
      expect(job.outcomes).toEqual([
        expect.objectContaining({ outcome: 'skipped', reason: RESTORE_STALE_REASON }),
      ]);
      const now = await read(id);
      expect(now.channels).toEqual([]);
      expect(list(now.reviews).map((r) => r.title)).toContain('After the preview');
    },
    ROUND_TRIP_TIMEOUT_MS,
  );
});
