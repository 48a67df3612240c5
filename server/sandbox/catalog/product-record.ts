// The product record's bottom layer (products_catalog.v3.yml product_Full, product-variants_catalog.v3.yml): the base
// variant and SKU uniqueness across products and variants, shared by every product part (none imports products.ts).
import { BcApiError } from '../core/envelope';
import type { StoreData } from '../core/store-state';
import { defaultVariant } from './records';
import type { ProductRecord, Variant } from './types';

/** The base variant of a product without option variants mirrors the product's own fields. */
export function baseVariant(record: ProductRecord): Variant | null {
  const f = record.fields;
  if (record.variants.length > 0 || f.base_variant_id === null) return null;
  return {
    ...defaultVariant(f.base_variant_id, f.id, f.sku),
    price: f.price,
    calculated_price: f.calculated_price,
    sale_price: f.sale_price,
    retail_price: f.retail_price,
    map_price: f.map_price,
    weight: f.weight,
    calculated_weight: f.weight,
    width: f.width,
    height: f.height,
    depth: f.depth,
    is_free_shipping: f.is_free_shipping,
    fixed_cost_shipping_price: f.fixed_cost_shipping_price,
    cost_price: f.cost_price,
    upc: f.upc,
    mpn: f.mpn,
    gtin: f.gtin,
    inventory_level: f.inventory_level,
    inventory_warning_level: f.inventory_warning_level,
    bin_picking_number: f.bin_picking_number,
  };
}

export function allVariants(record: ProductRecord): Variant[] {
  const base = baseVariant(record);
  return base ? [base] : record.variants;
}

type Owner = { productId: number; variantId?: number };

/** Who already uses a SKU (case-insensitive, across product SKUs and variant SKUs). */
export function skuOwner(data: StoreData, sku: string, ignore: Owner[] = []): Owner | null {
  const wanted = sku.trim().toLowerCase();
  if (wanted === '') return null;
  const ignored = (o: Owner) =>
    ignore.some(
      (i) => i.productId === o.productId && (i.variantId === undefined || i.variantId === o.variantId),
    );
  for (const record of data.products.values()) {
    const pid = record.fields.id;
    if (record.fields.sku.toLowerCase() === wanted && !ignored({ productId: pid })) return { productId: pid };
    for (const v of record.variants) {
      if (v.sku.toLowerCase() === wanted && !ignored({ productId: pid, variantId: v.id })) {
        return { productId: pid, variantId: v.id };
      }
    }
  }
  return null;
}

export function duplicateSku(sku: string, owner: Owner): BcApiError {
  const where = owner.variantId
    ? `variant ${owner.variantId} of product ${owner.productId}`
    : `product ${owner.productId}`;
  return new BcApiError(409, 'The SKU is a duplicate', { sku: `SKU "${sku}" is already used by ${where}.` });
}
