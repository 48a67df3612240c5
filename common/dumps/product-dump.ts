// The product dump file (spec part 1 §3 "Product dump file"), written by Dump Product and read back by Import Product.
// Documented in docs/formats.md. Version 1.
//
// The top level is BigCommerce's own product object (product_Full, every field as the store returned it, so nothing is
// lost), with every sub-resource list read in full, plus what an import into another store needs and cannot look up
// there: the names and paths of the categories, the brand name, and the channels with their names. Objects are loose:
// fields this schema does not name are kept, so a newer BigCommerce field survives a dump and an import.
import { z } from 'zod';

export const PRODUCT_DUMP_KIND = 'bc-toolbox/product-dump';
export const PRODUCT_DUMP_VERSION = 1;

const id = z.number().int();
const looseList = <T extends z.ZodType>(item: T) => z.array(item).default([]);

/** A category the product is in, with where it sits (names from the tree root down to the category itself). */
export const dumpedCategorySchema = z.looseObject({
  id,
  name: z.string(),
  tree_id: id.nullable(),
  parent_id: id.nullable(),
  /** Names from the root of the tree to this category, e.g. ["Audio", "Headphones"]. */
  path: z.array(z.string()),
  /** Ids along the same path. */
  path_ids: z.array(id),
});
export type DumpedCategory = z.infer<typeof dumpedCategorySchema>;

export const dumpedChannelSchema = z.looseObject({ id, name: z.string().nullable() });

/** A product that a product-list option or modifier of the dumped product names, as it is in the source store. */
export const dumpedListedProductSchema = z.looseObject({ id, sku: z.string(), name: z.string().nullable() });
export type DumpedListedProduct = z.infer<typeof dumpedListedProductSchema>;

/** The option and modifier types whose values name products by `value_data.product_id`. */
export const PRODUCT_LIST_TYPES: ReadonlySet<string> = new Set(['product_list', 'product_list_with_images']);

type ListOwner = { type?: string; option_values?: readonly object[] | undefined };

/** The source product ids that the product-list options and modifiers of a product name, once each. */
export function listedProductIds(product: {
  options?: readonly ListOwner[] | undefined;
  modifiers?: readonly ListOwner[] | undefined;
}): number[] {
  const ids = new Set<number>();
  for (const owner of [...(product.options ?? []), ...(product.modifiers ?? [])]) {
    if (!PRODUCT_LIST_TYPES.has(owner.type ?? '')) continue;
    for (const value of owner.option_values ?? []) {
      const id = listedProductId((value as { value_data?: unknown }).value_data);
      if (id !== null) ids.add(id);
    }
  }
  return [...ids];
}

/** `value_data.product_id` of a product-list value, or null. */
export function listedProductId(valueData: unknown): number | null {
  if (!valueData || typeof valueData !== 'object') return null;
  const id = (valueData as { product_id?: unknown }).product_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

const optionValueSchema = z.looseObject({ id: id.optional(), label: z.string() });
const variantOptionValueSchema = z.looseObject({
  id: id.optional(),
  label: z.string().optional(),
  option_id: id.optional(),
  option_display_name: z.string().optional(),
});

/** The product's sub-resource lists, each read in full into the dump. */
const subResourceLists = {
  images: looseList(z.looseObject({ id: id.optional() })),
  variants: looseList(
    z.looseObject({
      id: id.optional(),
      sku: z.string().optional(),
      option_values: z.array(variantOptionValueSchema).optional(),
    }),
  ),
  options: looseList(
    z.looseObject({
      id: id.optional(),
      display_name: z.string(),
      type: z.string(),
      option_values: z.array(optionValueSchema).default([]),
    }),
  ),
  modifiers: looseList(
    z.looseObject({
      id: id.optional(),
      display_name: z.string(),
      type: z.string(),
      required: z.boolean(),
      option_values: z.array(optionValueSchema).default([]),
    }),
  ),
  videos: looseList(z.looseObject({ video_id: z.string() })),
  custom_fields: looseList(z.looseObject({ name: z.string(), value: z.string() })),
  bulk_pricing_rules: looseList(
    z.looseObject({
      quantity_min: z.number(),
      quantity_max: z.number(),
      type: z.string(),
      amount: z.union([z.number(), z.string()]),
    }),
  ),
  reviews: looseList(z.looseObject({ title: z.string() })),
};
export const PRODUCT_DUMP_LISTS = Object.keys(subResourceLists) as readonly (keyof typeof subResourceLists)[];

export const productDumpSchema = z.looseObject({
  formatVersion: z.literal(PRODUCT_DUMP_VERSION),
  kind: z.literal(PRODUCT_DUMP_KIND),
  /** When the dump was made (ISO 8601, UTC). */
  dumpedAt: z.iso.datetime(),
  /** Where it came from; the id is that store's product id. */
  source: z.looseObject({ storeHash: z.string(), productId: id }),

  id,
  name: z.string(),
  /** The product's main SKU; '' when it has none. */
  sku: z.string(),
  type: z.string(),
  /** Category ids in the source store (as BigCommerce gives them); `category_details` names them. */
  categories: z.array(id).default([]),
  category_details: looseList(dumpedCategorySchema),
  brand_id: id.nullable(),
  /** The brand's name (BigCommerce's product POST takes `brand_name`), or null without a brand. */
  brand_name: z.string().nullable(),
  /** Channel ids the product is assigned to (`/catalog/products/channel-assignments`). */
  channels: z.array(id).default([]),
  channel_details: looseList(dumpedChannelSchema),
  /**
   * The products that product-list options and modifiers name, with their SKU: an import finds them in the target by
   * SKU. Absent from dumps made before it was added; an import then leaves those values out and says why.
   */
  product_list_products: z.array(dumpedListedProductSchema).optional(),

  ...subResourceLists,
});
export type ProductDump = z.infer<typeof productDumpSchema>;
/** What a writer builds (defaults not yet applied). */
export type ProductDumpInput = z.input<typeof productDumpSchema>;

/** The counts Import Product previews (spec part 1 §2 "Import Product"). */
export function summariseProductDump(dump: ProductDump) {
  return {
    name: dump.name,
    sku: dump.sku,
    type: dump.type,
    categories: dump.categories.length,
    images: dump.images.length,
    variants: dump.variants.length,
    options: dump.options.length,
    modifiers: dump.modifiers.length,
  };
}
