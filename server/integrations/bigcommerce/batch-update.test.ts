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
    expect(
      t.fake.requests.every(
        (r) => r.method === 'PUT' && new URL(r.url).pathname.endsWith('/v3/catalog/products'),
      ),
    ).toBe(true);
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

  // errorMultiStatus, the `errors` of a 207 (products_catalog.v3.yml:365-390, 6541-6564).
  const multiStatus = (errors: Record<string, string>) => ({
    status: 207,
    title: 'Some of the data was not saved.',
    type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes',
    errors,
  });

  /** Ten products in one batch that the store answers 207, echoing every product, with these errors: the report. */
  const tenSavedInPart = async (errors: Record<string, string>) => {
    const t = setup((req) =>
      json(207, {
        data: (req.body as ProductUpdate[]).map((b) => ({ id: b.id, page_title: b.page_title })),
        errors: multiStatus(errors),
        meta: {},
      }),
    );
    const report = await drive(t.clock, t.client.updateProductsInBatches(items(10)));
    expect(report).toMatchObject({ succeeded: 9, failed: 1, requests: 1 });
    return report;
  };

  it('207 naming no item: the products it lists are saved with its remark; one it does not list is not done', async () => {
    const t = setup(() =>
      json(207, {
        data: [{ id: 1, name: 'P1' }],
        errors: multiStatus({ inventory_level: 'Inventory could not be saved.' }),
        meta: {},
      }),
    );
    const report = await drive(t.clock, t.client.updateProductsInBatches(items(2)));
    expect(report).toMatchObject({ succeeded: 1, failed: 1, requests: 1 });
    const remark =
      'BigCommerce saved this batch only in part and did not say which product the rest belongs to: inventory_level: Inventory could not be saved.';
    expect(report.results[0]).toMatchObject({
      id: 1,
      ok: true,
      warning: { status: 207, errors: { inventory_level: 'Inventory could not be saved.' }, message: remark },
    });
    expect(report.results[1]).toMatchObject({
      id: 2,
      ok: false,
      error: {
        status: 207,
        mayHaveBeenApplied: true,
        message: `BigCommerce answered 207 (saved in part) without listing product 2 as saved, so it is not counted as saved: check it in the store. ${remark}`,
      },
    });
    // Nothing is sent again: the answer was a 207, not a refusal.
    expect(sizes(t.fake.requests)).toEqual([2]);
  });

  it('207 whose errors say nothing: the title is the remark, told to every product listed', async () => {
    const t = setup((req) =>
      json(207, {
        data: (req.body as ProductUpdate[]).map((b) => ({ id: b.id })),
        errors: multiStatus({}),
        meta: {},
      }),
    );
    const report = await drive(t.clock, t.client.updateProductsInBatches(items(3)));
    expect(report).toMatchObject({ succeeded: 3, failed: 0 });
    expect(report.results.map((r) => (r.ok ? r.warning?.message : r.error.message))).toEqual(
      Array.from(
        { length: 3 },
        () =>
          'BigCommerce saved this batch only in part and did not say which product the rest belongs to: Some of the data was not saved.',
      ),
    );
  });

  it('207 naming item 4 and a key of no item: item 4 fails, the nine others carry the unnamed remark', async () => {
    const report = await tenSavedInPart({
      '4.custom_url': 'The URL is already in use.',
      '12.inventory_level': 'Inventory could not be saved.',
    });
    expect(report.results[4]).toMatchObject({
      id: 5,
      ok: false,
      error: {
        message: 'BigCommerce saved product 5, but not all of it: custom_url: The URL is already in use.',
      },
    });
    const others = report.results.filter((r) => r.id !== 5);
    expect(others.every((r) => r.ok)).toBe(true);
    expect(new Set(others.map((r) => (r.ok ? r.warning?.message : undefined)))).toEqual(
      new Set([
        'BigCommerce saved this batch only in part and did not say which product the rest belongs to: 12.inventory_level: Inventory could not be saved.',
      ]),
    );
  });

  it('207 with item-indexed errors: that product alone fails, with its field; the other nine succeed', async () => {
    const report = await tenSavedInPart({ '4.custom_url': 'The URL is already in use.' });
    expect(report.results[4]).toMatchObject({
      id: 5,
      ok: false,
      error: {
        status: 207,
        field: 'custom_url',
        errors: { custom_url: 'The URL is already in use.' },
        message: 'BigCommerce saved product 5, but not all of it: custom_url: The URL is already in use.',
      },
    });
  });

  it('a refused batch naming its item: that item fails, the rest is sent again once, not halved', async () => {
    const t = setup((req) => {
      const batch = req.body as ProductUpdate[];
      const at = batch.findIndex((b) => b.id === 4 || b.id === 8);
      if (at >= 0) {
        return bcError(409, 'The product name is a duplicate', { [`${at}.name`]: 'Name is already taken.' });
      }
      return json(200, { data: batch.map((b) => ({ id: b.id })), meta: {} });
    });
    const report = await drive(t.clock, t.client.updateProductsInBatches(items(10)));
    expect(report).toMatchObject({ succeeded: 8, failed: 2 });
    // 10 ✗ (item 3 named) → 9 ✗ (item 6 named) → 8 ✓
    expect(sizes(t.fake.requests)).toEqual([10, 9, 8]);
    expect(report.results[3]).toMatchObject({
      id: 4,
      ok: false,
      error: {
        code: 'bc_conflict',
        status: 409,
        field: 'name',
        message: 'BigCommerce refused product 4: name: Name is already taken.',
      },
    });
    expect(report.results[7]).toMatchObject({ id: 8, ok: false, error: { field: 'name' } });
  });

  it('asks back only the id and the edited fields', async () => {
    const t = setup(catalog(new Set()));
    await drive(
      t.clock,
      t.client.updateProductsInBatches([
        { id: 1, description: '<p>x</p>' },
        { id: 2, page_title: 'T' },
      ]),
    );
    expect(new URL(t.fake.requests[0]!.url).searchParams.get('include_fields')).toBe(
      'description,page_title',
    );
  });

  it('outlasts minutes of 5xx on the long budget, showing each wait, and writes each product once', async () => {
    let failures = 6;
    const written: number[] = [];
    const t = setup((req) => {
      if (failures-- > 0) return bcError(500, 'Internal Server Error');
      const batch = req.body as ProductUpdate[];
      written.push(...batch.map((b) => b.id));
      return json(200, { data: batch.map((b) => ({ id: b.id })), meta: {} });
    });
    const progress: BatchProgress[] = [];
    const started = t.clock.now();
    const report = await drive(
      t.clock,
      t.client.updateProductsInBatches(items(10), { onProgress: (p) => progress.push(p) }),
    );
    expect(report).toMatchObject({ succeeded: 10, failed: 0, requests: 1 });
    expect(written).toEqual(items(10).map((i) => i.id));
    const waits = progress.flatMap((p) => (p.waiting ? [p.waiting] : []));
    expect(waits.map((w) => `${w.retry} of ${w.of}`)).toEqual([
      '1 of 8',
      '2 of 8',
      '3 of 8',
      '4 of 8',
      '5 of 8',
      '6 of 8',
    ]);
    expect(waits.every((w) => w.reason === 'server_error' && w.status === 500)).toBe(true);
    // 2.5 s doubling, half fixed and half jitter (0.5 here): 1.875 + 3.75 + 7.5 + 15 + 30 + 45 s.
    expect(t.clock.now() - started).toBeGreaterThanOrEqual(100_000);
  });

  it('a read keeps the short budget: four retries, then the error', async () => {
    const t = setup(() => bcError(503, 'Service Unavailable'));
    const error = await drive(
      t.clock,
      t.client.products.get(1).catch((e: unknown) => e),
    );
    expect(error).toMatchObject({ code: 'bc_unavailable', retries: 4 });
    expect(t.fake.requests).toHaveLength(5);
  });

  it('a wait for a retry ends at once on cancel, and nothing more is sent', async () => {
    const t = setup(() => bcError(500, 'Internal Server Error'));
    const controller = new AbortController();
    const run = t.client.updateProductsInBatches(items(3), {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.waiting?.retry === 2) controller.abort(new Error('cancelled by the user'));
      },
    });
    const error = await drive(
      t.clock,
      run.catch((e: unknown) => e),
    );
    expect(error).toMatchObject({ message: 'cancelled by the user' });
    expect(t.fake.requests).toHaveLength(2);
  });
});
