// Variants of one product and the store-wide /v3/catalog/variants (product-variants_catalog.v3.yml)
// [VAR getProductVariants, createProductVariant, getProductVariant, updateProductVariant, deleteProductVariant,
// getVariants, updateVariantsBatch], and the variant writes: a variant's fields, the base variant's fields (kept on
// the product) and option-value sets.
import { z } from 'zod';
import { VARIANT_CODE_FIELDS, VARIANT_PRICE_FIELDS } from '../../../../common/catalog/product-fields';
import { type RouteDeps, type SandboxApp, V3 } from '../../core/app-env';
import { BcApiError, multiStatus, STATUS_DOC_TYPE, v3Data } from '../../core/envelope';
import { documentedOnly, intListParam, intParam, strParam, unaskedOrder } from '../../core/query';
import { int, INT32_MAX, intIn, issuesToErrors, nullableNum, numIn, parseBody, str } from '../../core/body';
import { nextId, type StoreData } from '../../core/store-state';
import { allVariants, baseVariant, duplicateSku, skuOwner } from '../product-record';
import { bcDate, defaultVariant, refreshDerived } from '../records';
import {
  listPage,
  NOT_FOUND_TITLE,
  pagedList,
  pathId,
  PRODUCT_ID,
  productOr404,
  query,
  readBatch,
  readJson,
  rowOr404,
  v3Row,
} from '../route-helpers';
import type { ProductRecord, Variant } from '../types';

const variantOptionValueRef = z.union([
  z.object({ id: int, option_id: int }),
  z.object({ option_display_name: z.string().min(1).max(255), label: z.string().min(1).max(255) }),
]);

/**
 * A variant's writable fields: productVariant_Put (product-variants_catalog.v3.yml 2613-2630) over
 * productVariant_Base (2024-2140), each with the line of its property. The prices, weight and sizes are nullable: null
 * is "use the product's" (2037-2077), 0 is a value of its own. What the file does not constrain is left open; the
 * spreadsheet columns' table is docs/spreadsheet-edit-rules.md.
 */
export const variantSchema = z
  .object({
    sku: z.string().min(1).max(255), // 2624: unique across products and variants ignoring case (409)
    price: numIn(0).nullable(), // 2034
    sale_price: numIn(0).nullable(), // 2040
    retail_price: numIn(0).nullable(), // 2046
    map_price: nullableNum, // not in productVariant_Base: left open
    cost_price: numIn(0).nullable(), // 2028
    weight: numIn(0).nullable(), // 2052
    width: numIn(0).nullable(), // 2058
    height: numIn(0).nullable(), // 2065
    depth: numIn(0).nullable(), // 2072
    is_free_shipping: z.boolean(), // 2079
    fixed_cost_shipping_price: numIn(0).nullable(), // 2083
    purchasing_disabled: z.boolean(), // 2090
    purchasing_disabled_message: str(255), // 2093
    image_url: z.string(), // 2104: "Publicly available image url", no length stated
    upc: str(14).nullable(), // 2098
    mpn: z.string().nullable(), // 2130: no length stated
    gtin: str(14).nullable(), // 2134
    // 2107-2118: nullable, at most 2,147,483,647 with the product's sum; see `variantInventory`.
    inventory_level: int.nullable(),
    inventory_warning_level: intIn(undefined, INT32_MAX).nullable(), // 2119: no minimum stated
    bin_picking_number: str(255).nullable(), // 2124
    option_values: z.array(variantOptionValueRef),
  })
  .partial();
export type VariantInput = z.infer<typeof variantSchema>;

export const variantBatchItemSchema = variantSchema.extend({
  id: int.optional(),
  product_id: int.optional(),
});

export const MAX_SKUS_PER_PRODUCT = 600;

const BASE_VARIANT_KEYS = [
  ...VARIANT_PRICE_FIELDS,
  ...VARIANT_CODE_FIELDS,
  'inventory_level',
  'inventory_warning_level',
  'bin_picking_number',
  'sku',
] as const;

/** Text fields a variant takes as null (2098-2139): null clears them, and they read back as "". */
const NULLABLE_TEXT = new Set(['upc', 'mpn', 'gtin', 'bin_picking_number']);

