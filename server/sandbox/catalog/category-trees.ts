// Category trees and their categories (category-trees_catalog.v3.yml) [TREE getCategoryTrees, upsertCategoryTrees,
// deleteCategoryTrees, getCategoryTree, getAllCategories, createCategories, updateCategories, deleteTreeCategories];
// API-NOTES.md §6(b).
import { z } from 'zod';
import { type SandboxApp, V3 } from '../core/app-env';
import { BcApiError, STATUS_DOC_TYPE, v3List } from '../core/envelope';
import { categoryUuid } from './demo/structure';
import {
  boolParam,
  documentedOnly,
  intListParam,
  intParam,
  pagingParams,
  strListParam,
  strParam,
  unaskedOrder,
} from '../core/query';
import { int, issuesToErrors, parseBody, str } from '../core/body';
import { nextId, type StoreData } from '../core/store-state';
import { slugify } from './records';
import { listPage, NOT_FOUND_TITLE, pathId, query, readBatch, readJson, requireArray } from './route-helpers';
import type { Category } from './types';

export const categoryFieldsShape = {
  name: z.string().min(1).max(50),
  parent_id: int,
  tree_id: int,
  description: z.string(),
  views: int,
  sort_order: int,
  page_title: z.string(),
  meta_keywords: z.array(z.string()),
  meta_description: str(65535),
  layout_file: str(50),
  image_url: z.string(),
  is_visible: z.boolean(),
  search_keywords: str(255),
  default_product_sort: z.enum([
    'use_store_settings',
    'featured',
    'newest',
    'best_selling',
    'alpha_asc',
    'alpha_desc',
    'avg_customer_review',
    'price_asc',
    'price_desc',
  ]),
  url: z.object({ path: z.string().max(255), is_customized: z.boolean().optional() }),
};
export const categoryCreateSchema = z
  .object(categoryFieldsShape)
  .partial()
  .extend({ name: categoryFieldsShape.name });
export const categoryUpdateSchema = z.object(categoryFieldsShape).partial().extend({ category_id: int });

export const treeUpsertSchema = z.object({
  id: int.optional(),
  name: z.string().min(1).max(255),
  channels: z.array(int).optional(),
});

const MAX_CATEGORIES = 16_000;
const MAX_DEPTH = 8;
const TREE_BATCH_MAX = 50;

type CategoryNode = {
  id: number;
  parent_id: number;
  depth: number;
  path: number[];
  name: string;
  is_visible: boolean;
  url: string;
  children: CategoryNode[];
};

function childrenOf(data: StoreData, treeId: number, parentId: number): Category[] {
  return [...data.categories.values()]
    .filter((c) => c.tree_id === treeId && c.parent_id === parentId)
    .sort((a, b) => a.sort_order - b.sort_order || a.category_id - b.category_id);
}

/** Ancestor ids, root first. */
function ancestors(data: StoreData, category: Category): number[] {
  const path: number[] = [];
  let parent = data.categories.get(category.parent_id);
  while (parent) {
    path.unshift(parent.category_id);
    parent = data.categories.get(parent.parent_id);
  }
  return path;
}

function descendantIds(data: StoreData, id: number): number[] {
  const out: number[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    out.push(current);
    for (const c of data.categories.values()) if (c.parent_id === current) stack.push(c.category_id);
  }
  return out;
}

function buildNodes(
  data: StoreData,
  treeId: number,
  parentId: number,
  path: number[],
  maxDepth: number,
): CategoryNode[] {
  const depth = path.length + 1;
  return childrenOf(data, treeId, parentId).map((c) => ({
    id: c.category_id,
    parent_id: c.parent_id,
    depth,
    path,
    name: c.name,
    is_visible: c.is_visible,
    url: c.url.path,
    children:
      depth < maxDepth ? buildNodes(data, treeId, c.category_id, [...path, c.category_id], maxDepth) : [],
  }));
}

function removeCategories(data: StoreData, ids: Set<number>): void {
  for (const id of ids) data.categories.delete(id);
  for (const record of data.products.values()) {
    if (record.fields.categories.some((c) => ids.has(c))) {
      record.fields.categories = record.fields.categories.filter((c) => !ids.has(c));
    }
  }
}

/** What `GET /v3/catalog/trees/categories` documents (category-trees_catalog.v3.yml lines 56-73): no `name:in`. */
const GET_CATEGORIES_PARAMS = [
  'category_uuid:in',
  'category_uuid:not_in',
  'category_id:in',
  'category_id:not_in',
  'tree_id:in',
  'tree_id:not_in',
  'parent_id:in',
  'parent_id:not_in',
  'page_title',
  'page_title:like',
  'name',
  'name:like',
  'keyword',
  'is_visible',
  'include_fields',
  'exclude_fields',
  'page',
  'limit',
] as const;

