import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codedIssue } from '../common/contracts/tool-result';
import { ERROR_CODES, ERROR_STATUS } from '../common/errors';
import { AppError, createErrorHandler, failureOf, inputError } from './errors';
import { BigCommerceError } from './integrations/bigcommerce/errors';
import { createLogger } from './logger';

const logger = createLogger('silent');

describe('one error class and one code table (issue 10, point 2)', () => {
  it('gives every code one status, and AppError takes it from the table', () => {
    for (const code of Object.values(ERROR_CODES)) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(new AppError(code, 'x').status).toBe(ERROR_STATUS[code]);
    }
    expect(new AppError(ERROR_CODES.emailInUse, 'x').status).toBe(409);
  });

  it('turns every kind of thrown value into one failure', () => {
    expect(failureOf(new AppError(ERROR_CODES.productNotFound, 'Product 7 was not found'), logger)).toEqual({
      status: 404,
      code: 'product_not_found',
      message: 'Product 7 was not found',
    });
    const busy = new BigCommerceError({ code: 'bc_busy', message: 'Busy', retryAfterMs: 1_500 });
    expect(failureOf(busy, logger)).toEqual({
      status: 429,
      code: 'bc_busy',
      message: 'Busy',
      retryAfterSeconds: 2,
    });
    expect(failureOf(new HTTPException(413), logger)).toMatchObject({
      status: 413,
      code: 'payload_too_large',
    });
    expect(failureOf(new SyntaxError('x'), logger)).toMatchObject({ status: 400, code: 'malformed_json' });
    const aborted = new Error('gone');
    aborted.name = 'AbortError';
    expect(failureOf(aborted, logger)).toMatchObject({ status: 400, code: 'cancelled' });
    expect(failureOf(new TypeError('secret internals'), logger)).toEqual({
      status: 500,
      code: 'internal',
      message: 'An unexpected error occurred. Please try again.',
    });
  });

  it('takes a validation issue’s own code, and names the field for zod’s generic texts', () => {
    const schema = z.object({ a: z.string() }).superRefine((value, ctx) => {
      if (value.a === '')
        ctx.addIssue(codedIssue(ERROR_CODES.searchValueRequired, 'Please enter a value', ['a']));
    });
    const coded = inputError(schema.safeParse({ a: '' }).error!);
    expect([coded.code, coded.message, coded.status]).toEqual([
      'search_value_required',
      'Please enter a value',
      400,
    ]);
    const generic = inputError(schema.safeParse({ a: 1 }).error!);
    expect(generic.code).toBe('invalid_input');
    expect(generic.message).toMatch(/^a: Invalid input/);
  });

  it('renders a failure as {error, code} with its status and Retry-After', async () => {
    const app = new Hono();
    app.onError(createErrorHandler(logger));
    app.get('/busy', () => {
      throw new AppError(ERROR_CODES.tooManyRequests, 'Slow down', 30);
    });
    const res = await app.request('/busy');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({ error: 'Slow down', code: 'TOO_MANY_REQUESTS' });
  });
});
