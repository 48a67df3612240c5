// Development helpers (the mail outbox, the sandbox's control API) answer only a caller on this machine, whatever
// NODE_ENV says: on the default settings the outbox holds password-reset links, and the control API can reset or
// slow down any sandbox store (issue 9, points 1 and 9).
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../common/errors';
import { errorBody } from './errors';

/**
 * Headers a reverse proxy adds. A proxy on this machine connects from loopback on behalf of a remote visitor, so a
 * request that carries any of them is never treated as local, even from 127.0.0.1.
 */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'via'] as const;

/** True for 127.0.0.0/8, ::1 and the IPv4-mapped form of 127.0.0.0/8. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** The request came straight from this machine: a loopback socket and no proxy in between. */
export function isLoopbackRequest(c: Context): boolean {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // Not served by @hono/node-server (app.request() in a unit test): there is no socket, so no proof of locality.
    return false;
  }
  if (address === undefined || !isLoopbackAddress(address)) return false;
  return FORWARDING_HEADERS.every((name) => c.req.header(name) === undefined);
}

/** Answers 403 to anyone but a local caller, before the route (or its body) is touched. */
export function loopbackOnly(what: string): MiddlewareHandler {
  return async (c, next) => {
    if (isLoopbackRequest(c)) return next();
    return c.json(
      errorBody(ERROR_CODES.loopbackOnly, `${what} answers only on the machine the app runs on (loopback).`),
      403,
    );
  };
}
