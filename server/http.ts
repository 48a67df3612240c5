// HTTP plumbing shared by every route: the JSON body guard and the unread-body drain.
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../common/errors';
import { errorBody } from './errors';

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
          errorBody(ERROR_CODES.malformedJson, `The request body is not valid JSON${reason}`),
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
