// The body primitives every sandbox module's zod schemas share, and `parseBody`. Unknown and read-only keys (id,
// date_created, date_modified, calculated_price, base_variant_id, …) are stripped, as BigCommerce ignores them
// [PROD createProduct "Read-Only Fields"]. The body schemas live with the routes that read them.
import { z } from 'zod';
import { BcApiError } from './envelope';

/** BigCommerce accepts numbers sent as strings ("10.00", doc:docs/store-operations/catalog/index.mdx). */
export const num = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
/** An integer, also accepted as a string of digits. */
export const int = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
export const nullableNum = num.nullable();

/** The largest 32-bit signed integer, the `maximum` of inventory levels and sort orders in the catalog files. */
export const INT32_MAX = 2147483647;

/** `num` within an OpenAPI `minimum` / `maximum` (either may be left out); outside, the usual 422 naming the field. */
export function numIn(min?: number, max?: number) {
  let bounded = z.number();
  if (min !== undefined) bounded = bounded.min(min);
  if (max !== undefined) bounded = bounded.max(max);
  return num.pipe(bounded);
}

/** `int` within an OpenAPI `minimum` / `maximum` (either may be left out). */
export function intIn(min?: number, max?: number) {
  let bounded = z.number().int();
  if (min !== undefined) bounded = bounded.min(min);
  if (max !== undefined) bounded = bounded.max(max);
  return int.pipe(bounded);
}
export const str = (max?: number) => (max ? z.string().max(max) : z.string());

/** Maps zod issues to BigCommerce's `errors` object, keyed by the field path. */
export function issuesToErrors(error: z.ZodError, prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = prefix + (issue.path.length > 0 ? issue.path.map(String).join('.') : 'body');
    errors[key] ??= `${key}: ${issue.message}`;
  }
  return errors;
}

/** Validates a body with a schema or throws BigCommerce's 422 "JSON data is missing or invalid". */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new BcApiError(422, 'JSON data is missing or invalid', issuesToErrors(result.error, prefix));
  }
  return result.data;
}
