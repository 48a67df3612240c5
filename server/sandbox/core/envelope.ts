// BigCommerce's response shapes, shared by every sandbox route.
// Envelopes and error bodies: ../shared/bigcommerce/API-NOTES.md §2 and §3.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const STATUS_DOC_TYPE = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';

export type BcErrorBody = {
  status: number;
  title: string;
  type: string;
  errors?: Record<string, string>;
  detail?: string;
};

/** A v3 single-object answer: `{data, meta: {}}`. */
export function v3Data(c: Context, data: unknown, status: ContentfulStatusCode = 200) {
  return c.json({ data, meta: {} }, status);
}

export type Pagination = {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
  links: { previous?: string; current: string; next?: string };
};

/** Builds `meta.pagination` the way BigCommerce does (links are query strings, `previous`/`next` omitted at the ends). */
export function paginate<T>(
  items: readonly T[],
  page: number,
  limit: number,
): { data: T[]; pagination: Pagination } {
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const start = (page - 1) * limit;
  const data = items.slice(start, start + limit);
  const links: Pagination['links'] = { current: `?page=${page}&limit=${limit}` };
  if (page > 1) links.previous = `?page=${page - 1}&limit=${limit}`;
  if (page < totalPages) links.next = `?page=${page + 1}&limit=${limit}`;
  return {
    data,
    pagination: {
      total,
      count: data.length,
      per_page: limit,
      current_page: page,
      total_pages: totalPages,
      links,
    },
  };
}

/** A v3 collection answer: `{data: [...], meta: {pagination}}`. */
export function v3List<T>(c: Context, items: readonly T[], page: number, limit: number) {
  const { data, pagination } = paginate(items, page, limit);
  return c.json({ data, meta: { pagination } }, 200);
}

/**
 * The `errors` member of a 207 answer: errorMultiStatus `{status, title, type, errors}` (products_catalog.v3.yml
 * 6541-6557, product-variants_catalog.v3.yml 2540-2556).
 */
export function multiStatus(errors: Record<string, string>) {
  return { status: 207, title: 'Some of the data was not saved.', type: STATUS_DOC_TYPE, errors };
}

/** BigCommerce's v3 error body `{status, title, type, errors}`. */
export function bcErrorBody(status: number, title: string, errors: Record<string, string> = {}): BcErrorBody {
  return { status, title, type: STATUS_DOC_TYPE, errors };
}

export function bcError(
  c: Context,
  status: ContentfulStatusCode,
  title: string,
  errors: Record<string, string> = {},
) {
  return c.json(bcErrorBody(status, title, errors), status);
}

export const notFound = (c: Context) => bcError(c, 404, 'The requested resource was not found.');

/**
 * Thrown by sandbox logic to answer with a BigCommerce error body; the sandbox app's `onError` renders it.
 * `extra` carries optional members some answers have (`detail`, `meta` and `data` on 207-style failures).
 */
export class BcApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly title: string,
    readonly errors: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(title);
  }

  body(): BcErrorBody & Record<string, unknown> {
    return { ...bcErrorBody(this.status, this.title, this.errors), ...this.extra };
  }
}
