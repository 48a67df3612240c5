// The address of the person behind a request: the socket's, or with TRUSTED_PROXIES the nearest X-Forwarded-For hop
// that is not one of our own proxies. Used to share a store's queue fairly between callers (issue 9, point 8).
import { getConnInfo } from '@hono/node-server/conninfo';
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

export function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [ip = '', prefix] = entry.split('/');
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(prefix), type);
  }
  return list;
}

export function isIn(list: BlockList, address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/** Makes the reader for a set of trusted proxies (IPs or CIDR ranges, as TRUSTED_PROXIES lists them). */
export function clientAddressReader(trustedProxies: readonly string[]): (c: Context) => string {
  const trusted = blockListOf(trustedProxies);
  return (c) => {
    let socket = '';
    try {
      socket = getConnInfo(c).remote.address ?? '';
    } catch {
      // Not served by @hono/node-server (app.request() in a unit test).
    }
    if (trustedProxies.length === 0 || !isIn(trusted, socket)) return socket;
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter((hop) => hop !== '');
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!isIn(trusted, hop)) return hop;
    }
    return hops[0] ?? socket;
  };
}
