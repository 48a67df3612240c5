// Wires the accounts issue into the app: mailer, audit log, the Better Auth instance (made on first use: it reads or
// generates its secret in the database), and the routes of the auth, admin and dev-outbox features.
import type { Database } from './db/database';
import type { Env } from './env';
import { createAuditLog } from './audit/audit-log';
import { adminRoutes } from './features/admin/admin.routes';
import { createAuth, type Auth } from './features/auth/auth';
import { authRoutes } from './features/auth/auth.routes';
import { sameOriginGuard } from './features/auth/same-origin';
import { outboxApiRoutes, outboxPageRoutes } from './features/dev-outbox/dev-outbox.routes';
import type { HealthCheck } from './features/health/health.service';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';
import { createAttemptCounter } from './features/auth/attempts';
import { lazyRetrying } from './lazy';

export type AccountsDeps = {
  env: Env;
  database: Database;
  logger: Logger;
  /** The address users reach the app at: Better Auth's baseURL, links in mails, the trusted origin. */
  publicUrl: string;
};

export function createAccounts(deps: AccountsDeps) {
  const { env, database, logger, publicUrl } = deps;
  const db = database.db;
  const mailer = createMailer({ env, database, logger });
  const audit = createAuditLog(db);

  // Made on first use; a failure (database down) is retried by the next request.
  const getAuth: () => Promise<Auth> = lazyRetrying(() =>
    createAuth({ env, db, mailer, logger, audit, publicUrl }),
  );

  const mailHealth: HealthCheck = () => Promise.resolve({ status: 'up', detail: mailer.kind });
  const isDevelopment = env.NODE_ENV !== 'production';

  return {
    getAuth,
    mailer,
    audit,
    mailHealth,
    sameOrigin: sameOriginGuard(publicUrl),
    authRoutes: authRoutes({
      getAuth,
      mailer,
      logger,
      publicUrl,
      trustedProxies: env.TRUSTED_PROXIES,
      attempts: createAttemptCounter(db, { limit: env.AUTH_RATE_LIMIT, windowSeconds: 60 }),
      audit,
      adminEmails: env.ADMIN_EMAILS,
    }),
    adminRoutes: adminRoutes({ getAuth, audit }),
    /** Only outside production. */
    devOutboxApi: isDevelopment ? outboxApiRoutes(db) : null,
    devOutboxPage: isDevelopment ? outboxPageRoutes(db) : null,
  };
}
