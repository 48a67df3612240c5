// Dump Categories for AI agents (issue 33): the API body with `storeId` in place of the credentials; the answer is
// the trees and their categories flattened (id, parent, name, path), paged for a model with `offset` and `limit`; the
// whole dump is kept for the caller and linked (`fullDump`).
import { z } from 'zod';
import { dumpCategoriesRequestSchema } from '../../../common/contracts/dump-categories';
import { categoryDumpFileName } from '../../../common/dumps/file-names';
import type { DumpedCategoryNode } from '../../../common/dumps/category-dump';
import { agentTool, type AgentTool } from '../../agent-tools/agent-tools';
import { storeIdInput } from '../../agent-tools/tool-inputs';
import { parseInput } from '../../errors';
import { dumpCategories } from './dump-categories.service';

export const DEFAULT_CATEGORY_PAGE = 100;
export const MAX_CATEGORY_PAGE = 500;

type FlatCategory = { id: number; parentId: number; treeId: number; name: string; path: string };

function flatten(nodes: readonly DumpedCategoryNode[], into: FlatCategory[]): FlatCategory[] {
  for (const node of nodes) {
    into.push({
      id: node.category_id,
      parentId: node.parent_id,
      treeId: node.tree_id,
      name: node.name,
      path: node.path.join(' > '),
    });
    flatten(node.children, into);
  }
  return into;
}

const dumpCategoriesAgentTool = agentTool({
  name: 'dump_categories',
  title: 'Dump categories',
  description:
    'Read the category trees of a store (all of them, or one by treeId): answers each tree (id, name, channels, number of categories) and its categories flattened in tree order (id, parentId, treeId, name, path), a page at a time (offset, limit; nextOffset when there are more). fullDump links the whole dump (every field) as a resource to read when you need all of it.',
  access: 'read',
  input: {
    storeId: storeIdInput('The store'),
    treeId: z.union([z.literal('all'), z.number().int().positive()]).default('all'),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(MAX_CATEGORY_PAGE).default(DEFAULT_CATEGORY_PAGE),
  },
  run: async ({ storeId, treeId, offset, limit }, context) => {
    const storeCredentials = await context.credentials(storeId);
    const request = parseInput(dumpCategoriesRequestSchema, { storeCredentials, treeId });
    const dump = await dumpCategories(context.client(storeCredentials), request.treeId, {
      signal: context.signal,
    });
    const fullDump = await context.keepDump?.({
      tool: 'dump_categories',
      name: categoryDumpFileName(request.treeId, new Date()),
      description: `The category trees of store ${storeCredentials.storeHash} (${request.treeId === 'all' ? 'all trees' : `tree ${request.treeId}`}), every field, as Dump Categories downloads them`,
      data: dump,
    });
    const all = flatten(
      dump.trees.flatMap((tree) => tree.categories),
      [],
    );
    const page = all.slice(offset, offset + limit);
    return {
      trees: dump.trees.map((tree) => ({
        id: tree.id,
        name: tree.name,
        channels: tree.channels,
        totalCategories: tree.totalCategories,
      })),
      total: all.length,
      offset,
      categories: page,
      nextOffset: offset + page.length < all.length ? offset + page.length : null,
      ...(fullDump ? { fullDump } : {}),
    };
  },
});

/** Dump Categories' tool: `dump_categories`. */
export function dumpCategoriesAgentTools(): AgentTool[] {
  return [dumpCategoriesAgentTool];
}
