// Envelopes shared by the v3 APIs (API-NOTES §2, §3). Schemas are loose: BigCommerce returns more fields than the
// toolbox reads, and unknown fields must survive a dump.
import { z } from 'zod';

/**
 * `meta.pagination` of v3 collections [PROD components.schemas.pagination_Full]. Paging needs `total_pages` alone;
 * the other counts are optional because some collections send a partial object [CHAN pagination_Partial], and
 * refusing those would turn a readable answer into an error.
 */
export const paginationSchema = z.looseObject({
  total: z.number().optional(),
  count: z.number().optional(),
  per_page: z.number().optional(),
  current_page: z.number().optional(),
  total_pages: z.number(),
  links: z
    .looseObject({
      previous: z.string().optional(),
      current: z.string().optional(),
      next: z.string().optional(),
    })
    .optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const collectionMetaSchema = z.looseObject({ pagination: paginationSchema.optional() });

/** `{data, meta}`: every v3 answer. */
export function v3Envelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ data, meta: z.looseObject({}).optional() });
}

/** `{data: [...], meta: {pagination}}` */
export function v3Collection<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), meta: collectionMetaSchema.optional() });
}

/** BigCommerce's v3 error body [PROD components.schemas.error_Base]. */
export const errorBodySchema = z.looseObject({
  status: z.number().optional(),
  title: z.string().optional(),
  type: z.string().optional(),
  instance: z.string().optional(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `custom_url` of products, brands and categories [PROD customUrl_Full]. */
export const customUrlSchema = z.looseObject({
  url: z.string(),
  is_customized: z.boolean().optional(),
  create_redirect: z.boolean().optional(),
});

export const idSchema = z.number().int();
