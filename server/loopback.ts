// Development helpers (the mail outbox, the sandbox's control API) answer only a caller on this machine, whatever
// NODE_ENV says: on the default settings the outbox holds password-reset links, and the control API can reset or
// slow down any sandbox store (issue 9, points 1 and 9). The caller must also name the app by a loopback host: a page
// on another site can point its own name at 127.0.0.1 (DNS rebinding) and read the answers as its own, but it cannot
// make the browser send `Host: localhost` (issue 26, point 9).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../common/errors';
import { errorBody } from './errors';
import { requestHeader } from './http';

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

/**
 * True for the host names that only ever mean this machine: `localhost`, 127.0.0.0/8 and `[::1]` (URL spelling, any
 * case, without the port). Not `*.localhost`: only some resolvers keep those on loopback.
 */
export function isLoopbackHostName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  if (name === 'localhost' || name === '[::1]') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

/** Why a request is not a local caller's: it came from elsewhere (or through a proxy), or it names another host. */
function notLocalBecause(c: Context): 'remote' | 'host' | undefined {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return 'remote';
  }
  return notLocalFrom(address, (name) => requestHeader(c, name), hostnameOf(c.req.url));
}

/** The same decision from its parts: the peer's address, the request's headers, the host name it was sent to. */
function notLocalFrom(
  address: string | undefined,
  header: (name: string) => string | undefined,
  hostname: string,
): 'remote' | 'host' | undefined {
  if (address === undefined || !isLoopbackAddress(address)) return 'remote';
  if (FORWARDING_HEADERS.some((name) => header(name) !== undefined)) return 'remote';
  return isLoopbackHostName(hostname) ? undefined : 'host';
}

/**
 * `isLoopbackRequest` for a request Node has parsed, before any framework sees it (the health poll's fast path,
 * server/app.ts): the socket's peer, the headers as Node keeps them, the `Host` header's name.
 */
export function isLoopbackIncoming(req: IncomingMessage): boolean {
  const host = req.headers.host;
  if (host === undefined) return false;
  let hostname: string;
  try {
    hostname = hostnameOf(`http://${host}/`);
  } catch {
    return false;
  }
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return notLocalFrom(req.socket.remoteAddress, header, hostname) === undefined;
}

const PLAIN_LOCAL_URL = /^https?:\/\/(localhost|\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?(?:\/|$)/;

/**
 * `new URL(url).hostname`, without parsing the URL when it plainly names `localhost` or a dotted IPv4 address in
 * canonical form (the health poll's case: the parse was a twentieth of its cost, issue 29). Anything else (another
 * name, upper case, an IPv4 address the parser would rewrite such as `127.1`, user info, IPv6) is parsed.
 */
export function hostnameOf(url: string): string {
  const [, host, port] = PLAIN_LOCAL_URL.exec(url) ?? [];
  const plain = host === 'localhost' || (host !== undefined && isIP(host) === 4);
  if (plain && (port === undefined || Number(port) <= 65_535)) return host;
  return new URL(url).hostname;
}

/** The request came straight from this machine (a loopback socket, no proxy in between) and names it by a loopback host. */
export function isLoopbackRequest(c: Context): boolean {
  return notLocalBecause(c) === undefined;
}

/** Answers 403 to anyone but a local caller, before the route (or its body) is touched. */
export function loopbackOnly(what: string): MiddlewareHandler {
  return async (c, next) => {
    const reason = notLocalBecause(c);
    if (reason === undefined) return next();
    const message =
      reason === 'remote'
        ? `${what} answers only on the machine the app runs on (loopback).`
        : `${what} answers only at a loopback address (localhost, 127.0.0.1 or [::1]), not at ${new URL(c.req.url).hostname}.`;
    return c.json(errorBody(ERROR_CODES.loopbackOnly, message), 403);
  };
}
