// Bulk product updates through `PUT /v3/catalog/products`, at most 10 products per request (413 above that)
// [PROD updateProducts], API-NOTES §4 and §6f.
//
// BigCommerce names the failing item of a batch by its index in the array: `errors: {"4.custom_url": "…"}`, inside a
// 4xx for the whole batch (nothing saved) or a 207 (saved, but not that field); its advice is to drop the failing item
// and retry the rest (doc:docs/start/migration/4_errors.md). So a refused batch fails the named items alone, with their
// field and message, and the rest is sent again as one batch; only a refusal that names no item (some 422s do not) is
// split, in halves, down to single products. A failure that belongs to the store or the connection (401, 403 scope,
// 429 after retries, 5xx, network) is not split: splitting cannot help and would only spend the quota.
//
// A 207 (products_catalog.v3.yml:365-390) lists the saved products in `data` and what was not saved in `errors`, an
// errorMultiStatus `{status, title, type, errors}` (6541-6564) whose keys the spec leaves open ("Each key-value pair
// describes a failure or partial success case"). So an item is done only when `data` lists it and no key names it; a
// key that names no item of the batch is told to every item, since the answer does not say whose it is; an item the
// answer neither names nor lists is not counted as saved (read it back).
//
// The writes are long-job writes: 5xx and dropped connections are retried on the long budget (minutes, each wait
// reported in the progress and ended by cancel); a PUT by id leaves the same state when repeated, so nothing is
// written twice. Each request asks back only `id` and the edited fields (`include_fields`), not whole products.
import { BigCommerceError, isBigCommerceError, withPeriod } from './errors';
import type { BigCommerceHttp } from './http';
import { readMultiStatus } from './multi-status';
import type { Product, ProductUpdate } from './resources/products';
import { productSchema } from './resources/products';
import type { RetryBudget, RetryWait } from './transport';

export const PRODUCT_BATCH_LIMIT = 10;
/** `PUT /v3/catalog/variants` takes at most 50 variants (product-variants_catalog.v3.yml updateVariantsBatch). */
export const VARIANT_BATCH_LIMIT = 50;

/** What a batch writes: products (the default) or variants, each with its path, limit and word in messages. */
export type BatchTarget = {
  path: '/v3/catalog/products' | '/v3/catalog/variants';
  limit: number;
  noun: 'product' | 'variant';
  /** Whether the PUT takes `include_fields` (updateProducts does [PROD IncludeFieldsParam]; updateVariantsBatch does not). */
  includeFields: boolean;
};

export const PRODUCT_BATCH: BatchTarget = {
  path: '/v3/catalog/products',
  limit: PRODUCT_BATCH_LIMIT,
  noun: 'product',
  includeFields: true,
};
export const VARIANT_BATCH: BatchTarget = {
  path: '/v3/catalog/variants',
  limit: VARIANT_BATCH_LIMIT,
  noun: 'variant',
  includeFields: false,
};

export type ProductUpdateResult =
  | {
      id: number;
      ok: true;
      /** The product as BigCommerce saved it, when the answer listed it. */
      product?: Product;
      /** Set when BigCommerce answered 207 with errors that name no product: they may be this one's. */
      warning?: BigCommerceError;
    }
  | { id: number; ok: false; error: BigCommerceError };

export type BatchProgress = {
  done: number;
  total: number;
  succeeded: number;
  failed: number;
  requests: number;
  /** Set while a request waits to be retried: "waiting for BigCommerce (retry 3 of 8, next in 40 s)". */
  waiting?: RetryWait;
};

export type BatchUpdateOptions = {
  onProgress?: (progress: BatchProgress) => void;
  signal?: AbortSignal;
  /** Products per request, 1–10. */
  batchSize?: number;
  /** Batches waiting or in flight at once, 1–16; default 8 (the store's scheduler caps what is in flight). */
  parallel?: number;
  /** How a batch refused without naming its items is split: in halves, or one product per request. */
  split?: 'binary' | 'one-by-one';
  /** Retry budget of the writes; `job` (minutes of 5xx) by default. */
  retry?: RetryBudget;
  /**
   * A batch whose connection dropped after it was sent is not resent: its products fail with `mayHaveBeenApplied`, and
   * the caller reads the store before sending them again (a job's "never written twice").
   */
  verifyBeforeResend?: boolean;
};

export type BatchUpdateReport = {
  /** One result per input item, in input order. */
  results: ProductUpdateResult[];
  succeeded: number;
  failed: number;
  /** HTTP requests sent (retries inside one request are not counted). */
  requests: number;
};

const ITEM_STATUSES = new Set([400, 404, 409, 413, 422]);
const STORE_WIDE_CODES = new Set(['bc_unauthorized', 'bc_forbidden_scope']);

function isItemError(error: BigCommerceError): boolean {
  return error.status !== undefined && ITEM_STATUSES.has(error.status);
}

