// Import Product, the variants step: variants matched by SKU (or the id map), updated or created with the target's
// option values.
import type { ProductDump } from '../../../../common/dumps/product-dump';
import {
  VARIANT_CODE_FIELDS,
  VARIANT_PRICE_FIELDS,
  VARIANT_PURCHASING_FIELDS,
} from '../../../../common/catalog/product-fields';
import type { Option, Variant } from '../../../integrations/bigcommerce';
import { createOnce } from '../../../integrations/bigcommerce/resource-api';
import { describeFailure, pick, type Body, type Run } from '../import-run';
import { lower, variantsWithSku, withSuffix } from '../import-product.analysis';
import { optionVariants } from '../plan-checks';

const VARIANT_FIELDS = [
  ...VARIANT_PRICE_FIELDS,
  ...VARIANT_PURCHASING_FIELDS,
  'image_url',
  ...VARIANT_CODE_FIELDS,
  'inventory_level',
  'inventory_warning_level',
  'bin_picking_number',
] as const;

/**
 * A variant's writable fields, copied exactly. `null` in a price or the weight means "use the product's" and `0` is a
 * price (or weight) of its own (product-variants_catalog.v3.yml lines 2028-2057, productVariant_Base; the POST model
 * alike, lines 2231-2260): a 0 must stay 0 and a null stay null.
 */
export function variantBody(variant: Record<string, unknown>): Body {
  const body = pick(variant, VARIANT_FIELDS);
  if (typeof body.gtin === 'number') body.gtin = String(body.gtin);
  if (body.image_url === '') delete body.image_url;
  return body;
}

/** The target's option value ids for a source variant's option values, matched by option name and value label. */
function mapOptionValues(
  variant: ProductDump['variants'][number],
  options: Map<string, Option>,
  sourceOptionNames: Map<number, string>,
): { id: number; option_id: number }[] | string {
  const mapped: { id: number; option_id: number }[] = [];
  for (const value of variant.option_values ?? []) {
    const optionName =
      value.option_display_name ??
      (value.option_id !== undefined ? sourceOptionNames.get(value.option_id) : undefined);
    const option = optionName ? options.get(lower(optionName)) : undefined;
    const target = option?.option_values?.find((item) => lower(item.label) === lower(value.label));
    if (!option || !target)
      return `option value "${optionName ?? '?'}: ${value.label ?? '?'}" is not in the target`;
    mapped.push({ id: target.id, option_id: option.id });
  }
  return mapped;
}

export async function importVariants(run: Run, productId: number) {
  const options = run.targetOptions;
  const { client, dump, signal } = run;
  const existing = new Map(run.analysis.existingVariants);
  if (!run.analysis.existing) {
    for (const variant of await client.products.variants.listAll(productId, { signal })) {
      if (variant.sku) existing.set(lower(variant.sku), variant);
    }
  }
  const byId = new Map<number, Variant>();
  for (const variant of existing.values()) byId.set(variant.id, variant);
  const sourceOptionNames = new Map<number, string>();
  for (const option of dump.options)
    if (option.id !== undefined) sourceOptionNames.set(option.id, option.display_name);

  for (const variant of optionVariants(dump)) {
    const sku = withSuffix(variant.sku ?? '', run.suffix);
    await run.step(
      ['stepVariant', { sku }],
      async () => {
        const optionValues = mapOptionValues(variant, options, sourceOptionNames);
        if (typeof optionValues === 'string') throw new Error(optionValues);
        const body = { ...variantBody(variant), sku };
        const mappedId = variant.id !== undefined ? run.idMap.variants[String(variant.id)] : undefined;
        const current = existing.get(lower(sku)) ?? (mappedId !== undefined ? byId.get(mappedId) : undefined);
        let written: Variant;
        if (current) {
          written = await client.products.variants.update(productId, current.id, body, { signal });
          run.result.variants.updated++;
          run.log('logVariantUpdated', { sku });
        } else {
          written = await createOnce(
            () =>
              client.products.variants.create(
                productId,
                { ...body, option_values: optionValues },
                { signal },
              ),
            // `GET /catalog/products/{id}/variants` takes no `sku` filter (product-variants_catalog.v3.yml lines
            // 63-67); the store-wide list does (line 1045).
            async () =>
              (await variantsWithSku(client, sku, signal)).find((item) => item.product_id === productId),
          );
          run.result.variants.created++;
          run.log('logVariantCreated', { sku });
        }
        if (variant.id !== undefined) run.idMap.variants[String(variant.id)] = written.id;
      },
      (error) => {
        run.result.variants.failed++;
        const failure = describeFailure(error);
        if (sku) run.log('logVariantFailed', { sku, error: failure });
        else run.log('logVariantNoSkuFailed', { error: failure });
      },
    );
  }
}