/** The filters `DELETE /v3/catalog/trees/categories` documents (same file, lines 264-268). */
const DELETE_CATEGORIES_FILTERS = [
  'category_uuid:in',
  'category_id:in',
  'tree_id:in',
  'parent_id:in',
] as const;

/** One predicate from the documented filters; BigCommerce ignores the others, and so does the sandbox. */
function categoryFilter(query: URLSearchParams, documented: readonly string[]): (c: Category) => boolean {
  const q = documentedOnly(query, documented);
  const tests: ((c: Category) => boolean)[] = [];
  const inOut = (key: string, get: (c: Category) => number) => {
    const inList = intListParam(q, `${key}:in`);
    const notIn = intListParam(q, `${key}:not_in`);
    if (inList) tests.push((c) => inList.includes(get(c)));
    if (notIn) tests.push((c) => !notIn.includes(get(c)));
  };
  inOut('category_id', (c) => c.category_id);
  inOut('tree_id', (c) => c.tree_id);
  inOut('parent_id', (c) => c.parent_id);
  const uuidIn = strListParam(q, 'category_uuid:in');
  const uuidNotIn = strListParam(q, 'category_uuid:not_in');
  if (uuidIn) tests.push((c) => uuidIn.includes(c.category_uuid));
  if (uuidNotIn) tests.push((c) => !uuidNotIn.includes(c.category_uuid));
  const text = (key: string, get: (c: Category) => string) => {
    const exact = strParam(q, key);
    // `name:like=stick` "returns both `Stickers` and `Lipstick colors`" (line 1141): a substring, ignoring case.
    const like = strParam(q, `${key}:like`);
    if (exact !== undefined) tests.push((c) => get(c).toLowerCase() === exact.toLowerCase());
    if (like !== undefined) tests.push((c) => get(c).toLowerCase().includes(like.toLowerCase()));
  };
  text('name', (c) => c.name);
  text('page_title', (c) => c.page_title);
  const keyword = strParam(q, 'keyword');
  if (keyword !== undefined) {
    const k = keyword.toLowerCase();
    tests.push((c) => `${c.name} ${c.description} ${c.search_keywords}`.toLowerCase().includes(k));
  }
  const isVisible = boolParam(q, 'is_visible');
  if (isVisible !== undefined) tests.push((c) => c.is_visible === isVisible);
  return (c) => tests.every((t) => t(c));
}

/**
 * Body of a write on categories, as each answer documents it (category-trees_catalog.v3.yml): create answers 201
 * SuccessResponse `{data, meta: {total, success, failed}}` (lines 152-186, schemas 787-797) or 207
 * PartialSuccessResponse `{data, errors, meta}` (187-192, 774-786); update answers 200 SuccessNoContentResponse `{meta}`
 * (227-232, 758-764) or 207 PartialSuccessNoContentResponse `{errors, meta}` (233-238, 765-773), never `data`; a 422
 * is ErrorResponse `{errors, meta}` (798-806). `errors` is MetaError `{status, title, type, errors}` (741-746).
 */
function batchAnswer(
  saved: Category[],
  total: number,
  errors: Record<string, string>,
  answer: 'created' | 'updated',
) {
  const meta = { total, success: saved.length, failed: total - saved.length };
  const refused = saved.length === 0 && total > 0;
  const data = answer === 'created' && !refused ? { data: saved } : {};
  if (Object.keys(errors).length === 0) return { ...data, meta };
  return {
    ...data,
    errors: {
      status: refused ? 422 : 207,
      title: 'Some categories were not saved.',
      type: STATUS_DOC_TYPE,
      errors,
    },
    meta,
  };
}