function invalidId(target: BatchTarget): BigCommerceError {
  return new BigCommerceError({
    code: 'bc_invalid_request',
    message: `Each ${target.noun} to update needs a positive whole-number id.`,
  });
}

/**
 * The errors of a batch answer by item: `"4.custom_url"` is item 4's `custom_url`, `"4"` item 4 as a whole. Keys that
 * name no item of this batch (a field alone, an index past its end) are returned apart, in `unnamed`.
 */
export function errorsByItem(
  errors: Record<string, string>,
  batchLength: number,
): { byItem: Map<number, Record<string, string>>; unnamed: Record<string, string> } {
  const byItem = new Map<number, Record<string, string>>();
  const unnamed: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^(\d+)(?:\.(.+))?$/.exec(key);
    const index = match ? Number(match[1]) : batchLength;
    if (!match || index >= batchLength) {
      unnamed[key] = message;
      continue;
    }
    const fields = byItem.get(index) ?? {};
    fields[match[2] ?? 'product'] = message;
    byItem.set(index, fields);
  }
  return { byItem, unnamed };
}

const describeFields = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');

/** Item `id` of a refused batch: its own failure, with BigCommerce's status, field and message. */
function itemFailure(
  target: BatchTarget,
  id: number,
  fields: Record<string, string>,
  from: BigCommerceError,
): BigCommerceError {
  const [field] = Object.keys(fields);
  return new BigCommerceError({
    code: from.code,
    ...(from.status !== undefined ? { status: from.status } : {}),
    ...(from.title !== undefined ? { title: from.title } : {}),
    errors: fields,
    method: 'PUT',
    path: target.path,
    ...(field !== undefined && field !== 'product' ? { field } : {}),
    message: `BigCommerce refused ${target.noun} ${id}: ${withPeriod(describeFields(fields))}`,
  });
}

/** Item `id` of a 207: the product saved, but not these fields. */
function partialFailure(target: BatchTarget, id: number, fields: Record<string, string>): BigCommerceError {
  const [field] = Object.keys(fields);
  return new BigCommerceError({
    code: 'bc_invalid',
    status: 207,
    errors: fields,
    method: 'PUT',
    path: target.path,
    ...(field !== undefined && field !== 'product' ? { field } : {}),
    mayHaveBeenApplied: true,
    message: `BigCommerce saved ${target.noun} ${id}, but not all of it: ${withPeriod(describeFields(fields))}`,
  });
}

/** What a 207 says without naming an item: told to every product of the batch, since it may be any of them. */
function batchRemark(
  target: BatchTarget,
  errors: Record<string, string>,
  title: string | undefined,
): BigCommerceError {
  const detail = describeFields(errors) || title;
  return new BigCommerceError({
    code: 'bc_invalid',
    status: 207,
    errors,
    ...(title !== undefined ? { title } : {}),
    method: 'PUT',
    path: target.path,
    message: `BigCommerce saved this batch only in part and did not say which ${target.noun} the rest belongs to${
      detail ? `: ${withPeriod(detail)}` : '.'
    }`,
  });
}

/** An item of a 207 that the answer neither names nor lists as saved: not counted as saved. */
function unconfirmed(
  target: BatchTarget,
  id: number,
  remark: BigCommerceError | undefined,
): BigCommerceError {
  return new BigCommerceError({
    code: 'bc_invalid',
    status: 207,
    errors: remark?.errors ?? {},
    method: 'PUT',
    path: target.path,
    mayHaveBeenApplied: true,
    message: `BigCommerce answered 207 (saved in part) without listing ${target.noun} ${id} as saved, so it is not counted as saved: check it in the store.${
      remark ? ` ${remark.message}` : ''
    }`,
  });
}

/**
 * `include_fields` of a batch: the fields it edits, so the answer is not whole products (`id` is always returned and
 * is not an allowed value [PROD IncludeFieldsParam]). Undefined when the batch edits nothing.
 */
function includeFieldsOf(batch: readonly ProductUpdate[]): string | undefined {
  const fields = new Set<string>();
  for (const item of batch) for (const key of Object.keys(item)) if (key !== 'id') fields.add(key);
  return fields.size > 0 ? [...fields].join(',') : undefined;
}

