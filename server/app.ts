// Builds the Hono app: middleware, `/api/*`, and the built client with SPA fallback, on one port.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { ERROR_CODES } from '../common/errors';
import type { Database } from './db/database';
import type { Env } from './env';
import { createErrorHandler, errorResponse } from './errors';
import { adminRoutes } from './features/admin/admin.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { authRoutes } from './features/auth/auth.routes';
import { sameOriginGuard } from './features/auth/same-origin';
import { demoStoreRoutes } from './features/demo-stores/demo-stores.routes';
import { outboxApiRoutes, outboxPageRoutes } from './features/dev-outbox/dev-outbox.routes';
import { dumpCategoriesRoutes } from './features/dump-categories/dump-categories.routes';
import { dumpProductRoutes } from './features/dump-product/dump-product.routes';
import { dumpWidgetsRoutes } from './features/dump-widgets/dump-widgets.routes';
import { copyDescriptionRoutes, resetPageTitleRoutes } from './features/bulk-edit/bulk-edit.routes';
import { healthRoutes } from './features/health/health.routes';
import {
  fetchChannelsRoutes,
  fetchProductsRoutes,
  keywordReportRoutes,
} from './features/keyword-extractor/keyword-extractor.routes';
import { importProductRoutes } from './features/import-product/import-product.routes';
import { importWidgetsRoutes } from './features/import-widgets/import-widgets.routes';
import { jobRoutes } from './features/jobs/jobs.routes';
import { storeRoutes } from './features/stores/stores.routes';
import { drainUnreadBody, jsonBodyGuard, textGuard } from './http';
import { SANDBOX_MOUNT_PATH } from './integrations/bigcommerce/setup';
import { redactPath, type Logger } from './logger';
import { loopbackOnly } from './loopback';
import { createServices, type AppServices } from './services';
import { storageConnectSources } from './storage/create-storage';
import { STORAGE_ROUTE_PATH, storageRoutes } from './storage/routes';
import { convertH265Routes } from './features/convert-h265/convert-h265.routes';
import { mountVendorFiles } from './vendor-files';

/** Every feature's `/api` path and its routes. A new tool adds one line here. */
const FEATURE_ROUTES: ReadonlyArray<readonly [string, (services: AppServices) => Hono]> = [
  ['/health', healthRoutes],
  ['/auth', authRoutes],
  ['/admin', adminRoutes],
  ['/user/stores', storeRoutes],
  ['/demo-stores', demoStoreRoutes],
  ['/dump-product', dumpProductRoutes],
  ['/dump-categories', dumpCategoriesRoutes],
  ['/dump-widgets', dumpWidgetsRoutes],
  ['/reset-page-title', resetPageTitleRoutes],
  ['/copy-description', copyDescriptionRoutes],
  ['/jobs', jobRoutes],
  ['/import-product', importProductRoutes],
  ['/fetch-channels', fetchChannelsRoutes],
  ['/fetch-products', fetchProductsRoutes],
  ['/keyword-extractor', keywordReportRoutes],
  ['/import-widgets', importWidgetsRoutes],
  ['/chat', chatRoutes],
  ['/convert-h265', convertH265Routes],
];

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

/** The app, and its services (the server starts and stops the job queue with them). */
export function createApp(deps: AppDeps): { app: Hono; services: AppServices } {
  const { database, logger } = deps;
  const startedAt = deps.startedAt ?? Date.now();
  const app = new Hono();

  app.use(requestId());
  app.use(drainUnreadBody);
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // Path only: query strings may carry store credentials (spec part 1 §7, GET /api/dump-categories).
    logger.info(
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: redactPath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  app.use(
    secureHeaders({
      // The browser PUTs uploads straight to the S3 bucket when one is configured (server/storage/).
      contentSecurityPolicy: {
        ...CONTENT_SECURITY_POLICY,
        connectSrc: ["'self'", ...storageConnectSources(deps.env)],
      },
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginResourcePolicy: 'same-origin',
      // Cross-origin isolated (COOP + COEP): the video tools' multi-thread engine needs SharedArrayBuffer. The app
      // loads nothing from other origins, so nothing else on the page changes.
      crossOriginOpenerPolicy: 'same-origin',
      crossOriginEmbedderPolicy: 'require-corp',
      strictTransportSecurity: deps.env.PUBLIC_URL.startsWith('https:') ? 'max-age=15552000' : false,
    }),
  );
  app.onError(createErrorHandler(logger));

  const api = new Hono();
  const limitBody = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) => errorResponse(c, ERROR_CODES.payloadTooLarge, 'The request body is larger than 10 MB'),
  });
  // No NUL in the path or the query of any request (PostgreSQL cannot store one; issue 26, point 7).
  api.use('*', textGuard);
  // Only requests that carry a body pay for the size limit and the JSON check (valid, no NUL, at most 64 levels deep).
  api.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', limitBody, jsonBodyGuard);
  // PORT=0 (tests) with the default PUBLIC_URL names port 0: links and trusted origins use the port we got.
  const publicUrl = new URL(deps.env.PUBLIC_URL).port === '0' ? deps.localUrl : deps.env.PUBLIC_URL;
  api.use('*', sameOriginGuard(publicUrl));

  const services = createServices({
    env: deps.env,
    database,
    logger,
    publicUrl,
    localUrl: deps.localUrl,
    startedAt,
  });
  // Every feature is mounted the same way: its path, and its routes made from the app's services.
  for (const [path, routes] of FEATURE_ROUTES) api.route(path, routes(services));
  const development = deps.env.NODE_ENV !== 'production';
  if (development) {
    api.use('/dev/*', loopbackOnly('The development outbox'));
    api.route('/dev', outboxApiRoutes(services));
  }
  api.all('*', (c) =>
    errorResponse(c, ERROR_CODES.notFound, `No API route for ${c.req.method} ${c.req.path}`),
  );
  // Signed uploads stream past `/api`'s 10 MB JSON limit: their own signed limit applies (server/storage/routes.ts).
  app.route(STORAGE_ROUTE_PATH, storageRoutes(services));
  app.route('/api', api);
  if (development) {
    app.use('/dev/*', loopbackOnly('The development outbox'));
    app.route('/dev', outboxPageRoutes(services));
  }
  if (services.sandbox) {
    app.use(`${SANDBOX_MOUNT_PATH}/__control/*`, loopbackOnly('The sandbox control API'));
    app.route(SANDBOX_MOUNT_PATH, services.sandbox.app);
  } else {
    app.all(`${SANDBOX_MOUNT_PATH}/*`, (c) =>
      errorResponse(c, ERROR_CODES.notFound, 'The sandbox store is turned off (SANDBOX=off)'),
    );
  }

  mountVendorFiles(app);
  mountClient(app, deps.clientDir);
  return { app, services };
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
