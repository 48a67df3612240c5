// The Better Auth instance: email and password, email verification, password reset, the admin plugin (roles, ban,
// impersonation), database-backed rate limits, and the hooks that write the admin audit log and apply ADMIN_EMAILS.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import {
  AUTH_BASE_PATH,
  KNOWN_ROLES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isKnownRole,
  nameProblem,
} from '../../../common/contracts/account';
import type { Db } from '../../db/database';
import { account, rateLimit, session, user, verification } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { resetPasswordMail, verifyEmailMail } from '../../mail/templates';
import { auditEntriesFor } from '../../audit/audit-events';
import type { AuditLog, AuditRecord } from '../../audit/audit-log';
import { revokeAllTokens } from './access-tokens';
import { eraseAccountRows } from './account-erasure';
import { ADMIN_ROLE, grantAdmin, hasAdminRole } from './roles';
import { isCommonPassword, PASSWORD_TOO_COMMON_MESSAGE } from './common-passwords';
import { loadAuthSecret } from './secret';
import { VISITOR_COOKIE, visitorIdOf } from './visitor';
import { moveVisitorWork } from './visitor-move';
import { ERROR_CODES, type ErrorCode } from '../../../common/errors';

/** Endpoints that take a `name`, a new password (in which field), or a role. */
const NAME_PATHS = new Set(['/sign-up/email', '/update-user', '/admin/create-user', '/admin/update-user']);
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/admin/create-user': 'password',
  '/admin/set-user-password': 'newPassword',
};
const ROLE_PATHS = new Set(['/admin/set-role', '/admin/create-user']);

export { AUTH_BASE_PATH };
/** Set by our route from the socket (and trusted proxies) before Better Auth sees the request; a client's own value
 * is overwritten. Better Auth keys its rate limits and session IPs on it. */
export const CLIENT_IP_HEADER = 'x-bct-client-ip';
/** Impersonation sessions end by themselves after an hour. */
const IMPERSONATION_SECONDS = 60 * 60;

export type AuthDeps = {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  audit: AuditLog;
  /** The app's public address (Better Auth's baseURL; links in mails). */
  publicUrl: string;
  /** Erases what a feature keeps for the user beyond the database (Store History's snapshots), before the row goes. */
  beforeUserDelete?: (userId: string) => Promise<void>;
};

export async function createAuth(deps: AuthDeps) {
  const secret = await loadAuthSecret(deps.db, deps.env.BETTER_AUTH_SECRET);
  return buildAuth(deps, secret);
}

export type Auth = ReturnType<typeof buildAuth>;

