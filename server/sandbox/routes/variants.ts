// Variants of one product and the store-wide /v3/catalog/variants [VAR getProductVariants, createProductVariant,
// getProductVariant, updateProductVariant, deleteProductVariant, getVariants, updateVariantsBatch].
import type { RouteDeps, SandboxApp } from '../app-env';
import { V3 } from '../app-env';
import {
  allVariants,
  createVariant,
  deleteVariant,
  duplicateSku,
  resolveVariantOptionValues,
  skuOwner,
  updateVariant,
} from '../catalog';
import { BcApiError, v3Data } from '../envelope';
import { documentedOnly, intListParam, intParam, strParam, unaskedOrder } from '../query';
import { parseBody, variantBatchItemSchema, variantSchema } from '../schemas';
import type { ProductRecord, Variant } from '../types';
import {
  listPage,
  NOT_FOUND_TITLE,
  pagedList,
  pathId,
  productOr404,
  query,
  readBatch,
  readJson,
  rowOr404,
  v3Row,
} from './helpers';
import { PRODUCT_ID } from './products';

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
    const variant = updateVariant(store.data, record, id, input, deps.clock());
    store.stats.recordProductWrites([record.fields.id]);
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
    const items = await readBatch(c, BATCH_MAX);
    const inputs = items.map((item, i) => parseBody(variantBatchItemSchema, item, `${i}.`));
    const owners = new Map<number, ProductRecord>();
    for (const record of store.data.products.values())
      for (const v of allVariants(record)) owners.set(v.id, record);

    // Check the whole batch before writing anything.
    const batchSkus = new Map<string, number>();
    const plan = inputs.map((input, i) => {
      if (input.id !== undefined) {
        const record = owners.get(input.id);
        if (!record)
          throw new BcApiError(422, 'Variant not found', {
            [`${i}.id`]: `Variant ${input.id} does not exist.`,
          });
        if (input.sku) {
          const owner = skuOwner(store.data, input.sku, [
            { productId: record.fields.id, variantId: input.id },
            ...(record.fields.base_variant_id === input.id ? [{ productId: record.fields.id }] : []),
          ]);
          if (owner) throw duplicateSku(input.sku, owner);
        }
        if (
          input.option_values &&
          input.option_values.length > 0 &&
          record.fields.base_variant_id !== input.id
        ) {
          resolveVariantOptionValues(record, input.option_values);
        }
        checkBatchSku(batchSkus, input.sku, i);
        return { kind: 'update' as const, record, id: input.id, input };
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
      const record = store.data.products.get(input.product_id);
      if (!record)
        throw new BcApiError(422, 'Product not found', {
          [`${i}.product_id`]: `Product ${input.product_id} does not exist.`,
        });
      const owner = skuOwner(store.data, input.sku);
      if (owner) throw duplicateSku(input.sku, owner);
      resolveVariantOptionValues(record, input.option_values);
      checkBatchSku(batchSkus, input.sku, i);
      return { kind: 'create' as const, record, input };
    });

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
