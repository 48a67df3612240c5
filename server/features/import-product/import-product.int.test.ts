// Import Product over HTTP against the app's built-in sandbox (issue 13): round trips (dump from `sandbox-demo`, import
// into `sandbox-empty`, dump again and compare), the dry run, re-import idempotence, the existing-SKU choices, the
// validation messages and faults in the middle of an import.
import { eq } from 'drizzle-orm';
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
import { PRODUCT_DUMP_LISTS, productDumpSchema, type ProductDump } from '../../../common/dumps/product-dump';
import { leaseRunner } from '../../db/lease';
import { lease } from '../../db/schema';
import { failureOf } from '../../errors';
import { createBigCommerceClientFactory } from '../../integrations/bigcommerce';
import { ATOM_DATE_MODIFIER_CONFIG } from '../../sandbox/test-server';
import { testDatabaseKinds } from '../../test/harness';
import {
  DEMO_STORE,
  EMPTY_STORE,
  resetSandboxStore,
  sandboxControl,
  storeCall,
  toolData,
  useToolTestServer,
  type Json,
} from '../../test/store-tools';
import { importProductLeaseKey } from './import-lease';
import { importProduct } from './import-product.service';

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
    ...PRODUCT_DUMP_LISTS,
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
  const demoCall = <T = Json>(method: string, path: string, body?: unknown) =>
    storeCall<T>(app.server, 'sandbox-demo', method, path, body);
  const emptyCall = <T = Json>(method: string, path: string, body?: unknown) =>
    storeCall<T>(app.server, 'sandbox-empty', method, path, body);

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
  /** Imports `source`, expecting `count` modifiers written and this one notice; the result, the target's modifiers. */
  const importModifiers = async (source: unknown, count: number, notice: Json) => {
    const result = await importInto(source);
    expect(result.modifiers).toEqual({ success: count, failed: 0 });
    expect(result.notices).toEqual([notice]);
    const written = await emptyCall<{ data: Json[] }>(
      'GET',
      `/v3/catalog/products/${result.productId}/modifiers`,
    );
    return { result, modifiers: written.body.data };
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
    const created = await demoCall<{ data: Json }>('POST', '/v3/catalog/products', {
      name: 'Giày da nam cao cấp – đen',
      type: 'physical',
      weight: 1,
      price: 450000,
      description: '<p>Giày da thật, đế cao su. Bảo hành 12 tháng.</p>',
      custom_fields: [{ name: 'Chất liệu', value: 'Da bò' }],
    });
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
      const found = await emptyCall<{ data: Json[] }>(
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
    const brand = await emptyCall<{ data: Json[] }>('GET', '/v3/catalog/brands?name=Brand%20Nobody%20Has');
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
      emptyCall<{ data: Json[] }>('GET', `/v3/catalog/products/${productId}/variants?limit=250`);
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
      const found = await emptyCall<{ data: Json[] }>('GET', '/v3/catalog/products');
      productId = Number(found.body.data[0]?.id ?? 0);
      if (productId > 0) {
        const channels = await emptyCall<{ data: Json[] }>(
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

  /** A demo product with option variants, and its variants. */
  async function productWithVariants(): Promise<{ id: number; variants: Json[] }> {
    const list = await app.sandbox<{ data: Json[] }>('/v3/catalog/variants?limit=100');
    const variant = list.data.find((v) => (v.option_values as unknown[]).length > 0)!;
    const id = Number(variant.product_id);
    const variants = await app.sandbox<{ data: Json[] }>(`/v3/catalog/products/${id}/variants?limit=250`);
    return { id, variants: variants.data };
  }
  /** A product of its own in the demo store, with the given modifiers (and no variants or images). */
  async function demoProductWithModifiers(name: string, modifiers: Json[]): Promise<number> {
    const created = await demoCall<{ data: Json }>('POST', '/v3/catalog/products', {
      name,
      sku: `${name.toUpperCase().replace(/[^A-Z0-9]+/g, '-')}-1`,
      type: 'physical',
      weight: 1,
      price: 20,
    });
    expect(created.status).toBe(200);
    const id = Number(created.body.data.id);
    for (const modifier of modifiers) {
      const answer = await demoCall('POST', `/v3/catalog/products/${id}/modifiers`, modifier);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    return id;
  }
  const PRICE_FIELDS = ['price', 'sale_price', 'retail_price', 'cost_price', 'weight'] as const;

  it("variant prices: 0 stays 0 and null (the product's price) stays null, on create and on update", async () => {
    const { id, variants } = await productWithVariants();
    const [zero, inherit] = variants;
    const set = await demoCall('PUT', '/v3/catalog/variants', [
      { id: zero!.id, price: 0, sale_price: 0, retail_price: 0, cost_price: 0, weight: 0 },
      { id: inherit!.id, price: null, sale_price: null, retail_price: null, cost_price: null, weight: null },
    ]);
    expect(set.status).toBe(200);
    const source = await dumpOf(DEMO_STORE, id);
    const pricesOf = (dump: ProductDump): Record<string, Json> =>
      Object.fromEntries(
        dump.variants
          .filter((v) => (v.option_values ?? []).length > 0)
          .map((v): [string, Json] => [
            String(v.sku),
            Object.fromEntries(PRICE_FIELDS.map((key) => [key, (v as Json)[key]])),
          ]),
      );
    const expected = pricesOf(source);
    expect(expected[String(zero!.sku)]).toEqual({
      price: 0,
      sale_price: 0,
      retail_price: 0,
      cost_price: 0,
      weight: 0,
    });
    expect(expected[String(inherit!.sku)]).toEqual({
      price: null,
      sale_price: null,
      retail_price: null,
      cost_price: null,
      weight: null,
    });

    const created = await importInto(source);
    expect(created.variants.failed).toBe(0);
    const copy = await dumpOf(EMPTY_STORE, created.productId);
    expect(pricesOf(copy)).toEqual(expected);
    for (const key of PRICE_FIELDS) expect((copy as Json)[key], key).toBe((source as Json)[key]);

    // An update writes them again: a target variant at 5 goes back to 0, one at 7 back to null.
    const target = await emptyCall<{ data: Json[] }>(
      'GET',
      `/v3/catalog/products/${created.productId}/variants`,
    );
    const bySku = new Map(target.body.data.map((v) => [v.sku, v.id]));
    await emptyCall('PUT', '/v3/catalog/variants', [
      { id: bySku.get(zero!.sku), price: 5 },
      { id: bySku.get(inherit!.sku), price: 7 },
    ]);
    const updated = await importInto(source, { idMap: created.idMap });
    expect(updated.variants).toMatchObject({ created: 0, failed: 0 });
    expect(pricesOf(await dumpOf(EMPTY_STORE, created.productId))).toEqual(expected);
  });

  it('the dry run finds clashes with documented filters only: two other products in the target are no clash', async () => {
    const { id } = await productWithVariants();
    const source = await dumpOf(DEMO_STORE, id);
    const ours = source.variants.filter((v) => (v.option_values ?? []).length > 0).map((v) => String(v.sku));
    // The target holds two products of its own, with variants.
    for (const [name, sku] of [
      ['Target Lantern', 'TGT-LANTERN'],
      ['Target Kettle', 'TGT-KETTLE'],
    ]) {
      const made = await emptyCall('POST', '/v3/catalog/products', {
        name,
        sku,
        type: 'physical',
        weight: 1,
        price: 9,
        variants: ['Red', 'Blue'].map((colour) => ({
          sku: `${sku}-${colour.toUpperCase()}`,
          option_values: [{ option_display_name: 'Colour', label: colour }],
        })),
      });
      expect(made.status).toBe(200);
    }
    const plan = await dryRun(source);
    expect(plan.action).toBe('create');
    expect(plan.clashes).toEqual([]);
    // Categories: matched by path in the target, whose ids differ.
    const targetCategories = await emptyCall<{ data: Json[] }>(
      'GET',
      '/v3/catalog/trees/categories?limit=250',
    );
    const byId = new Map(targetCategories.body.data.map((c) => [Number(c.category_id), c]));
    const pathOf = (categoryId: number): string[] => {
      const category = byId.get(categoryId);
      if (!category) return [];
      return [
        ...(Number(category.parent_id) ? pathOf(Number(category.parent_id)) : []),
        String(category.name),
      ];
    };
    expect(plan.categories.length).toBe(source.category_details.length);
    for (const category of plan.categories) {
      expect(category.targetId, category.path.join(' > ')).not.toBeNull();
      expect(pathOf(category.targetId!)).toEqual(category.path);
    }

    // Real clashes are still found: a variant SKU held by a target variant, another held as a product's own SKU.
    const [first, second] = ours;
    const holder = await emptyCall<{ data: Json }>('POST', '/v3/catalog/products', {
      name: 'Target Holder',
      sku: 'TGT-HOLDER',
      type: 'physical',
      weight: 1,
      price: 9,
      variants: [
        { sku: first!.toLowerCase(), option_values: [{ option_display_name: 'Size', label: 'One' }] },
      ],
    });
    const owner = await emptyCall<{ data: Json }>('POST', '/v3/catalog/products', {
      name: 'Target Owner',
      sku: second,
      type: 'physical',
      weight: 1,
      price: 9,
    });
    const again = await dryRun(source);
    expect(again.clashes).toEqual([
      {
        kind: 'variant_sku',
        value: first!.toLowerCase(),
        productId: Number(holder.body.data.id),
        productName: null,
      },
      {
        kind: 'variant_sku',
        value: second,
        productId: Number(owner.body.data.id),
        productName: 'Target Owner',
      },
    ]);
  });

  it('product-list modifiers: each listed product found in the target by SKU, the others left out and listed', async () => {
    const listed = await app.sandbox<{ data: Json[] }>(
      '/v3/catalog/products?limit=2&include_fields=id,sku,name',
    );
    const [found, missing] = listed.data as [Json, Json];
    const id = await demoProductWithModifiers('Strap Bundle', [
      {
        display_name: 'Add a strap',
        type: 'product_list',
        required: false,
        option_values: [
          { label: 'Found strap', sort_order: 0, value_data: { product_id: found.id } },
          { label: 'Missing strap', sort_order: 1, value_data: { product_id: missing.id } },
        ],
      },
    ]);
    const source = await dumpOf(DEMO_STORE, id);
    expect(source.product_list_products).toEqual(
      [found, missing].map((p) => ({ id: p.id, sku: p.sku, name: p.name })),
    );
    // The target holds the first listed product (same SKU, another id and name).
    const twin = await emptyCall<{ data: Json }>('POST', '/v3/catalog/products', {
      name: 'The same strap, in the target',
      sku: found.sku,
      type: 'physical',
      weight: 1,
      price: 5,
    });
    const twinId = Number(twin.body.data.id);
    expect(twinId).not.toBe(found.id);

    const plan = await dryRun(source);
    expect(plan.notes).toContain(
      `"Add a strap": the value "Missing strap" is left out: no product with SKU ${String(missing.sku)} (#${String(missing.id)} in the source) is in the target.`,
    );
    const { result, modifiers: written } = await importModifiers(source, 1, {
      kind: 'product_list_value',
      owner: 'modifier',
      name: 'Add a strap',
      label: 'Missing strap',
      sourceProductId: missing.id,
      sku: missing.sku,
      reason: 'not_in_target',
    });
    expect(written.map((m) => m.display_name)).toEqual(['Add a strap']);
    expect(
      (written[0]!.option_values as Json[]).map((v) => ({
        label: v.label,
        value_data: v.value_data,
      })),
    ).toEqual([{ label: 'Found strap', value_data: { product_id: twinId } }]);
    // Again: the same, nothing added twice.
    const second = await importInto(source, { idMap: result.idMap });
    expect(second.modifiers).toEqual({ success: 1, failed: 0 });
    const rewritten = await emptyCall<{ data: Json[] }>(
      'GET',
      `/v3/catalog/products/${result.productId}/modifiers`,
    );
    expect(rewritten.body.data).toEqual(written);

    // A dump made before dumps named listed products' SKUs: nothing can be found, so the modifier is left out.
    await resetSandboxStore(app.server, 'sandbox-empty', { quota: 100_000 });
    await emptyCall('POST', '/v3/catalog/products', {
      name: 'Twin',
      sku: found.sku,
      type: 'physical',
      weight: 1,
      price: 5,
    });
    const { product_list_products: _listed, ...old } = source;
    const fromOld = await importInto(old);
    expect(fromOld.modifiers).toEqual({ success: 0, failed: 0 });
    expect(fromOld.notices).toEqual([
      ...[found, missing].map((p) => ({
        kind: 'product_list_value',
        owner: 'modifier',
        name: 'Add a strap',
        label: p === found ? 'Found strap' : 'Missing strap',
        sourceProductId: p.id,
        sku: null,
        reason: 'old_dump',
      })),
      { kind: 'product_list_left_out', owner: 'modifier', name: 'Add a strap' },
    ]);
    const none = await emptyCall<{ data: Json[] }>(
      'GET',
      `/v3/catalog/products/${fromOld.productId}/modifiers`,
    );
    expect(none.body.data).toEqual([]);
  });

  it("images: copied from the image's own URL when the dump has one, else from url_zoom, and said per image", async () => {
    const { manyVariants } = await pickShapes();
    const source = await dumpOf(DEMO_STORE, manyVariants);
    expect(source.images.length).toBeGreaterThan(0);
    const withOriginal = {
      ...source,
      images: [
        ...source.images,
        { id: 9_999_001, image_url: 'https://images.example.com/full/poster-original.png', sort_order: 9 },
      ],
    };
    const plan = await dryRun(withOriginal);
    expect(plan.notes).toContain(
      `${source.images.length} images are copied from BigCommerce's resized copies (url_zoom: at most 1280 x 1280 px): its API gives no address of an image's original file.`,
    );
    const result = await importInto(withOriginal);
    expect(result.images).toEqual({ success: source.images.length + 1, failed: 0, skipped: 0 });
    expect(result.notices).toEqual(
      source.images.map((image) => ({
        kind: 'image_resized',
        image: String(image.url_zoom).split('?')[0]!.split('/').pop(),
        size: 'zoom',
      })),
    );
    const images = await emptyCall<{ data: Json[] }>(
      'GET',
      `/v3/catalog/products/${result.productId}/images?limit=250`,
    );
    expect(
      images.body.data.filter((image) => String(image.image_file).includes('/poster-original__')),
    ).toHaveLength(1);
  });

  it('modifiers: required always sent, checkbox values matched by state, dates sent as ISO-8601 ATOM', async () => {
    const dates = ATOM_DATE_MODIFIER_CONFIG;
    const id = await demoProductWithModifiers('Gift Hamper', [
      {
        display_name: 'Gift wrap',
        type: 'checkbox',
        required: true,
        config: { checkbox_label: 'Wrap it for me', checked_by_default: true },
      },
      { display_name: 'Delivery date', type: 'date', required: false, config: dates },
    ]);
    // The checkbox's values, relabelled in the source (BigCommerce names them Yes and No), a price on "checked".
    const modifiers = await demoCall<{ data: Json[] }>('GET', `/v3/catalog/products/${id}/modifiers`);
    const checkbox = modifiers.body.data.find((m) => m.type === 'checkbox')!;
    for (const value of checkbox.option_values as Json[]) {
      const checked = (value.value_data as { checked_value: boolean }).checked_value;
      const relabelled = await demoCall(
        'PUT',
        `/v3/catalog/products/${id}/modifiers/${String(checkbox.id)}/values/${String(value.id)}`,
        {
          label: checked ? 'Wrapped' : 'Not wrapped',
          ...(checked ? { adjusters: { price: { adjuster: 'relative', adjuster_value: 4 } } } : {}),
        },
      );
      expect(relabelled.status).toBe(200);
    }
    const source = await dumpOf(DEMO_STORE, id);
    // A file may hold a date without a time, or none at all: both are sent as ATOM dates, and the result says so.
    const edited = {
      ...source,
      modifiers: source.modifiers.map((m) =>
        m.type === 'date'
          ? { ...m, config: { ...dates, default_value: '2026-03-01', date_latest_value: undefined } }
          : m,
      ),
    };
    const { result, modifiers: target } = await importModifiers(edited, 2, {
      kind: 'modifier_date',
      name: 'Delivery date',
      field: 'date_latest_value',
      original: null,
      sent: '2026-03-01T00:00:00+00:00',
    });
    const shape = (m: Json) => ({
      display_name: m.display_name,
      type: m.type,
      required: m.required,
      config: m.config,
      values: (m.option_values as Json[]).map((v) => ({
        label: v.label,
        value_data: v.value_data,
        price: (v.adjusters as Json).price,
      })),
    });
    expect(target.map(shape)).toEqual([
      {
        display_name: 'Gift wrap',
        type: 'checkbox',
        required: true,
        config: { checkbox_label: 'Wrap it for me', checked_by_default: true },
        values: [
          {
            label: 'Wrapped',
            value_data: { checked_value: true },
            price: { adjuster: 'relative', adjuster_value: 4 },
          },
          // No adjuster reads `{}`, as BigCommerce's example answers (product-modifiers_catalog.v3.yml 163-165).
          { label: 'Not wrapped', value_data: { checked_value: false }, price: {} },
        ],
      },
      {
        display_name: 'Delivery date',
        type: 'date',
        required: false,
        config: { ...dates, date_latest_value: '2026-03-01T00:00:00+00:00' },
        values: [],
      },
    ]);
    // Imported again (PUT needs `required` and `type`): updated in place, nothing added.
    const again = await importInto(source, { idMap: result.idMap });
    expect(again.modifiers).toEqual({ success: 2, failed: 0 });
    expect(again.notices).toEqual([]);
    const after = await emptyCall<{ data: Json[] }>(
      'GET',
      `/v3/catalog/products/${result.productId}/modifiers`,
    );
    expect(after.body.data.map(shape)[1]!.config).toEqual(dates);
    expect(after.body.data.map(shape)[0]).toEqual(target.map(shape)[0]);
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
    // The body is read as a stream, with the global guard's checks and answers (issue 29).
    const raw = async (body: string) => {
      const res = await app.server.request(IMPORT_PRODUCT_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const truncated = await raw(JSON.stringify({ store: EMPTY_STORE, productData: source }).slice(0, -10));
    expect(truncated.status).toBe(400);
    expect(truncated.body).toEqual({
      error: 'The request body is not valid JSON: Unexpected end of JSON input',
      code: 'malformed_json',
    });
    const nul = await raw(
      JSON.stringify({ store: EMPTY_STORE, productData: { ...source, name: 'a\u0000b' } }),
    );
    expect(nul).toEqual({
      status: 400,
      body: { error: 'Text may not contain the NUL character (\\u0000).', code: 'invalid_text' },
    });
    const big = await raw(
      JSON.stringify({ store: EMPTY_STORE, productData: { ...source, x: 'a'.repeat(10_500_000) } }),
    );
    expect(big).toEqual({
      status: 413,
      body: { error: 'The request body is larger than 10 MB', code: 'payload_too_large' },
    });
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
    const variants = await emptyCall<{ data: Json[] }>(
      'GET',
      `/v3/catalog/products/${result.productId}/variants?limit=250`,
    );
    const skus = variants.body.data.map((v) => String(v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    const products = await emptyCall<{ data: Json[] }>('GET', '/v3/catalog/products');
    expect(products.body.data).toHaveLength(1);
    // A second run completes what the first could not, still without duplicates.
    const second = await importInto(source, { idMap: result.idMap });
    expect(second.variants.failed).toBe(0);
    expect(comparable(await dumpOf(EMPTY_STORE, result.productId))).toEqual(comparable(source));
  });

  it('two imports of one product into one store at once: one creates it, the other waits and updates it (issue 29)', async () => {
    const { manyVariants } = await pickShapes();
    const source = await dumpOf(DEMO_STORE, manyVariants);
    const expected = source.variants.filter((v) => (v.option_values ?? []).length > 0).length;
    // Every write takes a while, so the first import is still writing when the second one starts.
    await sandboxControl(app.server, 'sandbox-empty', '/settings', {
      method: 'PUT',
      body: JSON.stringify({ latencyMs: 25 }),
    });
    const [one, two] = await Promise.all([importInto(source), importInto(source)]);
    await sandboxControl(app.server, 'sandbox-empty', '/settings', {
      method: 'PUT',
      body: JSON.stringify({ latencyMs: 0 }),
    });
    const [first, second] = one.action === 'created' ? [one, two] : [two, one];
    expect([first.action, second.action]).toEqual(['created', 'updated']);
    expect(second.productId).toBe(first.productId);
    expect(first.variants).toEqual({ created: expected, updated: 0, failed: 0 });
    // The second continued the first: it found every variant there and created nothing.
    expect(second.variants).toEqual({ created: 0, updated: expected, failed: 0 });
    expect(second.logs).toContain(
      `Waited for another import of SKU ${source.sku} into this store to end first`,
    );
    const products = await emptyCall<{ data: Json[] }>('GET', '/v3/catalog/products?limit=250');
    expect(products.body.data.map((product) => product.sku)).toEqual([source.sku]);
    const variants = await emptyCall<{ data: Json[] }>(
      'GET',
      `/v3/catalog/products/${first.productId}/variants?limit=250`,
    );
    const skus = variants.body.data.map((variant) => String(variant.sku));
    expect(new Set(skus).size).toBe(skus.length);
    expect(comparable(await dumpOf(EMPTY_STORE, first.productId))).toEqual(comparable(source));
  });

  it('an import whose SKU another import holds waits, then says so clearly (import_busy, 409)', async () => {
    const source = await dumpOf(DEMO_STORE, (await pickShapes()).reviews);
    // Another instance's import of this SKU into this store, still running (its lease renewed an hour ahead).
    const key = importProductLeaseKey(EMPTY_STORE.storeHash, source);
    await app.server.database.db
      .insert(lease)
      .values({ key, holder: 'another-instance', expiresAt: new Date(Date.now() + 3_600_000) });
    const clients = createBigCommerceClientFactory({ sandboxBaseUrl: `${app.server.url}/sandbox` });
    const started = Date.now();
    const refused = await importProduct(
      clients.forStore(EMPTY_STORE),
      source,
      { onExistingSku: 'update' },
      { exclusive: leaseRunner(app.server.database.db, { waitMs: 600, pollMs: 100 }) },
    ).catch((error: unknown) => error);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(failureOf(refused, app.server.logger)).toEqual({
      status: 409,
      code: 'import_busy',
      message: `Another import of SKU ${source.sku} into this store is running. Please wait for it to end and try again.`,
    });
    const products = await emptyCall<{ data: Json[] }>('GET', '/v3/catalog/products');
    expect(products.body.data).toHaveLength(0);
    // Once it ends (its lease released or run out), the import goes ahead.
    await app.server.database.db.delete(lease).where(eq(lease.key, key));
    expect((await importInto(source)).action).toBe('created');
  });
});
