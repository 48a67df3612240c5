// zod schemas for the bodies the sandbox accepts. Unknown and read-only keys (id, date_created, date_modified,
// calculated_price, base_variant_id, …) are stripped, as BigCommerce ignores them [PROD createProduct "Read-Only Fields"].
import { z } from 'zod';
import { BcApiError } from './envelope';

/** BigCommerce accepts numbers sent as strings ("10.00", doc:docs/store-operations/catalog/index.mdx). */
const num = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
/** An integer, also accepted as a string of digits. */
export const int = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const nullableNum = num.nullable();
const str = (max?: number) => (max ? z.string().max(max) : z.string());

export const customUrlSchema = z.object({
  url: z.string().max(255),
  is_customized: z.boolean().optional(),
  create_redirect: z.boolean().optional(),
});

export const customFieldSchema = z.object({
  name: z.string().min(1).max(250),
  value: z.string().min(1).max(250),
});

export const bulkPricingRuleSchema = z.object({
  quantity_min: int,
  quantity_max: int,
  type: z.enum(['price', 'percent', 'fixed']),
  amount: num,
});

export const imageSchema = z.object({
  image_url: z.string().max(255).optional(),
  is_thumbnail: z.boolean().optional(),
  sort_order: int.optional(),
  description: z.string().optional(),
});

export const videoSchema = z.object({
  video_id: z.string().min(1).max(25),
  type: z.literal('youtube').optional(),
  title: str(255).optional(),
  description: z.string().optional(),
  sort_order: int.optional(),
});

const variantOptionValueRef = z.union([
  z.object({ id: int, option_id: int }),
  z.object({ option_display_name: z.string().min(1).max(255), label: z.string().min(1).max(255) }),
]);

export const variantSchema = z
  .object({
    sku: z.string().min(1).max(255),
    price: nullableNum,
    sale_price: nullableNum,
    retail_price: nullableNum,
    map_price: nullableNum,
    cost_price: nullableNum,
    weight: nullableNum,
    width: nullableNum,
    height: nullableNum,
    depth: nullableNum,
    is_free_shipping: z.boolean(),
    fixed_cost_shipping_price: nullableNum,
    purchasing_disabled: z.boolean(),
    purchasing_disabled_message: str(255),
    image_url: z.string(),
    upc: str(14),
    mpn: z.string(),
    gtin: str(14),
    // Nullable on a variant (product-variants_catalog.v3.yml 2107-2122): no level of its own.
    inventory_level: int.nullable(),
    inventory_warning_level: int.nullable(),
    bin_picking_number: str(255),
    option_values: z.array(variantOptionValueRef),
  })
  .partial();
export type VariantInput = z.infer<typeof variantSchema>;

export const variantBatchItemSchema = variantSchema.extend({
  id: int.optional(),
  product_id: int.optional(),
});

const productFieldsShape = {
  name: z.string().min(1).max(250),
  type: z.enum(['physical', 'digital']),
  sku: str(255),
  description: z.string(),
  weight: num,
  width: num,
  depth: num,
  height: num,
  price: num,
  cost_price: num,
  retail_price: num,
  sale_price: num,
  map_price: num,
  tax_class_id: int,
  product_tax_code: str(255),
  categories: z.array(int),
  brand_id: int,
  brand_name: z.string(),
  inventory_level: int,
  inventory_warning_level: int,
  inventory_tracking: z.enum(['none', 'product', 'variant']),
  fixed_cost_shipping_price: num,
  is_free_shipping: z.boolean(),
  is_visible: z.boolean(),
  is_featured: z.boolean(),
  related_products: z.array(int),
  warranty: str(65535),
  bin_picking_number: str(255),
  layout_file: str(500),
  upc: str(14),
  search_keywords: str(65535),
  availability_description: str(255),
  availability: z.enum(['available', 'disabled', 'preorder']),
  gift_wrapping_options_type: z.enum(['any', 'none', 'list']),
  gift_wrapping_options_list: z.array(int),
  sort_order: int,
  condition: z.enum(['New', 'Used', 'Refurbished']),
  is_condition_shown: z.boolean(),
  order_quantity_minimum: int,
  order_quantity_maximum: int,
  page_title: str(255),
  meta_keywords: z.array(z.string()),
  meta_description: str(65535),
  view_count: int,
  preorder_release_date: z.string().nullable(),
  preorder_message: str(255),
  is_preorder_only: z.boolean(),
  is_price_hidden: z.boolean(),
  price_hidden_label: str(200),
  custom_url: customUrlSchema,
  open_graph_type: z.enum(['product', 'album', 'book', 'drink', 'food', 'game', 'movie', 'song', 'tv_show']),
  open_graph_title: z.string(),
  open_graph_description: z.string(),
  open_graph_use_meta_description: z.boolean(),
  open_graph_use_product_name: z.boolean(),
  open_graph_use_image: z.boolean(),
  gtin: str(14),
  mpn: z.string(),
  date_last_imported: z.string().nullable(),
  reviews_rating_sum: num,
  reviews_count: int,
  total_sold: int,
};