export function applyVariantFields(variant: Variant, input: VariantInput): void {
  const target = variant as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || key === 'option_values' || key === 'id' || key === 'product_id') continue;
    if (key in variant) target[key] = value === null && NULLABLE_TEXT.has(key) ? '' : value;
  }
}

/**
 * Writes to the base variant land on the product, which is where BigCommerce keeps them. A null price, weight or
 * level there is "the product's own", so it changes nothing; a null code clears it.
 */
export function applyBaseVariantFields(record: ProductRecord, input: VariantInput): void {
  const f = record.fields as Record<string, unknown>;
  for (const key of BASE_VARIANT_KEYS) {
    const value = input[key];
    if (value === undefined) continue;
    if (value === null) {
      if (NULLABLE_TEXT.has(key)) f[key] = '';
      continue;
    }
    f[key] = value;
  }
}

/**
 * What becomes of a variant's `inventory_level` (product-variants_catalog.v3.yml 2107-2118): "The inventory for a
 * variant cannot exceed 2,147,483,647 … The sum of the variant inventories … cannot exceed 2,147,483,647. If you
 * exceed the limit, the store sets the variant inventory to the limit if no other variant inventories are set. If
 * other variant inventories are set, the store does not save the variant inventory". A negative level is not saved
 * either: updateProductVariant's 207 is "the inventory data failed to update … [it must not] result in negative
 * stock levels" (487-495). A base variant's level is the product's: the product's limit (products_catalog.v3.yml
 * 7738). Answers the level to save, or why none is.
 */
export function variantInventory(
  record: ProductRecord,
  variantId: number,
  level: number | null,
): { level: number | null } | { problem: string } {
  if (level === null) return { level };
  if (level < 0) return { problem: 'Inventory was not updated: the stock level cannot be negative.' };
  const others = record.variants
    .filter((v) => v.id !== variantId)
    .reduce((sum, v) => sum + Math.max(0, v.inventory_level ?? 0), 0);
  if (others === 0) return { level: Math.min(level, INT32_MAX) };
  if (others + level > INT32_MAX) {
    return {
      problem: `Inventory was not updated: the product's variants would hold more than ${INT32_MAX} in all.`,
    };
  }
  return { level };
}

/** Resolves `option_values: [{id, option_id}]` against the product's options. */
export function resolveVariantOptionValues(
  record: ProductRecord,
  refs: NonNullable<VariantInput['option_values']>,
): Variant['option_values'] {
  return refs.map((ref) => {
    const option =
      'option_id' in ref
        ? record.options.find((o) => o.id === ref.option_id)
        : record.options.find((o) => o.display_name.toLowerCase() === ref.option_display_name.toLowerCase());
    const value =
      option &&
      ('id' in ref
        ? option.option_values.find((v) => v.id === ref.id)
        : option.option_values.find((v) => v.label.toLowerCase() === ref.label.toLowerCase()));
    if (!option || !value) {
      throw new BcApiError(422, 'The option values are invalid', {
        option_values: `Option value ${JSON.stringify(ref)} does not exist on product ${record.fields.id}.`,
      });
    }
    return {
      id: value.id,
      label: value.label,
      option_id: option.id,
      option_display_name: option.display_name,
    };
  });
}

function comboKey(values: Variant['option_values']): string {
  return values
    .map((v) => v.id)
    .sort((a, b) => a - b)
    .join(',');
}

export function createVariant(
  data: StoreData,
  record: ProductRecord,
  input: VariantInput,
  nowMs: number,
): Variant {
  if (!input.sku || !input.option_values || input.option_values.length === 0) {
    const errors: Record<string, string> = {};
    if (!input.sku) errors.sku = 'Please provide a SKU.';
    if (!input.option_values || input.option_values.length === 0)
      errors.option_values = 'Please provide option values.';
    throw new BcApiError(422, 'Missing Required Fields', errors);
  }
  if (record.variants.length >= MAX_SKUS_PER_PRODUCT)
    throw new BcApiError(422, 'A product can have at most 600 SKUs.');
  const owner = skuOwner(data, input.sku);
  if (owner) throw duplicateSku(input.sku, owner);
  const values = resolveVariantOptionValues(record, input.option_values);
  const key = comboKey(values);
  if (record.variants.some((v) => comboKey(v.option_values) === key)) {
    throw new BcApiError(422, 'Variant with the same option values set exists');
  }
  const variant = defaultVariant(nextId(data, 'variant'), record.fields.id, input.sku);
  variant.sku_id = nextId(data, 'skuId');
  applyVariantFields(variant, input);
  variant.option_values = values;
  record.variants.push(variant);
  record.fields.base_variant_id = null;
  record.fields.date_modified = bcDate(nowMs);
  refreshDerived(record);
  return variant;
}

