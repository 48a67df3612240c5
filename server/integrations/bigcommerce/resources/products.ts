// Products and their sub-resources, written from openapi/catalog/products_catalog.v3.yml,
// product-variants_catalog.v3.yml, product-variant-options_catalog.v3.yml and product-modifiers_catalog.v3.yml
// (API-NOTES §6a and §6d). Only ids are required; BigCommerce leaves out whatever `include_fields` excluded.
import { z } from 'zod';
import { customUrlSchema, idSchema } from './common';

const num = z.number();
const str = z.string();

/** productVariantOptionValue_Full */
export const variantOptionValueSchema = z.looseObject({
  id: idSchema.optional(),
  label: str.optional(),
  option_id: idSchema.optional(),
  option_display_name: str.optional(),
});

/** productVariant_Full [VAR]. `gtin` is a number in one upstream example (API-NOTES §8), so both are accepted. */
export const variantSchema = z.looseObject({
  id: idSchema,
  product_id: idSchema.optional(),
  sku: str.optional(),
  sku_id: idSchema.nullish(),
  price: num.nullish(),
  sale_price: num.nullish(),
  retail_price: num.nullish(),
  cost_price: num.nullish(),
  map_price: num.nullish(),
  calculated_price: num.optional(),
  weight: num.nullish(),
  calculated_weight: num.optional(),
  width: num.nullish(),
  height: num.nullish(),
  depth: num.nullish(),
  is_free_shipping: z.boolean().optional(),
  fixed_cost_shipping_price: num.nullish(),
  purchasing_disabled: z.boolean().optional(),
  purchasing_disabled_message: str.optional(),
  image_url: str.optional(),
  upc: str.nullish(),
  mpn: str.nullish(),
  gtin: z.union([str, num]).nullish(),
  // Documented nullable (product-variants_catalog.v3.yml 2107-2122): a real store answers null.
  inventory_level: num.nullish(),
  inventory_warning_level: num.nullish(),
  bin_picking_number: str.nullish(),
  option_values: z.array(variantOptionValueSchema).optional(),
});
export type Variant = z.infer<typeof variantSchema>;

/** productOptionOptionValue_Full [OPT] */
export const optionValueSchema = z.looseObject({
  id: idSchema,
  label: str,
  sort_order: num.optional(),
  is_default: z.boolean().optional(),
  value_data: z.unknown().optional(),
});
export type OptionValue = z.infer<typeof optionValueSchema>;

/** productOption_Full [OPT] (variant options). */
export const optionSchema = z.looseObject({
  id: idSchema,
  product_id: idSchema.optional(),
  name: str.optional(),
  display_name: str,
  type: str,
  sort_order: num.optional(),
  config: z.looseObject({}).optional(),
  option_values: z.array(optionValueSchema).optional(),
});
export type Option = z.infer<typeof optionSchema>;

const adjusterSchema = z.looseObject({ adjuster: str.nullish(), adjuster_value: num.optional() });

/** productModifierOptionValue_Full [MOD] */
export const modifierValueSchema = z.looseObject({
  id: idSchema,
  option_id: idSchema.optional(),
  label: str,
  sort_order: num.optional(),
  is_default: z.boolean().optional(),
  value_data: z.unknown().optional(),
  adjusters: z
    .looseObject({
      price: adjusterSchema.nullish(),
      weight: adjusterSchema.nullish(),
      image_url: str.nullish(),
      purchasing_disabled: z
        .looseObject({ status: z.boolean().optional(), message: str.optional() })
        .nullish(),
    })
    .optional(),
});

/** productModifier_Full [MOD] */
export const modifierSchema = z.looseObject({
  id: idSchema,
  product_id: idSchema.optional(),
  name: str.optional(),
  display_name: str,
  type: str,
  required: z.boolean(),
  sort_order: num.optional(),
  config: z.looseObject({}).optional(),
  option_values: z.array(modifierValueSchema).optional(),
});
export type Modifier = z.infer<typeof modifierSchema>;

/** productImage_Full [PROD] */
export const imageSchema = z.looseObject({
  id: idSchema,
  product_id: idSchema.optional(),
  is_thumbnail: z.boolean().optional(),
  sort_order: num.optional(),
  description: str.nullish(),
  image_file: str.optional(),
  image_url: str.optional(),
  url_zoom: str.optional(),
  url_standard: str.optional(),
  url_thumbnail: str.optional(),
  url_tiny: str.optional(),
  date_modified: str.optional(),
});
export type ProductImage = z.infer<typeof imageSchema>;

/** productVideo_Full [PROD] */
export const videoSchema = z.looseObject({
  id: idSchema,
  product_id: idSchema.optional(),
  type: str.optional(),
  video_id: str,
  title: str.optional(),
  description: str.optional(),
  sort_order: num.optional(),
  length: str.optional(),
});
export type ProductVideo = z.infer<typeof videoSchema>;

/** productCustomField_Base [PROD] */
export const customFieldSchema = z.looseObject({ id: idSchema, name: str, value: str });
export type CustomField = z.infer<typeof customFieldSchema>;

/** bulkPricingRule_Full [PROD]; `amount` is a number in the schema but a string in some examples. */
export const bulkPricingRuleSchema = z.looseObject({
  id: idSchema,
  quantity_min: num,
  quantity_max: num,
  type: z.enum(['price', 'percent', 'fixed']),
  amount: z.union([num, str]),
});
export type BulkPricingRule = z.infer<typeof bulkPricingRuleSchema>;

