// Brands, from openapi/catalog/brands_catalog.v3.yml [BRAND brand_Full].
import { z } from 'zod';
import { customUrlSchema, idSchema } from './common';

export const brandSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  page_title: z.string().optional(),
  meta_keywords: z.array(z.string()).nullish(),
  meta_description: z.string().optional(),
  search_keywords: z.string().optional(),
  image_url: z.string().optional(),
  custom_url: customUrlSchema.optional(),
});
export type Brand = z.infer<typeof brandSchema>;
