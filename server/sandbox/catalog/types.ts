// The sandbox's in-memory records, shaped like BigCommerce's `*_Full` schemas so most of them serialise as they are.
// Field lists: products_catalog.v3.yml product_Full, product-variants productVariant_Full, product-variant-options
// productOption_Full, product-modifiers productModifier_Full, category-trees CategoryList, brands brand_Full,
// channels.v3.yml Channel (see ../shared/bigcommerce/API-NOTES.md §6).

export type CustomUrl = { url: string; is_customized: boolean };

/** Product fields that BigCommerce stores on the product itself (sub-resources live in `ProductRecord`). */
export type ProductFields = {
  id: number;
  name: string;
  type: 'physical' | 'digital';
  sku: string;
  description: string;
  weight: number;
  width: number;
  depth: number;
  height: number;
  price: number;
  cost_price: number;
  retail_price: number;
  sale_price: number;
  map_price: number;
  tax_class_id: number;
  product_tax_code: string;
  calculated_price: number;
  categories: number[];
  brand_id: number;
  option_set_id: number | null;
  option_set_display: string;
  inventory_level: number;
  inventory_warning_level: number;
  inventory_tracking: 'none' | 'product' | 'variant';
  reviews_rating_sum: number;
  reviews_count: number;
  total_sold: number;
  fixed_cost_shipping_price: number;
  is_free_shipping: boolean;
  is_visible: boolean;
  is_featured: boolean;
  related_products: number[];
  warranty: string;
  bin_picking_number: string;
  layout_file: string;
  upc: string;
  mpn: string;
  gtin: string;
  date_last_imported: string | null;
  search_keywords: string;
  availability: 'available' | 'disabled' | 'preorder';
  availability_description: string;
  gift_wrapping_options_type: 'any' | 'none' | 'list';
  gift_wrapping_options_list: number[];
  sort_order: number;
  condition: 'New' | 'Used' | 'Refurbished';
  is_condition_shown: boolean;
  order_quantity_minimum: number;
  order_quantity_maximum: number;
  page_title: string;
  meta_keywords: string[];
  meta_description: string;
  date_created: string;
  date_modified: string;
  view_count: number;
  preorder_release_date: string | null;
  preorder_message: string;
  is_preorder_only: boolean;
  is_price_hidden: boolean;
  price_hidden_label: string;
  custom_url: CustomUrl;
  base_variant_id: number | null;
  open_graph_type: string;
  open_graph_title: string;
  open_graph_description: string;
  open_graph_use_meta_description: boolean;
  open_graph_use_product_name: boolean;
  open_graph_use_image: boolean;
};

export type VariantOptionValue = {
  id: number;
  label: string;
  option_id: number;
  option_display_name: string;
};

export type Variant = {
  id: number;
  product_id: number;
  sku: string;
  sku_id: number | null;
  price: number | null;
  calculated_price: number;
  sale_price: number | null;
  retail_price: number | null;
  map_price: number | null;
  weight: number | null;
  calculated_weight: number;
  width: number | null;
  height: number | null;
  depth: number | null;
  is_free_shipping: boolean;
  fixed_cost_shipping_price: number | null;
  purchasing_disabled: boolean;
  purchasing_disabled_message: string;
  image_url: string;
  cost_price: number | null;
  upc: string;
  mpn: string;
  gtin: string;
  /** Nullable (product-variants_catalog.v3.yml 2107-2122). */
  inventory_level: number | null;
  inventory_warning_level: number | null;
  bin_picking_number: string;
  option_values: VariantOptionValue[];
};

export type OptionValue = {
  id: number;
  label: string;
  sort_order: number;
  value_data: Record<string, unknown> | null;
  is_default: boolean;
};

export type OptionType =
  'radio_buttons' | 'rectangles' | 'dropdown' | 'product_list' | 'product_list_with_images' | 'swatch';

