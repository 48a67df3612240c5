// A fault-injecting HTTP server for the client's integration tests. It listens on loopback, records every request,
// and either answers from a fault rule or passes the request on to an upstream: the in-process memory store
// (memory-store.ts) or, later, any BigCommerce-like base URL such as the sandbox. So the same test bodies can run
// against any backend: only the upstream changes.
import type { AddressInfo } from 'node:net';
import { serve, type HttpBindings, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';

export type Upstream = (request: Request) => Promise<Response> | Response;

export type FaultAction =
  /** Answer with this status (and BigCommerce-style body) without reaching the upstream. */
  | { type: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Destroy the socket before the upstream sees the request: it was sent but never processed. */
  | { type: 'drop-before' }
  /** Let the upstream process the request, then destroy the socket instead of answering: the worst case for a POST. */
  | { type: 'drop-after' };

export type FaultRule = {
  method?: string;
  /** Matched against the path after `/stores/{hash}` (e.g. `/v3/catalog/products`); a string must match exactly. */
  path?: string | RegExp;
  /** How many matching requests meet the fault (default 1). */
  times?: number;
  action: FaultAction;
};

export type SeenRequest = { method: string; path: string; search: string; fault: FaultAction['type'] | null };

export type FaultProxy = {
  /** `http://127.0.0.1:{port}`: pass it as the client's baseUrl (or sandboxBaseUrl). */
  baseUrl: string;
  inject(rule: FaultRule): void;
  /** Every request seen, in arrival order. */
  readonly requests: SeenRequest[];
  /** Requests seen for a method and store-relative path. */
  count(method: string, path: string | RegExp): number;
  reset(): void;
  close(): Promise<void>;
};

function storePath(pathname: string): string {
  const match = /^\/stores\/[^/]+(\/.*)$/.exec(pathname);
  return match ? match[1]! : pathname;
}

function pathMatches(pattern: string | RegExp | undefined, path: string): boolean {
  if (pattern === undefined) return true;
  return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}

/** Forwards to a real base URL (for example the sandbox mounted at `http://127.0.0.1:3000/sandbox`). */
export function urlUpstream(baseUrl: string): Upstream {
  const base = baseUrl.replace(/\/+$/, '');
  return async (request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    return fetch(`${base}${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body,
    });
  };
}

export async function startFaultProxy(upstream: Upstream): Promise<FaultProxy> {
  const rules: (FaultRule & { left: number })[] = [];
  const requests: SeenRequest[] = [];
  const app = new Hono<{ Bindings: HttpBindings }>();

  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const path = storePath(url.pathname);
    const method = c.req.method;
    const rule = rules.find(
      (r) => r.left > 0 && (!r.method || r.method === method) && pathMatches(r.path, path),
    );
    if (rule) rule.left--;
    requests.push({ method, path, search: url.search, fault: rule?.action.type ?? null });

    const action = rule?.action;
    if (action?.type === 'status') {
      const body = action.body ?? {
        status: action.status,
        title: `Injected ${action.status}`,
        type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes',
        errors: {},
      };
      return new Response(JSON.stringify(body), {
        status: action.status,
        headers: { 'content-type': 'application/json', ...action.headers },
      });
    }
    if (action?.type === 'drop-before') {
      c.env.incoming.socket.destroy();
      return new Response(null, { status: 204 });
    }
    const response = await upstream(c.req.raw);
    if (action?.type === 'drop-after') {
      await response.arrayBuffer();
      c.env.incoming.socket.destroy();
      return new Response(null, { status: 204 });
    }
    return response;
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    inject: (rule) => rules.push({ ...rule, left: rule.times ?? 1 }),
    requests,
    count: (method, path) => requests.filter((r) => r.method === method && pathMatches(path, r.path)).length,
    reset: () => {
      rules.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
