// Builds the Hono app: middleware, `/api/*`, and the built client with SPA fallback, on one port.
import { mcpRoutes } from './features/mcp/mcp.routes';
import { accessTokenRoutes } from './features/access-tokens/access-tokens.routes';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMPORT_PRODUCT_DRY_RUN_PATH, IMPORT_PRODUCT_PATH } from '../common/contracts/import-product';
import { IMPORT_WIDGETS_PATH } from '../common/contracts/import-widgets';
import { ERROR_CODES } from '../common/errors';
import type { Database } from './db/database';
import type { Env } from './env';
import { createErrorHandler, errorResponse } from './errors';
import { adminRoutes } from './features/admin-users/admin-users.routes';
import { chatRoutes } from './features/ai-assistant/ai-assistant.routes';
import { authRoutes } from './features/auth/auth.routes';
import { profileSettingsRoutes } from './features/profile-settings/profile-settings.routes';
import { sameOriginGuard } from './features/auth/same-origin';
import { demoStoreRoutes } from './features/demo-stores/demo-stores.routes';
import { devOutboxRoutes } from './features/dev-outbox/dev-outbox.routes';
import { dumpCategoriesRoutes } from './features/dump-categories/dump-categories.routes';
import { dumpProductRoutes } from './features/dump-product/dump-product.routes';
import { searchBrandsRoutes } from './features/search-brands/search-brands.routes';
import { searchCategoriesRoutes } from './features/search-categories/search-categories.routes';
import { searchProductsRoutes } from './features/search-products/search-products.routes';
import { dumpWidgetsRoutes } from './features/dump-widgets/dump-widgets.routes';
import { bulkEditRoutes } from './features/bulk-edit/bulk-edit.routes';
import {
  HEALTH_HEADERS,
  healthAnswer,
  healthRoutes,
  type HealthAnswer,
} from './features/health/health.routes';
import { HEALTH_PATH } from '../common/contracts/health';
import { keywordExtractorRoutes } from './features/keyword-extractor/keyword-extractor.routes';
import { importProductRoutes } from './features/import-product/import-product.routes';
import { importWidgetsRoutes } from './features/import-widgets/import-widgets.routes';
import { jobRoutes } from './features/jobs/jobs.routes';
import { storeRoutes } from './features/stores/stores.routes';
import {
  drainUnreadBody,
  jsonBodyGuard,
  requestHeader,
  requestIdOf,
  textGuard,
  withResponseHeaders,
} from './http';
import { SANDBOX_MOUNT_PATH } from './integrations/bigcommerce/setup';
import { createAccessLog, type AccessLogEntry, type Logger } from './logger';
import { isLoopbackIncoming, loopbackOnly } from './loopback';
import { createServices, type AppServices } from './services';
import { storageConnectSources } from './storage/create-storage';
import { STORAGE_ROUTE_PATH, storageRoutes } from './storage/routes';
import { storeHistoryRoutes } from './features/store-history/store-history.routes';
import { snapshotScheduleRoutes } from './features/store-history/snapshot-schedules.routes';
import { snapshotItemRoutes } from './features/store-history/snapshot-item.routes';
import { convertH265Routes } from './features/video-h265-converter/video-h265-converter.routes';
import { SPREADSHEET_PREVIEW_PATH } from '../common/contracts/spreadsheet-edit';
import { mountVendorFiles } from './vendor-files';
import { spreadsheetEditRoutes } from './features/spreadsheet-edit/spreadsheet-edit.routes';

/**
 * Every feature's routes, made from the app's services. Each registers the full paths its contract names
 * (`common/contracts/<tab-id>.ts`, `*_PATH`), so the app mounts them all the same way. A new tool adds one line here.
 */
const FEATURE_ROUTES: ReadonlyArray<(services: AppServices) => Hono> = [
  healthRoutes,
  // Before Better Auth's catch-all under /api/auth.
  profileSettingsRoutes,
  authRoutes,
  adminRoutes,
  storeRoutes,
  accessTokenRoutes,
  (services) =>
    mcpRoutes({
      db: services.database.db,
      logger: services.logger,
      getAccessTokens: services.getAccessTokens,
      storesOf: services.agentStoresOf,
      clients: services.clients,
      tools: services.agentTools,
      dumps: services.agentDumps,
      publicUrl: services.publicUrl,
    }),
  demoStoreRoutes,
  dumpProductRoutes,
  searchProductsRoutes,
  searchCategoriesRoutes,
  searchBrandsRoutes,
  dumpCategoriesRoutes,
  dumpWidgetsRoutes,
  bulkEditRoutes,
  storeHistoryRoutes,
  snapshotItemRoutes,
  snapshotScheduleRoutes,
  jobRoutes,
  importProductRoutes,
  keywordExtractorRoutes,
  importWidgetsRoutes,
  chatRoutes,
  convertH265Routes,
  spreadsheetEditRoutes,
];

