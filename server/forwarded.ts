// Behind a reverse proxy (issue 27): with TRUST_PROXY on, the address a request was made to is the one the proxy
// reports, `X-Forwarded-Proto` and `X-Forwarded-Host` (first hop), so that the same-origin checks (ours and Better
// Auth's), cookies and redirects see the visitor's `https://shop.example` rather than the proxy's
// `http://127.0.0.1:3000`. Off by default: then those headers are ignored, as anyone could send them. With
// TRUSTED_PROXIES set, only requests from those addresses are read this way.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { blockListOf, isIn } from './client-address';

type Fetch = (request: Request, bindings?: unknown) => Response | Promise<Response>;

/** `shop.example`, `shop.example:8443`, `[::1]:3000`: a host and an optional port, nothing else. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function firstHop(value: string | null): string | undefined {
  const first = value?.split(',')[0]?.trim();
  return first === '' ? undefined : first;
}

/** The address the visitor used, from the proxy's headers; undefined when they say nothing usable. */
export function forwardedUrl(url: string, headers: Headers): URL | undefined {
  const proto = firstHop(headers.get('x-forwarded-proto'))?.toLowerCase();
  const host = firstHop(headers.get('x-forwarded-host'));
  if (proto === undefined && host === undefined) return undefined;
  if (proto !== undefined && proto !== 'http' && proto !== 'https') return undefined;
  if (host !== undefined && !HOST.test(host)) return undefined;
  const next = new URL(url);
  if (proto) next.protocol = `${proto}:`;
  if (host) {
    // The host setter keeps the old port when the new host has none: the forwarded host replaces both.
    next.port = '';
    next.host = host;
  }
  return next;
}

function trustedPeer(trustedProxies: readonly string[]): (bindings: unknown) => boolean {
  if (trustedProxies.length === 0) return () => true;
  const list = blockListOf(trustedProxies);
  return (bindings) => {
    try {
      return isIn(list, getConnInfo({ env: bindings } as Context).remote.address ?? '');
    } catch {
      return false;
    }
  };
}

/** Wraps the app's fetch so that a trusted proxy's forwarded address becomes the request's URL. */
export function honourForwardedAddress(fetch: Fetch, trustedProxies: readonly string[]): Fetch {
  const isTrusted = trustedPeer(trustedProxies);
  return (request, bindings) => {
    const url = isTrusted(bindings) ? forwardedUrl(request.url, request.headers) : undefined;
    if (!url) return fetch(request, bindings);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
      ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
    };
    return fetch(new Request(url, init), bindings);
  };
}
