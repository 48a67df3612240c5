// Builds the Hono app: middleware, `/api/*`, and the built client with SPA fallback, on one port.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { API_ERROR_CODES } from '../common/errors';
import { createAccounts } from './accounts';
import type { Database } from './db/database';
import type { Env } from './env';
import { healthRoutes } from './features/health/health.routes';
import { createStores } from './features/stores/setup';
import type { HealthCheck } from './features/health/health.service';
import { SANDBOX_MOUNT_PATH, setUpBigCommerce } from './integrations/bigcommerce/setup';
import { createErrorHandler, drainUnreadBody, errorBody, jsonBodyGuard } from './http';
import { redactPath, type Logger } from './logger';
import { loopbackOnly } from './loopback';
import { clientAddressReader } from './client-address';
import { lazyRetrying } from './lazy';
import { loadGeneratedSecret } from './db/generated-setting';
import { createDemoStoreSigner } from './features/demo-stores/demo-stores.service';
import { createAppSandbox, describeSandbox } from './sandbox/app-sandbox';
import { demoStoreRoutes } from './features/demo-stores/demo-stores.routes';
import { dumpCategoriesRoutes } from './features/dump-categories/dump-categories.routes';
import { dumpProductRoutes } from './features/dump-product/dump-product.routes';
import { dumpWidgetsRoutes } from './features/dump-widgets/dump-widgets.routes';

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

export function createApp(deps: AppDeps): Hono {
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
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginResourcePolicy: 'same-origin',
      strictTransportSecurity: deps.env.PUBLIC_URL.startsWith('https:') ? 'max-age=15552000' : false,
    }),
  );
  app.onError(createErrorHandler(logger));

  const api = new Hono();
  const limitBody = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) =>
      c.json(errorBody(API_ERROR_CODES.payloadTooLarge, 'The request body is larger than 10 MB'), 413),
  });
  // Only requests that carry a body pay for the size limit and the JSON check.
  api.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', limitBody, jsonBodyGuard);
  // PORT=0 (tests) with the default PUBLIC_URL names port 0: links and trusted origins use the port we got.
  const publicUrl = new URL(deps.env.PUBLIC_URL).port === '0' ? deps.localUrl : deps.env.PUBLIC_URL;
  const accounts = createAccounts({ env: deps.env, database, logger, publicUrl });
  api.use('*', accounts.sameOrigin);

  const getDemoSigner = lazyRetrying(async () =>
    createDemoStoreSigner(await loadGeneratedSecret(database.db, 'demo_store_secret')),
  );
  const sandbox = deps.env.SANDBOX
    ? createAppSandbox({
        control: deps.env.SANDBOX_CONTROL,
        logger,
        demoCopies: { verify: async (hash, token) => (await getDemoSigner()).verify(hash, token) },
      })
    : undefined;
  const bigcommerce = setUpBigCommerce(deps.env, deps.localUrl, logger);
  const healthChecks: Record<string, HealthCheck> = {
    database: async () => {
      await database.ping();
      return { status: 'up', detail: database.kind };
    },
    sandbox: () =>
      Promise.resolve(
        sandbox
          ? { status: 'up', detail: describeSandbox(sandbox) }
          : { status: 'disabled', detail: 'SANDBOX=off' },
      ),
    mail: accounts.mailHealth,
  };
  api.route('/health', healthRoutes(healthChecks, startedAt));
  const callerOf = clientAddressReader(deps.env.TRUSTED_PROXIES);
  const tools = { clients: bigcommerce.clients, logger, callerOf };
  api.route('/dump-product', dumpProductRoutes(tools));
  api.route('/dump-categories', dumpCategoriesRoutes(tools));
  api.route('/dump-widgets', dumpWidgetsRoutes(tools));
  api.route('/auth', accounts.authRoutes);
  api.route('/admin', accounts.adminRoutes);
  const stores = createStores({
    env: deps.env,
    database,
    logger,
    getAuth: accounts.getAuth,
    clients: bigcommerce.clients,
    callerOf,
  });
  api.route('/user/stores', stores.routes);
  api.route(
    '/demo-stores',
    demoStoreRoutes({
      getSigner: getDemoSigner,
      getAuth: accounts.getAuth,
      dropCopy: sandbox ? (hash) => sandbox.stores.delete(hash) : undefined,
    }),
  );
  if (accounts.devOutboxApi) {
    api.use('/dev/*', loopbackOnly('The development outbox'));
    api.route('/dev', accounts.devOutboxApi);
  }
  api.all('*', (c) =>
    c.json(errorBody(API_ERROR_CODES.notFound, `No API route for ${c.req.method} ${c.req.path}`), 404),
  );
  app.route('/api', api);
  if (accounts.devOutboxPage) {
    app.use('/dev/*', loopbackOnly('The development outbox'));
    app.route('/dev', accounts.devOutboxPage);
  }
  if (sandbox) {
    app.use(`${SANDBOX_MOUNT_PATH}/__control/*`, loopbackOnly('The sandbox control API'));
    app.route(SANDBOX_MOUNT_PATH, sandbox.app);
  } else {
    app.all(`${SANDBOX_MOUNT_PATH}/*`, (c) =>
      c.json(errorBody(API_ERROR_CODES.notFound, 'The sandbox store is turned off (SANDBOX=off)'), 404),
    );
  }

  mountClient(app, deps.clientDir);
  return app;
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
  app.all('*', (c) => c.json(errorBody(API_ERROR_CODES.notFound, 'Not found'), 404));
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
  app.get('/assets/*', (c) => c.json(errorBody(API_ERROR_CODES.notFound, 'Not found'), 404));
  app.use('*', serveStatic({ root: clientDir, index: '__no_index__' }));
}