export function updateVariant(
  data: StoreData,
  record: ProductRecord,
  variantId: number,
  input: VariantInput,
  nowMs: number,
): Variant {
  const base = baseVariant(record);
  if (input.sku) {
    const owner = skuOwner(data, input.sku, [
      { productId: record.fields.id, variantId },
      ...(base?.id === variantId ? [{ productId: record.fields.id }] : []),
    ]);
    if (owner) throw duplicateSku(input.sku, owner);
  }
  if (base && base.id === variantId) {
    applyBaseVariantFields(record, input);
  } else {
    const variant = record.variants.find((v) => v.id === variantId);
    if (!variant)
      throw new BcApiError(404, 'The requested resource was not found.', {
        id: `Variant ${variantId} was not found.`,
      });
    if (input.option_values && input.option_values.length > 0) {
      const values = resolveVariantOptionValues(record, input.option_values);
      const key = comboKey(values);
      if (record.variants.some((v) => v.id !== variantId && comboKey(v.option_values) === key)) {
        throw new BcApiError(422, 'Variant with the same option values set exists');
      }
      variant.option_values = values;
    }
    applyVariantFields(variant, input);
  }
  record.fields.date_modified = bcDate(nowMs);
  refreshDerived(record);
  return allVariants(record).find((v) => v.id === variantId)!;
}

export function deleteVariant(data: StoreData, record: ProductRecord, variantId: number): boolean {
  const before = record.variants.length;
  record.variants = record.variants.filter((v) => v.id !== variantId);
  if (record.variants.length === before) return false;
  if (record.variants.length === 0) record.fields.base_variant_id = nextId(data, 'variant');
  return true;
}

/** Removes variants that use any of the given option value ids (after deleting an option or one of its values). */
export function dropVariantsUsing(data: StoreData, record: ProductRecord, valueIds: Set<number>): void {
  const before = record.variants.length;
  record.variants = record.variants.filter((v) => !v.option_values.some((ov) => valueIds.has(ov.id)));
  if (before > 0 && record.variants.length === 0) record.fields.base_variant_id = nextId(data, 'variant');
}

const VARIANT_ID = ':variant_id{[0-9]+}';
const BATCH_MAX = 50;

/**
 * What `GET /v3/catalog/variants` documents (product-variants_catalog.v3.yml lines 1039-1051, getVariants): `id`,
 * `sku`, `upc`, `product_id:in`, field selection and paging. No `sku:in`, no `id:in`: those are ignored.
 */
const GET_VARIANTS_PARAMS = [
  'id',
  'sku',
  'upc',
  'include_fields',
  'exclude_fields',
  'page',
  'limit',
  'product_id:in',
] as const;

function variantOr404(record: ProductRecord, id: number): Variant {
  return rowOr404(allVariants(record), id, { variant_id: `Variant ${id} was not found.` });
}

