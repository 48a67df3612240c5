// Import Product over HTTP against the app's built-in sandbox (issue 13): round trips (dump from `sandbox-demo`, import
// into `sandbox-empty`, dump again and compare), the dry run, re-import idempotence, the existing-SKU choices, the
// validation messages and faults in the middle of an import.
import { beforeEach, describe, expect, it } from 'vitest';
import { DUMP_PRODUCT_PATH, dumpProductResponseSchema } from '../../../common/contracts/dump-product';
import {
  IMPORT_PRODUCT_DRY_RUN_PATH,
  IMPORT_PRODUCT_PATH,
  importProductPlanResponseSchema,
  importProductResponseSchema,
  importProgressSchema,
  type ImportProductResult,
} from '../../../common/contracts/import-product';
import { productDumpSchema, type ProductDump } from '../../../common/dumps/product-dump';
import { testDatabaseKinds } from '../../test/harness';
import {
  DEMO_STORE,
  EMPTY_STORE,
  resetSandboxStore,
  storeCall,
  toolData,
  useToolTestServer,
  type Json,
} from '../../test/store-tools';

const omit = (value: Json, keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
const byKey = <T>(items: T[], key: (item: T) => string) =>
  [...items].sort((a, b) => key(a).localeCompare(key(b)));

/** A dump with what differs between stores taken out: ids, dates, URLs of the stores' CDNs, statistics. */
function comparable(dump: ProductDump) {
  const product = omit(dump, [
    'id',
    'source',
    'dumpedAt',
    'date_created',
    'date_modified',
    'base_variant_id',
    'calculated_price',
    'categories',
    'brand_id',
    'channels',
    'category_details',
    'channel_details',
    'images',
    'variants',
    'options',
    'modifiers',
    'videos',
    'custom_fields',
    'bulk_pricing_rules',
    'reviews',
    'primary_image',
    'parent_relations',
    'view_count',
    'total_sold',
    'option_set_id',
    'option_set_display',
    'related_products',
    'tax_class_id',
  ]);
  const valueOf = (value: Json) => omit(value, ['id', 'option_id']);
  return {
    product,
    categories: dump.category_details.map((category) => category.path.join(' > ')).sort(),
    // Both sandbox stores have channels 1 and 1702953 (under other names): matched by id.
    channels: [...dump.channels].sort(),
    options: byKey(dump.options, (o) => o.display_name).map((option) => ({
      ...omit(option as Json, ['id', 'product_id', 'name']),
      option_values: option.option_values.map(valueOf),
    })),
    modifiers: byKey(dump.modifiers, (m) => m.display_name).map((modifier) => ({
      ...omit(modifier as Json, ['id', 'product_id', 'name']),
      option_values: modifier.option_values.map(valueOf),
    })),
    variants: byKey(
      dump.variants.filter((variant) => (variant.option_values ?? []).length > 0),
      (v) => v.sku ?? '',
    ).map((variant) => ({
      ...omit(variant as Json, ['id', 'product_id', 'sku_id', 'option_values', 'image_url']),
      option_values: (variant.option_values ?? [])
        .map((value) => `${value.option_display_name}=${value.label}`)
        .sort(),
    })),
    images: dump.images.map((image) => ({
      is_thumbnail: image.is_thumbnail,
      sort_order: image.sort_order,
      description: image.description,
    })),
    videos: dump.videos.map((video) => omit(video as Json, ['id', 'product_id', 'length'])),
    custom_fields: byKey(dump.custom_fields, (f) => `${f.name}=${f.value}`).map((field) =>
      omit(field as Json, ['id']),
    ),
    bulk_pricing_rules: dump.bulk_pricing_rules.map((rule) => omit(rule as Json, ['id'])),
    reviews: byKey(dump.reviews, (r) => r.title).map((review) =>
      omit(review as Json, ['id', 'product_id', 'date_created', 'date_modified']),
    ),
  };
}

describe.each(testDatabaseKinds())('import product (%s)', (kind) => {
  const app = useToolTestServer(kind);
  beforeEach(async () => {
    await resetSandboxStore(app.server, 'sandbox-empty', { quota: 100_000 });
  });

  const dumpOf = async (store: typeof DEMO_STORE, id: number): Promise<ProductDump> =>
    productDumpSchema.parse(
      toolData(
        await app.post(DUMP_PRODUCT_PATH, {
          storeCredentials: store,
          searchType: 'id',
          searchValue: String(id),
        }),
        dumpProductResponseSchema,
      ),
    );
  const importInto = async (productData: unknown, options: Json = {}): Promise<ImportProductResult> => {
    const answer = await app.post(IMPORT_PRODUCT_PATH, { store: EMPTY_STORE, productData, options });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
    return importProductResponseSchema.parse(answer.body).results;
  };
  const dryRun = async (productData: unknown, options: Json = {}) => {
    const answer = await app.post(IMPORT_PRODUCT_DRY_RUN_PATH, { store: EMPTY_STORE, productData, options });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
    return importProductPlanResponseSchema.parse(answer.body).plan;
  };

  /** Demo products of every shape: many variants, modifiers (checkbox included), videos, reviews, bulk pricing. */
  async function pickShapes() {
    const list = await app.sandbox<{ data: Json[] }>(
      '/v3/catalog/products?include=variants,videos,bulk_pricing_rules,custom_fields&limit=250',
    );
    // `include=modifiers` takes 10 products a page.
    const withModifiers = { data: [] as Json[] };
    for (let page = 1; page <= 30; page++) {
      const part = await app.sandbox<{ data: Json[] }>(
        `/v3/catalog/products?include=modifiers&limit=10&page=${page}`,
      );
      withModifiers.data.push(...part.data);
      if (part.data.some((p) => (p.modifiers as Json[]).some((m) => m.type === 'checkbox'))) break;
    }
    const count = (p: Json, key: string) => (p[key] as Json[] | undefined)?.length ?? 0;
    const most = [...list.data].sort((a, b) => count(b, 'variants') - count(a, 'variants'))[0]!;
    const modifier = withModifiers.data.find((p) =>
      (p.modifiers as Json[]).some((m) => m.type === 'checkbox'),
    )!;
    const video = list.data.find((p) => count(p, 'videos') > 0 && p.id !== most.id)!;
    const bulk = list.data.find(
      (p) =>
        count(p, 'bulk_pricing_rules') > 0 &&
        count(p, 'custom_fields') > 0 &&
        ![most.id, video.id].includes(p.id),
    )!;
    const reviewed = list.data.find(
      (p) => Number(p.reviews_count) > 0 && count(p, 'variants') > 1 && p.id !== most.id,
    )!;
    for (const [name, found] of Object.entries({ most, modifier, video, bulk, reviewed }))
      expect(found, name).toBeDefined();
    const shapes: Record<string, number> & {
      manyVariants: number;
      modifiers: number;
      videos: number;
      bulkPricing: number;
      reviews: number;
    } = {
      manyVariants: Number(most.id),
      modifiers: Number(modifier.id),
      videos: Number(video.id),
      bulkPricing: Number(bulk.id),
      reviews: Number(reviewed.id),
    };
    return shapes;
  }

  it('round trip: every shape of product comes back equal from the empty store, except ids', async () => {
    const shapes = await pickShapes();
    // A Vietnamese product without a SKU, made in the demo store for this test.
    const created = await storeCall<{ data: Json }>(
      app.server,
      'sandbox-demo',
      'POST',
      '/v3/catalog/products',
      {
        name: 'Giày da nam cao cấp – đen',
        type: 'physical',
        weight: 1,
        price: 450000,
        description: '<p>Giày da thật, đế cao su. Bảo hành 12 tháng.</p>',
        custom_fields: [{ name: 'Chất liệu', value: 'Da bò' }],
      },
    );
    expect(created.status).toBe(200);
    shapes.vietnameseNoSku = Number(created.body.data.id);

    for (const [shape, id] of Object.entries(shapes)) {
      const source = await dumpOf(DEMO_STORE, id);
      const plan = await dryRun(source);
      expect(plan.action, shape).toBe('create');
      const result = await importInto(source);
      expect(result.action, shape).toBe('created');
      expect(result.productId).toBeGreaterThan(0);
      const sourceVariants = source.variants.filter((v) => (v.option_values ?? []).length > 0).length;
      expect(result.variants, shape).toEqual({ created: sourceVariants, updated: 0, failed: 0 });
      expect(result.options, shape).toEqual({ success: source.options.length, failed: 0 });
      expect(result.modifiers, shape).toEqual({ success: source.modifiers.length, failed: 0 });
      expect(result.images.failed + result.videos.failed + result.customFields.failed, shape).toBe(0);
      expect(result.reviews.failed + result.bulkPricing.failed + result.channels.error, shape).toBe(0);
      expect(result.idMap.product).toEqual({ [String(id)]: result.productId });
      expect(Object.keys(result.idMap.variants)).toHaveLength(sourceVariants);

      const copy = await dumpOf(EMPTY_STORE, result.productId);
      expect(comparable(copy), shape).toEqual(comparable(source));
    }
  });

  it('importing the same dump twice updates and never duplicates; the dry run says so first', async () => {
    const { manyVariants, reviews } = await pickShapes();
    for (const id of [manyVariants, reviews]) {
      const source = await dumpOf(DEMO_STORE, id);
      const first = await importInto(source);
      const plan = await dryRun(source);
      expect(plan).toMatchObject({ action: 'update', existingProductId: first.productId, sku: source.sku });
      expect(plan.variants.update).toBe(first.variants.created);
      expect(plan.variants.create).toBe(0);
      const second = await importInto(source, { idMap: first.idMap });
      expect(second.action).toBe('updated');
      expect(second.productId).toBe(first.productId);
      expect(second.variants).toEqual({ created: 0, updated: first.variants.created, failed: 0 });
      expect(second.images.success).toBe(0);
      expect(second.images.skipped).toBe(source.images.length);
      const found = await storeCall<{ data: Json[] }>(
        app.server,
        'sandbox-empty',
        'GET',
        `/v3/catalog/products?name=${encodeURIComponent(source.name)}`,
      );
      expect(found.body.data).toHaveLength(1);
      const copy = await dumpOf(EMPTY_STORE, first.productId);
      expect(comparable(copy)).toEqual(comparable(source));
      // The same without the id map: everything is matched by its key in the target.
      const third = await importInto(source);
      expect(third.productId).toBe(first.productId);
      expect(third.variants.created).toBe(0);
      expect(comparable(await dumpOf(EMPTY_STORE, first.productId))).toEqual(comparable(source));
    }
  });

  it('an existing SKU can be skipped or copied with a suffix; categories and brand are matched by name', async () => {
    const { manyVariants } = await pickShapes();
    const source = await dumpOf(DEMO_STORE, manyVariants);
    const first = await importInto(source);

    const skipPlan = await dryRun(source, { onExistingSku: 'skip' });
    expect(skipPlan).toMatchObject({ action: 'skip', existingProductId: first.productId, steps: 0 });
    expect(skipPlan.clashes).toContainEqual(
      expect.objectContaining({ kind: 'sku', value: source.sku, productId: first.productId }),
    );
    const skipped = await importInto(source, { onExistingSku: 'skip' });
    expect(skipped).toMatchObject({ action: 'skipped', productId: first.productId });

    const copyPlan = await dryRun(source, { onExistingSku: 'copy', copySuffix: '-B' });
    expect(copyPlan).toMatchObject({ action: 'copy', sku: `${source.sku}-B`, name: `${source.name}-B` });
    const copied = await importInto(source, { onExistingSku: 'copy', copySuffix: '-B' });
    expect(copied.action).toBe('copied');
    expect(copied.productId).not.toBe(first.productId);
    expect(copied.productSku).toBe(`${source.sku}-B`);
    const copyDump = await dumpOf(EMPTY_STORE, copied.productId);
    expect(copyDump.variants.filter((v) => v.option_values?.length).every((v) => v.sku?.endsWith('-B'))).toBe(
      true,
    );
    // A second copy with the same suffix finds the first copy: no third product.
    const again = await importInto(source, { onExistingSku: 'copy', copySuffix: '-B' });
    expect(again.productId).toBe(copied.productId);

    // Categories: matched by path (the empty store has the same trees with other ids), brand by name.
    const plan = await dryRun(source);
    for (const category of plan.categories) expect(category.targetId, category.path.join('>')).not.toBeNull();
    expect(copyDump.category_details.map((c) => c.path.join('>')).sort()).toEqual(
      source.category_details.map((c) => c.path.join('>')).sort(),
    );
    if (source.brand_name) expect(copyDump.brand_name).toBe(source.brand_name);
  });

  it('reports what the target lacks and the limits a dump breaks, and writes the rest', async () => {
    const { bulkPricing } = await pickShapes();
    const source = await dumpOf(DEMO_STORE, bulkPricing);
    const edited = {
      ...source,
      brand_name: 'Brand Nobody Has',
      category_details: [
        ...source.category_details,
        { id: 99999, name: 'Ghost', tree_id: 1, parent_id: 0, path: ['Ghost'], path_ids: [99999] },
      ],
      categories: [...source.categories, 99999],
      custom_fields: Array.from({ length: 201 }, (_, i) => ({ name: `f${i}`, value: `v${i}` })),
      images: [...source.images, { id: 1, description: 'no url' }],
      channel_details: [...source.channel_details, { id: 424242, name: 'Nowhere' }],
      channels: [...source.channels, 424242],
    };
    const plan = await dryRun(edited);
    expect(plan.brand).toEqual({ name: 'Brand Nobody Has', targetId: null, willCreate: true });
    expect(plan.categories.find((c) => c.sourceId === 99999)?.targetId).toBeNull();
    expect(plan.limits).toContain('201 custom fields (BigCommerce allows 200 per product)');
    expect(plan.channels.find((c) => c.sourceId === 424242)).toMatchObject({ exists: false, targetId: null });

    const result = await importInto(edited);
    expect(result.action).toBe('created');
    expect(result.images.skipped).toBe(1);
    expect(result.channels.error).toBe(1);
    expect(result.channels.success).toBe(source.channels.length);
    expect(result.notCarried).toContain('category Ghost: not in the target');
    expect(result.notCarried.some((line) => line.startsWith('date_created'))).toBe(true);
    expect(result.logs).toContain('Image #1 skipped: it has no URL');
    const brand = await storeCall<{ data: Json[] }>(
      app.server,
      'sandbox-empty',
      'GET',
      '/v3/catalog/brands?name=Brand%20Nobody%20Has',
    );
    expect(brand.body.data).toHaveLength(1);
  });

  it('streams progress, steps done of the planned total, and ends with the result', async () => {
    const { manyVariants } = await pickShapes();
    const source = await dumpOf(DEMO_STORE, manyVariants);
    const plan = await dryRun(source);
    const res = await app.server.request(IMPORT_PRODUCT_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      body: JSON.stringify({ store: EMPTY_STORE, productData: source }),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Json);
    const progress = lines.slice(0, -1).map((line) => importProgressSchema.parse(line));
    expect(progress.length).toBe(plan.steps);
    expect(progress.at(-1)).toMatchObject({ done: plan.steps, total: plan.steps });
    const last = importProductResponseSchema.parse(lines.at(-1));
    expect(last.results.action).toBe('created');
  });

  it('a dropped connection does not stop the import: it finishes, and running it again creates nothing', async () => {
    const { manyVariants } = await pickShapes();
    const source = await dumpOf(DEMO_STORE, manyVariants);
    const variantsOf = (productId: number) =>
      storeCall<{ data: Json[] }>(
        app.server,
        'sandbox-empty',
        'GET',
        `/v3/catalog/products/${productId}/variants?limit=250`,
      );
    // Each write takes a while, so the caller can leave in the middle.
    await app.server.request('/sandbox/__control/stores/sandbox-empty/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ latencyMs: 40 }),
    });
    const leave = new AbortController();
    const res = await app.server.request(IMPORT_PRODUCT_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      body: JSON.stringify({ store: EMPTY_STORE, productData: source }),
      signal: leave.signal,
    });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"type":"progress"');
    leave.abort();
    await reader.cancel().catch(() => undefined);

    const expected = source.variants.filter((v) => (v.option_values ?? []).length > 0).length;
    let productId = 0;
    for (let i = 0; i < 200; i++) {
      const found = await storeCall<{ data: Json[] }>(
        app.server,
        'sandbox-empty',
        'GET',
        '/v3/catalog/products',
      );
      productId = Number(found.body.data[0]?.id ?? 0);
      if (productId > 0) {
        const channels = await storeCall<{ data: Json[] }>(
          app.server,
          'sandbox-empty',
          'GET',
          `/v3/catalog/products/channel-assignments?product_id:in=${productId}`,
        );
        if (channels.body.data.length === source.channels.length) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(
      (await variantsOf(productId)).body.data.filter((v) => (v.option_values as Json[]).length),
    ).toHaveLength(expected);
    await app.server.request('/sandbox/__control/stores/sandbox-empty/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ latencyMs: 0 }),
    });
    const again = await importInto(source);
    expect(again).toMatchObject({ action: 'updated', productId });
    expect(again.variants).toEqual({ created: 0, updated: expected, failed: 0 });
    expect(comparable(await dumpOf(EMPTY_STORE, productId))).toEqual(comparable(source));
  });

  it('validation: a clear 4xx naming what is wrong, never a 500', async () => {
    const { manyVariants } = await pickShapes();
    const source = await dumpOf(DEMO_STORE, manyVariants);
    const noStore = await app.post(IMPORT_PRODUCT_PATH, { productData: source });
    expect(noStore.status).toBe(400);
    expect(noStore.body.error).toBe('Please select a store');
    const notADump = await app.post(IMPORT_PRODUCT_PATH, { store: EMPTY_STORE, productData: { name: 'x' } });
    expect(notADump.status).toBe(400);
    expect(String(notADump.body.error)).toMatch(/productData/);
    const badOption = await app.post(IMPORT_PRODUCT_DRY_RUN_PATH, {
      store: EMPTY_STORE,
      productData: source,
      options: { onExistingSku: 'merge' },
    });
    expect(badOption.status).toBe(400);
    expect(String(badOption.body.error)).toMatch(/onExistingSku/);
  });

  it('faults in the middle (5xx, 429, a create that landed before the connection dropped) duplicate nothing', async () => {
    const { manyVariants } = await pickShapes();
    const source = await dumpOf(DEMO_STORE, manyVariants);
    const control = (path: string, body: unknown) =>
      app.server.request(`/sandbox/__control/stores/sandbox-empty${path}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Some writes answer 503, some land and then lose their answer (the connection drops after the write).
    const faults = await control('/settings', {
      errorRate: 0.15,
      errorStatus: 503,
      dropRate: 0.2,
      dropPhase: 'after',
      storm: { count: 3, resetMs: 200 },
      match: { method: 'POST' },
    });
    expect(faults.status, await faults.text()).toBe(200);
    const result = await importInto(source);
    await control('/settings', { errorRate: 0, dropRate: 0, match: null });
    const stats = (await (
      await app.server.request('/sandbox/__control/stores/sandbox-empty/stats')
    ).json()) as { data: { injectedErrors: number; dropped: number; rateLimited: number } };
    expect(stats.data.injectedErrors).toBeGreaterThan(0);
    expect(stats.data.dropped).toBeGreaterThan(0);
    expect(stats.data.rateLimited).toBe(3);
    const sourceVariants = source.variants.filter((v) => (v.option_values ?? []).length > 0).length;
    expect(result.variants.created + result.variants.failed).toBe(sourceVariants);
    const variants = await storeCall<{ data: Json[] }>(
      app.server,
      'sandbox-empty',
      'GET',
      `/v3/catalog/products/${result.productId}/variants?limit=250`,
    );
    const skus = variants.body.data.map((v) => String(v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    const products = await storeCall<{ data: Json[] }>(
      app.server,
      'sandbox-empty',
      'GET',
      '/v3/catalog/products',
    );
    expect(products.body.data).toHaveLength(1);
    // A second run completes what the first could not, still without duplicates.
    const second = await importInto(source, { idMap: result.idMap });
    expect(second.variants.failed).toBe(0);
    expect(comparable(await dumpOf(EMPTY_STORE, result.productId))).toEqual(comparable(source));
  });
});