export function registerTreeRoutes(app: SandboxApp): void {
  app.get(`${V3}/catalog/trees`, (c) => {
    const q = query(c);
    const { page, limit } = pagingParams(q, 250);
    const ids = intListParam(q, 'id:in');
    const channels = intListParam(q, 'channel_id:in');
    const trees = [...c.get('store').data.trees.values()]
      .filter((t) => !ids || ids.includes(t.id))
      .filter((t) => !channels || t.channels.some((ch) => channels.includes(ch)));
    // getCategoryTrees documents no sort (category-trees_catalog.v3.yml 295-340).
    return v3List(
      c,
      unaskedOrder(trees, (t) => t.id),
      page,
      limit,
    );
  });

  app.put(`${V3}/catalog/trees`, async (c) => {
    const data = c.get('store').data;
    const items = await readBatch(c, TREE_BATCH_MAX);
    const inputs = items.map((item, i) => parseBody(treeUpsertSchema, item, `${i}.`));
    inputs.forEach((input, i) => {
      if (input.id !== undefined) {
        if (!data.trees.has(input.id))
          throw new BcApiError(422, 'Category tree not found', {
            [`${i}.id`]: `Tree ${input.id} does not exist.`,
          });
        if (input.channels !== undefined) {
          throw new BcApiError(422, 'The channels field must be absent when updating a category tree', {
            [`${i}.channels`]: 'Not supported on update.',
          });
        }
        return;
      }
      if (!input.channels || input.channels.length !== 1) {
        throw new BcApiError(422, 'A category tree needs exactly one channel', {
          [`${i}.channels`]: 'Provide one channel id.',
        });
      }
      const channelId = input.channels[0]!;
      if (!data.channels.has(channelId))
        throw new BcApiError(422, 'Channel not found', {
          [`${i}.channels`]: `Channel ${channelId} does not exist.`,
        });
      if ([...data.trees.values()].some((t) => t.channels.includes(channelId))) {
        throw new BcApiError(422, 'The channel already has a category tree', {
          [`${i}.channels`]: `Channel ${channelId} is assigned to another tree.`,
        });
      }
    });
    const out = inputs.map((input) => {
      if (input.id !== undefined) {
        const tree = data.trees.get(input.id)!;
        tree.name = input.name;
        return tree;
      }
      const id = nextId(data, 'tree');
      const tree = { id, name: input.name, channels: input.channels ?? [] };
      data.trees.set(id, tree);
      return tree;
    });
    return c.json({ data: out, meta: { total: out.length, success: out.length, failed: 0 } }, 200);
  });

  app.delete(`${V3}/catalog/trees`, (c) => {
    const data = c.get('store').data;
    const ids = intListParam(query(c), 'id:in');
    if (!ids || ids.length === 0)
      throw new BcApiError(422, 'At least one filter must be provided', { 'id:in': 'Provide tree ids.' });
    for (const id of ids) {
      if (!data.trees.delete(id)) continue;
      removeCategories(
        data,
        new Set(
          [...data.categories.values()].filter((cat) => cat.tree_id === id).map((cat) => cat.category_id),
        ),
      );
    }
    return c.body(null, 204);
  });

  // Nested view of one tree: no pagination, `meta: {}`, 404 for an unknown tree.
  app.get(`${V3}/catalog/trees/:tree_id{[0-9]+}/categories`, (c) => {
    const data = c.get('store').data;
    const treeId = pathId(c, 'tree_id');
    if (!data.trees.has(treeId))
      throw new BcApiError(404, NOT_FOUND_TITLE, { tree_id: `Tree ${treeId} was not found.` });
    const depth = intParam(query(c), 'depth') ?? MAX_DEPTH;
    return c.json({ data: buildNodes(data, treeId, 0, [], Math.max(1, depth)), meta: {} }, 200);
  });

  app.get(`${V3}/catalog/trees/categories`, (c) => {
    const page = listPage(c);
    const categories = [...c.get('store').data.categories.values()].filter(
      categoryFilter(query(c), GET_CATEGORIES_PARAMS),
    );
    // getAllCategories documents no `sort` (category-trees_catalog.v3.yml 125-205): a client that needs an order
    // sorts what it read.
    return page(
      unaskedOrder(categories, (cat) => cat.category_id),
      (cat) => cat,
      ['category_id'],
    );
  });

  app.post(`${V3}/catalog/trees/categories`, async (c) => {
    const data = c.get('store').data;
    const items = requireArray(await readJson(c));
    const created: Category[] = [];
    const errors: Record<string, string> = {};
    items.forEach((item, i) => {
      const parsed = categoryCreateSchema.safeParse(item);
      if (!parsed.success) {
        Object.assign(errors, issuesToErrors(parsed.error, `${i}.`));
        return;
      }
      const problem = createCategory(data, parsed.data);
      if (typeof problem === 'string') errors[`${i}`] = problem;
      else created.push(problem);
    });
    const body = batchAnswer(created, items.length, errors, 'created');
    if (created.length === 0 && items.length > 0) return c.json(body, 422);
    return c.json(body, Object.keys(errors).length > 0 ? 207 : 201);
  });

  app.put(`${V3}/catalog/trees/categories`, async (c) => {
    const data = c.get('store').data;
    const items = requireArray(await readJson(c));
    const updated: Category[] = [];
    const errors: Record<string, string> = {};
    items.forEach((item, i) => {
      const parsed = categoryUpdateSchema.safeParse(item);
      if (!parsed.success) {
        Object.assign(errors, issuesToErrors(parsed.error, `${i}.`));
        return;
      }
      const problem = updateCategory(data, parsed.data);
      if (typeof problem === 'string') errors[`${i}`] = problem;
      else updated.push(problem);
    });
    const body = batchAnswer(updated, items.length, errors, 'updated');
    if (updated.length === 0 && items.length > 0) return c.json(body, 422);
    return c.json(body, Object.keys(errors).length > 0 ? 207 : 200);
  });

  app.delete(`${V3}/catalog/trees/categories`, (c) => {
    const data = c.get('store').data;
    const q = query(c);
    if (!DELETE_CATEGORIES_FILTERS.some((k) => q.has(k))) {
      throw new BcApiError(422, 'At least one filter must be provided', {
        filter: `Use one of ${DELETE_CATEGORIES_FILTERS.join(', ')}.`,
      });
    }
    const filter = categoryFilter(q, DELETE_CATEGORIES_FILTERS);
    const matched = [...data.categories.values()].filter(filter);
    const ids = new Set(matched.flatMap((cat) => descendantIds(data, cat.category_id)));
    removeCategories(data, ids);
    // The spec answers 202 with a `meta` summary [TREE deleteTreeCategories].
    return c.json({ meta: { total: matched.length, success: matched.length, failed: 0 } }, 202);
  });
}

