// Dump Categories: the trees of a store, and one tree or all of them with their categories nested (API-NOTES §6 (b)).
//
// The tree is built from the flat list `GET /v3/catalog/trees/categories`, which carries every category field and
// `parent_id`, 250 categories per request, pages fetched in parallel. The nested view `GET /trees/{id}/categories`
// is not used: it holds fewer fields, and BigCommerce allows only 1 concurrent request to it per store, a limit one
// instance cannot keep for others sharing the store.
import {
  CATEGORY_DUMP_KIND,
  CATEGORY_DUMP_VERSION,
  type CategoryDump,
  type DumpedCategoryNode,
} from '../../../common/dumps/category-dump';
import type { CategoryTreeEntry } from '../../../common/contracts/dump-categories';
import type { BigCommerceClient, Category, CategoryTree } from '../../integrations/bigcommerce';
import { AppError } from '../../errors';
import { ERROR_CODES } from '../../../common/errors';

export type DumpCategoriesOptions = { now?: () => Date; signal?: AbortSignal };

/**
 * Trees in id order (the order they were made): getCategoryTrees documents no `sort` nor any order of its answer
 * (category-trees_catalog.v3.yml 295-340), so the order is set here.
 */
const byTreeId = <T extends { id: number }>(trees: readonly T[]): T[] =>
  [...trees].sort((a, b) => a.id - b.id);

/** `GET /v3/catalog/trees`: `[{id, name}]` for the picker, in id order. */
export async function listCategoryTrees(
  client: BigCommerceClient,
  signal?: AbortSignal,
): Promise<CategoryTreeEntry[]> {
  const trees = await client.categoryTrees.listAll({ signal });
  return byTreeId(trees).map((tree) => ({ id: tree.id, name: tree.name }));
}

function compareCategories(a: Category, b: Category): number {
  return (
    (a.sort_order ?? 0) - (b.sort_order ?? 0) ||
    (a.name ?? '').localeCompare(b.name ?? '') ||
    a.category_id - b.category_id
  );
}

/**
 * Nests the flat categories of one tree under their parents, in BigCommerce's sort order. A category whose parent is
 * not in the list is treated as a root, so nothing is lost.
 */
export function nestCategories(tree: CategoryTree, categories: readonly Category[]): DumpedCategoryNode[] {
  const ids = new Set(categories.map((category) => category.category_id));
  const byParent = new Map<number, Category[]>();
  for (const category of categories) {
    const parent = category.parent_id && ids.has(category.parent_id) ? category.parent_id : 0;
    const siblings = byParent.get(parent) ?? [];
    siblings.push(category);
    byParent.set(parent, siblings);
  }
  const visited = new Set<number>();
  const build = (parent: number, depth: number, path: string[]): DumpedCategoryNode[] =>
    (byParent.get(parent) ?? [])
      .filter((category) => !visited.has(category.category_id))
      .sort(compareCategories)
      .map((category) => {
        visited.add(category.category_id);
        const name = category.name ?? '';
        const nodePath = [...path, name];
        return {
          ...category,
          category_id: category.category_id,
          parent_id: category.parent_id ?? 0,
          tree_id: category.tree_id ?? tree.id,
          name,
          depth,
          path: nodePath,
          children: build(category.category_id, depth + 1, nodePath),
        };
      });
  return build(0, 1, []);
}

export async function dumpCategories(
  client: BigCommerceClient,
  treeId: number | 'all',
  options: DumpCategoriesOptions = {},
): Promise<CategoryDump> {
  const { signal } = options;
  const [trees, categories] = await Promise.all([
    client.categoryTrees.listAll({ query: treeId === 'all' ? {} : { 'id:in': treeId }, signal }),
    client.categories.listAll({ query: treeId === 'all' ? {} : { 'tree_id:in': treeId }, signal }),
  ]);
  const wanted = byTreeId(treeId === 'all' ? trees : trees.filter((tree) => tree.id === treeId));
  if (treeId !== 'all' && wanted.length === 0) {
    throw new AppError(ERROR_CODES.treeNotFound, `Category tree ${treeId} was not found in this store`);
  }
  return {
    formatVersion: CATEGORY_DUMP_VERSION,
    kind: CATEGORY_DUMP_KIND,
    dumpedAt: (options.now?.() ?? new Date()).toISOString(),
    storeHash: client.storeHash,
    treeId,
    trees: wanted.map((tree) => {
      const own = categories.filter((category) => (category.tree_id ?? tree.id) === tree.id);
      return {
        ...tree,
        id: tree.id,
        name: tree.name,
        channels: tree.channels ?? [],
        totalCategories: own.length,
        categories: nestCategories(tree, own),
      };
    }),
  };
}
