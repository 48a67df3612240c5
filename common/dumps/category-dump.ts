// The category dump file, written by Dump Categories. Documented in docs/formats.md. Version 1.
//
// One or every category tree of a store, each with its categories nested under their parents. A category carries
// every field of BigCommerce's flat category list (`GET /v3/catalog/trees/categories`: category_id, parent_id,
// tree_id, name, description, sort_order, page_title, meta fields, layout_file, image_url, is_visible, url…) plus
// `depth` (1 for a root), `path` (names from the root) and `children`.
import { z } from 'zod';

export const CATEGORY_DUMP_KIND = 'bc-toolbox/category-dump';
export const CATEGORY_DUMP_VERSION = 1;

export type DumpedCategoryNode = {
  category_id: number;
  parent_id: number;
  tree_id: number;
  name: string;
  depth: number;
  path: string[];
  children: DumpedCategoryNode[];
  [field: string]: unknown;
};

export const dumpedCategoryNodeSchema: z.ZodType<DumpedCategoryNode> = z.looseObject({
  category_id: z.number().int(),
  parent_id: z.number().int(),
  tree_id: z.number().int(),
  name: z.string(),
  depth: z.number().int(),
  path: z.array(z.string()),
  get children() {
    return z.array(dumpedCategoryNodeSchema);
  },
});

export const dumpedCategoryTreeSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  channels: z.array(z.number().int()).default([]),
  /** Categories in the tree, all depths. */
  totalCategories: z.number().int(),
  /** Root categories, each with its children. */
  categories: z.array(dumpedCategoryNodeSchema),
});
export type DumpedCategoryTree = z.infer<typeof dumpedCategoryTreeSchema>;

export const categoryDumpSchema = z.looseObject({
  formatVersion: z.literal(CATEGORY_DUMP_VERSION),
  kind: z.literal(CATEGORY_DUMP_KIND),
  dumpedAt: z.iso.datetime(),
  storeHash: z.string(),
  /** What was asked for: 'all' or one tree id. */
  treeId: z.union([z.literal('all'), z.number().int()]),
  trees: z.array(dumpedCategoryTreeSchema),
});
export type CategoryDump = z.infer<typeof categoryDumpSchema>;