/** One claim of a (Better Auth–checked) verification token, read without checking it again. */
function tokenClaim(token: unknown, claim: string): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const value = payload[claim];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function buildAuth(deps: AuthDeps, secret: string) {
  const { env, db, mailer, logger, audit, publicUrl } = deps;
  const publicOrigin = new URL(publicUrl).origin;
  const adminEmails = new Set(env.ADMIN_EMAILS);

  /** Audit writes never undo the change they describe: a failure is logged. */
  const record = async (entries: AuditRecord[]) => {
    for (const entry of entries) {
      try {
        await audit.record(entry);
      } catch (error) {
        logger.error({ err: error, action: entry.action }, 'audit log write failed');
      }
    }
  };

  /** ADMIN_EMAILS: such an account becomes admin once its address is verified (else anyone could register it first). */
  const promoteIfListed = async (candidate: { email: string; emailVerified: boolean; role?: unknown }) => {
    if (!candidate.emailVerified || !adminEmails.has(candidate.email.toLowerCase())) return;
    if (hasAdminRole(typeof candidate.role === 'string' ? candidate.role : null)) return;
    const result = await grantAdmin(db, audit, candidate.email, 'ADMIN_EMAILS');
    if (result.status === 'granted')
      logger.info({ userId: result.user.id }, 'admin role granted from ADMIN_EMAILS');
  };

  const findUser = async (id: string) => {
    const [row] = await db
      .select({ id: user.id, email: user.email, emailVerified: user.emailVerified, role: user.role })
      .from(user)
      .where(eq(user.id, id))
      .limit(1);
    return row ?? null;
  };

  /**
   * A password change that signs out the other sessions (Better Auth's `changePassword` with `revokeOtherSessions`,
   * https://www.better-auth.com/docs/concepts/users-accounts#change-password) and an admin's new password for a user
   * end the user's access tokens too (issue 41, point 2): a token is another session of the account.
   */
  const revokeTokensAfterPasswordChange = async (path: string, body: unknown, sessionUserId?: string) => {
    const fields = (body ?? {}) as Record<string, unknown>;
    if (path === '/change-password' && fields.revokeOtherSessions === true && sessionUserId) {
      await revokeAllTokens(db, sessionUserId);
    } else if (path === '/admin/set-user-password' && typeof fields.userId === 'string') {
      await revokeAllTokens(db, fields.userId);
    }
  };

  /**
   * A sign-up from a browser that was a visitor (its `bct_visitor` cookie): what the visitor made moves to the new
   * account (visitor-move.ts, issue 44). Only `/sign-up/email`: an admin's `/admin/create-user` must not hand the
   * admin's own visitor work to someone else, and a sign-in to an existing account merges nothing. A failure keeps
   * the account (the sign-up succeeded) and the cookie, so the work stays the visitor's and is logged. Once moved, the
   * cookie is cleared: the id owns nothing any more, and a visitor session after signing out starts afresh instead of
   * adding to an id whose history went to this account.
   */
  const moveVisitorAfterSignUp = async (
    path: string,
    userId: string | undefined,
    cookies: {
      get: (name: string) => string | null;
      clear: (name: string) => void;
    },
  ) => {
    if (path !== '/sign-up/email' || !userId) return;
    const visitorId = visitorIdOf(cookies.get(VISITOR_COOKIE));
    if (!visitorId) return;
    try {
      const moved = await moveVisitorWork(db, visitorId, userId);
      logger.info({ userId, ...moved }, 'visitor work moved to the new account');
      cookies.clear(VISITOR_COOKIE);
    } catch (error) {
      logger.error({ err: error, userId }, 'moving the visitor work to the new account failed');
    }
  };

  return betterAuth({
    appName: 'BC Toolbox',
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    // The public origin, and the origin the request was addressed to (a CSRF request carries the attacker's Origin,
    // which matches neither): covers `npm run dev` behind Vite's proxy and tests on a free port.
    trustedOrigins: (request) => [publicOrigin, ...(request ? [new URL(request.url).origin] : [])],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      // Unverified users may use the app; the notice in the user menu is the only difference (issue 4).
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      // ADMIN_EMAILS: the role applies once the verified owner has set the password from a mailed link (the
      // verification of such an address leads there: auth.routes.ts passwordStepForAdmin), never to a password chosen
      // by whoever registered the address first (issue 9, point 6).
      onPasswordReset: async ({ user: account }) => {
        // Tokens end with the sessions (revokeSessionsOnPasswordReset): whoever held the account must not keep an
        // agent writing to the owner's stores after the recovery (issue 41, point 2).
        await revokeAllTokens(db, account.id);
        const owner = await findUser(account.id);
        if (owner) await promoteIfListed(owner);
      },
      sendResetPassword: async ({ user: account, url }) => {
        await mailer.send(resetPasswordMail({ to: account.email, name: account.name, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user: account, url }) => {
        await mailer.send(verifyEmailMail({ to: account.email, name: account.name, url }));
      },
    },
    rateLimit: {
      enabled: true,
      // In the database: counters hold across restarts and are shared by every instance.
      storage: 'database',
      customRules: {
        '/sign-in/*': { window: 60, max: env.AUTH_RATE_LIMIT },
        '/sign-up/*': { window: 60, max: env.AUTH_RATE_LIMIT },
        // Read on every page load: not worth a database write each time.
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: 'bct',
      useSecureCookies: publicUrl.startsWith('https:'),
      // Better Auth skips the origin check when NODE_ENV=test; the integration tests must see the real behaviour.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], trustedProxies: env.TRUSTED_PROXIES },
    },
    telemetry: { enabled: false },
    logger: {
      level: 'info',
      log: (level, message, ...args) => {
        // Only errors from the arguments: other values may carry tokens.
        const err: unknown = args.find((arg) => arg instanceof Error);
        const pinoLevel = level === 'info' ? 'debug' : level;
        logger[pinoLevel](err ? { err } : {}, `auth: ${message}`);
      },
    },
    plugins: [
      admin({
        defaultRole: 'user',
        adminRoles: [ADMIN_ROLE],
        impersonationSessionDuration: IMPERSONATION_SECONDS,
      }),
    ],
    databaseHooks: {
      user: {
        update: {
          // A confirmed email change (the link to the new address): the audit log says so.
          after: async (updated, ctx) => {
            if (ctx?.path !== '/verify-email') return;
            const token: unknown = (ctx.query as Record<string, unknown> | undefined)?.token;
            const requestType = tokenClaim(token, 'requestType');
            if (requestType !== 'change-email-verification') return;
            await record([
              {
                action: 'user.email.changed',
                actor: { id: updated.id, email: updated.email },
                target: { id: updated.id, email: updated.email },
                detail: { from: tokenClaim(token, 'email') ?? null, to: updated.email },
              },
            ]);
          },
        },
        delete: {
          // The account's data goes before its row (issue 41, point 6): a failure here keeps the account, so deleting
          // it again finishes the work (Better Auth runs `delete.before` before the row's delete, and stops on a throw).
          before: async (deleted) => {
            await deps.beforeUserDelete?.(deleted.id);
            await eraseAccountRows(db, deleted.id);
          },
          // The audit log keeps the fact (who deleted whom), nothing of the account's content.
          after: async (deleted, ctx) => {
            const actor = ctx?.context.session?.user ?? null;
            await record([
              {
                action: 'user.delete',
                actor: actor ? { id: actor.id, email: actor.email } : null,
                target: { id: deleted.id, email: deleted.email },
                detail: null,
              },
            ]);
          },
        },
      },
      session: {
        create: {
          after: async (created) => {
            if (typeof created.impersonatedBy !== 'string') return;
            await record([
              {
                action: 'impersonation.start',
                actor: { id: created.impersonatedBy },
                target: { id: created.userId },
                detail: { expiresAt: created.expiresAt.toISOString() },
              },
            ]);
          },
        },
        delete: {
          // The impersonation session is deleted when the admin exits (or signs out while viewing as the user).
          after: async (deleted, ctx) => {
            if (typeof deleted.impersonatedBy !== 'string') return;
            const via = ctx?.path === '/admin/stop-impersonating' ? 'stop' : (ctx?.path ?? 'system');
            await record([
              {
                action: 'impersonation.stop',
                actor: { id: deleted.impersonatedBy },
                target: { id: deleted.userId },
                detail: { via },
              },
            ]);
          },
        },
      },
    },
    hooks: {
      // Checks Better Auth does not make (issue 9, points 11, 12, 13, 16): a 400 with a clear message instead.
      before: createAuthMiddleware((ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const refuse = (code: ErrorCode, message: string) => {
          throw new APIError('BAD_REQUEST', { code, message });
        };
        if (NAME_PATHS.has(ctx.path) && 'name' in body) {
          const problem = nameProblem(body.name);
          if (problem) refuse(problem.code, problem.message);
        }
        const password = PASSWORD_FIELDS[ctx.path];
        const candidate = password ? body[password] : undefined;
        // Too short is Better Auth's own answer; the list applies to passwords the length rule lets through.
        if (
          typeof candidate === 'string' &&
          candidate.length >= PASSWORD_MIN_LENGTH &&
          isCommonPassword(candidate)
        ) {
          refuse(ERROR_CODES.passwordTooCommon, PASSWORD_TOO_COMMON_MESSAGE);
        }
        if (ROLE_PATHS.has(ctx.path) && 'role' in body && !isKnownRole(body.role)) {
          refuse(ERROR_CODES.roleInvalid, `The role must be one of: ${KNOWN_ROLES.join(', ')}`);
        }
        return Promise.resolve();
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned: unknown = ctx.context.returned;
        if (returned === undefined || isAPIError(returned) || returned instanceof Response) return;
        await revokeTokensAfterPasswordChange(ctx.path, ctx.body, ctx.context.session?.user.id);
        await moveVisitorAfterSignUp(ctx.path, ctx.context.newSession?.user.id, {
          get: (name) => ctx.getCookie(name),
          clear: (name) =>
            ctx.setCookie(name, '', {
              path: '/',
              maxAge: 0,
              httpOnly: true,
              sameSite: 'lax',
              secure: publicUrl.startsWith('https:'),
            }),
        });
        if (!ctx.path.startsWith('/admin/')) return;
        const actor = ctx.context.session?.user ?? null;
        await record(
          auditEntriesFor({
            path: ctx.path,
            body: ctx.body,
            returned,
            actor: actor ? { id: actor.id, email: actor.email } : null,
          }),
        );
      }),
    },
  });
}
