// Small helpers for route handlers: JSON bodies, path ids, the current store and product, and the steps every
// product sub-resource (options, modifiers, custom fields, images…) repeats: list a page, find or remove by id,
// record a write.
import { z } from 'zod';
import { jsonValueProblem, MAX_JSON_DEPTH } from '../../http';
import type { SandboxContext } from '../core/app-env';
import { BcApiError, paginate, v3Data, v3List } from '../core/envelope';
import { fieldSelectionParams, pagingParams, selectFields } from '../core/query';
import { bcDate } from './records';
import type { ProductRecord } from './types';

/** A brand's or product's `custom_url` body [PROD createProduct, BRAND createBrand]. */
export const customUrlSchema = z.object({
  url: z.string().max(255),
  is_customized: z.boolean().optional(),
  create_redirect: z.boolean().optional(),
});

export const NOT_FOUND_TITLE = 'The requested resource was not found.';

export function notFoundError(what?: string): BcApiError {
  return new BcApiError(404, NOT_FOUND_TITLE, what ? { id: what } : {});
}

/** Reads a JSON body; a body that does not parse gets BigCommerce's 400 "Input is invalid" [PROD createProductMetafield]. */
export async function readJson(c: SandboxContext): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '')
    throw new BcApiError(422, 'JSON data is missing or invalid', { body: 'The request body is empty.' });
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new BcApiError(400, 'Input is invalid', {}, { detail: 'Syntax error' });
  }
  // Visitors reach their demo stores here with the tokens they are given: a body nested thousands of levels deep
  // would overflow the stack of the routes that copy it (issue 26, point 8). BigCommerce documents no depth; the
  // app's own limit is used, with BigCommerce's invalid-body answer.
  if (jsonValueProblem(body, { nul: false }) === 'too-deep') {
    throw new BcApiError(422, 'JSON data is missing or invalid', {
      body: `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep.`,
    });
  }
  return body;
}

/** An integer path parameter; anything else is a 404, as the route would not match on BigCommerce. */
export function pathId(c: SandboxContext, name: string): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d+$/.test(raw)) throw notFoundError();
  return Number(raw);
}

export function query(c: SandboxContext): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

export function productOr404(c: SandboxContext): ProductRecord {
  const id = pathId(c, 'product_id');
  const record = c.get('store').data.products.get(id);
  if (!record) throw new BcApiError(404, NOT_FOUND_TITLE, { product_id: `Product ${id} was not found.` });
  return record;
}

export function requireArray(body: unknown): unknown[] {
  if (!Array.isArray(body)) {
    throw new BcApiError(422, 'JSON data is missing or invalid', {
      body: 'The request body must be an array.',
    });
  }
  return body as unknown[];
}

/**
 * A batch body: a JSON array of at most `max` items; more is BigCommerce's 413 naming the maximum, with the title of
 * the endpoint's own example when it words it differently.
 */
export async function readBatch(
  c: SandboxContext,
  max: number,
  title = `The request payload is too large. The maximum items allowed in the array is ${max}.`,
): Promise<unknown[]> {
  const items = requireArray(await readJson(c));
  if (items.length > max) throw new BcApiError(413, title);
  return items;
}

/**
 * BigCommerce's 422 "Missing Required Fields" when a JSON object body lacks one of `keys` (one message a key); a body
 * that is no object is left to the schema.
 */
export function requireFields(body: unknown, keys: readonly string[]): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const absent = keys.filter((k) => !(k in body));
  if (absent.length > 0) {
    throw new BcApiError(
      422,
      'Missing Required Fields',
      Object.fromEntries(absent.map((k) => [k, `Please provide ${k}.`])),
    );
  }
}

/**
 * One page of a v3 list (`page`, `limit` up to 250) with `include_fields` / `exclude_fields` applied to each row as
 * `serialize` shapes it (the keys in `alwaysKept` are kept whatever is asked for): `{data, meta: {pagination}}`.
 * `listPage(c)` reads the paging first (a malformed `page` or `limit` is refused before the handler's own filters);
 * the function it gives answers the rows.
 */
export function listPage(c: SandboxContext) {
  const q = query(c);
  const { page, limit } = pagingParams(q, 250);
  const sel = fieldSelectionParams(q);
  return <T extends object>(
    rows: readonly T[],
    serialize: (row: T) => object = (row) => row,
    alwaysKept: readonly string[] = ['id'],
  ): Response => {
    const { data, pagination } = paginate(rows, page, limit);
    return c.json(
      { data: data.map((row) => selectFields(serialize(row), sel, alwaysKept)), meta: { pagination } },
      200,
    );
  };
}

/** `listPage` for rows known before the paging is read. */
export function pagedList<T extends object>(
  c: SandboxContext,
  rows: readonly T[],
  serialize: (row: T) => object = (row) => row,
): Response {
  return listPage(c)(rows, serialize);
}

/** One row as a v3 answer `{data, meta}`, with `include_fields` / `exclude_fields` applied. */
export function v3Row(c: SandboxContext, row: object): Response {
  return v3Data(c, selectFields(row, fieldSelectionParams(query(c))));
}

/** One page of a v3 list (`page`, `limit` up to 250) that takes no `include_fields` / `exclude_fields`: the rows as they are. */
export function pagedRows(c: SandboxContext, rows: readonly unknown[]): Response {
  const { page, limit } = pagingParams(query(c), 250);
  return v3List(c, rows, page, limit);
}

/** The row with this id, or BigCommerce's 404 (with `errors` naming what was not found, when given). */
export function rowOr404<T extends { id: number }>(
  rows: readonly T[],
  id: number,
  errors: Record<string, string> = {},
): T {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new BcApiError(404, NOT_FOUND_TITLE, errors);
  return row;
}

/** The rows without the one with this id; BigCommerce's 404 when there is none. */
export function withoutRowOr404<T extends { id: number }>(rows: readonly T[], id: number): T[] {
  if (!rows.some((r) => r.id === id)) throw new BcApiError(404, NOT_FOUND_TITLE);
  return rows.filter((r) => r.id !== id);
}

/** After a write below one product: its `date_modified` moves to now and the store's stats count the write. */
export function recordProductWrite(c: SandboxContext, record: ProductRecord, nowMs: number): void {
  record.fields.date_modified = bcDate(nowMs);
  c.get('store').stats.recordProductWrites([record.fields.id]);
}

/**
 * A PUT's `option_values` on an option or modifier: an entry with the id of one of `values` updates it (`update`);
 * one without is a new value, which needs a label (BigCommerce's 422) and goes to `add`. Without `add`, new values
 * are ignored.
 */
export function applyValueUpdates<
  V extends { id: number },
  I extends { id?: number | undefined; label?: string | undefined },
>(
  values: readonly V[],
  inputs: readonly I[] | undefined,
  update: (value: V, input: I) => void,
  add?: (input: I & { label: string }) => void,
): void {
  for (const input of inputs ?? []) {
    const existing = input.id !== undefined ? values.find((x) => x.id === input.id) : undefined;
    if (existing) {
      update(existing, input);
    } else if (add) {
      if (!input.label)
        throw new BcApiError(422, 'Missing Required Fields', { label: 'Please provide a label.' });
      add({ ...input, label: input.label });
    }
  }
}

/** The `{product_id}` path parameter of every product sub-resource route. */
export const PRODUCT_ID = ':product_id{[0-9]+}';
