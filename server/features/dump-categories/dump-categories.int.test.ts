// GET and POST /api/dump-categories against the app's built-in sandbox, over HTTP.
import { describe, expect, it } from 'vitest';
import {
  DUMP_CATEGORIES_PATH,
  dumpCategoriesResponseSchema,
  listCategoryTreesResponseSchema,
  treeListQuery,
} from '../../../common/contracts/dump-categories';
import type { CategoryDump, DumpedCategoryNode } from '../../../common/dumps/category-dump';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, toolData, type Json, useToolTestServer } from '../../test/store-tools';

const EMPTY = { ...DEMO, storeHash: 'sandbox-empty', accessToken: 'empty-token' };

function flatten(nodes: DumpedCategoryNode[]): DumpedCategoryNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

describe.each(testDatabaseKinds())('dump categories (%s)', (kind) => {
  const app = useToolTestServer(kind, undefined);
  const listTrees = async (query: string) => {
    const res = await app.server.request(`${DUMP_CATEGORIES_PATH}${query}`);
    return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
  };
  const dump = (body: unknown) => app.post(DUMP_CATEGORIES_PATH, body);
  const dumpOk = async (body: unknown): Promise<CategoryDump> =>
    toolData(await dump(body), dumpCategoriesResponseSchema);
  const flatCategories = async (query: string) =>
    (await app.sandbox<{ data: Json[] }>(`/v3/catalog/trees/categories?limit=250${query}`)).data;

  it('lists the trees of the chosen store', async () => {
    const demo = await listTrees(treeListQuery(DEMO));
    expect(demo.status).toBe(200);
    expect(demo.headers.get('cache-control')).toBe('no-store');
    const parsed = listCategoryTreesResponseSchema.parse(demo.body);
    expect(parsed.success && parsed.data.map((t) => t.id)).toEqual([1, 2]);
    expect(parsed.success && parsed.data.every((t) => t.name.length > 0)).toBe(true);

    const empty = listCategoryTreesResponseSchema.parse((await listTrees(treeListQuery(EMPTY))).body);
    expect(empty.success && empty.data.map((t) => t.id)).toEqual([3, 4]);
  });

  it('refuses a missing or unreadable storeCredentials query, and a wrong token', async () => {
    expect(await listTrees('')).toMatchObject({
      status: 400,
      body: { success: false, error: 'Please select a store', code: 'store_required' },
    });
    expect(await listTrees('?storeCredentials=%7Bnot-json')).toMatchObject({
      status: 400,
      body: {
        success: false,
        error: 'storeCredentials must be the store as URL-encoded JSON',
        code: 'invalid_input',
      },
    });
    const wrong = await listTrees(treeListQuery({ ...DEMO, accessToken: 'nope' }));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, code: 'bc_unauthorized' });
  });

  it('dumps every tree with its categories nested, with all their fields', async () => {
    const data = await dumpOk({ storeCredentials: DEMO, treeId: 'all' });
    expect(data).toMatchObject({
      formatVersion: 1,
      kind: 'bc-toolbox/category-dump',
      storeHash: 'sandbox-demo',
      treeId: 'all',
    });
    expect(data.trees.map((t) => t.id)).toEqual([1, 2]);
    const flat = await flatCategories('');
    expect(data.trees.reduce((n, t) => n + t.totalCategories, 0)).toBe(flat.length);
    expect(flat.length).toBe(65);

    const [first, outlet] = data.trees;
    // Tree 1: 8 departments → 34 sub-categories → 10 third-level ones (sandbox README).
    expect(first?.categories).toHaveLength(8);
    const all = flatten(first?.categories ?? []);
    expect(all).toHaveLength(52);
    expect(all.filter((c) => c.depth === 2)).toHaveLength(34);
    expect(all.filter((c) => c.depth === 3)).toHaveLength(10);
    expect(outlet?.categories).toHaveLength(4);
    expect(outlet?.channels).toEqual([1702953]);

    // Every node keeps the flat list's fields, sits under its parent and knows its path.
    const byId = new Map(flat.map((c) => [c.category_id, c]));
    for (const tree of data.trees) {
      const walk = (nodes: DumpedCategoryNode[], parent: DumpedCategoryNode | undefined) => {
        for (const node of nodes) {
          const { children, depth, path, ...fields } = node;
          expect(fields).toEqual(byId.get(node.category_id));
          expect(node.tree_id).toBe(tree.id);
          expect(node.parent_id).toBe(parent?.category_id ?? 0);
          expect(depth).toBe((parent?.depth ?? 0) + 1);
          expect(path).toEqual([...(parent?.path ?? []), node.name]);
          walk(children, node);
        }
      };
      walk(tree.categories, undefined);
    }
  });

  it('dumps one tree by id (number or text) and says when it does not exist', async () => {
    const data = await dumpOk({ storeCredentials: DEMO, treeId: '2' });
    expect(data.treeId).toBe(2);
    expect(data.trees.map((t) => t.id)).toEqual([2]);
    expect(flatten(data.trees[0]?.categories ?? [])).toHaveLength(13);

    expect(await dump({ storeCredentials: DEMO, treeId: 999 })).toEqual({
      status: 404,
      body: {
        success: false,
        error: 'Category tree 999 was not found in this store',
        code: 'tree_not_found',
      },
    });
    expect(await dump({ storeCredentials: DEMO, treeId: 'some' })).toEqual({
      status: 400,
      body: { success: false, error: 'treeId must be "all" or a category tree id', code: 'invalid_input' },
    });
    expect(await dump({ treeId: 'all' })).toMatchObject({ status: 400, body: { code: 'store_required' } });
  });
});