/** Every API path: the contracts' paths all start with `/api/`. */
const API_PATHS = '/api/*';
/** The development helpers (the mail outbox): mounted when NODE_ENV is not production, for a caller on this machine. */
const DEV_PATHS = ['/api/dev/*', '/dev/*'] as const;

export type AppDeps = {
  env: Env;
  database: Database;
  logger: Logger;
  /** Folder of the built client (`dist/client`); the shell is served from here. */
  clientDir: string;
  /** This instance's own address on loopback (`http://127.0.0.1:PORT`): how it reaches its built-in sandbox. */
  localUrl: string;
  startedAt?: number;
};

/** JSON bodies above this size are refused with 413 (uploads go straight to object storage, not through here). */
export const MAX_JSON_BODY_BYTES = 10 * 1024 * 1024;

/** Routes that read their JSON body themselves, as a stream (server/json-stream.ts), under a limit of their own. */
const STREAMED_BODY_PATHS: ReadonlySet<string> = new Set([
  IMPORT_PRODUCT_PATH,
  IMPORT_PRODUCT_DRY_RUN_PATH,
  IMPORT_WIDGETS_PATH,
  // A sheet up to 20 MB, read as a form under its own limit (server/features/spreadsheet-edit).
  SPREADSHEET_PREVIEW_PATH,
]);

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The security headers of every answer: the CSP above (plus the S3 bucket the browser uploads to, when there is one),
 * `nosniff`, `X-Frame-Options: DENY`, the referrer policy, cross-origin isolation (COOP + COEP: the video tools'
 * multi-thread engine needs SharedArrayBuffer; the app loads nothing from other origins, so nothing else on the page
 * changes), HSTS behind an https PUBLIC_URL, and the rest of Hono's `secureHeaders` defaults, which the app used until
 * issue 29 (the same headers and values, set without Hono's per-answer `Headers` work: `withResponseHeaders`).
 */
export function securityHeaders(env: Env): Array<readonly [string, string]> {
  const csp: Record<string, readonly string[]> = {
    ...CONTENT_SECURITY_POLICY,
    // The browser PUTs uploads straight to the S3 bucket when one is configured (server/storage/).
    connectSrc: ["'self'", ...storageConnectSources(env)],
  };
  const policy = Object.entries(csp)
    .map(
      ([directive, sources]) =>
        `${directive.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`,
    )
    .join('; ');
  return [
    ['Content-Security-Policy', policy],
    ['Cross-Origin-Embedder-Policy', 'require-corp'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ...(env.PUBLIC_URL.startsWith('https:')
      ? [['Strict-Transport-Security', 'max-age=15552000'] as const]
      : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
}

/**
 * A request the server may answer straight on Node, before the Hono app: true when it took it (then it answers, or
 * hands it on with `next`); false to let the app answer it.
 */
export type NodeFastPath = (req: IncomingMessage, res: ServerResponse, next: () => void) => boolean;

/** The app, and its services (the server starts and stops the job queue with them). */
export function createApp(deps: AppDeps): { app: Hono; services: AppServices; fastPath: NodeFastPath } {
  const { database, logger } = deps;
  const startedAt = deps.startedAt ?? Date.now();
  const app = new Hono();

  const responseHeaders = securityHeaders(deps.env);
  const logRequest = createAccessLog(logger);
  // What every request goes through, in one middleware (each layer costs a health poll its share, issue 29): its id
  // (the caller's `X-Request-Id` if it is a plain token, else a UUID) and the security headers on the answer, set
  // before anything else runs so that an error's answer has them too; the access log line; the unread body drained.
  app.use(async (c, next) => {
    const started = performance.now();
    const reqId = requestIdOf(requestHeader(c, 'x-request-id'));
    c.set('requestId', reqId);
    await withResponseHeaders(c, next, [['X-Request-Id', reqId], ...responseHeaders]);
    // Path only: query strings may carry store credentials (spec part 1 §7, GET /api/dump-categories).
    logRequest({
      reqId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    await drainUnreadBody(c);
  });
  app.onError(createErrorHandler(logger));

  // PORT=0 (tests) with the default PUBLIC_URL names port 0: links and trusted origins use the port we got.
  const publicUrl = new URL(deps.env.PUBLIC_URL).port === '0' ? deps.localUrl : deps.env.PUBLIC_URL;
  const services = createServices({
    env: deps.env,
    database,
    logger,
    publicUrl,
    localUrl: deps.localUrl,
    startedAt,
  });

  // Signed uploads stream past `/api`'s 10 MB JSON limit: their own signed limit applies (server/storage/routes.ts).
  app.route(STORAGE_ROUTE_PATH, storageRoutes(services));
  const limitBody = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) => errorResponse(c, ERROR_CODES.payloadTooLarge, 'The request body is larger than 10 MB'),
  });
  // No NUL in the path or the query of any request (PostgreSQL cannot store one; issue 26, point 7).
  app.use(API_PATHS, textGuard);
  // Only requests that carry a body pay for the size limit and the JSON check (valid, no NUL, at most 64 levels deep).
  // The imports read their bodies (dumps of tens of MB) as a stream, with their own limit and the same checks
  // (server/json-stream.ts): read here too, they would be held whole, twice.
  const ownBody = (guard: MiddlewareHandler): MiddlewareHandler => {
    return (c, next) => (STREAMED_BODY_PATHS.has(c.req.path.replace(/\/+$/, '')) ? next() : guard(c, next));
  };
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], API_PATHS, ownBody(limitBody), ownBody(jsonBodyGuard));
  app.use(API_PATHS, sameOriginGuard(publicUrl));

  // Every feature is mounted the same way: its routes, made from the app's services, at the paths they name.
  for (const routes of FEATURE_ROUTES) app.route('/', routes(services));
  if (deps.env.NODE_ENV !== 'production') {
    for (const devPath of DEV_PATHS) app.use(devPath, loopbackOnly('The development outbox'));
    app.route('/', devOutboxRoutes(services));
  }
  app.all(API_PATHS, (c) =>
    errorResponse(c, ERROR_CODES.notFound, `No API route for ${c.req.method} ${c.req.path}`),
  );
  if (services.sandbox) {
    app.use(`${SANDBOX_MOUNT_PATH}/__control/*`, loopbackOnly('The sandbox control API'));
    // The sandbox's hundred-odd routes keep a router of their own: merged into the app's, their patterns (`:id{[0-9]+}`
    // beside fixed names) made Hono fall back from its RegExpRouter to the slower TrieRouter for every request, a
    // health poll included (issue 29). The sandbox app still sees the whole path and the Node bindings, as when it was
    // mounted here with `app.route`, and answers every path below the mount point itself (its own 404).
    const sandbox = new Hono().route(SANDBOX_MOUNT_PATH, services.sandbox.app);
    app.all(`${SANDBOX_MOUNT_PATH}/*`, (c) => sandbox.fetch(c.req.raw, c.env));
  } else {
    app.all(`${SANDBOX_MOUNT_PATH}/*`, (c) =>
      errorResponse(c, ERROR_CODES.notFound, 'The sandbox store is turned off (SANDBOX=off)'),
    );
  }

  mountVendorFiles(app);
  mountClient(app, deps.clientDir);
  const fastPath = healthFastPath(healthAnswer(services), responseHeaders, logRequest);
  return { app, services, fastPath };
}

/**
 * `GET /api/health` as a load balancer polls it (no cookie, no query), answered on Node before the Hono app: the same
 * answer the route gives (the same report, details for a caller on this machine only, the same status), with what
 * the app's first middleware gives every answer (the request id, the security headers, the access log line). The
 * route still answers the rest (a cookie: maybe an admin; HEAD; a query). The adapter's request and context, the
 * middleware chain and the router were half the cost of a poll (issue 29, bench P9).
 */
function healthFastPath(
  answer: HealthAnswer,
  responseHeaders: ReadonlyArray<readonly [string, string]>,
  logRequest: (entry: AccessLogEntry) => void,
): NodeFastPath {
  const fixed = [...responseHeaders, ...Object.entries(HEALTH_HEADERS)].flat();
  return (req, res, next) => {
    if (req.method !== 'GET' || req.url !== HEALTH_PATH || req.headers.host === undefined) return false;
    if (req.headers.cookie !== undefined) return false;
    const started = performance.now();
    const given = req.headers['x-request-id'];
    const reqId = requestIdOf(Array.isArray(given) ? given.join(', ') : given);
    const send = ({ status, body }: { status: number; body: string }) => {
      res.writeHead(status, [
        'X-Request-Id',
        reqId,
        ...fixed,
        'Content-Length',
        String(Buffer.byteLength(body)),
      ]);
      res.end(body);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logRequest({ reqId, method: 'GET', path: HEALTH_PATH, status, ms });
    };
    const details = isLoopbackIncoming(req);
    const recent = answer.recent(details);
    if (recent) send(recent);
    // The report could not be made: the app answers, as it answers any failure.
    else answer(details).then(send, () => next());
    return true;
  };
}

/** Serves the built client; every other GET answers the shell (tabs are state, `/auth/*` pages are client routes). */
function mountClient(app: Hono, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (indexHtml !== undefined) mountStaticFiles(app, clientDir);
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    if (indexHtml !== undefined) return c.html(indexHtml);
    return c.text('The client is not built yet: run `npm run build` (npm start does it for you).', 503);
  });
  app.all('*', (c) => errorResponse(c, ERROR_CODES.notFound, 'Not found'));
}

function mountStaticFiles(app: Hono, clientDir: string) {
  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('/assets/*', (c) => errorResponse(c, ERROR_CODES.notFound, 'Not found'));
  app.use('*', serveStatic({ root: clientDir, index: '__no_index__' }));
}