type CategoryCreate = z.infer<typeof categoryCreateSchema>;
type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

function siblingNameTaken(
  data: StoreData,
  treeId: number,
  parentId: number,
  name: string,
  ignoreId?: number,
): boolean {
  return childrenOf(data, treeId, parentId).some(
    (s) => s.category_id !== ignoreId && s.name.toLowerCase() === name.toLowerCase(),
  );
}

/** Creates one category or returns the reason it cannot be created. */
function createCategory(data: StoreData, input: CategoryCreate): Category | string {
  if (data.categories.size >= MAX_CATEGORIES) return 'The store already has 16,000 categories.';
  const parentId = input.parent_id ?? 0;
  const parent = parentId !== 0 ? data.categories.get(parentId) : undefined;
  if (parentId !== 0 && !parent) return `Parent category ${parentId} does not exist.`;
  const treeId = input.tree_id ?? parent?.tree_id;
  if (treeId === undefined) return 'Provide tree_id or parent_id.';
  if (!data.trees.has(treeId)) return `Tree ${treeId} does not exist.`;
  if (parent && parent.tree_id !== treeId) return `Parent category ${parentId} is in another tree.`;
  if (parent && ancestors(data, parent).length + 2 > MAX_DEPTH)
    return 'Categories can be nested at most 8 levels deep.';
  if (siblingNameTaken(data, treeId, parentId, input.name))
    return `A sibling category named "${input.name}" already exists.`;
  const id = nextId(data, 'category');
  const prefix = parent ? parent.url.path : '/';
  const category: Category = {
    category_id: id,
    category_uuid: categoryUuid(data, id),
    parent_id: parentId,
    tree_id: treeId,
    name: input.name,
    description: input.description ?? '',
    views: input.views ?? 0,
    sort_order: input.sort_order ?? 0,
    page_title: input.page_title ?? '',
    meta_keywords: input.meta_keywords ?? [],
    meta_description: input.meta_description ?? '',
    layout_file: input.layout_file ?? 'category.html',
    image_url: input.image_url ?? '',
    is_visible: input.is_visible ?? true,
    search_keywords: input.search_keywords ?? '',
    default_product_sort: input.default_product_sort ?? 'use_store_settings',
    url: input.url
      ? { path: input.url.path, is_customized: input.url.is_customized ?? true }
      : { path: `${prefix}${slugify(input.name)}/`, is_customized: false },
  };
  data.categories.set(id, category);
  return category;
}

function updateCategory(data: StoreData, input: CategoryUpdate): Category | string {
  const category = data.categories.get(input.category_id);
  if (!category) return `Category ${input.category_id} does not exist.`;
  const parentId = input.parent_id ?? category.parent_id;
  if (input.tree_id !== undefined && input.tree_id !== category.tree_id)
    return 'A category cannot move to another tree.';
  if (parentId !== category.parent_id) {
    if (parentId !== 0) {
      const parent = data.categories.get(parentId);
      if (!parent || parent.tree_id !== category.tree_id)
        return `Parent category ${parentId} does not exist in this tree.`;
      if (descendantIds(data, category.category_id).includes(parentId))
        return 'A category cannot be moved below itself.';
    }
  }
  const name = input.name ?? category.name;
  if (siblingNameTaken(data, category.tree_id, parentId, name, category.category_id)) {
    return `A sibling category named "${name}" already exists.`;
  }
  const { category_id: _id, tree_id: _tree, url, ...rest } = input;
  Object.assign(category, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
  category.parent_id = parentId;
  if (url) category.url = { path: url.path, is_customized: url.is_customized ?? true };
  return category;
}
