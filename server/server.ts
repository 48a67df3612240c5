// Starts the app on a port: opens and migrates the database, listens, and shuts down gracefully.
import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type NodeFastPath } from './app';
import type { AppServices } from './services';
import { FINISHED_JOB_RETENTION_MS } from './jobs/job-store';
import { PAGE_BACKUP_RETENTION_MS, createPageBackupStore } from './features/import-widgets/page-backup-store';
import { openDatabase, type Database } from './db/database';
import type { Env } from './env';
import { honourForwardedAddress } from './forwarded';
import { createLogger, type Logger } from './logger';

export const DEFAULT_CLIENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist/client',
);

export type RunningServer = {
  url: string;
  port: number;
  database: Database;
  logger: Logger;
  /** Store History's hourly tick with a given clock (what the pg-boss cron runs each hour): tests call it directly. */
  tickSnapshotSchedules: AppServices['tickSnapshotSchedules'];
  /** Stops accepting connections, lets in-flight requests finish (bounded), then closes the database it opened. */
  close(): Promise<void>;
};

export async function startServer(
  env: Env,
  options: { database?: Database; logger?: Logger; clientDir?: string } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  // A database handed in (tests) stays open for its owner to close.
  const ownsDatabase = options.database === undefined;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      warn: (message) => logger.warn({ component: 'database' }, message),
    }));
  await database.migrate();

  // Listen first, then build the app: with PORT=0 the port is known only now, and the BigCommerce client reaches
  // the built-in sandbox through this instance's own loopback address.
  const ready: { handle?: FetchHandler; fastPath?: NodeFastPath } = {};
  const server = await listen(
    (request, bindings) =>
      ready.handle ? ready.handle(request, bindings) : new Response('Starting', { status: 503 }),
    env.PORT,
    env.HOST,
    () => ready.fastPath,
  );
  const port = (server.address() as AddressInfo).port;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const { app, services, fastPath } = createApp({
    env,
    database,
    logger,
    clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR,
    localUrl: url,
  });
  ready.fastPath = fastPath;
  ready.handle = env.TRUST_PROXY ? honourForwardedAddress(app.fetch, env.TRUSTED_PROXIES) : app.fetch;
  // The job worker of this instance, once there is work: jobs another instance left behind resume here.
  // Ended jobs and their backups are kept 30 days (safe by default: the table does not grow without bound).
  // Import Widgets' page backups likewise (server/features/import-widgets/page-backup-store.ts).
  const pageBackups = createPageBackupStore(database.db);
  const prune = () =>
    Promise.all([
      services.jobStore
        .pruneFinished(new Date(Date.now() - FINISHED_JOB_RETENTION_MS))
        .catch((error: unknown) => logger.warn({ err: error }, 'old jobs were not pruned')),
      pageBackups
        .pruneOlderThan(new Date(Date.now() - PAGE_BACKUP_RETENTION_MS))
        .catch((error: unknown) => logger.warn({ err: error }, 'old page backups were not pruned')),
    ]);
  void prune();
  const pruning = setInterval(() => void prune(), 6 * 60 * 60_000);
  pruning.unref();
  // H.265 conversions, their uploads and results are deleted 24 hours on (the spec's expiry), and upload addresses
  // never used stop holding a place within minutes: looked for every 2 minutes by every instance (deleting twice is
  // harmless).
  const sweepConversions = () =>
    services
      .getConverter()
      .then((converter) => converter.sweep())
      .catch((error: unknown) => logger.warn({ err: error }, 'expired conversions were not deleted'));
  void sweepConversions();
  const sweeping = setInterval(() => void sweepConversions(), 2 * 60_000);
  sweeping.unref();
  services.jobQueue.startWhenThereIsWork(
    async () =>
      (await services.jobStore.hasUnfinished()) ||
      (await (await services.getConverter()).hasUnfinished()) ||
      // Store History's hourly cron: scheduled snapshots to take, visitors' snapshots to expire.
      (await services.snapshotSchedules.anyEnabled()) ||
      (await services.snapshots.anyOfVisitors()),
    env.JOB_SLICE_EXPIRE_SECONDS * 500,
  );
  logger.info({ port, database: database.kind }, `BC Toolbox listening on http://localhost:${port}`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(pruning);
      clearInterval(sweeping);
      await closeHttpServer(server, env.SHUTDOWN_TIMEOUT_MS);
      await services.jobQueue.stop().catch((error: unknown) => logger.warn({ err: error }, 'job queue stop'));
      if (ownsDatabase) await database.close();
      logger.info('stopped');
    })());

  return { url, port, database, logger, close, tickSnapshotSchedules: services.tickSnapshotSchedules };
}

type FetchHandler = Parameters<typeof serve>[0]['fetch'];

function listen(
  fetch: FetchHandler,
  port: number,
  hostname: string,
  fastPath: () => NodeFastPath | undefined,
) {
  // Node's server, with the app's fast path (server/app.ts) in front of the adapter's listener.
  const withFastPath = ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, (req, res) => {
      const next = () => void listener(req, res);
      if (!fastPath()?.(req, res, next)) next();
    })) as typeof createServer;
  return new Promise<ServerType>((resolve, reject) => {
    const server = serve({ fetch, port, hostname, createServer: withFastPath }, () => resolve(server));
    server.once('error', reject);
  });
}

/** `server.close` waits for in-flight requests; idle keep-alive sockets are closed at once, stragglers after a timeout. */
export function closeHttpServer(server: ServerType, timeoutMs: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}
