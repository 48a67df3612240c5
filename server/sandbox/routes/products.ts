// /v3/catalog/products: list, get, create, update, batch update, delete [PROD getProducts … deleteProducts].
import type { RouteDeps, SandboxApp, SandboxContext } from '../app-env';
import { V3 } from '../app-env';
import {
  applyProductUpdate,
  checkProductUpdate,
  createProduct,
  duplicateSku,
  missingRequired,
  PRODUCT_INCLUDES,
  serializeProduct,
  type SerializeOptions,
} from '../catalog';
import { BcApiError, paginate, STATUS_DOC_TYPE, v3Data } from '../envelope';
import { DELETE_PRODUCTS_FILTERS, productPredicate, sortProducts } from '../product-filters';
import { fieldSelectionParams, pagingParams, strListParam } from '../query';
import { parseBody, productCreateSchema, productUpdateSchema, type ProductUpdateInput } from '../schemas';
import type { ProductRecord } from '../types';
import { NOT_FOUND_TITLE, productOr404, query, readBatch, readJson } from './helpers';

export const PRODUCT_ID = ':product_id{[0-9]+}';
const BATCH_MAX = 10;
/** Including options or modifiers on the list caps the page at 10 products [PROD IncludeParamGetProducts]. */
const HEAVY_INCLUDE_MAX = 10;

export function includeSet(q: URLSearchParams): Set<string> {
  const known = new Set<string>(PRODUCT_INCLUDES);
  return new Set((strListParam(q, 'include') ?? []).filter((i) => known.has(i)));
}

export function serializeOptions(c: SandboxContext, deps: RouteDeps, q: URLSearchParams): SerializeOptions {
  return {
    include: includeSet(q),
    fields: fieldSelectionParams(q),
    baseUrl: deps.baseUrl(c),
    hash: c.get('store').spec.hash,
  };
}

