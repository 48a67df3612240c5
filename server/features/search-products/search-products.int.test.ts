// POST /api/search-products against the app's built-in sandbox, over HTTP (issue 31: find a product by name).
import { describe, expect, it } from 'vitest';
import {
  SEARCH_PRODUCTS_PATH,
  searchProductsResponseSchema,
  type SearchProductsData,
} from '../../../common/contracts/search-products';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, okBody, type Json, useToolTestServer } from '../../test/store-tools';

describe.each(testDatabaseKinds())('search products (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const search = (body: unknown) => app.post(SEARCH_PRODUCTS_PATH, body);
  const found = async (body: Json): Promise<SearchProductsData['products']> =>
    okBody(await search({ storeCredentials: DEMO, ...body }), searchProductsResponseSchema).products;

  it('finds a demo product by a part of its name, by its SKU and by its id', async () => {
    const { data: product } = await app.sandbox<{ data: Json }>('/v3/catalog/products/80');
    const name = String(product.name);
    const sku = String(product.sku);
    // A word from the middle of the name, in other letter case.
    const word = name.split(' ')[1] ?? name;
    const byName = await found({ query: word.toUpperCase(), limit: 50 });
    expect(byName).toContainEqual({ id: 80, name, sku });
    expect(byName.length).toBeLessThanOrEqual(50);
    for (const match of byName) expect(Object.keys(match).sort()).toEqual(['id', 'name', 'sku']);

    expect(await found({ query: ` ${sku} ` })).toEqual([{ id: 80, name, sku }]);
    // A number finds the id first, then whatever holds the digits.
    expect((await found({ query: '80' }))[0]).toEqual({ id: 80, name, sku });
    expect((await found({ query: 80, limit: 1 })).map((p) => p.id)).toEqual([80]);
  });

  it('answers at most `limit` matches, 10 when left out', async () => {
    // Almost every demo description holds "the".
    expect(await found({ query: 'the' })).toHaveLength(10);
    expect(await found({ query: 'the', limit: 3 })).toHaveLength(3);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await found({ query: 'no such thing anywhere' })).toEqual([]);
    expect(await found({ query: '999999' })).toEqual([]);
  });

  it('costs one request to BigCommerce for text and two for a number', async () => {
    await found({ query: 'lamp' });
    await found({ query: '77' });
    const stats = (await (await app.control('/stats')).json()) as {
      data: { requests: number; byRoute: Record<string, number> };
    };
    expect(stats.data.byRoute).toEqual({ 'GET /stores/:hash/v3/catalog/products': 3 });
  });

  it('refuses bad bodies with a message and a code', async () => {
    expect(await search({ query: 'lamp' })).toEqual({
      status: 400,
      body: { error: 'Please select a store', code: 'store_required' },
    });
    for (const query of [undefined, null, '', '   ']) {
      expect(await search({ storeCredentials: DEMO, query })).toEqual({
        status: 400,
        body: { error: 'Please enter a value to search by', code: 'search_value_required' },
      });
    }
    expect(await search({ storeCredentials: DEMO, query: { text: 'lamp' } })).toEqual({
      status: 400,
      body: { error: 'query must be text', code: 'invalid_input' },
    });
    expect(await search({ storeCredentials: DEMO, query: 'x'.repeat(101) })).toEqual({
      status: 400,
      body: { error: 'query must be at most 100 characters', code: 'invalid_input' },
    });
    // 100 characters after trimming are fine.
    expect((await search({ storeCredentials: DEMO, query: ` ${'x'.repeat(100)} ` })).status).toBe(200);
    for (const limit of [0, 51, 2.5, '10', null]) {
      expect(await search({ storeCredentials: DEMO, query: 'lamp', limit })).toEqual({
        status: 400,
        body: { error: 'limit must be a whole number from 1 to 50', code: 'invalid_input' },
      });
    }
    const notJson = await app.server.request(SEARCH_PRODUCTS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"query":',
    });
    expect(notJson.status).toBe(400);
  });

  it('says the store refused a wrong token', async () => {
    const wrong = await search({ storeCredentials: { ...DEMO, accessToken: 'wrong' }, query: 'lamp' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'bc_unauthorized' });
    expect(String(wrong.body.error)).toMatch(/^BigCommerce rejected the API token \(401\)/);
  });
});
