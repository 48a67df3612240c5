// The sandbox over HTTP: creating, updating and deleting catalogue data, and BigCommerce's write errors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STATUS_DOC_TYPE } from '../core/envelope';
import { imageDimensions, renderPng } from './images';
import {
  ATOM_DATE_MODIFIER_CONFIG,
  bcErrorAnswer,
  startSandboxServer,
  type RunningSandbox,
} from '../test-server';

type Json = Record<string, unknown>;

let sb: RunningSandbox;
let clockMs = Date.UTC(2026, 0, 15, 12, 0, 0);

const tokens: Record<string, string> = { 'sandbox-demo': 'demo-token', 'sandbox-empty': 'empty-token' };

async function call<T = Json>(
  hash: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${sb.storeUrl(hash)}${path}`, {
    method,
    headers: {
      'X-Auth-Token': tokens[hash]!,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const demo = <T = Json>(method: string, path: string, body?: unknown) =>
  call<T>('sandbox-demo', method, path, body);
const empty = <T = Json>(method: string, path: string, body?: unknown) =>
  call<T>('sandbox-empty', method, path, body);

beforeAll(async () => {
  sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 }, clock: () => clockMs });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  sb.sandbox.reset('sandbox-demo');
  sb.sandbox.reset('sandbox-empty');
  clockMs += 60_000;
});

/** A product with an option variant from the demo store. */
async function productWithVariants(): Promise<{ id: number; variants: Json[] }> {
  const { body } = await demo<{ data: Json[] }>('GET', '/v3/catalog/variants?limit=5');
  const optionVariant = body.data.find((v) => (v.option_values as unknown[]).length > 0)!;
  const product = await demo<{ data: Json }>(
    'GET',
    `/v3/catalog/products/${String(optionVariant.product_id)}?include=variants`,
  );
  return { id: Number(product.body.data.id), variants: product.body.data.variants as Json[] };
}

describe('POST /v3/catalog/products', () => {
  it('creates a product with nested variants, images, videos, custom fields and bulk pricing rules', async () => {
    const tree = await empty<{ data: Json[] }>('GET', '/v3/catalog/trees/categories?name=Mugs%20%26%20Cups');
    const categoryId = Number(tree.body.data[0]!.category_id);
    const { status, body } = await empty<{ data: Json }>(
      'POST',
      '/v3/catalog/products?include=variants,images,videos,custom_fields,bulk_pricing_rules,options',
      {
        name: 'Harbour Stoneware Mug',
        type: 'physical',
        sku: 'HSM-1',
        price: '18.50',
        weight: 0.4,
        categories: [categoryId],
        brand_name: 'Brand New Co.',
        description: '<p>Hand-glazed &amp; dishwasher safe.</p>',
        page_title: 'Harbour Stoneware Mug | Copperleaf',
        id: 9999,
        date_created: '2001-01-01T00:00:00+00:00',
        calculated_price: 1,
        custom_fields: [{ name: 'Material', value: 'Stoneware' }],
        bulk_pricing_rules: [{ quantity_min: 5, quantity_max: 0, type: 'percent', amount: 10 }],
        images: [{ image_url: 'https://cdn.example.com/mug.png', is_thumbnail: true, description: 'Front' }],
        videos: [{ video_id: 'dQw4w9WgXcQ', title: 'Glazing', type: 'youtube' }],
        variants: [
          { sku: 'HSM-1-BLU', option_values: [{ option_display_name: 'Colour', label: 'Blue' }], price: 19 },
          { sku: 'HSM-1-GRN', option_values: [{ option_display_name: 'Colour', label: 'Green' }] },
        ],
      },
    );
    expect(status).toBe(200);
    const p = body.data;
    expect(p.id).toBe(5077);
    expect(p.name).toBe('Harbour Stoneware Mug');
    expect(p.price).toBe(18.5);
    expect(p.calculated_price).toBe(18.5);
    expect(p.date_created).toBe('2026-01-15T12:01:00+00:00');
    expect(p.categories).toEqual([categoryId]);
    expect(p.custom_url).toEqual({ url: '/harbour-stoneware-mug/', is_customized: false });
    expect(p.base_variant_id).toBeNull();
    const options = p.options as {
      id: number;
      display_name: string;
      type: string;
      option_values: { id: number; label: string }[];
    }[];
    expect(options).toHaveLength(1);
    expect(options[0]).toMatchObject({ display_name: 'Colour', type: 'rectangles' });
    expect(options[0]!.option_values.map((v) => v.label)).toEqual(['Blue', 'Green']);
    const variants = p.variants as Json[];
    expect(variants.map((v) => [v.sku, v.price, v.calculated_price])).toEqual([
      ['HSM-1-BLU', 19, 19],
      ['HSM-1-GRN', null, 18.5],
    ]);
    expect((variants[0]!.option_values as Json[])[0]).toEqual({
      id: options[0]!.option_values[0]!.id,
      label: 'Blue',
      option_id: options[0]!.id,
      option_display_name: 'Colour',
    });
    expect(p.custom_fields).toEqual([
      { id: expect.any(Number) as number, name: 'Material', value: 'Stoneware' },
    ]);
    expect((p.bulk_pricing_rules as Json[])[0]).toMatchObject({
      quantity_min: 5,
      quantity_max: 0,
      type: 'percent',
      amount: 10,
    });
    expect((p.images as Json[])[0]).toMatchObject({
      is_thumbnail: true,
      description: 'Front',
      product_id: 5077,
    });
    expect((p.videos as Json[])[0]).toMatchObject({
      video_id: 'dQw4w9WgXcQ',
      title: 'Glazing',
      type: 'youtube',
    });

    const brands = await empty<{ data: Json[] }>('GET', '/v3/catalog/brands?name=Brand%20New%20Co.');
    expect(brands.body.data[0]!.id).toBe(p.brand_id);
    // A new product is in no channel until assigned.
    const assigned = await empty('PUT', '/v3/catalog/products/channel-assignments', [
      { product_id: 5077, channel_id: 1 },
    ]);
    expect(assigned.status).toBe(204);
    const channels = await empty<{ data: Json[] }>(
      'GET',
      '/v3/catalog/products/channel-assignments?product_id:in=5077',
    );
    expect(channels.body.data).toEqual([{ product_id: 5077, channel_id: 1 }]);
  });

  it('answers 422 Missing Required Fields with one message per field', async () => {
    const { status, body } = await empty('POST', '/v3/catalog/products', {
      sku: 'X-1',
      description: '<p>x</p>',
    });
    expect(status).toBe(422);
    expect(body).toEqual(
      bcErrorAnswer(422, 'Missing Required Fields', {
        name: 'Please provide a name.',
        price: 'Please provide a price.',
        type: 'Please provide a type.',
        weight: 'Please provide a weight.',
      }),
    );
  });

  it('answers 422 naming the field for a value of the wrong type, and 400 for a body that is not JSON', async () => {
    const wrong = await empty<Json>('POST', '/v3/catalog/products', {
      name: 'A',
      type: 'physical',
      weight: 1,
      price: 'ten',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.title).toBe('JSON data is missing or invalid');
    expect(Object.keys(wrong.body.errors as Json)).toEqual(['price']);
    const broken = await empty('POST', '/v3/catalog/products', '{"name": ');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ ...bcErrorAnswer(400, 'Input is invalid'), detail: 'Syntax error' });
  });

  it('answers 409 for a SKU already used by a variant, whatever its case', async () => {
    const { variants } = await productWithVariants();
    const variantSku = String(variants[0]!.sku);
    const { status, body } = await demo<Json>('POST', '/v3/catalog/products', {
      name: 'Something new',
      type: 'physical',
      weight: 1,
      price: 5,
      sku: variantSku.toLowerCase(),
    });
    expect(status).toBe(409);
    expect(body.title).toBe('The SKU is a duplicate');
    expect(body.errors).toEqual({
      sku: `SKU "${variantSku.toLowerCase()}" is already used by variant ${String(variants[0]!.id)} of product ${String(variants[0]!.product_id)}.`,
    });
    // And the other way round: a new variant with an existing product SKU.
    const simple = await demo<{ data: Json }>('GET', '/v3/catalog/products/78');
    const dup = await demo<Json>('POST', `/v3/catalog/products/${String(variants[0]!.product_id)}/variants`, {
      sku: String(simple.body.data.sku).toUpperCase(),
      option_values: [(variants[0]!.option_values as Json[])[0]],
    });
    expect(dup.status).toBe(409);
  });

  it('answers 409 for a duplicate name, ignoring case', async () => {
    const existing = await demo<{ data: Json }>('GET', '/v3/catalog/products/90');
    const { status, body } = await demo('POST', '/v3/catalog/products', {
      name: String(existing.body.data.name).toUpperCase(),
      type: 'physical',
      weight: 1,
      price: 5,
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({
      status: 409,
      title: 'The product name is a duplicate',
      type: STATUS_DOC_TYPE,
    });
  });

  it('answers 409 for a brand or category that does not exist', async () => {
    const brand = await empty<Json>('POST', '/v3/catalog/products', {
      name: 'A',
      type: 'physical',
      weight: 1,
      price: 1,
      brand_id: 36,
    });
    expect(brand.status).toBe(409);
    expect(brand.body.title).toBe('The brand_id is invalid');
    const category = await empty<Json>('POST', '/v3/catalog/products', {
      name: 'A',
      type: 'physical',
      weight: 1,
      price: 1,
      categories: [18],
    });
    expect(category.status).toBe(409);
  });
});

describe('PUT /v3/catalog/products (batch)', () => {
  it('updates up to 10 products, ignoring read-only fields', async () => {
    const before = await demo<{ data: Json[] }>(
      'GET',
      '/v3/catalog/products?id:in=77,78,79,80,81,82,83,84,85,86',
    );
    const items = before.body.data.map((p) => ({
      id: p.id,
      page_title: `New title ${String(p.id)}`,
      description: `<p>New description for ${String(p.id)}</p>`,
      date_created: '1999-01-01T00:00:00+00:00',
      calculated_price: 0.01,
      base_variant_id: 1,
    }));
    const { status, body } = await demo<{ data: Json[]; meta: Json }>('PUT', '/v3/catalog/products', items);
    expect(status).toBe(200);
    expect(body.meta).toEqual({});
    expect(body.data).toHaveLength(10);
    const after = await demo<{ data: Json[] }>(
      'GET',
      '/v3/catalog/products?id:in=77,78,79,80,81,82,83,84,85,86',
    );
    after.body.data.forEach((p, i) => {
      const old = before.body.data[i]!;
      expect(p.page_title).toBe(`New title ${String(p.id)}`);
      expect(p.description).toBe(`<p>New description for ${String(p.id)}</p>`);
      expect(p.date_created).toBe(old.date_created);
      expect(p.calculated_price).toBe(old.calculated_price);
      expect(p.base_variant_id).toBe(old.base_variant_id);
      expect(p.date_modified).not.toBe(old.date_modified);
    });
    const stats = (await (await fetch(`${sb.controlUrl}/stores/sandbox-demo/stats`)).json()) as {
      data: { productWrites: Record<string, number> };
    };
    expect(stats.data.productWrites).toEqual(Object.fromEntries(items.map((i) => [String(i.id), 1])));
  });

  it('answers 413 for 11 items, with BigCommerce body, and changes nothing', async () => {
    const items = Array.from({ length: 11 }, (_, i) => ({ id: 77 + i, page_title: 'x' }));
    const { status, body } = await demo('PUT', '/v3/catalog/products', items);
    expect(status).toBe(413);
    expect(body).toEqual(
      bcErrorAnswer(413, 'The request payload is too large. The maximum items allowed in the array is 10.'),
    );
    const p = await demo<{ data: Json }>('GET', '/v3/catalog/products/77');
    expect(p.body.data.page_title).not.toBe('x');
  });

  it('answers 422 when an item has no id', async () => {
    const { status, body } = await demo('PUT', '/v3/catalog/products', [
      { id: 77, page_title: 'a' },
      { page_title: 'b' },
    ]);
    expect(status).toBe(422);
    expect(body).toMatchObject({
      status: 422,
      title: 'Missing Required Fields',
      errors: { name: 'Please provide a name.' },
    });
    const p = await demo<{ data: Json }>('GET', '/v3/catalog/products/77');
    expect(p.body.data.page_title).not.toBe('a');
  });

  it('answers 409 for a duplicate SKU inside the batch and writes nothing', async () => {
    const { status } = await demo('PUT', '/v3/catalog/products', [
      { id: 77, sku: 'SAME-1', page_title: 'changed' },
      { id: 78, sku: 'same-1' },
    ]);
    expect(status).toBe(409);
    const p = await demo<{ data: Json }>('GET', '/v3/catalog/products/77');
    expect(p.body.data.page_title).not.toBe('changed');
  });

  it('answers 207 when a custom URL is taken: the rest is saved', async () => {
    const other = await demo<{ data: Json }>('GET', '/v3/catalog/products/78');
    const takenUrl = (other.body.data.custom_url as { url: string }).url;
    const { status, body } = await demo<{ data: Json[]; errors: Json; meta: Json }>(
      'PUT',
      '/v3/catalog/products',
      [{ id: 77, page_title: 'Saved anyway', custom_url: { url: takenUrl, is_customized: true } }],
    );
    expect(status).toBe(207);
    expect(body.data[0]!.page_title).toBe('Saved anyway');
    expect((body.data[0]!.custom_url as { url: string }).url).not.toBe(takenUrl);
    expect(body.errors).toEqual(
      bcErrorAnswer(207, 'Some of the data was not saved.', {
        '0.custom_url': `The URL was not updated: "${takenUrl}" is already in use.`,
      }),
    );
  });
});

describe('variants', () => {
  it('batch-updates variants by id, creates with product_id, and caps the batch at 50', async () => {
    const { id, variants } = await productWithVariants();
    const first = variants[0]!;
    const update = await demo<{ data: Json[] }>('PUT', '/v3/catalog/variants', [
      { id: first.id, price: 42.5, inventory_level: 7, sku_id: 1 },
    ]);
    expect(update.status).toBe(200);
    expect(update.body.data[0]).toMatchObject({
      id: first.id,
      price: 42.5,
      inventory_level: 7,
      sku_id: first.sku_id,
      calculated_price: 42.5,
    });

    const options = await demo<{ data: { id: number; option_values: { id: number }[] }[] }>(
      'GET',
      `/v3/catalog/products/${id}/options`,
    );
    const newValue = await demo<{ data: { id: number } }>(
      'POST',
      `/v3/catalog/products/${id}/options/${options.body.data[0]!.id}/values`,
      { label: 'Limited Edition' },
    );
    expect(newValue.status).toBe(200);
    const otherOptions = options.body.data
      .slice(1)
      .map((o) => ({ id: o.option_values[0]!.id, option_id: o.id }));
    const created = await demo<{ data: Json[] }>('PUT', '/v3/catalog/variants', [
      {
        product_id: id,
        sku: 'LIMITED-1',
        option_values: [{ id: newValue.body.data.id, option_id: options.body.data[0]!.id }, ...otherOptions],
      },
    ]);
    expect(created.status).toBe(200);
    expect(created.body.data[0]).toMatchObject({ product_id: id, sku: 'LIMITED-1' });
    const bySku = await demo<{ data: Json[] }>('GET', '/v3/catalog/variants?sku=limited-1');
    expect(bySku.body.data.map((v) => v.product_id)).toEqual([id]);

    const tooMany = await demo(
      'PUT',
      '/v3/catalog/variants',
      Array.from({ length: 51 }, () => ({ id: first.id, price: 1 })),
    );
    expect(tooMany.status).toBe(413);
    // The title as updateVariantsBatch's 413 example words it, without a final stop (product-variants_catalog.v3.yml 1623).
    expect(tooMany.body).toMatchObject({
      title: 'The request payload is too large. The maximum items allowed in the array is 50',
    });
  });

  it("keeps a variant price of 0 and of null apart: null is the product's price, 0 is a price", async () => {
    const { id, variants } = await productWithVariants();
    const [zero, inherit] = variants;
    const product = await demo<{ data: Json }>('PUT', `/v3/catalog/products/${id}`, {
      price: 30,
      sale_price: 0,
      weight: 2,
    });
    expect(product.status).toBe(200);
    const written = await demo<{ data: Json[] }>('PUT', '/v3/catalog/variants', [
      { id: zero!.id, price: 0, sale_price: 0, retail_price: 0, cost_price: 0, weight: 0 },
      { id: inherit!.id, price: null, sale_price: null, retail_price: null, cost_price: null, weight: null },
    ]);
    expect(written.status).toBe(200);
    const read = await demo<{ data: Json[] }>('GET', `/v3/catalog/products/${id}/variants?limit=250`);
    const byId = new Map(read.body.data.map((v) => [v.id, v]));
    expect(byId.get(zero!.id)).toMatchObject({
      price: 0,
      sale_price: 0,
      retail_price: 0,
      cost_price: 0,
      weight: 0,
      calculated_price: 0,
      calculated_weight: 0,
    });
    expect(byId.get(inherit!.id)).toMatchObject({
      price: null,
      sale_price: null,
      retail_price: null,
      cost_price: null,
      weight: null,
      calculated_price: 30,
      calculated_weight: 2,
    });
    // A null sale price is the product's sale price (product-variants_catalog.v3.yml line 2043).
    await demo('PUT', `/v3/catalog/products/${id}`, { sale_price: 25 });
    await demo('PUT', '/v3/catalog/variants', [{ id: inherit!.id, price: 28 }]);
    const after = await demo<{ data: Json }>(
      'GET',
      `/v3/catalog/products/${id}/variants/${String(inherit!.id)}`,
    );
    expect(after.body.data).toMatchObject({ price: 28, sale_price: null, calculated_price: 25 });
  });

  it('refuses a variant with the same option values as another', async () => {
    const { id, variants } = await productWithVariants();
    const { status, body } = await demo('POST', `/v3/catalog/products/${id}/variants`, {
      sku: 'ANOTHER-SKU-1',
      option_values: (variants[0]!.option_values as Json[]).map((ov) => ({
        id: ov.id,
        option_id: ov.option_id,
      })),
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ title: 'Variant with the same option values set exists' });
  });
});

describe('options, modifiers and other sub-resources', () => {
  it('creates an option and its values, and a checkbox modifier with Yes/No values', async () => {
    const option = await demo<{ data: Json }>('POST', '/v3/catalog/products/78/options', {
      display_name: 'Engraving Font',
      type: 'dropdown',
      option_values: [
        { label: 'Serif', sort_order: 0 },
        { label: 'Script', sort_order: 1, is_default: true },
      ],
      product_id: 1,
      id: 1,
    });
    expect(option.status).toBe(200);
    expect(option.body.data).toMatchObject({
      product_id: 78,
      display_name: 'Engraving Font',
      type: 'dropdown',
    });
    expect((option.body.data.option_values as Json[]).map((v) => v.label)).toEqual(['Serif', 'Script']);
    const dup = await demo('POST', '/v3/catalog/products/78/options', {
      display_name: 'engraving font',
      type: 'dropdown',
      option_values: [],
    });
    expect(dup.status).toBe(409);

    const modifier = await demo<{ data: Json }>('POST', '/v3/catalog/products/78/modifiers', {
      display_name: 'Add gift box',
      type: 'checkbox',
      required: false,
      config: { checkbox_label: 'Gift box', checked_by_default: false },
    });
    expect(modifier.status).toBe(200);
    const values = modifier.body.data.option_values as Json[];
    expect(values.map((v) => v.label)).toEqual(['Yes', 'No']);
    const yes = values[0]!;
    const updated = await demo<{ data: Json }>(
      'PUT',
      `/v3/catalog/products/78/modifiers/${String(modifier.body.data.id)}/values/${String(yes.id)}`,
      { adjusters: { price: { adjuster: 'relative', adjuster_value: 5 } } },
    );
    expect((updated.body.data.adjusters as Json).price).toEqual({ adjuster: 'relative', adjuster_value: 5 });
    const missing = await demo('POST', '/v3/catalog/products/78/modifiers', { display_name: 'X' });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      errors: { required: 'Please provide required.', type: 'Please provide type.' },
    });
  });

  it('requires `required` and `type` on a modifier PUT, as the Modifier Put model does', async () => {
    const created = await demo<{ data: Json }>('POST', '/v3/catalog/products/78/modifiers', {
      display_name: 'Engraving',
      type: 'text',
      required: false,
    });
    const path = `/v3/catalog/products/78/modifiers/${String(created.body.data.id)}`;
    const missing = await demo('PUT', path, { display_name: 'Engraving text' });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      title: 'Missing Required Fields',
      errors: { required: 'Please provide required.', type: 'Please provide type.' },
    });
    const ok = await demo<{ data: Json }>('PUT', path, {
      display_name: 'Engraving text',
      type: 'text',
      required: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ display_name: 'Engraving text', required: true });
  });

  it('takes date modifiers only with ISO-8601 ATOM dates: a missing one is a server error', async () => {
    const base = { display_name: 'Delivery date', type: 'date', required: true };
    const dates = ATOM_DATE_MODIFIER_CONFIG;
    const none = await demo('POST', '/v3/catalog/products/78/modifiers', base);
    expect(none.status).toBe(500);
    const dateOnly = await demo('POST', '/v3/catalog/products/78/modifiers', {
      ...base,
      config: { ...dates, date_earliest_value: '2026-02-01' },
    });
    expect(dateOnly.status).toBe(422);
    expect(dateOnly.body).toMatchObject({
      errors: {
        'config.date_earliest_value':
          'config.date_earliest_value: must be an ISO-8601 ATOM date such as 2025-08-15T15:52:01+00:00',
      },
    });
    const zulu = await demo('POST', '/v3/catalog/products/78/modifiers', {
      ...base,
      config: { ...dates, default_value: '2026-03-01T00:00:00.000Z' },
    });
    expect(zulu.status).toBe(422);
    const created = await demo<{ data: Json }>('POST', '/v3/catalog/products/78/modifiers', {
      ...base,
      config: dates,
    });
    expect(created.status).toBe(200);
    expect(created.body.data.config).toEqual(dates);
    const path = `/v3/catalog/products/78/modifiers/${String(created.body.data.id)}`;
    expect((await demo('PUT', path, { type: 'date', required: false })).status).toBe(500);
    expect((await demo('PUT', path, { type: 'date', required: false, config: dates })).status).toBe(200);
  });

  it('takes product-list values only when value_data.product_id names a product of the store', async () => {
    const base = { display_name: 'Add a strap', type: 'product_list', required: false };
    const unknown = await demo('POST', '/v3/catalog/products/78/modifiers', {
      ...base,
      option_values: [{ label: 'Strap', sort_order: 0, value_data: { product_id: 999_999 } }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      errors: { 'option_values.0.value_data.product_id': 'Product 999999 does not exist.' },
    });
    const noId = await demo('POST', '/v3/catalog/products/78/modifiers', {
      ...base,
      option_values: [{ label: 'Strap', sort_order: 0, value_data: {} }],
    });
    expect(noId.status).toBe(422);
    const created = await demo<{ data: Json }>('POST', '/v3/catalog/products/78/modifiers', {
      ...base,
      option_values: [{ label: 'Strap', sort_order: 0, value_data: { product_id: 79 } }],
    });
    expect(created.status).toBe(200);
    expect((created.body.data.option_values as Json[])[0]).toMatchObject({ value_data: { product_id: 79 } });
    const values = `/v3/catalog/products/78/modifiers/${String(created.body.data.id)}/values`;
    expect(
      (await demo('POST', values, { label: 'Case', sort_order: 1, value_data: { product_id: 5 } })).status,
    ).toBe(422);
    expect(
      (await demo('POST', values, { label: 'Case', sort_order: 1, value_data: { product_id: 80 } })).status,
    ).toBe(200);
    // A checkbox has its two values; it takes no third.
    const checkbox = await demo<{ data: Json }>('POST', '/v3/catalog/products/78/modifiers', {
      display_name: 'Gift wrap',
      type: 'checkbox',
      required: false,
      config: { checkbox_label: 'Wrap it', checked_by_default: true },
    });
    expect(checkbox.body.data.config).toEqual({ checkbox_label: 'Wrap it', checked_by_default: true });
    const third = await demo(
      'POST',
      `/v3/catalog/products/78/modifiers/${String(checkbox.body.data.id)}/values`,
      {
        label: 'Maybe',
        sort_order: 2,
      },
    );
    expect(third.status).toBe(422);
  });

  it('creates custom fields, bulk pricing rules, reviews and videos with their rules', async () => {
    const cf = await demo<{ data: Json }>('POST', '/v3/catalog/products/79/custom-fields', {
      name: 'Batch',
      value: 'A-17',
    });
    expect(cf.body.data).toEqual({ id: expect.any(Number) as number, name: 'Batch', value: 'A-17' });
    expect(
      (await demo('POST', '/v3/catalog/products/79/custom-fields', { name: 'Batch', value: 'A-17' })).status,
    ).toBe(422);

    const rule = await demo('POST', '/v3/catalog/products/79/bulk-pricing-rules', {
      quantity_min: 100,
      quantity_max: 200,
      type: 'price',
      amount: 2,
    });
    expect(rule.status).toBe(200);
    const overlap = await demo('POST', '/v3/catalog/products/79/bulk-pricing-rules', {
      quantity_min: 150,
      quantity_max: 0,
      type: 'price',
      amount: 3,
    });
    expect(overlap.status).toBe(409);

    const review = await demo<{ data: Json }>('POST', '/v3/catalog/products/79/reviews', {
      title: 'Lovely',
      text: 'Really nice.',
      rating: 5,
      status: 'approved',
      date_reviewed: '2025-03-01T10:00:00+00:00',
      name: 'Ann B.',
    });
    expect(review.body.data).toMatchObject({
      product_id: 79,
      title: 'Lovely',
      rating: 5,
      date_reviewed: '2025-03-01T10:00:00+00:00',
    });
    const noTitle = await demo('POST', '/v3/catalog/products/79/reviews', { text: 'x' });
    expect(noTitle.body).toMatchObject({
      status: 422,
      errors: { title: 'Please provide title.', date_reviewed: 'Please provide date_reviewed.' },
    });
    const approved = await demo<{ data: Json[] }>('GET', '/v3/catalog/products/79/reviews?status=1');
    expect(approved.body.data.every((r) => r.status === 'approved')).toBe(true);
    expect(approved.body.data.some((r) => r.title === 'Lovely')).toBe(true);

    const video = await demo<{ data: Json }>('POST', '/v3/catalog/products/79/videos', {
      video_id: 'abcdefghijk',
      title: 'Tour',
    });
    expect(video.body.data).toMatchObject({ product_id: 79, video_id: 'abcdefghijk', type: 'youtube' });
    expect((await demo('POST', '/v3/catalog/products/79/videos', { video_id: 'x'.repeat(26) })).status).toBe(
      422,
    );
  });

  it('creates images by URL and by multipart upload, and serves the uploaded bytes back', async () => {
    const byUrl = await demo<{ data: Json }>('POST', '/v3/catalog/products/79/images', {
      image_url: 'https://example.com/a/b/red-kettle.jpg',
      description: 'Red',
    });
    expect(byUrl.status).toBe(200);
    expect(String(byUrl.body.data.image_file)).toMatch(/^r\/\d{3}\/red-kettle__\d{5}\.png$/);
    const bad = await demo('POST', '/v3/catalog/products/79/images', { description: 'no url' });
    expect(bad.body).toEqual(bcErrorAnswer(422, 'image_url must be present if uploading by url'));

    const bytes = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 2, 3]);
    const form = new FormData();
    form.set('image_file', new Blob([bytes], { type: 'image/gif' }), 'tiny.gif');
    form.set('description', 'Uploaded');
    const res = await fetch(`${sb.storeUrl('sandbox-demo')}/v3/catalog/products/79/images`, {
      method: 'POST',
      headers: { 'X-Auth-Token': 'demo-token', Accept: 'application/json' },
      body: form,
    });
    expect(res.status).toBe(200);
    const uploaded = ((await res.json()) as { data: Json }).data;
    expect(uploaded.description).toBe('Uploaded');
    const file = await fetch(String(uploaded.url_zoom));
    expect(file.headers.get('content-type')).toBe('image/gif');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });
});

describe('image sizes', () => {
  it('serves url_zoom of a large upload resized to fit 1280 x 1280, and the original as sent', async () => {
    const png = renderPng(1600, 1000, 3);
    const form = new FormData();
    form.set('image_file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'wide-banner.png');
    const res = await fetch(`${sb.storeUrl('sandbox-demo')}/v3/catalog/products/79/images`, {
      method: 'POST',
      headers: { 'X-Auth-Token': 'demo-token', Accept: 'application/json' },
      body: form,
    });
    expect(res.status).toBe(200);
    const image = ((await res.json()) as { data: Json }).data;
    const sizeOf = async (url: string) => {
      const file = await fetch(url);
      expect(file.status).toBe(200);
      return imageDimensions(new Uint8Array(await file.arrayBuffer()));
    };
    expect(await sizeOf(String(image.url_zoom))).toEqual({ width: 1280, height: 800 });
    expect(await sizeOf(String(image.url_standard))).toEqual({ width: 500, height: 313 });
    expect(
      await sizeOf(`${sb.baseUrl}/cdn/s-sandbox-demo/product_images/${String(image.image_file)}`),
    ).toEqual({
      width: 1600,
      height: 1000,
    });
  });
});

describe('category tree writes and assignments', () => {
  it('creates, renames and deletes categories, with 207 for a partly failed batch', async () => {
    const created = await empty<{ data: Json[]; meta: Json }>('POST', '/v3/catalog/trees/categories', [
      { name: 'Imported', tree_id: 3 },
      { name: 'Apparel', tree_id: 3, parent_id: 0 },
    ]);
    expect(created.status).toBe(207);
    expect(created.body.meta).toEqual({ total: 2, success: 1, failed: 1 });
    const imported = created.body.data[0]!;
    expect(imported).toMatchObject({
      name: 'Imported',
      tree_id: 3,
      parent_id: 0,
      url: { path: '/imported/', is_customized: false },
    });

    const child = await empty<{ data: Json[] }>('POST', '/v3/catalog/trees/categories', [
      { name: 'Sub', parent_id: imported.category_id },
    ]);
    expect(child.status).toBe(201);
    expect(child.body.data[0]).toMatchObject({ tree_id: 3, parent_id: imported.category_id });

    const renamed = await empty('PUT', '/v3/catalog/trees/categories', [
      { category_id: imported.category_id, name: 'Imported 2026' },
    ]);
    // SuccessNoContentResponse: `meta` only (category-trees_catalog.v3.yml:227-232, 758-764).
    expect(renamed).toEqual({ status: 200, body: { meta: { total: 1, success: 1, failed: 0 } } });
    const read = await empty<{ data: Json[] }>(
      'GET',
      `/v3/catalog/trees/categories?category_id:in=${String(imported.category_id)}`,
    );
    expect(read.body.data[0]!.name).toBe('Imported 2026');

    const noFilter = await empty('DELETE', '/v3/catalog/trees/categories');
    expect(noFilter.status).toBe(422);
    const deleted = await empty(
      'DELETE',
      `/v3/catalog/trees/categories?category_id:in=${String(imported.category_id)}`,
    );
    expect(deleted.status).toBe(202);
    const left = await empty<{ data: Json[] }>(
      'GET',
      `/v3/catalog/trees/categories?parent_id:in=${String(imported.category_id)}`,
    );
    expect(left.body.data).toEqual([]);
  });

  it('answers each category write in its documented shape: data only when created, errors as MetaError', async () => {
    const created = await empty<{ data: Json[] }>('POST', '/v3/catalog/trees/categories', [
      { name: 'Shape A', tree_id: 3 },
    ]);
    const id = Number(created.body.data[0]!.category_id);
    // 207 to an update: PartialSuccessNoContentResponse `{errors, meta}`, no `data` (lines 233-238, 765-773), so
    // nothing in the answer says which category was updated.
    const partly = await empty('PUT', '/v3/catalog/trees/categories', [
      { category_id: id, page_title: 'Shape A | Shop' },
      { category_id: 987_654, page_title: 'Nobody' },
    ]);
    expect(partly).toEqual({
      status: 207,
      body: {
        errors: bcErrorAnswer(207, 'Some categories were not saved.', {
          '1': 'Category 987654 does not exist.',
        }),
        meta: { total: 2, success: 1, failed: 1 },
      },
    });
    // 422 when nothing was saved: ErrorResponse `{errors, meta}` (lines 798-806).
    const refused = await empty('POST', '/v3/catalog/trees/categories', [
      { name: 'Orphan', parent_id: 987_654 },
    ]);
    expect(refused).toEqual({
      status: 422,
      body: {
        errors: bcErrorAnswer(422, 'Some categories were not saved.', {
          '0': 'Parent category 987654 does not exist.',
        }),
        meta: { total: 1, success: 0, failed: 1 },
      },
    });
  });

  it('assigns and unassigns categories and channels with 204', async () => {
    const put = await demo('PUT', '/v3/catalog/products/category-assignments', [
      { product_id: 77, category_id: 70 },
    ]);
    expect(put.status).toBe(204);
    const got = await demo<{ data: Json[] }>(
      'GET',
      '/v3/catalog/products/category-assignments?product_id:in=77&category_id:in=70',
    );
    expect(got.body.data).toEqual([{ product_id: 77, category_id: 70 }]);
    const bad = await demo('PUT', '/v3/catalog/products/category-assignments', [
      { product_id: 77, category_id: 99999 },
    ]);
    expect(bad.status).toBe(422);
    expect(
      (await demo('DELETE', '/v3/catalog/products/category-assignments?product_id:in=77&category_id:in=70'))
        .status,
    ).toBe(204);
    const after = await demo<{ data: Json[] }>(
      'GET',
      '/v3/catalog/products/category-assignments?product_id:in=77&category_id:in=70',
    );
    expect(after.body.data).toEqual([]);

    const noFilter = await demo('DELETE', '/v3/catalog/products/channel-assignments');
    expect(noFilter.body).toMatchObject({ status: 422, title: 'At least one filter must be provided' });
    expect((await demo('DELETE', '/v3/catalog/products/channel-assignments?product_id:in=77')).status).toBe(
      204,
    );
    const none = await demo<{ data: Json[] }>(
      'GET',
      '/v3/catalog/products/channel-assignments?product_id:in=77',
    );
    expect(none.body.data).toEqual([]);
  });
});

describe('delete and reset', () => {
  it('refuses a product DELETE whose only filter is one DELETE does not document', async () => {
    const before = await demo<{ meta: { pagination: { total: number } } }>(
      'GET',
      '/v3/catalog/products?limit=1',
    );
    const refused = await demo('DELETE', '/v3/catalog/products?sku:in=KST-1,KST-2&limit=5');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ title: 'At least one filter must be provided' });
    const after = await demo<{ meta: { pagination: { total: number } } }>(
      'GET',
      '/v3/catalog/products?limit=1',
    );
    expect(after.body.meta.pagination.total).toBe(before.body.meta.pagination.total);
  });

  it('deletes a product, and reset brings the generated store back', async () => {
    expect((await demo('DELETE', '/v3/catalog/products/77')).status).toBe(204);
    expect((await demo('GET', '/v3/catalog/products/77')).status).toBe(404);
    const res = await fetch(`${sb.controlUrl}/stores/sandbox-demo/reset`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await demo('GET', '/v3/catalog/products/77')).status).toBe(200);
  });
});