export function registerProductRoutes(app: SandboxApp, deps: RouteDeps): void {
  app.get(`${V3}/catalog/products`, (c) => {
    const store = c.get('store');
    const q = query(c);
    const opts = serializeOptions(c, deps, q);
    const heavy = opts.include.has('options') || opts.include.has('modifiers');
    const { page, limit } = pagingParams(q, heavy ? HEAVY_INCLUDE_MAX : 250);
    const predicate = productPredicate(q, store.data);
    const records = sortProducts([...store.data.products.values()].filter(predicate), q);
    const { data, pagination } = paginate(records, page, limit);
    return c.json({ data: data.map((r) => serializeProduct(r, opts)), meta: { pagination } }, 200);
  });

  app.get(`${V3}/catalog/products/${PRODUCT_ID}`, (c) => {
    const record = productOr404(c);
    return v3Data(c, serializeProduct(record, serializeOptions(c, deps, query(c))));
  });

  app.post(`${V3}/catalog/products`, async (c) => {
    const store = c.get('store');
    const body = await readJson(c);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new BcApiError(422, 'JSON data is missing or invalid', {
        body: 'The request body must be a product object.',
      });
    }
    const early = missingRequired(body as Record<string, unknown>);
    if (early) throw early;
    const input = parseBody(productCreateSchema, body);
    // 207 on create (products_catalog.v3.yml createProduct, 575-596): "the product information was [saved]
    // successfully, but the inventory data failed to update", e.g. a negative stock level. The product is made
    // without it, and the answer's `data` is a list (the 207 schema's `type: array`).
    const partialErrors: Record<string, string> = {};
    if (input.inventory_level !== undefined && input.inventory_level < 0) {
      partialErrors.inventory_level = 'Inventory was not updated: the stock level cannot be negative.';
      delete input.inventory_level;
    }
    const record = createProduct(store.data, input, deps.clock());
    store.stats.recordProductWrites([record.fields.id]);
    const data = serializeProduct(record, serializeOptions(c, deps, query(c)));
    if (Object.keys(partialErrors).length > 0) {
      return c.json({ data: [data], errors: multiStatus(partialErrors), meta: {} }, 207);
    }
    return v3Data(c, data);
  });

  app.put(`${V3}/catalog/products/${PRODUCT_ID}`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const input = parseBody(productUpdateSchema, await readJson(c));
    checkProductUpdate(store.data, record, input);
    const { partialErrors } = applyProductUpdate(store.data, record, input, deps.clock());
    store.stats.recordProductWrites([record.fields.id]);
    const data = serializeProduct(record, serializeOptions(c, deps, query(c)));
    if (Object.keys(partialErrors).length > 0) {
      return c.json({ data, errors: multiStatus(partialErrors), meta: {} }, 207);
    }
    return v3Data(c, data);
  });

  app.put(`${V3}/catalog/products`, async (c) => {
    const store = c.get('store');
    const items = await readBatch(c, BATCH_MAX);
    if (items.length === 0)
      throw new BcApiError(422, 'JSON data is missing or invalid', { body: 'The array is empty.' });

    // Every item needs `id`. Without it BigCommerce reads the item as a new product and reports the fields a new
    // product needs (doc:docs/start/migration/4_errors.md).
    items.forEach((item) => {
      const obj = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      if (obj.id === undefined || obj.id === null) {
        throw (
          missingRequired(obj) ??
          new BcApiError(422, 'Missing Required Fields', { id: 'Please provide an id.' })
        );
      }
    });
    const updates = items.map((item, i) => {
      const obj = item as Record<string, unknown>;
      const id = Number(obj.id);
      if (!Number.isInteger(id)) {
        throw new BcApiError(422, 'JSON data is missing or invalid', {
          [`${i}.id`]: `${i}.id: expected an integer`,
        });
      }
      const record = store.data.products.get(id);
      if (!record)
        throw new BcApiError(404, NOT_FOUND_TITLE, { [`${i}.id`]: `Product ${id} was not found.` });
      return { index: i, record, input: parseBody(productUpdateSchema, item, `${i}.`) };
    });

    // Validate the whole batch before writing anything: conflicts with the store and within the batch.
    for (const u of updates) checkProductUpdate(store.data, u.record, u.input, `${u.index}.`);
    assertBatchSelfConsistent(updates);

    const now = deps.clock();
    const partial: Record<string, string> = {};
    for (const u of updates) {
      Object.assign(
        partial,
        applyProductUpdate(store.data, u.record, u.input, now, `${u.index}.`).partialErrors,
      );
    }
    store.stats.recordProductWrites(updates.map((u) => u.record.fields.id));
    const opts = serializeOptions(c, deps, query(c));
    const data = updates.map((u) => serializeProduct(u.record, opts));
    if (Object.keys(partial).length > 0) return c.json({ data, errors: multiStatus(partial), meta: {} }, 207);
    return c.json({ data, meta: {} }, 200);
  });

  app.delete(`${V3}/catalog/products/${PRODUCT_ID}`, (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    deleteProduct(c, record);
    store.stats.recordProductWrites([record.fields.id]);
    return c.body(null, 204);
  });

  app.delete(`${V3}/catalog/products`, (c) => {
    const store = c.get('store');
    const q = query(c);
    // A filter DELETE does not document is ignored, so it does not count as the filter the endpoint requires.
    const known = new Set<string>(DELETE_PRODUCTS_FILTERS);
    if (![...q.keys()].some((k) => known.has(k))) {
      throw new BcApiError(422, 'At least one filter must be provided', {
        filter: 'Deleting products needs a filter such as id:in.',
      });
    }
    const predicate = productPredicate(q, store.data, DELETE_PRODUCTS_FILTERS);
    const doomed = [...store.data.products.values()].filter(predicate).slice(0, 250);
    for (const record of doomed) deleteProduct(c, record);
    store.stats.recordProductWrites(doomed.map((r) => r.fields.id));
    return c.body(null, 204);
  });
}

function deleteProduct(c: SandboxContext, record: ProductRecord): void {
  const data = c.get('store').data;
  for (const img of record.images) data.uploads.delete(img.id);
  data.products.delete(record.fields.id);
  for (const other of data.products.values()) {
    if (other.fields.related_products.includes(record.fields.id)) {
      other.fields.related_products = other.fields.related_products.filter((id) => id !== record.fields.id);
    }
  }
}

/** The `errors` member of a 207 answer [PROD components.schemas.errorMultiStatus]. */
export function multiStatus(errors: Record<string, string>) {
  return { status: 207, title: 'Some of the data was not saved.', type: STATUS_DOC_TYPE, errors };
}

function assertBatchSelfConsistent(
  updates: { index: number; record: ProductRecord; input: ProductUpdateInput }[],
): void {
  const names = new Map<string, number>();
  const skus = new Map<string, number>();
  for (const u of updates) {
    const id = u.record.fields.id;
    const name = (u.input.name ?? u.record.fields.name).trim().toLowerCase();
    const other = names.get(name);
    if (other !== undefined && other !== id) {
      throw new BcApiError(409, 'The product name is a duplicate', {
        [`${u.index}.name`]: `Another product in this batch is named "${u.input.name ?? u.record.fields.name}".`,
      });
    }
    names.set(name, id);
    const sku = (u.input.sku ?? u.record.fields.sku).toLowerCase();
    if (sku !== '') {
      const otherSku = skus.get(sku);
      if (otherSku !== undefined && otherSku !== id)
        throw duplicateSku(u.input.sku ?? u.record.fields.sku, { productId: otherSku });
      skus.set(sku, id);
    }
  }
}