export type ProductOption = {
  id: number;
  product_id: number;
  name: string;
  display_name: string;
  type: OptionType;
  config: Record<string, unknown>;
  sort_order: number;
  option_values: OptionValue[];
};

export type Adjusters = {
  price: { adjuster: 'relative' | 'percentage' | null; adjuster_value: number } | null;
  weight: { adjuster: 'relative' | 'percentage' | null; adjuster_value: number } | null;
  image_url: string;
  purchasing_disabled: { status: boolean; message: string };
};

export type ModifierValue = OptionValue & { option_id: number; adjusters: Adjusters };

export type ModifierType =
  | 'date'
  | 'checkbox'
  | 'file'
  | 'text'
  | 'multi_line_text'
  | 'numbers_only_text'
  | 'radio_buttons'
  | 'rectangles'
  | 'dropdown'
  | 'product_list'
  | 'product_list_with_images'
  | 'swatch';

export type Modifier = {
  id: number;
  product_id: number;
  name: string;
  display_name: string;
  type: ModifierType;
  required: boolean;
  sort_order: number;
  config: Record<string, unknown>;
  option_values: ModifierValue[];
};

export type ProductImage = {
  id: number;
  product_id: number;
  is_thumbnail: boolean;
  sort_order: number;
  description: string;
  /** Path below the store's image root, like BigCommerce's `image_file` ("l/406/blue-mug__12345.png"). */
  image_file: string;
  date_modified: string;
  /** Where the image came from when created with `image_url` (not part of BigCommerce's answer). */
  source_url: string | null;
};

export type ProductVideo = {
  id: number;
  product_id: number;
  type: 'youtube';
  video_id: string;
  title: string;
  description: string;
  sort_order: number;
  length: string;
};

export type CustomField = { id: number; name: string; value: string };

export type BulkPricingRule = {
  id: number;
  quantity_min: number;
  quantity_max: number;
  type: 'price' | 'percent' | 'fixed';
  amount: number;
};

export type Review = {
  id: number;
  product_id: number;
  title: string;
  text: string;
  status: 'approved' | 'disapproved' | 'pending';
  rating: number;
  email: string;
  name: string;
  date_reviewed: string;
  date_created: string;
  date_modified: string;
};

/** A product and everything hanging off it. `variants` holds only option-based variants; a product without any
 * has one "base variant" that mirrors the product's own fields (id `fields.base_variant_id`). */
export type ProductRecord = {
  fields: ProductFields;
  variants: Variant[];
  options: ProductOption[];
  modifiers: Modifier[];
  images: ProductImage[];
  videos: ProductVideo[];
  customFields: CustomField[];
  bulkPricingRules: BulkPricingRule[];
  reviews: Review[];
  channelIds: number[];
};

export type Brand = {
  id: number;
  name: string;
  page_title: string;
  meta_keywords: string[];
  meta_description: string;
  image_url: string;
  search_keywords: string;
  custom_url: CustomUrl;
};

export type CategoryTree = { id: number; name: string; channels: number[] };

export type Category = {
  category_id: number;
  category_uuid: string;
  parent_id: number;
  tree_id: number;
  name: string;
  description: string;
  views: number;
  sort_order: number;
  page_title: string;
  meta_keywords: string[];
  meta_description: string;
  layout_file: string;
  image_url: string;
  is_visible: boolean;
  search_keywords: string;
  default_product_sort: string;
  url: { path: string; is_customized: boolean };
};

export type Channel = {
  id: number;
  icon_url: string;
  is_listable_from_ui: boolean;
  is_visible: boolean;
  date_created: string;
  external_id: string;
  type: 'storefront' | 'marketplace' | 'marketing' | 'pos';
  platform: string;
  date_modified: string;
  name: string;
  status: string;
};

/** GET /v2/store, unwrapped (store_information.v2.yml StoreInformation). */
export type StoreInformation = Record<string, unknown> & { id: string; name: string; domain: string };
