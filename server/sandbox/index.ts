// The sandbox BigCommerce store: a Hono app that answers like the Management API for the operations BC Toolbox uses,
// with in-memory state per store hash (each visitor's demo copies followed from a journal that several instances
// can share: demo-copy-pool.ts). Mount it with `app.route('/sandbox', createSandbox(...).app)`.
// What it does not model: README.md in this folder.
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SandboxApp, SandboxContext, SandboxEnv, RouteDeps } from './core/app-env';
import { catalogPlugin } from './catalog/plugin';
import { contentPlugin } from './content/plugin';
import type { SandboxPlugin } from './core/plugin';
import { registerControlRoutes } from './control';
import { MemoryCopyJournal, type VersionedOp } from './demo-copies/copy-journal';
import {
  DEMO_COPY_DEFAULTS,
  DemoCopiesBusyError,
  demoCopyKind,
  type DemoCopyOptions,
} from './demo-copies/demo-copies';
import { DemoCopyPool, type OpenedCopy } from './demo-copies/demo-copy-pool';
import { BcApiError, bcErrorBody } from './core/envelope';
import { QueryError } from './core/query';
import type { RateLimitSettings } from './core/rate-limit';
import { DEFAULT_RATE_LIMIT } from './core/rate-limit';
import { RequestTape, runTaped, tapedNow } from './demo-copies/request-tape';
import { registerCdnRoutes } from './catalog/cdn';
import {
  DEMO_STORES,
  StoreRegistry,
  type ContentStateFactory,
  type SandboxStore,
  type StoreSpec,
} from './core/store-registry';

export type { SandboxStore, StoreSpec } from './core/store-registry';
export { DEMO_STORES } from './core/store-registry';

/** What `sandbox/content/` (widgets) plugs in: per-store state and its routes on the same app. */
export type ContentPlugin = SandboxPlugin & { createState: ContentStateFactory };
export { MemoryCopyJournal } from './demo-copies/copy-journal';
export type { DemoCopyJournal } from './demo-copies/copy-journal';
export type { SandboxPlugin } from './core/plugin';

export type SandboxOptions = {
  /** Serve the control API under `/__control` (tests, benchmarks; off in production unless asked for). */
  control: boolean;
  /** Milliseconds since the epoch; drives rate-limit windows and `date_modified`. Defaults to `Date.now`. */
  clock?: () => number;
  /**
   * Absolute URL where the sandbox app is mounted, e.g. `http://localhost:3000/sandbox`, used for image URLs.
   * Without it, the URL is derived from each request (its origin plus the path before `/stores/` or `/cdn/`).
   */
  publicBaseUrl?: string;
  /** Quota and window for every store (default 150 requests per 30 s, BigCommerce's Standard plan). */
  rateLimit?: RateLimitSettings;
  /** Stores to create at start (default: `sandbox-demo` and `sandbox-empty`). */
  stores?: StoreSpec[];
  /**
   * The content API (widgets, placements, regions, page widgets: ./content/). Installed by default; pass `false` to
   * serve the catalogue only, or another plugin to replace it.
   */
  content?: ContentPlugin | false;
  /** Each visitor's own demo stores, created from the seed on first use (demo-copies.ts). Off when absent. */
  demoCopies?: DemoCopyOptions;
  /** Growth each store may hold over its seed (default 16 MB; store-budget.ts). */
  storeBudgetBytes?: number;
  /** Where unexpected errors go (one JSON line each in the app); default: the console. */
  logError?: (error: unknown, message: string) => void;
};

/** The largest request body (the app's own API limit); an uploaded image is further held to 8 MB by its route. */
export const SANDBOX_MAX_BODY_BYTES = 10 * 1024 * 1024;

