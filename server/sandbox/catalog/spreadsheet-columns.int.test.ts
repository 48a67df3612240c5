// The sandbox over HTTP against the rules of Spreadsheet Edit's columns (issue 45): each documented rule of the fields
// the columns write, refused with BigCommerce's status and body, each edge value accepted, and what the batch
// endpoints do with one bad item. The table these cases follow is docs/spreadsheet-edit-rules.md.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STATUS_DOC_TYPE } from '../core/envelope';
import { bcErrorAnswer, startSandboxServer, type RunningSandbox } from '../test-server';

type Json = Record<string, unknown>;

let sb: RunningSandbox;

async function demo<T = Json>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${sb.storeUrl('sandbox-demo')}${path}`, {
    method,
    headers: { 'X-Auth-Token': 'demo-token', Accept: 'application/json', 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

beforeAll(async () => {
  sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  sb.sandbox.reset('sandbox-demo');
});

/** Two products of the demo store without option variants, and one with them. */
async function fixtures(): Promise<{ simple: Json[]; withVariants: { id: number; variants: Json[] } }> {
  const list = await demo<{ data: Json[] }>('GET', '/v3/catalog/products?include=variants&limit=100');
  const optionsOf = (p: Json) => (p.variants as { option_values: unknown[] }[])[0]!.option_values;
  const simple = list.body.data.filter((p) => optionsOf(p).length === 0);
  const multi = list.body.data.find(
    (p) => ((p.variants as Json[])[0]!.option_values as unknown[]).length > 0,
  )!;
  return { simple, withVariants: { id: Number(multi.id), variants: multi.variants as Json[] } };
}

async function product(id: unknown): Promise<Json> {
  return (await demo<{ data: Json }>('GET', `/v3/catalog/products/${String(id)}`)).body.data;
}

async function variant(productId: number, id: unknown): Promise<Json> {
  return (await demo<{ data: Json }>('GET', `/v3/catalog/products/${productId}/variants/${String(id)}`)).body
    .data;
}

describe('products: the documented field rules (product_Base_PUT)', () => {
  it('refuses each out-of-range, too long or unknown value with 422 naming the item and field', async () => {
    const { simple } = await fixtures();
    const id = simple[0]!.id;
    const cases: [string, unknown][] = [
      ['price', -0.01],
      ['sale_price', -1],
      ['retail_price', -1],
      ['cost_price', -1],
      ['weight', -1],
      ['width', 10000000000],
      ['height', -1],
      ['depth', -1],
      ['inventory_warning_level', -1],
      ['inventory_warning_level', 2147483648],
      ['sort_order', 2147483648],
      ['sort_order', -2147483649],
      ['name', ''],
      ['name', 'n'.repeat(251)],
      ['sku', 's'.repeat(256)],
      ['gtin', '1'.repeat(15)],
      ['page_title', 't'.repeat(256)],
      ['availability', 'soon'],
      ['condition', 'new'],
      ['type', 'service'],
      ['inventory_tracking', 'sku'],
      ['is_visible', 'yes'],
      ['price', null],
      ['categories', Array.from({ length: 1001 }, (_, i) => i + 1)],
      ['brand_id', -1],
    ];
    for (const [field, value] of cases) {
      const { status, body } = await demo<Json>('PUT', '/v3/catalog/products', [{ id, [field]: value }]);
      expect(status, `${field}=${JSON.stringify(value).slice(0, 20)}`).toBe(422);
      expect(body).toMatchObject({
        status: 422,
        title: 'JSON data is missing or invalid',
        type: STATUS_DOC_TYPE,
      });
      expect(Object.keys(body.errors as Json), field).toEqual([`0.${field}`]);
    }
    expect((await product(id)).price).toBe(simple[0]!.price);
  });

  it('accepts the edge values: 0 prices and sizes, the limits of each range and length, empty texts', async () => {
    const { simple } = await fixtures();
    const id = Number(simple[0]!.id);
    const edge = {
      id,
      price: 0,
      sale_price: 0,
      retail_price: 0,
      cost_price: '0',
      weight: 9999999999,
      width: 0,
      height: 0,
      depth: 0,
      inventory_level: 0,
      inventory_warning_level: 2147483647,
      sort_order: -2147483648,
      name: 'N'.repeat(250),
      sku: '',
      gtin: '1'.repeat(14),
      mpn: 'm'.repeat(300),
      page_title: 'P'.repeat(255),
      meta_description: '',
      search_keywords: '',
      availability: 'preorder',
      condition: 'Refurbished',
      inventory_tracking: 'product',
      is_visible: false,
      is_featured: true,
      type: 'digital',
      brand_id: 0,
      categories: [],
    };
    const { status, body } = await demo<{ data: Json[] }>('PUT', '/v3/catalog/products', [edge]);
    expect(status).toBe(200);
    const { id: _id, ...fields } = edge;
    expect(body.data[0]).toMatchObject({ ...fields, cost_price: 0 });
  });

  it('sets an inventory level above 2,147,483,647 to the limit, and saves the rest without a negative one (207)', async () => {
    const { simple } = await fixtures();
    const [a, b] = simple;
    const high = await demo<{ data: Json[] }>('PUT', '/v3/catalog/products', [
      { id: a!.id, inventory_level: 3000000000 },
    ]);
    expect(high.status).toBe(200);
    expect(high.body.data[0]!.inventory_level).toBe(2147483647);

    const { status, body } = await demo<Json>('PUT', '/v3/catalog/products', [
      { id: a!.id, inventory_level: 5 },
      { id: b!.id, inventory_level: -1, page_title: 'Saved all the same' },
    ]);
    expect(status).toBe(207);
    expect(body.errors).toEqual(
      bcErrorAnswer(207, 'Some of the data was not saved.', {
        '1.inventory_level': 'Inventory was not updated: the stock level cannot be negative.',
      }),
    );
    expect(await product(a!.id)).toMatchObject({ inventory_level: 5 });
    expect(await product(b!.id)).toMatchObject({
      inventory_level: b!.inventory_level,
      page_title: 'Saved all the same',
    });
  });

  it('saves the rest without a URL that is too long, not in Latin letters or taken (207)', async () => {
    const { simple } = await fixtures();
    const [a, b] = simple;
    const taken = (b!.custom_url as { url: string }).url;
    const { status, body } = await demo<Json>('PUT', '/v3/catalog/products', [
      {
        id: a!.id,
        meta_description: 'one',
        custom_url: { url: `/${'u'.repeat(255)}/`, is_customized: true },
      },
    ]);
    expect(status).toBe(207);
    expect(body.errors).toEqual(
      bcErrorAnswer(207, 'Some of the data was not saved.', {
        '0.custom_url': 'The URL was not updated: it is longer than 255 characters.',
      }),
    );
    const accented = await demo<Json>('PUT', `/v3/catalog/products/${String(a!.id)}`, {
      custom_url: { url: '/giày-chạy/', is_customized: true },
    });
    expect(accented.status).toBe(207);
    expect((accented.body.errors as Json).errors).toEqual({
      custom_url:
        'The URL was not updated: "/giày-chạy/" has characters other than Latin letters, digits and punctuation.',
    });
    const clash = await demo<Json>('PUT', `/v3/catalog/products/${String(a!.id)}`, {
      custom_url: { url: taken, is_customized: true },
    });
    expect(clash.status).toBe(207);
    const after = await product(a!.id);
    expect(after.meta_description).toBe('one');
    expect(after.custom_url).toEqual(a!.custom_url);
    const fine = await demo<{ data: Json }>('PUT', `/v3/catalog/products/${String(a!.id)}`, {
      custom_url: { url: '/running-shoes-2/', is_customized: true },
    });
    expect(fine.status).toBe(200);
    expect(fine.body.data.custom_url).toEqual({ url: '/running-shoes-2/', is_customized: true });
  });

  it('refuses with 409 a SKU a variant holds, a brand or a category that does not exist: nothing of the batch is saved', async () => {
    const { simple, withVariants } = await fixtures();
    const [a, b] = simple;
    const variantSku = String(withVariants.variants[0]!.sku);
    const dup = await demo<Json>('PUT', '/v3/catalog/products', [
      { id: a!.id, page_title: 'Not saved' },
      { id: b!.id, sku: variantSku.toLowerCase() },
    ]);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ status: 409, title: 'The SKU is a duplicate' });
    expect((await product(a!.id)).page_title).toBe(a!.page_title);

    const brand = await demo<Json>('PUT', '/v3/catalog/products', [{ id: a!.id, brand_id: 999999 }]);
    expect(brand).toEqual({
      status: 409,
      body: bcErrorAnswer(409, 'The brand_id is invalid', { brand_id: 'Brand 999999 does not exist.' }),
    });
    const category = await demo<Json>('PUT', `/v3/catalog/products/${String(a!.id)}`, {
      categories: [999999],
    });
    expect(category).toEqual({
      status: 409,
      body: bcErrorAnswer(409, 'The category_id is invalid', {
        categories: 'Category 999999 does not exist.',
      }),
    });
  });

  it('names every invalid item of a batch in one 422 and saves none of it', async () => {
    const { simple } = await fixtures();
    const [a, b, c] = simple;
    const { status, body } = await demo<Json>('PUT', '/v3/catalog/products', [
      { id: a!.id, price: -5 },
      { id: b!.id, page_title: 'Valid but not saved' },
      { id: c!.id, condition: 'Mint', sort_order: 1.5 },
    ]);
    expect(status).toBe(422);
    expect(Object.keys(body.errors as Json).sort()).toEqual(['0.price', '2.condition', '2.sort_order']);
    expect((await product(b!.id)).page_title).toBe(b!.page_title);
  });
});

describe('variants: the documented field rules (productVariant_Base / productVariant_Put)', () => {
  it("takes null prices (the product's), 0 prices, null codes and the length limits; refuses negatives and long codes", async () => {
    const { withVariants } = await fixtures();
    const [v0, v1] = withVariants.variants;
    const ok = await demo<{ data: Json[] }>('PUT', '/v3/catalog/variants', [
      {
        id: v0!.id,
        price: null,
        sale_price: null,
        retail_price: null,
        cost_price: 0,
        weight: null,
        upc: '1'.repeat(14),
        gtin: '2'.repeat(14),
        mpn: 'MPN-1',
        sku: 'S'.repeat(255),
        purchasing_disabled: true,
        image_url: 'https://example.com/red.png',
        inventory_warning_level: null,
      },
      { id: v1!.id, price: 0, sale_price: 0, upc: null, gtin: null, mpn: null },
    ]);
    expect(ok.status).toBe(200);
    expect(await variant(withVariants.id, v0!.id)).toMatchObject({
      price: null,
      sale_price: null,
      cost_price: 0,
      weight: null,
      upc: '1'.repeat(14),
      gtin: '2'.repeat(14),
      purchasing_disabled: true,
      image_url: 'https://example.com/red.png',
      inventory_warning_level: null,
    });
    expect(await variant(withVariants.id, v1!.id)).toMatchObject({
      price: 0,
      sale_price: 0,
      upc: '',
      gtin: '',
      mpn: '',
    });

    const bad: [string, unknown][] = [
      ['price', -1],
      ['sale_price', -0.5],
      ['weight', -1],
      ['upc', '1'.repeat(15)],
      ['gtin', '1'.repeat(15)],
      ['sku', ''],
      ['sku', 's'.repeat(256)],
      ['purchasing_disabled', null],
      ['purchasing_disabled', 'TRUE'],
      ['image_url', null],
      ['inventory_warning_level', 2147483648],
    ];
    for (const [field, value] of bad) {
      const { status, body } = await demo<Json>(
        'PUT',
        `/v3/catalog/products/${withVariants.id}/variants/${String(v0!.id)}`,
        {
          [field]: value,
        },
      );
      expect(status, `${field}=${JSON.stringify(value).slice(0, 20)}`).toBe(422);
      expect(Object.keys(body.errors as Json)).toEqual([field]);
    }
  });

  it('refuses a whole batch with one bad item: 422 with batch_errors, one entry per bad item, led by its index', async () => {
    const { simple, withVariants } = await fixtures();
    const [v0, v1, v2] = withVariants.variants;
    const productSku = String(simple[0]!.sku);
    const { status, body } = await demo<Json>('PUT', '/v3/catalog/variants', [
      { id: v0!.id, price: 12 },
      { id: v1!.id, price: -1 },
      { id: v2!.id, sku: productSku },
      { id: 99999999, price: 1 },
    ]);
    expect(status).toBe(422);
    expect(body).toEqual({
      batch_errors: [
        {
          status: 422,
          title: 'JSON data is missing or invalid',
          type: STATUS_DOC_TYPE,
          errors: { '1.price': expect.stringMatching(/^1\.price: /) as unknown },
        },
        {
          status: 409,
          title: 'The SKU is a duplicate',
          type: STATUS_DOC_TYPE,
          errors: { '2.sku': `SKU "${productSku}" is already used by product ${String(simple[0]!.id)}.` },
        },
        {
          status: 422,
          title: 'Variant not found',
          type: STATUS_DOC_TYPE,
          errors: { '3.id': 'Variant 99999999 does not exist.' },
        },
      ],
    });
    expect((await variant(withVariants.id, v0!.id)).price).toBe(v0!.price);
  });

  it('answers 207 on one variant when its inventory is negative or overflows the product, saving the rest', async () => {
    const { withVariants } = await fixtures();
    const [v0, v1] = withVariants.variants;
    const path = `/v3/catalog/products/${withVariants.id}/variants/${String(v0!.id)}`;
    const negative = await demo<Json>('PUT', path, { inventory_level: -3, mpn: 'KEPT' });
    expect(negative.status).toBe(207);
    expect(negative.body).toMatchObject({
      data: { id: v0!.id, mpn: 'KEPT', inventory_level: v0!.inventory_level },
      errors: bcErrorAnswer(207, 'Some of the data was not saved.', {
        inventory_level: 'Inventory was not updated: the stock level cannot be negative.',
      }),
    });
    // The sum of a product's variant levels stays within 2,147,483,647 (product-variants_catalog.v3.yml 2112-2114).
    await demo('PUT', '/v3/catalog/variants', [{ id: v1!.id, inventory_level: 10 }]);
    const overflow = await demo<Json>('PUT', path, { inventory_level: 2147483640 });
    expect(overflow.status).toBe(207);
    const inBatch = await demo<Json>('PUT', '/v3/catalog/variants', [{ id: v0!.id, inventory_level: -1 }]);
    expect(inBatch.status).toBe(422);
    expect((inBatch.body.batch_errors as Json[])[0]!.errors).toEqual({
      '0.inventory_level': 'Inventory was not updated: the stock level cannot be negative.',
    });
  });
});

describe('custom fields', () => {
  it('creates, updates and deletes with 1-250 characters and unique name-value pairs (422 otherwise)', async () => {
    const { simple } = await fixtures();
    const base = `/v3/catalog/products/${String(simple[0]!.id)}/custom-fields`;
    const made = await demo<{ data: Json }>('POST', base, { name: 'M'.repeat(250), value: 'Cotton' });
    expect(made.status).toBe(200);
    const again = await demo<Json>('POST', base, { name: 'M'.repeat(250), value: 'Cotton' });
    expect(again.status).toBe(422);
    for (const body of [
      { name: '', value: 'x' },
      { name: 'x', value: 'v'.repeat(251) },
    ]) {
      expect((await demo('POST', base, body)).status).toBe(422);
    }
    const fieldPath = `${base}/${String(made.body.data.id)}`;
    expect((await demo('PUT', fieldPath, { value: '' })).status).toBe(422);
    const updated = await demo<{ data: Json }>('PUT', fieldPath, { value: 'Linen' });
    expect(updated.body.data).toMatchObject({ name: 'M'.repeat(250), value: 'Linen' });
    expect((await demo('DELETE', fieldPath)).status).toBe(204);
    expect((await demo('DELETE', fieldPath)).status).toBe(404);
  });
});

describe('the reads the export makes', () => {
  it('lists products with variants and custom fields, only the fields asked for, by id:in, brand and category', async () => {
    const { simple } = await fixtures();
    const ids = simple.slice(0, 3).map((p) => Number(p.id));
    const { body } = await demo<{ data: Json[]; meta: Json }>(
      'GET',
      `/v3/catalog/products?id:in=${ids.join(',')}&include=variants,custom_fields&include_fields=name,sku&limit=2&page=1`,
    );
    expect(body.data).toHaveLength(2);
    for (const p of body.data) {
      expect(Object.keys(p).sort()).toEqual(['custom_fields', 'id', 'name', 'sku', 'variants']);
      expect(ids).toContain(p.id);
    }
    expect(body.meta).toMatchObject({ pagination: { total: 3, total_pages: 2 } });

    const brandId = Number((await product(ids[0])).brand_id);
    const byBrand = await demo<{ data: Json[] }>('GET', `/v3/catalog/products?brand_id=${brandId}&limit=250`);
    expect(byBrand.body.data.every((p) => p.brand_id === brandId)).toBe(true);
    const brand = await demo<{ data: { name: string } }>('GET', `/v3/catalog/brands/${brandId}`);
    const named = await demo<{ data: Json[] }>(
      'GET',
      `/v3/catalog/brands?name=${encodeURIComponent(brand.body.data.name)}`,
    );
    expect(named.body.data.map((b) => b.id)).toEqual([brandId]);

    const categories = await demo<{ data: Json[] }>('GET', '/v3/catalog/trees/categories?limit=250');
    const child = categories.body.data.find((cat) => Number(cat.parent_id) > 0)!;
    expect(categories.body.data.some((cat) => cat.category_id === child.parent_id)).toBe(true);
    const inCategory = await demo<{ data: Json[] }>(
      'GET',
      `/v3/catalog/products?categories:in=${String(child.category_id)}&limit=250`,
    );
    for (const p of inCategory.body.data) expect(p.categories).toContain(child.category_id);
  });

  it('lists variants by product_id:in and ignores id:in, which getVariants does not document', async () => {
    const { withVariants } = await fixtures();
    const byProduct = await demo<{ data: Json[] }>(
      'GET',
      `/v3/catalog/variants?product_id:in=${withVariants.id}&limit=250`,
    );
    expect(byProduct.body.data.map((v) => v.id).sort()).toEqual(
      withVariants.variants.map((v) => v.id).sort(),
    );
    const idIn = await demo<{ data: Json[] }>(
      'GET',
      `/v3/catalog/variants?id:in=${String(withVariants.variants[0]!.id)}&limit=5`,
    );
    expect(idIn.body.data.length).toBe(5);
  });
});