/** Product review [PROD getProductReviews]. `status` is a string on the object (the list filter takes 0/1). */
export const reviewSchema = z.looseObject({
  id: idSchema,
  product_id: idSchema.optional(),
  title: str,
  text: str.optional(),
  status: str.optional(),
  rating: num.optional(),
  email: str.optional(),
  name: str.optional(),
  date_reviewed: str.optional(),
  date_created: str.optional(),
  date_modified: str.optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** ParentRelation [PROD] */
export const parentRelationSchema = z.looseObject({
  type: str.optional(),
  product_id: idSchema.optional(),
  attribute_id: idSchema.optional(),
});

/** product_Full [PROD]. Everything but `id` may be left out by `include_fields`. */
export const productSchema = z.looseObject({
  id: idSchema,
  name: str.optional(),
  type: str.optional(),
  sku: str.optional(),
  description: str.optional(),
  weight: num.optional(),
  width: num.optional(),
  depth: num.optional(),
  height: num.optional(),
  price: num.optional(),
  cost_price: num.optional(),
  retail_price: num.optional(),
  sale_price: num.optional(),
  map_price: num.optional(),
  calculated_price: num.optional(),
  tax_class_id: num.optional(),
  product_tax_code: str.optional(),
  categories: z.array(idSchema).optional(),
  brand_id: idSchema.nullish(),
  inventory_level: num.optional(),
  inventory_warning_level: num.optional(),
  inventory_tracking: str.optional(),
  fixed_cost_shipping_price: num.optional(),
  is_free_shipping: z.boolean().optional(),
  is_visible: z.boolean().optional(),
  is_featured: z.boolean().optional(),
  related_products: z.array(num).optional(),
  warranty: str.optional(),
  bin_picking_number: str.optional(),
  layout_file: str.optional(),
  upc: str.optional(),
  mpn: str.optional(),
  gtin: str.optional(),
  search_keywords: str.optional(),
  availability: str.optional(),
  availability_description: str.optional(),
  gift_wrapping_options_type: str.optional(),
  gift_wrapping_options_list: z.array(num).optional(),
  sort_order: num.optional(),
  condition: str.optional(),
  is_condition_shown: z.boolean().optional(),
  order_quantity_minimum: num.optional(),
  order_quantity_maximum: num.optional(),
  page_title: str.optional(),
  meta_keywords: z.array(str).nullish(),
  meta_description: str.optional(),
  view_count: num.optional(),
  preorder_release_date: str.nullish(),
  preorder_message: str.optional(),
  is_preorder_only: z.boolean().optional(),
  is_price_hidden: z.boolean().optional(),
  price_hidden_label: str.optional(),
  custom_url: customUrlSchema.optional(),
  open_graph_type: str.optional(),
  open_graph_title: str.optional(),
  open_graph_description: str.optional(),
  open_graph_use_meta_description: z.boolean().optional(),
  open_graph_use_product_name: z.boolean().optional(),
  open_graph_use_image: z.boolean().optional(),
  date_last_imported: str.nullish(),
  reviews_rating_sum: num.optional(),
  reviews_count: num.optional(),
  total_sold: num.optional(),
  base_variant_id: idSchema.nullish(),
  option_set_id: idSchema.nullish(),
  option_set_display: str.optional(),
  date_created: str.optional(),
  date_modified: str.optional(),
  // Sub-resources, present with `include=`.
  variants: z.array(variantSchema).optional(),
  images: z.array(imageSchema).optional(),
  primary_image: imageSchema.nullish(),
  videos: z.array(videoSchema).optional(),
  custom_fields: z.array(customFieldSchema).optional(),
  bulk_pricing_rules: z.array(bulkPricingRuleSchema).optional(),
  options: z.array(optionSchema).optional(),
  modifiers: z.array(modifierSchema).optional(),
  reviews: z.array(reviewSchema).optional(),
  channels: z.array(idSchema).optional(),
  parent_relations: z.array(parentRelationSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

/** One item of `PUT /v3/catalog/products` (batch update): `id` plus the fields to change [PROD updateProducts]. */
export type ProductUpdate = { id: number } & Record<string, unknown>;

/** `{product_id, channel_id}` [PROD ProductChannelAssignment] */
export const productChannelAssignmentSchema = z.looseObject({ product_id: idSchema, channel_id: idSchema });
export type ProductChannelAssignment = z.infer<typeof productChannelAssignmentSchema>;

/** `{product_id, category_id}` [PROD ProductCategoryAssignment] */
export const productCategoryAssignmentSchema = z.looseObject({ product_id: idSchema, category_id: idSchema });
export type ProductCategoryAssignment = z.infer<typeof productCategoryAssignmentSchema>;

/** Sub-resources that `include=` can embed in a product [PROD components.schemas.IncludeParamBase]. */
export const PRODUCT_INCLUDES = [
  'variants',
  'images',
  'videos',
  'custom_fields',
  'bulk_pricing_rules',
  'options',
  'modifiers',
  'primary_image',
  'reviews',
  'channels',
  'parent_relations',
] as const;
export type ProductInclude = (typeof PRODUCT_INCLUDES)[number];
