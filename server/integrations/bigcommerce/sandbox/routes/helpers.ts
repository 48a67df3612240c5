// Small helpers for route handlers: JSON bodies, path ids, the current store and product.
import { BcApiError } from '../envelope';
import type { SandboxContext } from '../app-env';
import type { ProductRecord } from '../types';

export const NOT_FOUND_TITLE = 'The requested resource was not found.';

export function notFoundError(what?: string): BcApiError {
  return new BcApiError(404, NOT_FOUND_TITLE, what ? { id: what } : {});
}

/** Reads a JSON body; a body that does not parse gets BigCommerce's 400 "Input is invalid" [PROD createProductMetafield]. */
export async function readJson(c: SandboxContext): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '')
    throw new BcApiError(422, 'JSON data is missing or invalid', { body: 'The request body is empty.' });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BcApiError(400, 'Input is invalid', {}, { detail: 'Syntax error' });
  }
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
