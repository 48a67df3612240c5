// 207 Multi-Status: BigCommerce saved part of a write. The body differs per endpoint (paths relative to
// ../shared/bigcommerce/openapi/catalog/):
// - products, batch and single (updateProducts, createProduct, updateProduct): `{data, errors, meta}`, `errors` being
//   errorMultiStatus `{status, title, type, errors: DetailedErrors}` (products_catalog.v3.yml:365-390, 575-596,
//   1093-1110; the schemas at 6541-6564). "The product information was updated successfully, but the inventory data
//   failed to update or saving the URL failed."
// - variants (createProductVariant, updateProductVariant): MultiStatus `{data: productVariant_Full, errors:
//   errorMultiStatus, meta}`: "the product information was updated successfully, but the inventory data failed to
//   update" (product-variants_catalog.v3.yml:319-327, 487-495; the schema at 2476-2484).
// - brands (createBrand, getBrand, updateBrand): `{data: [brand_Full], errors: Error, meta}`, `data` a list even for one
//   brand (brands_catalog.v3.yml:464-465, 584-585, 811-812; the response at 2777-2792).
// - categories of trees: createCategories `{data, errors: MetaError, meta: {total, success, failed}}`, updateCategories
//   `{errors: MetaError, meta}` without `data` (category-trees_catalog.v3.yml:187-192, 233-238; the schemas at
//   741-786).
// What the keys of the inner `errors` mean ("Each key-value pair describes a failure or partial success case") is
// documented for product batches only, where they carry the item's index (doc:docs/start/migration/4_errors.md,
// batch-update.ts). Everywhere else a 207 is read as one answer for the whole write.
import { nestedError, PartialSaveError, withPeriod } from './errors';

export type MultiStatus = {
  /** The summary of the partial success (errorMultiStatus `title`), when sent. */
  title?: string;
  /** DetailedErrors, flattened to text. */
  errors: Record<string, string>;
  /** What the answer lists as saved, unchecked. */
  data: unknown;
  /** `meta`, `{total, success, failed}` on the category-tree and brand endpoints. */
  meta: Record<string, unknown>;
};

const ENVELOPE_KEYS = new Set(['status', 'title', 'type', 'instance']);

/** Reads a 207 body: the documented nested `errors` object, or (defensively) a flat map of field errors. */
export function readMultiStatus(body: unknown): MultiStatus {
  const record =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const meta =
    record.meta && typeof record.meta === 'object' && !Array.isArray(record.meta)
      ? (record.meta as Record<string, unknown>)
      : {};
  const out: MultiStatus = { errors: {}, data: record.data, meta };
  const nested = nestedError(record.errors);
  const outer =
    record.errors && typeof record.errors === 'object' && !Array.isArray(record.errors)
      ? (record.errors as Record<string, unknown>)
      : {};
  if (nested?.title) out.title = nested.title;
  const inner = nested ? (nested.errors as Record<string, unknown>) : outer;
  for (const [key, value] of Object.entries(inner)) {
    if (!nested && ENVELOPE_KEYS.has(key)) {
      if (key === 'title' && typeof value === 'string' && value.trim()) out.title = value.trim();
      continue;
    }
    out.errors[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

export const describeErrors = (errors: Record<string, string>): string =>
  Object.entries(errors)
    .map(([key, message]) => `${key}: ${message}`)
    .join('; ');

/** "1 of 2 saved" from a `{total, success}` meta, when the answer counts. */
function countsOf(meta: Record<string, unknown>): string {
  const { total, success } = meta;
  return typeof total === 'number' && typeof success === 'number' ? `, ${success} of ${total} saved` : '';
}

/**
 * A 207 as one error for the whole write: what BigCommerce said failed, and `saved` (the answer's `data`). Used wherever
 * the answer does not name its items (every endpoint but the product batch).
 */
export function partialSaveError(body: unknown, ctx: { method: string; path: string }): PartialSaveError {
  const answer = readMultiStatus(body);
  const detail = describeErrors(answer.errors) || answer.title;
  return new PartialSaveError(
    {
      ...(answer.title !== undefined ? { title: answer.title } : {}),
      errors: answer.errors,
      method: ctx.method,
      path: ctx.path,
      message: `BigCommerce saved only part of the change (207 on ${ctx.method} ${ctx.path}${countsOf(answer.meta)}): ${
        detail ? withPeriod(detail) : 'it did not say what was not saved.'
      } Check the store before counting it as done.`,
    },
    answer.data,
  );
}