export function registerVariantRoutes(app: SandboxApp, deps: RouteDeps): void {
  const base = `${V3}/catalog/products/${PRODUCT_ID}/variants`;

  app.get(base, (c) => {
    return pagedList(c, allVariants(productOr404(c)));
  });

  app.post(base, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const input = parseBody(variantSchema, await readJson(c));
    const variant = createVariant(store.data, record, input, deps.clock());
    store.stats.recordProductWrites([record.fields.id]);
    return v3Data(c, { ...variant });
  });

  app.get(`${base}/${VARIANT_ID}`, (c) => {
    const record = productOr404(c);
    return v3Row(c, variantOr404(record, pathId(c, 'variant_id')));
  });

  app.put(`${base}/${VARIANT_ID}`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const id = pathId(c, 'variant_id');
    variantOr404(record, id);
    const input = parseBody(variantSchema, await readJson(c));
    // An inventory level that is not saved is updateProductVariant's 207, MultiStatus `{data, errors, meta}`
    // (product-variants_catalog.v3.yml 487-495, 2476-2484): the rest of the variant is saved.
    const problem = settleInventory(record, id, input);
    const variant = updateVariant(store.data, record, id, input, deps.clock());
    store.stats.recordProductWrites([record.fields.id]);
    if (problem) {
      return c.json(
        { data: { ...variant }, errors: multiStatus({ inventory_level: problem }), meta: {} },
        207,
      );
    }
    return v3Data(c, { ...variant });
  });

  app.delete(`${base}/${VARIANT_ID}`, (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const id = pathId(c, 'variant_id');
    if (record.fields.base_variant_id === id) {
      throw new BcApiError(422, 'The base variant cannot be deleted', {
        variant_id: 'Delete the product instead.',
      });
    }
    if (!deleteVariant(store.data, record, id)) throw new BcApiError(404, NOT_FOUND_TITLE);
    store.stats.recordProductWrites([record.fields.id]);
    return c.body(null, 204);
  });

  app.get(`${V3}/catalog/variants`, (c) => {
    const store = c.get('store');
    const q = documentedOnly(query(c), GET_VARIANTS_PARAMS);
    const page = listPage(c);
    const id = intParam(q, 'id');
    // Exact SKU ignoring case: SKUs are unique "regardless of the letter case" (products_catalog.v3.yml line 7139).
    const sku = strParam(q, 'sku')?.toLowerCase();
    const upc = strParam(q, 'upc');
    const productIds = intListParam(q, 'product_id:in');
    // getVariants documents no sort (product-variants_catalog.v3.yml 1038-1051): products in the neutral order.
    const products = [...store.data.products.values()].filter(
      (r) => !productIds || productIds.includes(r.fields.id),
    );
    const rows = unaskedOrder(products, (r) => r.fields.id)
      .flatMap((r) => allVariants(r))
      .filter((v) => id === undefined || v.id === id)
      .filter((v) => sku === undefined || v.sku.toLowerCase() === sku)
      .filter((v) => upc === undefined || v.upc === upc);
    return page(rows);
  });

  app.put(`${V3}/catalog/variants`, async (c) => {
    const store = c.get('store');
    // The 413's title as updateVariantsBatch's example words it, without a final stop (1616-1624).
    const items = await readBatch(c, BATCH_MAX, `${BATCH_TOO_LARGE} ${BATCH_MAX}`);
    const owners = new Map<number, ProductRecord>();
    for (const record of store.data.products.values())
      for (const v of allVariants(record)) owners.set(v.id, record);

    // Check the whole batch before writing anything. updateVariantsBatch documents 200, 413 and a 422 for "missing
    // required fields, or … invalid data" whose body is `{batch_errors: [{status, title, type, errors}]}` (1625-1664),
    // and no 207: an invalid item refuses the whole batch, one entry per invalid item, its keys led by the item's
    // index. Whether BigCommerce saves the valid items meanwhile is not said; the sandbox saves none.
    const batchSkus = new Map<string, number>();
    const batchErrors: Record<string, unknown>[] = [];
    const plan: BatchStep[] = [];
    items.forEach((item, i) => {
      try {
        plan.push(planBatchItem(store.data, owners, batchSkus, item, i));
      } catch (error) {
        if (!(error instanceof BcApiError)) throw error;
        batchErrors.push(batchError(error, i));
      }
    });
    if (batchErrors.length > 0) return c.json({ batch_errors: batchErrors }, 422);

    const now = deps.clock();
    const out = plan.map((step) =>
      step.kind === 'update'
        ? updateVariant(store.data, step.record, step.id, step.input, now)
        : createVariant(store.data, step.record, step.input, now),
    );
    store.stats.recordProductWrites(plan.map((p) => p.record.fields.id));
    return c.json({ data: out.map((v) => ({ ...v })), meta: {} }, 200);
  });
}

const BATCH_TOO_LARGE = 'The request payload is too large. The maximum items allowed in the array is';

