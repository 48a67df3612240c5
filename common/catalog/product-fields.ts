// The catalogue fields BigCommerce takes as request fields on update (not `readOnly`), listed once for the places that
// copy them: an import (from a product dump), a Store History restore (from a snapshot) and the sandbox (the base
// variant's fields, kept on the product).
// - product: products_catalog.v3.yml:831 updateProduct (product_Put) [PROD product_Base_POST];
// - variant: product-variants_catalog.v3.yml:436 updateProductVariant (productVariant_Base, lines 2028-2057).

/** The fields of a product that point at other records by id: a store's own ids, which an import cannot carry over. */
export const PRODUCT_ID_FIELDS = [
  'tax_class_id',
  'categories',
  'brand_id',
  'related_products',
  'gift_wrapping_options_list',
] as const;

/** A product's writable fields, less the statistics BigCommerce keeps itself, in the order a restore lists them. */
export const PRODUCT_WRITABLE_FIELDS: readonly string[] = [
  'name',
  'type',
  'sku',
  'description',
  'weight',
  'width',
  'depth',
  'height',
  'price',
  'cost_price',
  'retail_price',
  'sale_price',
  'map_price',
  'tax_class_id',
  'product_tax_code',
  'categories',
  'brand_id',
  'inventory_level',
  'inventory_warning_level',
  'inventory_tracking',
  'fixed_cost_shipping_price',
  'is_free_shipping',
  'is_visible',
  'is_featured',
  'related_products',
  'warranty',
  'bin_picking_number',
  'layout_file',
  'upc',
  'mpn',
  'gtin',
  'search_keywords',
  'availability',
  'availability_description',
  'gift_wrapping_options_type',
  'gift_wrapping_options_list',
  'sort_order',
  'condition',
  'is_condition_shown',
  'order_quantity_minimum',
  'order_quantity_maximum',
  'page_title',
  'meta_keywords',
  'meta_description',
  'preorder_release_date',
  'preorder_message',
  'is_preorder_only',
  'is_price_hidden',
  'price_hidden_label',
  'custom_url',
  'open_graph_type',
  'open_graph_title',
  'open_graph_description',
  'open_graph_use_meta_description',
  'open_graph_use_product_name',
  'open_graph_use_image',
];

/** A product's writable fields that hold a value of its own (no id of another record): what an import copies. */
export const PRODUCT_OWN_VALUE_FIELDS: readonly string[] = PRODUCT_WRITABLE_FIELDS.filter(
  (field) => !(PRODUCT_ID_FIELDS as readonly string[]).includes(field),
);

/** A variant's prices, size and shipping. */
export const VARIANT_PRICE_FIELDS = [
  'price',
  'sale_price',
  'retail_price',
  'map_price',
  'cost_price',
  'weight',
  'width',
  'height',
  'depth',
  'is_free_shipping',
  'fixed_cost_shipping_price',
] as const;

/** Whether a variant can be bought, and the message shown when not. */
export const VARIANT_PURCHASING_FIELDS = ['purchasing_disabled', 'purchasing_disabled_message'] as const;

/** A variant's product codes. */
export const VARIANT_CODE_FIELDS = ['upc', 'mpn', 'gtin'] as const;
