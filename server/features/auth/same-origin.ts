// CSRF protection for cookie-authenticated writes: a request that carries cookies and uses an unsafe method is
// refused when the browser says it is cross-site, or when its Origin is neither the public origin nor the origin it
// was addressed to. Better Auth checks its own routes as well (trustedOrigins).
import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../../errors';
import { ERROR_CODES } from '../../../common/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossSiteWrite(input: {
  method: string;
  url: string;
  headers: Headers;
  publicOrigin: string;
}): boolean {
  const { headers } = input;
  if (SAFE_METHODS.has(input.method.toUpperCase()) || !headers.has('cookie')) return false;
  if (headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = headers.get('origin');
  if (origin === null) return false;
  return origin !== input.publicOrigin && origin !== new URL(input.url).origin;
}

export function sameOriginGuard(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  const guard: MiddlewareHandler = async (c, next) => {
    const refused = isCrossSiteWrite({
      method: c.req.method,
      url: c.req.url,
      headers: c.req.raw.headers,
      publicOrigin,
    });
    if (refused) {
      return c.json(
        {
          ...errorBody(ERROR_CODES.csrf, 'Cross-site request refused'),
          message: 'Cross-site request refused',
        },
        403,
      );
    }
    await next();
  };
  // A read is never refused: its headers are not even looked at (issue 29: a health poll passes straight through).
  return (c, next) => (SAFE_METHODS.has(c.req.method.toUpperCase()) ? next() : guard(c, next));
}
