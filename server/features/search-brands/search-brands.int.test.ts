// POST /api/search-brands against the app's built-in sandbox, over HTTP (issue 31: find a brand by name).
import { describe, expect, it } from 'vitest';
import {
  SEARCH_BRANDS_PATH,
  searchBrandsResponseSchema,
  type SearchBrandsData,
} from '../../../common/contracts/search-brands';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, okBody, type Json, useToolTestServer } from '../../test/store-tools';

describe.each(testDatabaseKinds())('search brands (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const search = (body: unknown) => app.post(SEARCH_BRANDS_PATH, body);
  const found = async (body: Json): Promise<SearchBrandsData['brands']> =>
    okBody(await search({ storeCredentials: DEMO, ...body }), searchBrandsResponseSchema).brands;

  it('finds a brand by a part of its name, and by its id', async () => {
    const { data: brands } = await app.sandbox<{ data: Json[] }>('/v3/catalog/brands?limit=250');
    const brand = brands[3];
    const expected = { id: Number(brand?.id), name: String(brand?.name) };
    const part = expected.name.slice(1, -1).toUpperCase();
    expect(await found({ query: part })).toContainEqual(expected);
    expect(await found({ query: String(expected.id), limit: 1 })).toEqual([expected]);
  });

  it('answers an empty list when nothing matches, and at most `limit` matches', async () => {
    expect(await found({ query: 'no such brand' })).toEqual([]);
    expect(await found({ query: '999999' })).toEqual([]);
    expect(await found({ query: 'a', limit: 2 })).toHaveLength(2);
  });

  it('refuses bad bodies with a message and a code, and says the store refused a wrong token', async () => {
    expect(await search({ query: 'x' })).toMatchObject({ status: 400, body: { code: 'store_required' } });
    expect(await search({ storeCredentials: DEMO })).toEqual({
      status: 400,
      body: { error: 'Please enter a value to search by', code: 'search_value_required' },
    });
    expect(await search({ storeCredentials: DEMO, query: 'y'.repeat(101) })).toEqual({
      status: 400,
      body: { error: 'query must be at most 100 characters', code: 'invalid_input' },
    });
    const wrong = await search({ storeCredentials: { ...DEMO, accessToken: 'wrong' }, query: 'x' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'bc_unauthorized' });
  });
});
