// The app's shared services, made once per app (the composition root): the database, the mailer, the audit log,
// Better Auth (made on first use: it reads or generates its secret in the database), the BigCommerce client factory,
// the store repository, the demo-store signer, the built-in sandbox, the object store and the health checks. Every
// feature's routes take what they need from here and are mounted the same way (server/app.ts); no feature builds
// another's adapters.
import type { AgentTool } from './agent-tools/agent-tools';
import { createAgentDumpStore, type AgentDumpStore } from './agent-tools/agent-dumps';
import { agentToolsOf } from './agent-tool-list';
import type { McpRoutesDeps } from './features/mcp/mcp.routes';
import { createAccessTokenRepository, type AccessTokenRepository } from './features/auth/access-tokens';
import type { Context } from 'hono';
import { createAuditLog, type AuditLog } from './audit/audit-log';
import { clientAddressReader } from './client-address';
import type { Database } from './db/database';
import { loadGeneratedSecret } from './db/generated-setting';
import type { Env } from './env';
import { createAttemptCounter, type AttemptCounter } from './features/auth/attempts';
import { createAuth, type Auth } from './features/auth/auth';
import { createDatabaseCopyJournal } from './features/demo-stores/demo-store-journal';
import { createDemoStoreSigner, type DemoStoreSigner } from './features/demo-stores/demo-stores.service';
import type { HealthCheck } from './features/health/health.service';
import { loadStoreRepository, loadTokenCipher } from './features/stores/setup';
import { listUserStores } from './features/stores/stores.service';
import type { TokenCipher } from './token-cipher';
import { bulkEditJobKinds } from './features/bulk-edit/bulk-edit.job';
import { createBeforeJobSnapshots } from './features/store-history/before-job-snapshots';
import type { BeforeJobSnapshots } from './jobs/before-job';
import {
  createSnapshotRepository,
  type SnapshotRepository,
} from './features/store-history/snapshot-repository';
import { storeSnapshotJobKind } from './features/store-history/snapshot-take.job';
import { restoreJobKind } from './features/store-history/restore.job';
import {
  createRestorePreviewRepository,
  type RestorePreviewRepository,
} from './features/store-history/restore-preview-repository';
import { createIdMapRepository, type IdMapRepository } from './features/store-history/id-map';
import {
  runScheduleTick,
  type CloudStoreCredentials,
  type ScheduleTickResult,
} from './features/store-history/snapshot-schedule-tick';
import {
  createSnapshotScheduleRepository,
  type SnapshotScheduleRepository,
} from './features/store-history/snapshot-schedules';
import { DEMO_COPY_DEFAULTS } from './sandbox/demo-copies/demo-copies';
import { createJobKinds, type JobKinds } from './jobs/job-kinds';
import { spreadsheetExportJobKind } from './features/spreadsheet-edit/spreadsheet-export.job';
import { spreadsheetImportJobKinds } from './features/spreadsheet-edit/spreadsheet-import.job';
import {
  createSpreadsheetRepository,
  type SpreadsheetRepository,
} from './features/spreadsheet-edit/spreadsheet-repository';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { createJobStore, type JobStore } from './jobs/job-store';
import type { StoreRepository } from './features/stores/repository';
import type { BigCommerceClientFactory } from './integrations/bigcommerce';
import { setUpBigCommerce } from './integrations/bigcommerce/setup';
import { lazyRetrying } from './lazy';
import type { Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { createAppSandbox, describeSandbox } from './sandbox/app-sandbox';
import type { Sandbox } from './sandbox';
import { createStorage } from './storage/create-storage';
import type { ObjectStorage } from './storage/object-storage';
import { eraseOwnerSnapshots } from './features/store-history/erase-owner-snapshots';
import { loadAuthSecret } from './features/auth/secret';
import { createSpeedBook } from './features/video-h265-converter/calibration';
import {
  createConverter,
  H265_QUEUE,
  MAX_ATTEMPTS,
  type Converter,
} from './features/video-h265-converter/video-h265-converter.service';
import { findFfmpeg, isOldBuild, type FfmpegBinary } from './features/video-h265-converter/ffmpeg';
import { AppError } from './errors';
import { ERROR_CODES } from '../common/errors';
import { H265_RATE_LIMIT } from '../common/contracts/video-h265-converter';

export type ServicesDeps = {
  env: Env;
  database: Database;
  logger: Logger;
  /** The address users reach the app at: Better Auth's baseURL, links in mails, the trusted origin. */
  publicUrl: string;
  /** This instance's own address on loopback: how it reaches its built-in sandbox. */
  localUrl: string;
  startedAt: number;
};

export type AppServices = ServicesDeps & {
  mailer: Mailer;
  /** Snapshots before writes (Store History, issue 32): what a write job or an import will touch. */
  beforeJob: BeforeJobSnapshots;
  audit: AuditLog;
  /** Made on first use; a failure (database down) is retried by the next request. */
  getAuth: () => Promise<Auth>;
  /** Current-password checks, counted like sign-in attempts. */
  attempts: AttemptCounter;
  trustedProxies: readonly string[];
  /** ADMIN_EMAILS, lowercased. */
  adminEmails: readonly string[];
  clients: BigCommerceClientFactory;
  /** The caller's key for a fair share of a store: their client address. */
  callerOf: (c: Context) => string;
  getStoreRepository: () => Promise<StoreRepository>;
  /** Personal access tokens (issue 33): what AI agents' MCP clients present. */
  getAccessTokens: () => Promise<AccessTokenRepository>;
  /** The tools offered to AI agents (issue 33): every feature's, gathered once (server/agent-tools/). */
  agentTools: readonly AgentTool[];
  /** The whole dumps the dump tools keep for AI agents (MCP resources), in the database. */
  agentDumps: AgentDumpStore;
  /** A user's stores as the agent tools reach them: cloud stores (credentials unsealed) and demo stores. */
  agentStoresOf: McpRoutesDeps['storesOf'];
  /** The store-token cipher: cloud store tokens, and a job's store credentials. */
  getTokenCipher: () => Promise<TokenCipher>;
  jobStore: JobStore;
  /** The job kinds registered by the features (bulk edits): their handlers, backups and undos. */
  jobKinds: JobKinds;
  /** Started with the server (server.ts), so jobs left by a stopped instance resume. */
  jobQueue: JobQueue;
  getDemoSigner: () => Promise<DemoStoreSigner>;
  /** The built-in sandbox; undefined when SANDBOX=off. */
  sandbox: Sandbox | undefined;
  /** Drops a demo copy from the sandbox, on every instance (it comes back from the seed on its next request). */
  dropDemoCopy: ((hash: string) => Promise<boolean>) | undefined;
  healthChecks: Record<string, HealthCheck>;
  /** Files (uploads, converted videos): local disk in DATA_DIR/storage, or the S3 bucket when S3_BUCKET is set. */
  storage: ObjectStorage;
  /** Store History's snapshots (issue 32): rows in the database, item contents in `storage`. */
  snapshots: SnapshotRepository;
  /** Scheduled snapshots (issue 32): a signed-in user's schedule per cloud store. */
  snapshotSchedules: SnapshotScheduleRepository;
  /** A signed-in user's cloud stores, credentials unsealed (the schedules' stores). */
  cloudStoresOf: (userId: string) => Promise<CloudStoreCredentials[]>;
  /** Store History's hourly tick (scheduled snapshots, visitors' expiry), fired by a pg-boss cron; tests call it. */
  tickSnapshotSchedules: (now: Date) => Promise<ScheduleTickResult>;
  /** A restore's previews, kept so any instance can start one (issue 32). */
  restorePreviews: RestorePreviewRepository;
  /** Spreadsheet Edit's exports and previews (issue 45). */
  spreadsheets: SpreadsheetRepository;
  storeIdMaps: IdMapRepository;
  /** The H.265 cloud converter (its ffmpeg is looked for on first use). */
  getConverter: () => Promise<Converter>;
};

export function createServices(deps: ServicesDeps): AppServices {
  const { env, database, logger, publicUrl } = deps;
  const db = database.db;
  const mailer = createMailer({ env, database, logger });
  const audit = createAuditLog(db);
  const getAuth = lazyRetrying(() =>
    createAuth({
      env,
      db,
      mailer,
      logger,
      audit,
      publicUrl,
      // A deleted account's snapshots and their blobs (issue 41): `storage` is made below, before any request.
      beforeUserDelete: (userId) => eraseOwnerSnapshots(db, storage, `user:${userId}`),
    }),
  );
  const getDemoSigner = lazyRetrying(async () =>
    createDemoStoreSigner(await loadGeneratedSecret(db, 'demo_store_secret')),
  );
  const sandbox = env.SANDBOX
    ? createAppSandbox({
        control: env.SANDBOX_CONTROL,
        logger,
        demoCopies: {
          verify: async (hash, token) => (await getDemoSigner()).verify(hash, token),
          maxCopies: env.SANDBOX_DEMO_COPIES,
          evictIdleMs: env.SANDBOX_DEMO_EVICT_SECONDS * 1000,
          // Kept in the database, so that every instance serves the same copies (issue 29).
          ...(env.SANDBOX_DEMO_STATE === 'database' ? { journal: createDatabaseCopyJournal(database) } : {}),
        },
      })
    : undefined;
  const getTokenCipher = lazyRetrying(() => loadTokenCipher(env));
  const clients = setUpBigCommerce(env, deps.localUrl, logger).clients;
  const jobStore = createJobStore(db);
  const accessTokens = createAccessTokenRepository(db);
  const jobQueue = createJobQueue({
    database,
    logger,
    sliceExpireSeconds: env.JOB_SLICE_EXPIRE_SECONDS,
    sliceWorkers: env.JOB_SLICE_WORKERS,
    maintenanceIntervalSeconds: Math.min(30, Math.max(1, Math.floor(env.JOB_SLICE_EXPIRE_SECONDS / 2))),
  });
  // The long-running tools register their job kinds with the platform (issue 30); each kind gets its own queue.
  const jobKinds = createJobKinds();
  const storage = createStorage(env, {
    getAppSecret: () => loadAuthSecret(db, env.BETTER_AUTH_SECRET),
  });
  // Store History (issue 32): snapshots kept through the object store, taken by a job kind of their own.
  const snapshots = createSnapshotRepository(db, storage, {
    totalBytes: env.SNAPSHOTS_TOTAL_MB * 1024 * 1024,
    totalRows: env.SNAPSHOTS_TOTAL_ROWS,
  });
  // Every write job first snapshots what it will touch, and writes once that snapshot is complete.
  const beforeJob = createBeforeJobSnapshots({ jobStore, jobQueue, getTokenCipher, snapshots, clients });
  for (const definition of bulkEditJobKinds({
    store: jobStore,
    clients,
    getCipher: getTokenCipher,
    logger,
    before: { state: (id) => beforeJob.state(id) },
  })) {
    jobKinds.register(definition);
  }
  jobKinds.register(
    storeSnapshotJobKind({
      jobs: jobStore,
      snapshots,
      clients,
      getCipher: getTokenCipher,
      logger,
      pageBound: env.SNAPSHOT_PAGE_PROBES,
    }),
  );
  // A restore (and its undo): the snapshot's values written back, item by item, skipping what moved since the preview.
  const restorePreviews = createRestorePreviewRepository(db);
  const storeIdMaps = createIdMapRepository(db);
  jobKinds.register(
    restoreJobKind({
      idMap: storeIdMaps,
      blobs: snapshots,
      snapshotHolds: (id, kind, key) => snapshots.holds(id, kind, key),
      jobs: jobStore,
      clients,
      getCipher: getTokenCipher,
      logger,
      snapshotState: (id) => beforeJob.state(id),
    }),
  );
  // Spreadsheet Edit (issue 45): an export job, and an import job (with its undo) that writes a previewed sheet.
  const spreadsheets = createSpreadsheetRepository(db);
  jobKinds.register(
    spreadsheetExportJobKind({
      jobs: jobStore,
      repository: spreadsheets,
      storage,
      clients,
      getCipher: getTokenCipher,
      logger,
    }),
  );
  for (const definition of spreadsheetImportJobKinds({
    jobs: jobStore,
    repository: spreadsheets,
    clients,
    getCipher: getTokenCipher,
    logger,
    before: { state: (id) => beforeJob.state(id) },
  })) {
    jobKinds.register(definition);
  }
  for (const definition of jobKinds.all()) jobQueue.register(definition.kind, definition.slice);
  // Scheduled snapshots and visitors' snapshot expiry: every hour, on one instance (pg-boss's cron).
  const snapshotSchedules = createSnapshotScheduleRepository(db);
  const tickSnapshotSchedules = (now: Date) =>
    runScheduleTick(
      {
        jobStore,
        jobQueue,
        getTokenCipher,
        clients,
        snapshots,
        schedules: snapshotSchedules,
        cloudStoresOf,
        // A visitor's snapshots go when the visitor has been away as long as a demo copy is kept idle.
        visitorExpiryMs: DEMO_COPY_DEFAULTS.idleMs,
        idMaps: storeIdMaps,
        logger: logger.child({ component: 'snapshot-schedule' }),
      },
      now,
    );
  jobQueue.registerCron({
    name: 'snapshot-schedule',
    cron: '0 * * * *',
    expireInSeconds: 15 * 60,
    handler: async () => {
      const result = await tickSnapshotSchedules(new Date());
      if (result.started.length + result.failed.length + result.expired > 0) {
        logger.info(
          { started: result.started.length, failed: result.failed.length, expired: result.expired },
          'snapshot schedule tick',
        );
      }
    },
  });
  // The H.265 converter: ffmpeg found once (FFMPEG_PATH, else the newest of PATH's and the npm-shipped 2018 build), run
  // under an address-space limit; conversions on their own queue.
  const findBinary = lazyRetrying(async () => {
    const memoryLimitBytes =
      env.H265_MEMORY_LIMIT_MB > 0 ? env.H265_MEMORY_LIMIT_MB * 1024 * 1024 : undefined;
    const binary = await findFfmpeg(env.FFMPEG_PATH, memoryLimitBytes ? { memoryLimitBytes } : {});
    if (!binary) logger.warn('no ffmpeg found: the H.265 cloud converter is unavailable');
    else {
      const found = {
        path: binary.path,
        version: binary.version,
        source: binary.source,
        year: binary.buildYear,
      };
      logger.info(
        { ffmpeg: found, memoryBound: binary.memoryBound },
        `ffmpeg ${binary.version} converts uploads`,
      );
      if (isOldBuild(binary)) {
        logger.warn(
          { ffmpeg: found },
          `ffmpeg ${binary.version} is an old build (${binary.buildYear ?? 'year unknown'}) that decodes untrusted ` +
            'uploads: install a current ffmpeg (Debian: apt-get install ffmpeg) or set FFMPEG_PATH',
        );
      }
      if (!binary.memoryBound && memoryLimitBytes) {
        logger.warn('prlimit was not found: ffmpeg runs without a memory bound (H265_MEMORY_LIMIT_MB)');
      }
    }
    return binary ?? null;
  });
  // Looked for at once (three short runs of the binary), so the first health report or conversion does not wait.
  findBinary().catch((error: unknown) => logger.warn({ err: error }, 'ffmpeg could not be checked'));
  const getBinary = async (): Promise<FfmpegBinary> => {
    const binary = await findBinary();
    if (!binary || !binary.libx265 || !binary.aac) {
      throw new AppError(
        ERROR_CODES.converterUnavailable,
        'The cloud converter is not available right now. Please try again later.',
      );
    }
    return binary;
  };
  // The machine's x265 speeds, shared by every instance through the database (issue 29).
  const speeds = createSpeedBook(getBinary, undefined, {
    db,
    logger: logger.child({ component: 'h265-speeds' }),
  });
  const converter = createConverter({
    db,
    storage,
    logger: logger.child({ component: 'convert-h265' }),
    getBinary,
    speeds,
    enqueue: (id) => jobQueue.enqueueWhole(H265_QUEUE, { id }),
    limits: {
      user: createAttemptCounter(db, {
        limit: H265_RATE_LIMIT.user,
        windowSeconds: H265_RATE_LIMIT.windowSeconds,
      }),
      guest: createAttemptCounter(db, {
        limit: H265_RATE_LIMIT.guest,
        windowSeconds: H265_RATE_LIMIT.windowSeconds,
      }),
      // Upload addresses per client address: a bound on what one caller can make the store hold.
      uploads: createAttemptCounter(db, { limit: 30, windowSeconds: H265_RATE_LIMIT.windowSeconds }),
    },
    jobExpireSeconds: env.H265_JOB_EXPIRE_SECONDS,
    timeLimitSeconds: env.H265_TIME_LIMIT_SECONDS,
  });
  jobQueue.registerQueue({
    name: H265_QUEUE,
    concurrency: env.H265_CONCURRENCY,
    expireInSeconds: env.H265_JOB_EXPIRE_SECONDS,
    retryLimit: MAX_ATTEMPTS - 1,
    retryDelaySeconds: 2,
    handler: ({ id }) => converter.runConversion(id),
  });
  const healthChecks: Record<string, HealthCheck> = {
    database: async () => {
      await database.ping();
      return { status: 'up', detail: database.kind };
    },
    sandbox: async () =>
      sandbox
        ? { status: 'up', detail: await describeSandbox(sandbox) }
        : { status: 'disabled', detail: 'SANDBOX=off' },
    mail: () => Promise.resolve({ status: 'up', detail: mailer.kind }),
    storage: () => storage.health(),
    ai: () =>
      Promise.resolve(
        env.AI_BASE_URL && env.AI_MODEL
          ? { status: 'up', detail: `model ${env.AI_MODEL} at ${new URL(env.AI_BASE_URL).host}` }
          : { status: 'disabled', detail: 'offline mode: answers from the help corpus (AI_BASE_URL unset)' },
      ),
    ffmpeg: async () => {
      const binary = await findBinary();
      if (!binary)
        return { status: 'down', detail: 'no ffmpeg found (FFMPEG_PATH, PATH, @ffmpeg-installer/ffmpeg)' };
      const can = [binary.libx265 ? 'libx265' : 'no libx265', binary.aac ? 'aac' : 'no aac'].join(', ');
      const age = isOldBuild(binary) ? `; an old build (${binary.buildYear ?? 'year unknown'})` : '';
      const memory = binary.memoryBound ?? 'no memory bound';
      return {
        status: binary.libx265 && binary.aac ? 'up' : 'down',
        detail: `ffmpeg ${binary.version} (${binary.source}: ${binary.path}; ${can}${age}; ${memory})`,
      };
    },
  };
  const agentDumps = createAgentDumpStore(db);
  const getStoreRepository = lazyRetrying(async () => loadStoreRepository(await getTokenCipher(), database));
  async function cloudStoresOf(userId: string): Promise<CloudStoreCredentials[]> {
    return listUserStores(await getStoreRepository(), logger, userId);
  }
  return {
    ...deps,
    mailer,
    audit,
    getAuth,
    attempts: createAttemptCounter(db, { limit: env.AUTH_RATE_LIMIT, windowSeconds: 60 }),
    trustedProxies: env.TRUSTED_PROXIES,
    adminEmails: env.ADMIN_EMAILS,
    clients,
    callerOf: clientAddressReader(env.TRUSTED_PROXIES),
    getAccessTokens: () => Promise.resolve(accessTokens),
    getStoreRepository,
    agentDumps,
    agentTools: agentToolsOf({
      db,
      logger,
      audit,
      clients,
      getTokenCipher,
      jobStore,
      jobQueue,
      beforeJob,
      snapshots,
      restorePreviews,
      storeIdMaps,
      agentDumps,
      spreadsheets,
    }),
    agentStoresOf: async (userId) => ({
      cloud: (await (await getStoreRepository()).list(userId)).map((store) => ({
        id: store.id,
        name: store.name,
        storeHash: store.storeHash,
        accessToken: store.accessToken,
      })),
      demo: sandbox ? (await getDemoSigner()).issue({ userId }) : [],
    }),
    getTokenCipher,
    beforeJob,
    jobStore,
    jobKinds,
    jobQueue,
    getDemoSigner,
    sandbox,
    // A copy dropped comes back from its seed with its first ids: its id map (issue 40) goes with it.
    dropDemoCopy: sandbox?.copies
      ? async (hash) => {
          const dropped = await sandbox.copies!.drop(hash);
          await storeIdMaps.forgetStore(hash);
          return dropped;
        }
      : undefined,
    healthChecks,
    storage,
    snapshots,
    snapshotSchedules,
    cloudStoresOf,
    tickSnapshotSchedules,
    restorePreviews,
    spreadsheets,
    storeIdMaps,
    getConverter: () => Promise.resolve(converter),
  };
}
