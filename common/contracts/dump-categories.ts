// Dump Categories (spec part 1 §2, §7): `GET /api/dump-categories?storeCredentials=<URL-encoded store JSON>` lists
// the trees; `POST /api/dump-categories` `{storeCredentials, treeId}` dumps one tree or all of them. The answer's
// `data` is the category dump file (common/dumps/category-dump.ts).
import { z } from 'zod';
import { categoryDumpSchema } from '../dumps/category-dump';
import { STORE_REQUIRED_MESSAGE, toolResultSchema, toolStoreCredentialsSchema } from './tool-result';

export const DUMP_CATEGORIES_PATH = '/api/dump-categories';

/** Spec part 1 §3 "Category tree entry". */
export const categoryTreeEntrySchema = z.object({ id: z.number().int(), name: z.string() });
export type CategoryTreeEntry = z.infer<typeof categoryTreeEntrySchema>;

/** `storeCredentials` of the GET: the store object as URL-encoded JSON (the query decoding undoes the URL part). */
export const treeListQuerySchema = z.object({
  storeCredentials: z
    .string({ error: STORE_REQUIRED_MESSAGE })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'storeCredentials must be the store as URL-encoded JSON' });
        return z.NEVER;
      }
    })
    .pipe(toolStoreCredentialsSchema),
});

/** `?storeCredentials=` for the GET. */
export function treeListQuery(storeCredentials: unknown): string {
  return `?storeCredentials=${encodeURIComponent(JSON.stringify(storeCredentials))}`;
}

export const listCategoryTreesResponseSchema = toolResultSchema(z.array(categoryTreeEntrySchema));
export type ListCategoryTreesResponse = z.infer<typeof listCategoryTreesResponseSchema>;

export const TREE_ID_INVALID_MESSAGE = 'treeId must be "all" or a category tree id';

/** 'all', or a tree id as a number or a numeric string (a `<select>` value). */
export const treeIdSchema = z.union(
  [
    z.literal('all'),
    z.number().int().positive(),
    z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/)
      .transform(Number),
  ],
  { error: TREE_ID_INVALID_MESSAGE },
);
export type TreeId = z.output<typeof treeIdSchema>;

export const dumpCategoriesRequestSchema = z.object({
  storeCredentials: toolStoreCredentialsSchema,
  treeId: treeIdSchema,
});
export type DumpCategoriesRequest = z.input<typeof dumpCategoriesRequestSchema>;

export const dumpCategoriesResponseSchema = toolResultSchema(categoryDumpSchema);
export type DumpCategoriesResponse = z.infer<typeof dumpCategoriesResponseSchema>;