type BatchStep =
  | { kind: 'update'; record: ProductRecord; id: number; input: VariantInput }
  | { kind: 'create'; record: ProductRecord; input: VariantInput };

/** Drops or clamps `input.inventory_level` as `variantInventory` says; answers why it was dropped, if it was. */
function settleInventory(record: ProductRecord, variantId: number, input: VariantInput): string | null {
  if (input.inventory_level === undefined) return null;
  const outcome = variantInventory(record, variantId, input.inventory_level);
  if ('problem' in outcome) {
    delete input.inventory_level;
    return outcome.problem;
  }
  input.inventory_level = outcome.level;
  return null;
}

/** One entry of `batch_errors`: the item's error, each key led by the item's index. */
function batchError(error: BcApiError, index: number): Record<string, unknown> {
  const lead = `${index}.`;
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([key, message]) => [key.startsWith(lead) ? key : lead + key, message]),
  );
  return { status: error.status, title: error.title, type: STATUS_DOC_TYPE, errors };
}

/** Checks one item of a variants batch against the store and the items before it; throws its BcApiError. */
function planBatchItem(
  data: StoreData,
  owners: Map<number, ProductRecord>,
  batchSkus: Map<string, number>,
  item: unknown,
  i: number,
): BatchStep {
  const parsed = variantBatchItemSchema.safeParse(item);
  if (!parsed.success) {
    throw new BcApiError(422, 'JSON data is missing or invalid', issuesToErrors(parsed.error, `${i}.`));
  }
  const input = parsed.data;
  // In a batch an inventory level that would not be saved is refused with the item: the batch documents no 207.
  const refuseInventory = (record: ProductRecord, variantId: number) => {
    const problem = settleInventory(record, variantId, input);
    if (problem)
      throw new BcApiError(422, 'The inventory level is invalid', { [`${i}.inventory_level`]: problem });
  };
  if (input.id !== undefined) {
    const record = owners.get(input.id);
    if (!record)
      throw new BcApiError(422, 'Variant not found', {
        [`${i}.id`]: `Variant ${input.id} does not exist.`,
      });
    if (input.sku) {
      const owner = skuOwner(data, input.sku, [
        { productId: record.fields.id, variantId: input.id },
        ...(record.fields.base_variant_id === input.id ? [{ productId: record.fields.id }] : []),
      ]);
      if (owner) throw duplicateSku(input.sku, owner);
    }
    if (input.option_values && input.option_values.length > 0 && record.fields.base_variant_id !== input.id) {
      resolveVariantOptionValues(record, input.option_values);
    }
    refuseInventory(record, input.id);
    checkBatchSku(batchSkus, input.sku, i);
    return { kind: 'update', record, id: input.id, input };
  }
  if (
    input.product_id === undefined ||
    !input.sku ||
    !input.option_values ||
    input.option_values.length === 0
  ) {
    const errors: Record<string, string> = {};
    if (input.product_id === undefined)
      errors[`${i}.product_id`] = 'Please provide a product_id (or an id to update).';
    if (!input.sku) errors[`${i}.sku`] = 'Please provide a SKU.';
    if (!input.option_values || input.option_values.length === 0)
      errors[`${i}.option_values`] = 'Please provide option values.';
    throw new BcApiError(422, 'Missing Required Fields', errors);
  }
  const record = data.products.get(input.product_id);
  if (!record)
    throw new BcApiError(422, 'Product not found', {
      [`${i}.product_id`]: `Product ${input.product_id} does not exist.`,
    });
  const owner = skuOwner(data, input.sku);
  if (owner) throw duplicateSku(input.sku, owner);
  resolveVariantOptionValues(record, input.option_values);
  refuseInventory(record, -1);
  checkBatchSku(batchSkus, input.sku, i);
  return { kind: 'create', record, input };
}

function checkBatchSku(seen: Map<string, number>, sku: string | undefined, index: number): void {
  if (!sku) return;
  const key = sku.toLowerCase();
  const other = seen.get(key);
  if (other !== undefined) {
    throw new BcApiError(409, 'The SKU is a duplicate', {
      [`${index}.sku`]: `SKU "${sku}" also appears in item ${other}.`,
    });
  }
  seen.set(key, index);
}
