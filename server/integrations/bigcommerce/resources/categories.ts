// Category trees and categories, from openapi/catalog/category-trees_catalog.v3.yml (API-NOTES §6b).
import { z } from 'zod';
import { idSchema } from './common';

/** Tree [TREE getCategoryTrees] */
export const categoryTreeSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  channels: z.array(idSchema).optional(),
});
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

/** CategoryNode: the nested view of `GET /v3/catalog/trees/{tree_id}/categories` [TREE getCategoryTree]. */
export type CategoryNode = {
  id: number;
  parent_id?: number;
  depth?: number;
  path?: number[];
  name: string;
  is_visible?: boolean;
  url?: string;
  children?: CategoryNode[];
  [key: string]: unknown;
};
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.looseObject({
  id: idSchema,
  parent_id: idSchema.optional(),
  depth: z.number().optional(),
  path: z.array(idSchema).optional(),
  name: z.string(),
  is_visible: z.boolean().optional(),
  url: z.string().optional(),
  get children() {
    return z.array(categoryNodeSchema).optional();
  },
});

/** GetCategories: the flat, full-detail item of `GET /v3/catalog/trees/categories` [TREE getAllCategories]. */
export const categorySchema = z.looseObject({
  category_id: idSchema,
  category_uuid: z.string().optional(),
  parent_id: idSchema.optional(),
  tree_id: idSchema.optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  views: z.number().optional(),
  sort_order: z.number().optional(),
  page_title: z.string().optional(),
  meta_keywords: z.array(z.string()).nullish(),
  meta_description: z.string().optional(),
  layout_file: z.string().optional(),
  image_url: z.string().optional(),
  is_visible: z.boolean().optional(),
  search_keywords: z.string().optional(),
  default_product_sort: z.string().optional(),
  url: z.looseObject({ path: z.string(), is_customized: z.boolean().optional() }).optional(),
});
export type Category = z.infer<typeof categorySchema>;

/**
 * Create/update answers of the category batch endpoints: 201 `{data, meta}` to a create, 200 `{meta}` to an update
 * (category-trees_catalog.v3.yml:152-186, 227-232). A 207 never gets here: the client throws it (multi-status.ts).
 */
export const categoryBatchResultSchema = z.looseObject({
  data: z.array(categorySchema).optional(),
  errors: z.unknown().optional(),
  meta: z
    .looseObject({
      total: z.number().optional(),
      success: z.number().optional(),
      failed: z.number().optional(),
    })
    .optional(),
});
export type CategoryBatchResult = z.infer<typeof categoryBatchResultSchema>;