export type Sandbox = {
  app: SandboxApp;
  /** The shared fixtures and the stores made through the control API. */
  stores: StoreRegistry;
  /** Each visitor's demo copies; undefined without `demoCopies`. */
  copies: DemoCopyPool | undefined;
  /** Regenerates a store's data and clears its statistics, settings and faults. Returns false for an unknown hash. */
  reset: (hash: string) => boolean;
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The path below the sandbox's mount point, e.g. `/stores/x/v3/catalog/products`. */
function mountPrefix(path: string): string {
  const match = /\/(stores|cdn|__control)\//.exec(path);
  return match ? path.slice(0, match.index) : '';
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const clock = options.clock ?? Date.now;
  const content = options.content === false ? undefined : (options.content ?? contentPlugin);
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const stores = new StoreRegistry({
    rateLimit,
    ...(content ? { contentFactory: content.createState } : {}),
    ...(options.storeBudgetBytes !== undefined ? { budgetBytes: options.storeBudgetBytes } : {}),
  });
  for (const spec of options.stores ?? DEMO_STORES) stores.create(spec);

  // Set once the app exists: runs a write again on a demo copy, through the same handlers (a write another instance
  // recorded, replayed with its tape; or this instance's own write after it lost the race to another's).
  let runAgain: RunAgain = () => Promise.reject(new Error('The sandbox app is not ready'));
  const copyOptions = options.demoCopies;
  const copies =
    copyOptions &&
    new DemoCopyPool({
      journal: copyOptions.journal ?? new MemoryCopyJournal(),
      limits: {
        maxCopies: copyOptions.maxCopies ?? DEMO_COPY_DEFAULTS.maxCopies,
        idleMs: copyOptions.idleMs ?? DEMO_COPY_DEFAULTS.idleMs,
        evictIdleMs: copyOptions.evictIdleMs ?? DEMO_COPY_DEFAULTS.evictIdleMs,
      },
      verify: copyOptions.verify,
      rateLimit,
      clock,
      build: (spec) => stores.build(spec),
      replay: async (store, op) => {
        const res = await runAgain(store, op, RequestTape.replaying(op.tape));
        await res.body?.cancel();
      },
      ...(copyOptions.snapshotAfter ? { snapshotAfter: copyOptions.snapshotAfter } : {}),
      content:
        content?.saveState && content.loadState
          ? { save: content.saveState, load: content.loadState }
          : undefined,
    });

  const deps: RouteDeps = {
    // A handler's clock: the recorded readings while a demo copy's write is replayed (request-tape.ts).
    clock: () => tapedNow(clock),
    baseUrl: (c) =>
      options.publicBaseUrl?.replace(/\/$/, '') ?? new URL(c.req.url).origin + mountPrefix(c.req.path),
  };

  const app: SandboxApp = new Hono<SandboxEnv>();

  app.onError((err, c) => {
    if (err instanceof BcApiError) return c.json(err.body(), err.status);
    if (err instanceof QueryError) return c.json(bcErrorBody(422, err.message), 422);
    if (options.logError) options.logError(err, 'sandbox: unexpected error');
    else console.error('[sandbox] unexpected error', err);
    return c.json(bcErrorBody(500, 'Internal Server Error'), 500);
  });

  const guard: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    const again = c.env?.again;
    if (again) {
      // A demo copy's write run again (demo-copy-pool.ts): no quota, auth, budget or faults (it passed them).
      c.set('store', again.store);
      await (again.tape ? runTaped(again.tape, next) : next());
      return;
    }
    const hash = c.req.param('hash') ?? '';
    let store = stores.get(hash);
    let copy: OpenedCopy | undefined;
    try {
      if (!store && copies && demoCopyKind(hash)) {
        copy = await copies.open(hash, c.req.header('X-Auth-Token'));
        store = copy?.store;
      }
    } catch (error) {
      if (!(error instanceof DemoCopiesBusyError)) throw error;
      return busy(c, error);
    }
    if (!store) {
      // A demo copy's hash with a token the app did not sign for it: as BigCommerce answers a wrong token.
      if (options.demoCopies && demoCopyKind(c.req.param('hash') ?? '')) {
        return c.json(bcErrorBody(401, 'Unauthorized'), 401);
      }
      // An unknown store hash: 404 with the v3 error body, before any quota is counted (there is no store to count
      // against). BigCommerce does not document this case; see README.md.
      return c.json(bcErrorBody(404, 'Store not found'), 404);
    }
    await guardedRequest(c, store, next, clock, copy && { ...copy, runAgain });
  };
  // BigCommerce's own API refuses large payloads (413); here the limit also bounds memory per request.
  app.use(
    '*',
    bodyLimit({
      maxSize: SANDBOX_MAX_BODY_BYTES,
      onError: (c) => c.json(bcErrorBody(413, 'The request payload is too large.'), 413),
    }),
  );
  app.use('/stores/:hash/*', guard);

  const plugins: SandboxPlugin[] = [catalogPlugin, ...(content ? [content] : [])];
  for (const plugin of plugins) plugin.registerRoutes(app, deps);
  registerCdnRoutes(app, async (hash) => stores.get(hash) ?? (await copies?.find(hash)));
  if (options.control) registerControlRoutes(app, stores);
  // The app is mounted inside another one, whose notFound would answer in its own format: answer BigCommerce's
  // 404 for any unknown path below the mount point instead.
  app.all('/*', (c) => c.json(bcErrorBody(404, 'The requested resource was not found.'), 404));

  runAgain = async (store, request, tape) =>
    app.fetch(
      new Request(`http://sandbox.internal${request.path}`, {
        method: request.method,
        headers: request.contentType ? { 'Content-Type': request.contentType } : {},
        body: request.body ? new Uint8Array(request.body) : null,
      }),
      { again: { store, ...(tape ? { tape } : {}) } },
    );

  return { app, stores, copies, reset: (hash) => stores.reset(hash) !== undefined };
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Every demo copy slot is taken by a copy in use: 503 with when to come back. */
function busy(c: SandboxContext, error: DemoCopiesBusyError): Response {
  const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  c.header('Retry-After', String(seconds));
  return c.json(
    bcErrorBody(503, `Every demo store is in use right now. Please try again in ${seconds} seconds.`),
    503,
  );
}

/** Runs a demo copy's write request again on `store` (with `tape`, or the tape of the calling context). */
type RunAgain = (
  store: SandboxStore,
  request: Pick<VersionedOp, 'method' | 'path' | 'contentType' | 'body'>,
  tape?: RequestTape,
) => Promise<Response>;

/**
 * Everything BigCommerce does before a handler runs, in order: count the request against the store's quota (429
 * when over), injected 429 storms, authentication (401), latency, dropped connections and injected 5xx. Adds the
 * rate-limit headers to every answer and records statistics.
 */
async function guardedRequest(
  c: SandboxContext,
  store: SandboxStore,
  next: () => Promise<void>,
  clock: () => number,
  /** A demo copy: its quota was counted in its journal, and a write goes through it. */
  copy?: OpenedCopy & { runAgain: RunAgain },
) {
  const method = c.req.method;
  const rel = c.req.path.slice(c.req.path.indexOf('/stores/'));
  // Bounded: the statistics keep the last 500 entries per store.
  const entry = { method, path: rel.slice(0, 300), status: 0, at: clock() };
  const decision = copy ? copy.quota : store.limiter.take(entry.at);
  const finish = (
    res: Response,
    kind: 'normal' | 'rate-limited' | 'injected-error',
    route: string | null,
  ) => {
    for (const [k, v] of Object.entries(decision.headers)) res.headers.set(k, v);
    entry.status = res.status;
    store.stats.record(entry, route, kind);
    return res;
  };

  if (!decision.allowed) {
    c.res = finish(c.json(bcErrorBody(429, 'Too many requests'), 429), 'rate-limited', null);
    return;
  }
  const fault = store.faults.next(method, rel);
  if (fault === 'storm') {
    const storm = store.limiter.peek(entry.at, store.faults.current.stormResetMs);
    const res = c.json(bcErrorBody(429, 'Too many requests'), 429);
    for (const [k, v] of Object.entries(storm.headers)) res.headers.set(k, v);
    entry.status = 429;
    store.stats.record(entry, null, 'rate-limited');
    c.res = res;
    return;
  }
  const token = c.req.header('X-Auth-Token');
  const isReadOnly = store.spec.readOnlyToken !== undefined && token === store.spec.readOnlyToken;
  if (token !== store.spec.token && !isReadOnly) {
    c.res = finish(c.json(bcErrorBody(401, 'Unauthorized'), 401), 'normal', null);
    return;
  }
  // A token whose scopes are all read-only (API-NOTES §2: the 403 title BigCommerce sends for a missing scope).
  if (isReadOnly && method !== 'GET') {
    const title = "You don't have a required scope to access the endpoint";
    c.res = finish(c.json(bcErrorBody(403, title), 403), 'normal', null);
    return;
  }
  c.set('store', store);
  const full = () => {
    const mb = Math.round(store.budget.limitBytes / (1024 * 1024));
    const title = `This sandbox store is full: it holds at most ${mb} MB of written data. Reset it to start again.`;
    c.res = finish(c.json(bcErrorBody(403, title), 403), 'normal', null);
  };
  // A demo copy's write is taken against its budget when it runs on the copy brought up to date (demo-copy-pool.ts).
  const body = WRITE_METHODS.has(method) || (copy && isWrite(method)) ? await c.req.arrayBuffer() : undefined;
  if (!copy && body && !store.budget.take(body.byteLength)) {
    full();
    return;
  }
  if (store.faults.current.latencyMs > 0) await store.faults.delay(Date.now());
  const drop = (route: string | null) => {
    // Destroy the socket without answering, like a connection reset mid-request.
    c.env?.incoming?.socket.destroy();
    entry.status = 0;
    store.stats.record(entry, route, 'dropped');
    c.res = new Response(null, { status: 500 });
  };
  if (fault === 'drop' && store.faults.current.dropPhase === 'before') {
    drop(null);
    return;
  }
  if (fault === 'error') {
    const status = store.faults.current.errorStatus;
    const title =
      status === 500
        ? 'Internal Server Error'
        : status === 502
          ? 'Bad Gateway'
          : status === 503
            ? 'Service Unavailable'
            : 'Gateway Timeout';
    c.res = finish(c.json(bcErrorBody(status, title), status), 'injected-error', null);
    return;
  }
  if (copy && isWrite(method)) {
    const url = new URL(c.req.url);
    const request = {
      method,
      path: url.pathname.slice(url.pathname.indexOf('/stores/')) + url.search,
      contentType: c.req.header('Content-Type') ?? null,
      body: body && body.byteLength > 0 ? new Uint8Array(body) : null,
    };
    let outcome: 'done' | 'full';
    try {
      outcome = await copy.write(
        { ...request, budgetBytes: WRITE_METHODS.has(method) ? (body?.byteLength ?? 0) : 0 },
        async (current, attempt) => {
          if (attempt === 0) {
            c.set('store', current);
            await next();
            return;
          }
          // Another instance wrote first: the same request on the rebuilt copy answers instead.
          const res = await copy.runAgain(current, request);
          c.res = undefined;
          c.res = res;
        },
      );
    } catch (error) {
      // The copy was dropped while the write waited, and no slot is free to start it again.
      if (!(error instanceof DemoCopiesBusyError)) throw error;
      c.res = finish(busy(c, error), 'normal', null);
      return;
    }
    if (outcome === 'full') {
      full();
      return;
    }
  } else {
    await next();
  }
  const pattern = c.req.routePath.replace(/\{[^}]*\}/g, '');
  const route = `${method} ${pattern.slice(pattern.indexOf('/stores/'))}`;
  if (fault === 'drop') {
    drop(route);
    return;
  }
  c.res = finish(c.res, 'normal', route);
}
