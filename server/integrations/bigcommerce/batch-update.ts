// Bulk product updates through `PUT /v3/catalog/products`, at most 10 products per request (413 above that)
// [PROD updateProducts], API-NOTES §4 and §6f.
//
// A batch is all-or-nothing at BigCommerce, and some 422 answers do not name the failing item
// (doc:docs/start/migration/4_errors.md). So when a batch fails for a reason that belongs to its items (400, 404,
// 409, 413, 422), it is split in two and each half is sent again, down to single products: one bad product costs a
// few extra requests but never fails nine good ones. A failure that belongs to the store or the connection (401,
// 403, 429 after retries, 5xx, network) is not split: splitting cannot help and would only spend the quota.
import { BigCommerceError, isBigCommerceError, withPeriod } from './errors';
import type { BigCommerceHttp } from './http';
import type { Product, ProductUpdate } from './resources/products';
import { productSchema } from './resources/products';

export const PRODUCT_BATCH_LIMIT = 10;

export type ProductUpdateResult =
  | {
      id: number;
      ok: true;
      /** The product as BigCommerce saved it, when the answer listed it. */
      product?: Product;
      /** Set when BigCommerce answered 207: the product saved, but part of it (e.g. inventory, URL) did not. */
      warning?: BigCommerceError;
    }
  | { id: number; ok: false; error: BigCommerceError };

export type BatchProgress = {
  done: number;
  total: number;
  succeeded: number;
  failed: number;
  requests: number;
};

export type BatchUpdateOptions = {
  onProgress?: (progress: BatchProgress) => void;
  signal?: AbortSignal;
  /** Products per request, 1–10. */
  batchSize?: number;
  /** Batches sent at once (the store's scheduler still caps concurrency). */
  parallel?: number;
  /** How a failed batch is split: in halves (fewer requests when few items are bad), or one product per request. */
  split?: 'binary' | 'one-by-one';
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

function invalidId(): BigCommerceError {
  return new BigCommerceError({
    code: 'bc_invalid_request',
    message: 'Each product to update needs a positive whole-number id.',
  });
}

function partialWarning(body: unknown): BigCommerceError {
  const errors: Record<string, string> = {};
  if (
    body &&
    typeof body === 'object' &&
    'errors' in body &&
    body.errors &&
    typeof body.errors === 'object'
  ) {
    for (const [key, value] of Object.entries(body.errors)) {
      errors[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  const detail = Object.entries(errors)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  return new BigCommerceError({
    code: 'bc_invalid',
    status: 207,
    errors,
    method: 'PUT',
    path: '/v3/catalog/products',
    message: `The product was saved, but BigCommerce did not accept all of it${detail ? `: ${withPeriod(detail)}` : '.'}`,
  });
}

export async function updateProductsInBatches(
  http: BigCommerceHttp,
  items: readonly ProductUpdate[],
  options: BatchUpdateOptions = {},
): Promise<BatchUpdateReport> {
  const batchSize = Math.min(
    PRODUCT_BATCH_LIMIT,
    Math.max(1, Math.floor(options.batchSize ?? PRODUCT_BATCH_LIMIT)),
  );
  const parallel = Math.max(1, Math.floor(options.parallel ?? 3));
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
    else settle(index, { id: item.id, ok: false, error: invalidId() });
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
    try {
      const { status, body } = await http.exchange('PUT', '/v3/catalog/products', {
        body: indexes.map((i) => items[i]),
        signal: options.signal,
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
        // Partial success: products listed in `data` saved (with a warning); the others go round again.
        const warning = partialWarning(body);
        const missing = indexes.filter((i) => !saved.has(items[i]!.id));
        for (const i of indexes) {
          const product = saved.get(items[i]!.id);
          if (product) settle(i, { id: items[i]!.id, ok: true, product, warning });
        }
        report();
        if (missing.length > 0 && missing.length < indexes.length) await retrySplit(missing);
        else if (missing.length > 0) {
          for (const i of missing) settle(i, { id: items[i]!.id, ok: true, warning });
          report();
        }
        return;
      }
      for (const i of indexes) {
        const product = saved.get(items[i]!.id);
        settle(i, product ? { id: items[i]!.id, ok: true, product } : { id: items[i]!.id, ok: true });
      }
      report();
    } catch (error) {
      if (!isBigCommerceError(error)) throw error;
      if (STORE_WIDE_CODES.has(error.code)) fatal = error;
      if (indexes.length > 1 && isItemError(error)) {
        await retrySplit(indexes);
        return;
      }
      for (const i of indexes) settle(i, { id: items[i]!.id, ok: false, error });
      report();
    }
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
    results: results.map((r, i) => r ?? { id: items[i]!.id, ok: false, error: invalidId() }),
    succeeded,
    failed,
    requests,
  };
}