export async function updateProductsInBatches(
  http: BigCommerceHttp,
  items: readonly ProductUpdate[],
  options: BatchUpdateOptions = {},
  target: BatchTarget = PRODUCT_BATCH,
): Promise<BatchUpdateReport> {
  const batchSize = Math.min(target.limit, Math.max(1, Math.floor(options.batchSize ?? target.limit)));
  // Enough batches waiting that the store's scheduler can fill every slot it sizes for (it caps what is in flight),
  // within one caller's share of its queue.
  const parallel = Math.min(16, Math.max(1, Math.floor(options.parallel ?? 8)));
  const split = options.split ?? 'binary';
  const results: (ProductUpdateResult | undefined)[] = new Array<ProductUpdateResult | undefined>(
    items.length,
  );
  let requests = 0;
  let succeeded = 0;
  let failed = 0;
  let done = 0;
  /** Set once the token is refused: every later item fails with the same error, without a request. */
  let fatal: BigCommerceError | undefined;

  const settle = (index: number, result: ProductUpdateResult) => {
    results[index] = result;
    done++;
    if (result.ok) succeeded++;
    else failed++;
  };
  const report = () => options.onProgress?.({ done, total: items.length, succeeded, failed, requests });

  // Items with an unusable id fail at once; the rest are grouped into batches of input indexes.
  const valid: number[] = [];
  items.forEach((item, index) => {
    if (Number.isSafeInteger(item.id) && item.id > 0) valid.push(index);
    else settle(index, { id: item.id, ok: false, error: invalidId(target) });
  });
  if (done > 0) report();

  async function send(indexes: number[]): Promise<void> {
    if (fatal) {
      for (const i of indexes) settle(i, { id: items[i]!.id, ok: false, error: fatal });
      report();
      return;
    }
    options.signal?.throwIfAborted();
    requests++;
    const batch = indexes.map((i) => items[i]!);
    try {
      const { status, body } = await http.exchange('PUT', target.path, {
        body: batch,
        query: target.includeFields ? { include_fields: includeFieldsOf(batch) } : {},
        signal: options.signal,
        retry: options.retry ?? 'job',
        ...(options.verifyBeforeResend ? { verifyBeforeResend: true } : {}),
        onRetry: (waiting) =>
          options.onProgress?.({ done, total: items.length, succeeded, failed, requests, waiting }),
      });
      const saved = new Map<number, Product>();
      const data = body && typeof body === 'object' && 'data' in body ? body.data : undefined;
      if (Array.isArray(data)) {
        for (const entry of data) {
          const parsed = productSchema.safeParse(entry);
          if (parsed.success) saved.set(parsed.data.id, parsed.data);
        }
      }
      if (status === 207) {
        // Items named by index saved but not those fields; items listed in `data` are done (with any unnamed remark);
        // the others are not confirmed (see the top of this file).
        const answer = readMultiStatus(body);
        const { byItem, unnamed } = errorsByItem(answer.errors, indexes.length);
        const remark =
          Object.keys(unnamed).length > 0 || byItem.size === 0
            ? batchRemark(target, unnamed, answer.title)
            : undefined;
        indexes.forEach((i, position) => {
          const id = items[i]!.id;
          const fields = byItem.get(position);
          const product = saved.get(id);
          if (fields) settle(i, { id, ok: false, error: partialFailure(target, id, fields) });
          else if (product) settle(i, withProduct(id, product, remark));
          else settle(i, { id, ok: false, error: unconfirmed(target, id, remark) });
        });
        report();
        return;
      }
      for (const i of indexes) settle(i, withProduct(items[i]!.id, saved.get(items[i]!.id)));
      report();
    } catch (error) {
      if (!isBigCommerceError(error)) throw error;
      if (STORE_WIDE_CODES.has(error.code)) fatal = error;
      if (isItemError(error)) {
        const { byItem } = errorsByItem(error.errors, indexes.length);
        if (byItem.size > 0) {
          // The named items fail alone; the rest was not saved (the batch is all-or-nothing) and goes again.
          const rest: number[] = [];
          indexes.forEach((i, position) => {
            const fields = byItem.get(position);
            if (fields)
              settle(i, {
                id: items[i]!.id,
                ok: false,
                error: itemFailure(target, items[i]!.id, fields, error),
              });
            else rest.push(i);
          });
          report();
          if (rest.length > 0) await send(rest);
          return;
        }
        if (indexes.length > 1) {
          await retrySplit(indexes);
          return;
        }
      }
      for (const i of indexes) settle(i, { id: items[i]!.id, ok: false, error });
      report();
    }
  }

  function withProduct(
    id: number,
    product: Product | undefined,
    warning?: BigCommerceError,
  ): ProductUpdateResult {
    return { id, ok: true, ...(product ? { product } : {}), ...(warning ? { warning } : {}) };
  }

  async function retrySplit(indexes: number[]): Promise<void> {
    if (indexes.length === 1) {
      await send(indexes);
      return;
    }
    const parts =
      split === 'one-by-one'
        ? indexes.map((i) => [i])
        : [indexes.slice(0, Math.ceil(indexes.length / 2)), indexes.slice(Math.ceil(indexes.length / 2))];
    for (const part of parts) await send(part);
  }

  const batches: number[][] = [];
  for (let i = 0; i < valid.length; i += batchSize) batches.push(valid.slice(i, i + batchSize));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      await send(batch);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, batches.length) }, worker));

  return {
    results: results.map((r, i) => r ?? { id: items[i]!.id, ok: false, error: invalidId(target) }),
    succeeded,
    failed,
    requests,
  };
}
