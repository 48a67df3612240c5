import { describe, expect, it } from 'vitest';
import type { BatchProgress } from './batch-update';
import { createBigCommerceClient } from './client';
import { createFakeClock } from './clock';
import type { ProductUpdate } from './resources/products';
import { bcError, drive, fakeFetch, json, TEST_TOKEN, type RecordedRequest } from './test-support';

/** A fake `PUT /v3/catalog/products` that refuses any batch holding a bad id, like BigCommerce's all-or-nothing 422. */
function catalog(bad: Set<number>, refuse = bcError(422, 'The field is invalid.')) {
  return (req: RecordedRequest) => {
    const items = req.body as ProductUpdate[];
    const hit = items.find((item) => bad.has(item.id));
    if (hit) return refuse.clone();
    return json(200, { data: items.map((item) => ({ ...item, name: `P${item.id}` })), meta: {} });
  };
}

function setup(handler: (req: RecordedRequest) => Response) {
  const clock = createFakeClock();
  const fake = fakeFetch(handler);
  const client = createBigCommerceClient({
    storeHash: 'abc123',
    accessToken: TEST_TOKEN,
    fetch: fake.fetch,
    clock,
    random: () => 0.5,
    timeoutMs: 0,
  });
  return { client, fake, clock };
}

const items = (n: number, start = 1): ProductUpdate[] =>
  Array.from({ length: n }, (_, i) => ({ id: start + i, page_title: `Title ${start + i}` }));
const sizes = (requests: RecordedRequest[]) => requests.map((r) => (r.body as unknown[]).length);

describe('updateProductsInBatches', () => {
  it('sends at most 10 products per request', async () => {
    const t = setup(catalog(new Set()));
    const report = await drive(t.clock, t.client.updateProductsInBatches(items(25), { parallel: 1 }));
    expect(sizes(t.fake.requests)).toEqual([10, 10, 5]);
    expect(t.fake.requests.every((r) => r.method === 'PUT' && r.url.endsWith('/v3/catalog/products'))).toBe(
      true,
    );
    expect(report).toMatchObject({ succeeded: 25, failed: 0, requests: 3 });
    expect(report.results.map((r) => r.id)).toEqual(items(25).map((i) => i.id));
    expect(report.results[0]).toMatchObject({
      ok: true,
      product: { id: 1, name: 'P1', page_title: 'Title 1' },
    });
  });

  it('one bad product in ten: nine succeed, by binary splitting', async () => {
    const t = setup(catalog(new Set([7])));
    const progress: BatchProgress[] = [];
    const report = await drive(
      t.clock,
      t.client.updateProductsInBatches(items(10), { onProgress: (p) => progress.push(p) }),
    );
    expect(report.succeeded).toBe(9);
    expect(report.failed).toBe(1);
    const failed = report.results.filter((r) => !r.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      id: 7,
      ok: false,
      error: {
        code: 'bc_invalid',
        status: 422,
        message: 'BigCommerce rejected the data as invalid: The field is invalid.',
      },
    });
    // 10 ✗ → 5 ✓ + 5 ✗ → 3 ✗ + 2 ✓ → 2 ✗ + 1 ✓ → 1 ✓ + 1 ✗
    expect(sizes(t.fake.requests)).toEqual([10, 5, 5, 3, 2, 1, 1, 1, 2]);
    expect(report.requests).toBe(9);
    expect(progress.at(-1)).toEqual({ done: 10, total: 10, succeeded: 9, failed: 1, requests: 9 });
  });

  it('one-by-one splitting is also available', async () => {
    const t = setup(catalog(new Set([3])));
    const report = await drive(t.clock, t.client.updateProductsInBatches(items(10), { split: 'one-by-one' }));
    expect(report).toMatchObject({ succeeded: 9, failed: 1, requests: 11 });
  });

  it('splits on 409 too, keeping the clashing field', async () => {
    const t = setup(
      catalog(new Set([2]), bcError(409, 'Conflict', { custom_url: 'The URL is already in use.' })),
    );
    const report = await drive(t.clock, t.client.updateProductsInBatches(items(4)));
    expect(report.succeeded).toBe(3);
    expect(report.results[1]).toMatchObject({
      id: 2,
      ok: false,
      error: { code: 'bc_conflict', field: 'custom_url' },
    });
  });

  it('does not split when the token is refused, and stops sending', async () => {
    const t = setup(() => bcError(401, 'Unauthorized'));
    const report = await drive(t.clock, t.client.updateProductsInBatches(items(25), { parallel: 1 }));
    expect(report).toMatchObject({ succeeded: 0, failed: 25, requests: 1 });
    expect(report.results.every((r) => !r.ok && r.error.code === 'bc_unauthorized')).toBe(true);
  });

  it('items without a usable id fail without a request', async () => {
    const t = setup(catalog(new Set()));
    const report = await drive(
      t.clock,
      t.client.updateProductsInBatches([{ id: 1 }, { id: 0 }, { id: 2.5 }, { id: 3 }], {}),
    );
    expect(report.results.map((r) => r.ok)).toEqual([true, false, false, true]);
    expect(sizes(t.fake.requests)).toEqual([2]);
  });

  it('207: products listed in `data` saved with a warning, the others are sent again on their own', async () => {
    let first = true;
    const t = setup((req) => {
      const batch = req.body as ProductUpdate[];
      if (first) {
        first = false;
        return json(207, {
          data: [{ id: 1, name: 'P1' }],
          errors: { inventory_level: 'Inventory could not be saved.' },
          meta: {},
        });
      }
      return json(200, { data: batch.map((b) => ({ id: b.id })), meta: {} });
    });
    const report = await drive(t.clock, t.client.updateProductsInBatches(items(2)));
    expect(report.succeeded).toBe(2);
    expect(report.results[0]).toMatchObject({
      id: 1,
      ok: true,
      warning: {
        message:
          'The product was saved, but BigCommerce did not accept all of it: inventory_level: Inventory could not be saved.',
      },
    });
    expect(report.results[1]).toMatchObject({ id: 2, ok: true });
    expect(sizes(t.fake.requests)).toEqual([2, 1]);
  });
});
