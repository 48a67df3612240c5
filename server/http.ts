// HTTP plumbing shared by every route: the API error type, JSON body guard and the error handler.
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_ERROR_CODES, type ApiErrorBody } from '../common/errors';
import type { Logger } from './logger';

/** Thrown by routes and services for an answer the user should see; never carries internals. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorBody(code: string, error: string): ApiErrorBody {
  return { error, code };
}

/**
 * Rejects a malformed JSON body with a clear 400 before any route sees it. Reads a clone, so routes that hand the
 * raw request to a library (e.g. the auth layer) still get an unread body.
 */
export const jsonBodyGuard: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (/\bjson\b/i.test(type)) {
    const text = await c.req.raw.clone().text();
    if (text.trim() !== '') {
      try {
        JSON.parse(text);
      } catch (error) {
        const reason = error instanceof SyntaxError ? `: ${error.message}` : '';
        return c.json(
          errorBody(API_ERROR_CODES.malformedJson, `The request body is not valid JSON${reason}`),
          400,
        );
      }
    }
  }
  await next();
};

/**
 * Reads to the end whatever request body the route left unread before the answer goes out. An answer sent early (a
 * 401 before the body was looked at) would otherwise make the server drop the connection half a second later while
 * the client is still sending, and the client sees a reset instead of the answer (issue 9, point 14). The body
 * limits in front of the routes bound what is read here.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  const body = c.req.raw.body;
  if (body === null || c.req.raw.bodyUsed || body.locked) return;
  try {
    const reader = body.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  } catch {
    // The client went away or sent more than the limit: nothing left to answer.
  }
};

/** Answers every thrown error as JSON; a stack trace never leaves the server. */
export function createErrorHandler(logger: Logger): ErrorHandler {
  return (error, c: Context) => {
    if (error instanceof ApiError) return c.json(errorBody(error.code, error.message), error.status);
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = status === 413 ? API_ERROR_CODES.payloadTooLarge : API_ERROR_CODES.invalidInput;
      return c.json(errorBody(code, error.message || 'The request could not be processed'), status);
    }
    if (error instanceof SyntaxError) {
      return c.json(errorBody(API_ERROR_CODES.malformedJson, 'The request body is not valid JSON'), 400);
    }
    logger.error({ reqId: c.get('requestId'), err: error }, 'unhandled error');
    return c.json(
      errorBody(API_ERROR_CODES.internal, 'An unexpected error occurred. Please try again.'),
      500,
    );
  };
}
