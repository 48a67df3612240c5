// POST /api/search-categories against the app's built-in sandbox, over HTTP (issue 31: find a category by name).
import { describe, expect, it } from 'vitest';
import {
  SEARCH_CATEGORIES_PATH,
  searchCategoriesResponseSchema,
  type SearchCategoriesData,
} from '../../../common/contracts/search-categories';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, okBody, type Json, useToolTestServer } from '../../test/store-tools';

describe.each(testDatabaseKinds())('search categories (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const search = (body: unknown) => app.post(SEARCH_CATEGORIES_PATH, body);
  const found = async (body: Json): Promise<SearchCategoriesData['categories']> =>
    okBody(await search({ storeCredentials: DEMO, ...body }), searchCategoriesResponseSchema).categories;

  it('finds a category of any tree by a part of its name, and by its id', async () => {
    const { data: all } = await app.sandbox<{ data: Json[] }>('/v3/catalog/trees/categories?limit=250');
    // A sub-category (its parent named), from the second tree too.
    for (const category of [
      all.find((c) => Number(c.parent_id) > 0 && c.tree_id === 1),
      all.find((c) => Number(c.parent_id) > 0 && c.tree_id === 2),
    ]) {
      const id = Number(category?.category_id);
      const name = String(category?.name);
      const expected = { id, name, parentId: Number(category?.parent_id) };
      const part = name.slice(1, Math.max(4, name.length - 2)).toLowerCase();
      expect(await found({ query: part, limit: 50 })).toContainEqual(expected);
      expect((await found({ query: String(id) }))[0]).toEqual(expected);
    }
    const top = all.find((c) => c.parent_id === 0);
    expect(await found({ query: String(top?.name), limit: 50 })).toContainEqual({
      id: Number(top?.category_id),
      name: String(top?.name),
      parentId: 0,
    });
  });

  it('answers an empty list when nothing matches, and at most `limit` matches', async () => {
    expect(await found({ query: 'no such category' })).toEqual([]);
    expect(await found({ query: '999999' })).toEqual([]);
    expect(await found({ query: 'e', limit: 2 })).toHaveLength(2);
  });

  it('refuses bad bodies with a message and a code, and says the store refused a wrong token', async () => {
    expect(await search({ query: 'x' })).toMatchObject({ status: 400, body: { code: 'store_required' } });
    expect(await search({ storeCredentials: DEMO, query: ' ' })).toEqual({
      status: 400,
      body: { error: 'Please enter a value to search by', code: 'search_value_required' },
    });
    expect(await search({ storeCredentials: DEMO, query: 'x', limit: 51 })).toEqual({
      status: 400,
      body: { error: 'limit must be a whole number from 1 to 50', code: 'invalid_input' },
    });
    const wrong = await search({ storeCredentials: { ...DEMO, accessToken: 'wrong' }, query: 'x' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'bc_unauthorized' });
  });
});