/** POST /catalog/products: product fields plus the nested arrays BigCommerce creates with it. */
export const productCreateSchema = z
  .object({
    ...productFieldsShape,
    custom_fields: z.array(customFieldSchema),
    bulk_pricing_rules: z.array(bulkPricingRuleSchema),
    images: z.array(imageSchema),
    videos: z.array(videoSchema),
    variants: z.array(variantSchema),
  })
  .partial();
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** PUT /catalog/products/{id} and batch items; nested arrays are not applied on update by the sandbox. */
export const productUpdateSchema = z.object(productFieldsShape).partial();
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

export const optionValueSchema = z.object({
  label: z.string().min(1).max(255),
  sort_order: int.optional(),
  is_default: z.boolean().optional(),
  // An object or left out: the request schema is `type: object` (product-variant-options_catalog.v3.yml 358-362), so
  // `null` is refused (422), as a real store may.
  value_data: z.record(z.string(), z.unknown()).optional(),
});

/** The multiple-choice types: every variant option has one, and a modifier of one of them takes a list of values. */
export const MULTIPLE_CHOICE_TYPES = [
  'radio_buttons',
  'rectangles',
  'dropdown',
  'product_list',
  'product_list_with_images',
  'swatch',
] as const;

export const optionSchema = z.object({
  display_name: z.string().min(1).max(255),
  type: z.enum(MULTIPLE_CHOICE_TYPES),
  sort_order: int.optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  option_values: z.array(optionValueSchema).max(250),
});

/** PUT of an option: every field optional; a value with the `id` of one of the option's values updates it. */
export const optionUpdateSchema = optionSchema.partial().extend({
  option_values: optionValueSchema.partial().extend({ id: int.optional() }).array().optional(),
});

/**
 * An adjuster, or none: `null`, or `{}` as BigCommerce answers a value without one (product-modifiers_catalog.v3.yml
 * 163-165; the request schema's `price` is an object with no required key).
 */
const adjusterSchema = z
  .union([
    z.object({ adjuster: z.enum(['relative', 'percentage']).nullable(), adjuster_value: num }),
    z.object({}).strict(),
  ])
  .nullable()
  .transform((v) =>
    v !== null && 'adjuster_value' in v ? { adjuster: v.adjuster, adjuster_value: v.adjuster_value } : null,
  );

export const modifierValueSchema = optionValueSchema.extend({
  adjusters: z
    .object({
      price: adjusterSchema.optional(),
      weight: adjusterSchema.optional(),
      image_url: z.string().optional(),
      purchasing_disabled: z.object({ status: z.boolean(), message: z.string().optional() }).optional(),
    })
    .optional(),
});

export const modifierSchema = z.object({
  display_name: z.string().min(1).max(255),
  type: z.enum([
    'date',
    'checkbox',
    'file',
    'text',
    'multi_line_text',
    'numbers_only_text',
    ...MULTIPLE_CHOICE_TYPES,
  ]),
  required: z.boolean(),
  sort_order: int.optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  option_values: z.array(modifierValueSchema).max(250).optional(),
});

/** PUT of a modifier: every field optional; a value with the `id` of one of the modifier's values updates it. */
export const modifierUpdateSchema = modifierSchema.partial().extend({
  option_values: modifierValueSchema.partial().extend({ id: int.optional() }).array().optional(),
});

export const reviewSchema = z.object({
  title: z.string().min(1).max(255),
  text: z.string().optional(),
  status: z.enum(['approved', 'disapproved', 'pending']).optional(),
  rating: int.pipe(z.number().min(0).max(5)).optional(),
  email: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  date_reviewed: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO-8601 date'),
});

export const brandSchema = z.object({
  name: z.string().min(1).max(255),
  page_title: str(255).optional(),
  meta_keywords: z.array(z.string()).optional(),
  meta_description: str(65535).optional(),
  image_url: z.string().optional(),
  search_keywords: str(255).optional(),
  custom_url: customUrlSchema.optional(),
});

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

export const channelAssignmentSchema = z.object({ product_id: int, channel_id: int });
export const categoryAssignmentSchema = z.object({ product_id: int, category_id: int });

/** Maps zod issues to BigCommerce's `errors` object, keyed by the field path. */
export function issuesToErrors(error: z.ZodError, prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = prefix + (issue.path.length > 0 ? issue.path.map(String).join('.') : 'body');
    errors[key] ??= `${key}: ${issue.message}`;
  }
  return errors;
}

/** Validates a body with a schema or throws BigCommerce's 422 "JSON data is missing or invalid". */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new BcApiError(422, 'JSON data is missing or invalid', issuesToErrors(result.error, prefix));
  }
  return result.data;
}
