// POST /api/dump-product against the app's built-in sandbox, over HTTP.
import { describe, expect, it } from 'vitest';
import { DUMP_PRODUCT_PATH, dumpProductResponseSchema } from '../../../common/contracts/dump-product';
import { productDumpSchema, type ProductDump } from '../../../common/dumps/product-dump';
import { testDatabaseKinds } from '../../test/harness';
import {
  DEMO_STORE as DEMO,
  resetDemoStore,
  toolData,
  type Json,
  useToolTestServer,
} from '../../test/store-tools';

describe.each(testDatabaseKinds())('dump product (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { sandbox, control } = app;
  const dump = (body: unknown) => app.post(DUMP_PRODUCT_PATH, body);
  const dumpOk = async (body: unknown): Promise<ProductDump> =>
    productDumpSchema.parse(toolData(await dump(body), dumpProductResponseSchema));

  it('dumps a product by id with every sub-resource, category paths, brand name and channels', async () => {
    // A product that has variants from options, and custom fields; read the truth straight from the store.
    const list = await sandbox<{ data: Json[] }>(
      '/v3/catalog/products?include=variants,custom_fields,images,reviews&limit=250',
    );
    const rich = list.data.find(
      (p) =>
        (p.variants as Json[]).length > 1 &&
        (p.custom_fields as Json[]).length > 0 &&
        (p.reviews as Json[]).length > 0 &&
        Number(p.brand_id) > 0,
    );
    expect(rich).toBeDefined();
    const id = Number(rich?.id);

    const data = await dumpOk({ storeCredentials: DEMO, searchType: 'id', searchValue: String(id) });
    expect(data).toMatchObject({
      formatVersion: 1,
      kind: 'bc-toolbox/product-dump',
      source: { storeHash: 'sandbox-demo', productId: id },
      id,
      name: rich?.name,
      sku: rich?.sku,
      type: rich?.type,
    });
    expect(Date.parse(data.dumpedAt)).not.toBeNaN();

    const [variants, options, modifiers, images, customFields, reviews, brand, channels] = await Promise.all([
      sandbox<{ data: Json[] }>(`/v3/catalog/products/${id}/variants?limit=250`),
      sandbox<{ data: Json[] }>(`/v3/catalog/products/${id}/options?limit=250`),
      sandbox<{ data: Json[] }>(`/v3/catalog/products/${id}/modifiers?limit=250`),
      sandbox<{ data: Json[] }>(`/v3/catalog/products/${id}/images?limit=250`),
      sandbox<{ data: Json[] }>(`/v3/catalog/products/${id}/custom-fields?limit=250`),
      sandbox<{ data: Json[] }>(`/v3/catalog/products/${id}/reviews?limit=250`),
      sandbox<{ data: Json }>(`/v3/catalog/brands/${String(rich?.brand_id)}`),
      sandbox<{ data: Json[] }>(`/v3/catalog/products/channel-assignments?product_id:in=${id}`),
    ]);
    expect(data.variants).toEqual(variants.data);
    expect(data.options).toEqual(options.data);
    expect(data.options.length).toBeGreaterThan(0);
    expect(data.options[0]?.option_values.length).toBeGreaterThan(0);
    expect(data.modifiers).toEqual(modifiers.data);
    expect(data.images).toEqual(images.data);
    expect(data.custom_fields).toEqual(customFields.data);
    expect(data.reviews).toEqual(reviews.data);
    expect(data.brand_name).toBe(brand.data.name);
    expect(data.channels).toEqual(
      channels.data.map((a) => a.channel_id).sort((a, b) => Number(a) - Number(b)),
    );
    expect(data.channel_details.map((c) => c.id)).toEqual(data.channels);
    expect(data.channel_details.every((c) => typeof c.name === 'string' && c.name.length > 0)).toBe(true);
    // Product fields survive (SEO, price, custom_url) and read-only lists are not duplicated.
    expect(data.price).toBe(rich?.price);
    expect(data.custom_url).toEqual(rich?.custom_url);

    // Every category is named, with its path from the tree root.
    expect(data.category_details.map((c) => c.id).sort()).toEqual([...data.categories].sort());
    for (const category of data.category_details) {
      const flat = await sandbox<{ data: Json[] }>(
        `/v3/catalog/trees/categories?category_id:in=${category.path_ids.join(',')}`,
      );
      const byId = new Map(flat.data.map((c) => [c.category_id, c]));
      expect(category.path).toEqual(category.path_ids.map((pid) => byId.get(pid)?.name));
      expect(category.path.at(-1)).toBe(category.name);
      expect(byId.get(category.path_ids[0])?.parent_id).toBe(0);
    }
  });

  it('costs as few requests as BigCommerce allows: sub-resources come with the product (include=)', async () => {
    // Product 77 has variants, options, images, custom fields, reviews, a brand and categories one level deep.
    await resetDemoStore(app.server, { quota: 100_000 });
    await dumpOk({ storeCredentials: DEMO, searchType: 'id', searchValue: '77' });
    const stats = (await (await control('/stats')).json()) as {
      data: { requests: number; byRoute: Record<string, number> };
    };
    // Before: 14 (the product, then one list per sub-resource and the channel assignments).
    expect(stats.data.byRoute).toEqual({
      'GET /stores/:hash/v3/catalog/products/:product_id': 1,
      'GET /stores/:hash/v3/catalog/products/:product_id/reviews': 1,
      'GET /stores/:hash/v3/catalog/trees/categories': 2,
      'GET /stores/:hash/v3/catalog/brands/:brand_id': 1,
      'GET /stores/:hash/v3/channels': 1,
    });
    expect(stats.data.requests).toBe(6);
  });

  it('finds a product by its main SKU and by a variant SKU', async () => {
    const list = await sandbox<{ data: Json[] }>('/v3/catalog/products?include=variants&limit=250');
    const withVariants = list.data.find((p) => (p.variants as Json[]).length > 1);
    const variantSku = String((withVariants?.variants as Json[])[1]?.sku);
    const byMain = await dumpOk({
      storeCredentials: DEMO,
      searchType: 'sku',
      searchValue: withVariants?.sku,
    });
    expect(byMain.id).toBe(withVariants?.id);
    const byVariant = await dumpOk({
      storeCredentials: DEMO,
      searchType: 'sku',
      searchValue: ` ${variantSku} `,
    });
    expect(byVariant.id).toBe(withVariants?.id);
    expect(byVariant.variants.map((v) => v.sku)).toContain(variantSku);
  });

  it('refuses bad input with the spec messages and a code', async () => {
    expect(await dump({ searchType: 'id', searchValue: '77' })).toEqual({
      status: 400,
      body: { success: false, error: 'Please select a store', code: 'store_required' },
    });
    expect(await dump({ storeCredentials: null, searchType: 'id', searchValue: '77' })).toMatchObject({
      status: 400,
      body: { code: 'store_required' },
    });
    expect(await dump({ storeCredentials: DEMO, searchType: 'sku', searchValue: '   ' })).toEqual({
      status: 400,
      body: { success: false, error: 'Please enter a value to search by', code: 'search_value_required' },
    });
    expect(await dump({ storeCredentials: DEMO, searchType: 'id', searchValue: 'abc' })).toEqual({
      status: 400,
      body: { success: false, error: 'Product ID must be a positive whole number', code: 'invalid_input' },
    });
    expect(await dump({ storeCredentials: DEMO, searchType: 'name', searchValue: 'x' })).toEqual({
      status: 400,
      body: { success: false, error: 'searchType must be "id" or "sku"', code: 'invalid_input' },
    });
    expect(
      await dump({
        storeCredentials: { ...DEMO, storeHash: 'Not A Hash' },
        searchType: 'id',
        searchValue: '1',
      }),
    ).toMatchObject({ status: 400, body: { success: false, code: 'invalid_input' } });
  });

  it('says plainly when the product does not exist or the token is wrong', async () => {
    expect(await dump({ storeCredentials: DEMO, searchType: 'id', searchValue: '999999' })).toEqual({
      status: 404,
      body: {
        success: false,
        error: 'No product with ID 999999 was found in this store',
        code: 'product_not_found',
      },
    });
    expect(await dump({ storeCredentials: DEMO, searchType: 'sku', searchValue: 'NO-SUCH-SKU' })).toEqual({
      status: 404,
      body: {
        success: false,
        error: 'No product or variant with SKU "NO-SUCH-SKU" was found in this store',
        code: 'product_not_found',
      },
    });
    const wrong = await dump({
      storeCredentials: { ...DEMO, accessToken: 'wrong' },
      searchType: 'id',
      searchValue: '77',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, code: 'bc_unauthorized' });
    expect(String(wrong.body.error)).toMatch(/rejected the API token/);
    expect(JSON.stringify(wrong.body)).not.toContain('wrong');
  });

  it('rides out a burst of 429s and a 5xx without the user seeing them', async () => {
    await control('/settings', {
      method: 'PUT',
      body: JSON.stringify({ storm: { count: 4, resetMs: 50 }, errorNext: 1 }),
    });
    const data = await dumpOk({ storeCredentials: DEMO, searchType: 'id', searchValue: '77' });
    expect(data.id).toBe(77);
    const stats = (await (await control('/stats')).json()) as {
      data: { rateLimited: number; injectedErrors: number };
    };
    expect(stats.data.rateLimited).toBe(4);
    expect(stats.data.injectedErrors).toBe(1);
  });
});
