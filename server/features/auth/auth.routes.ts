// `/api/auth/*`: Better Auth's standard routes (sign-up, sign-in, sessions, verification, password reset, admin),
// plus our `PUT /api/auth/profile` (spec part 2 §7). Admin routes are refused here for non-admins before Better Auth
// checks them again.
import { randomBytes } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createEmailVerificationToken } from 'better-auth/api';
import { Hono, type Context } from 'hono';
import { profileUpdateRequestSchema } from '../../../common/contracts/account';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../../../common/errors';
import { AppError, errorBody } from '../../errors';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { confirmEmailChangeMail, emailChangeRequestedMail } from '../../mail/templates';
import { hasAdminRole } from './roles';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth';
import { updateProfile, type ProfileAccount, type ProfileStore } from './auth.service';
import { getSessionUser, requireUser } from './session';
import { TooManyAttemptsError, type AttemptCounter } from './attempts';
import { clientAddressReader } from '../../client-address';
import type { AuditLog } from '../../audit/audit-log';

export type AuthRouteDeps = {
  getAuth: () => Promise<Auth>;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  trustedProxies: readonly string[];
  /** Current-password checks, counted like sign-in attempts. */
  attempts: AttemptCounter;
  audit: AuditLog;
  /** ADMIN_EMAILS, lowercased. */
  adminEmails: readonly string[];
};

/** Where a verification link lands after Better Auth has verified the address. */
const PROFILE_CALLBACK = '/?tab=profile-settings';

export function authRoutes(deps: AuthRouteDeps): Hono {
  const app = new Hono();
  const clientAddress = clientAddressReader(deps.trustedProxies);

  app.put('/profile', async (c) => {
    const auth = await deps.getAuth();
    const sessionUser = await requireUser(auth, c.req.raw.headers);
    const parsed = profileUpdateRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      throw new AppError(
        ERROR_CODES.invalidInput,
        'The body must be an object of text fields: name, email, currentPassword, newPassword',
      );
    }
    const current: ProfileAccount = {
      id: sessionUser.id,
      name: sessionUser.name,
      email: sessionUser.email,
      emailVerified: sessionUser.emailVerified,
      role: sessionUser.role,
    };
    const store = await profileStore(auth, deps, clientAddress(c));
    const context = { impersonatedBy: sessionUser.impersonatedBy, sessionToken: sessionUser.sessionToken };
    try {
      return c.json(await updateProfile(current, parsed.data, store, context));
    } catch (error) {
      if (!(error instanceof TooManyAttemptsError)) throw error;
      const seconds = error.retryAfterSeconds;
      c.header('Retry-After', String(seconds));
      return c.json(
        {
          code: ERROR_CODES.tooManyRequests,
          message: error.message,
          error: error.message,
          retryAfter: seconds,
        },
        429,
      );
    }
  });

  // Every admin route but "stop impersonating" (which runs as the impersonated user) needs an admin session.
  app.all('/admin/*', async (c, next) => {
    if (c.req.path === `${AUTH_BASE_PATH}/admin/stop-impersonating`) return next();
    const sessionUser = await getSessionUser(await deps.getAuth(), c.req.raw.headers);
    if (!sessionUser) return authError(c, ERROR_CODES.unauthorized, 'Please log in first');
    if (!hasAdminRole(sessionUser.role)) {
      return authError(c, ERROR_CODES.forbidden, 'Only admins can do this');
    }
    return next();
  });

  app.all('*', async (c) => {
    const auth = await deps.getAuth();
    const isSignIn = c.req.method === 'POST' && c.req.path === `${AUTH_BASE_PATH}/sign-in/email`;
    const signInBody = isSignIn ? await c.req.raw.clone().text() : '';
    const isVerify = c.req.method === 'GET' && c.req.path === `${AUTH_BASE_PATH}/verify-email`;
    const listedEmail = isVerify ? listedEmailOfToken(c.req.query('token'), deps.adminEmails) : undefined;
    const response = await auth.handler(withClientIp(c, deps.trustedProxies));
    if (listedEmail) return passwordStepForAdmin(auth, listedEmail, response);
    if (response.status === 429) return tooManyRequests(response);
    if (isSignIn && response.status === 401) return explainSignInFailure(auth, signInBody, response);
    return response;
  });

  return app;
}

/** The address a verification token is for, when it is one of ADMIN_EMAILS (Better Auth checks the token itself). */
function listedEmailOfToken(token: string | undefined, adminEmails: readonly string[]): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
    return adminEmails.includes(email) ? email : undefined;
  } catch {
    return undefined;
  }
}

/**
 * ADMIN_EMAILS and pre-registration (issue 9, point 6): anyone can sign up with the admin's address and a password of
 * their own, and the real owner's click on the verification link must not hand that password the admin role. So
 * when such an address is verified and is not admin yet, every session of the account ends (the verification's new
 * one too) and the person holding the link goes on to set the password, with a reset token; the role applies when
 * that password is set (onPasswordReset in auth.ts), and the old password stops working.
 */
async function passwordStepForAdmin(
  auth: Auth,
  email: string,
  response: Response,
): Promise<Response> {
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(email);
  const rawRole = (found?.user as { role?: unknown } | undefined)?.role;
  const role = typeof rawRole === 'string' ? rawRole : null;
  if (!found?.user.emailVerified || hasAdminRole(role)) return response;
  await response.body?.cancel();
  await ctx.internalAdapter.deleteUserSessions(found.user.id);
  const token = randomBytes(18).toString('base64url');
  await ctx.internalAdapter.createVerificationValue({
    value: found.user.id,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + 3600 * 1000),
  });
  // A path: the browser stays at the address it opened the mailed link at (issue 27).
  const location = `/auth/reset-password?token=${token}&admin=1`;
  // No session cookie goes back: the sessions are gone, and the browser's cookie is cleared.
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of response.headers.getSetCookie()) {
    const name = cookie.split('=')[0];
    if (name) headers.append('Set-Cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  }
  return new Response(null, { status: 302, headers });
}

/**
 * Better Auth answers a failed sign-in with one code for an unknown email and a wrong password. The issue asks for
 * the two to be told apart; sign-up already reveals whether an address is registered, so this discloses nothing new,
 * and the sign-in rate limit still bounds guessing.
 */
async function explainSignInFailure(auth: Auth, body: string, response: Response): Promise<Response> {
  const payload = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (payload?.code !== 'INVALID_EMAIL_OR_PASSWORD') return response;
  let email = '';
  try {
    const parsed = JSON.parse(body) as { email?: unknown };
    email = typeof parsed.email === 'string' ? parsed.email.trim().toLowerCase() : '';
  } catch {
    return response;
  }
  const { internalAdapter } = await auth.$context;
  const exists = email !== '' && (await internalAdapter.findUserByEmail(email)) !== null;
  const [code, message] = exists
    ? ['INVALID_PASSWORD', 'Wrong password']
    : ['USER_NOT_FOUND', 'No account uses this email'];
  await response.body?.cancel();
  return Response.json({ code, message, error: message }, { status: 401, headers: response.headers });
}

/** Better Auth's error shape (`{code, message}`) with our `error` beside it. */
function authError(c: Context, code: ErrorCode, message: string) {
  return c.json({ ...errorBody(code, message), message }, ERROR_STATUS[code]);
}

/**
 * Hands Better Auth the client's address in CLIENT_IP_HEADER: the socket's address, or with TRUSTED_PROXIES the
 * X-Forwarded-For chain followed by it (Better Auth strips the trusted hops from the right). A value the client sent
 * in that header is replaced.
 */
function withClientIp(c: Context, trustedProxies: readonly string[]): Request {
  const raw = c.req.raw;
  let socketAddress = '';
  try {
    socketAddress = getConnInfo(c).remote.address ?? '';
  } catch {
    // Not served by @hono/node-server (app.fetch in a unit test): no socket.
  }
  const headers = new Headers(raw.headers);
  const forwarded = trustedProxies.length > 0 ? (raw.headers.get('x-forwarded-for') ?? '') : '';
  const chain = [forwarded, socketAddress].filter((part) => part.trim() !== '').join(', ');
  if (chain === '') headers.delete(CLIENT_IP_HEADER);
  else headers.set(CLIENT_IP_HEADER, chain);
  return new Request(raw, { headers });
}

/** Better Auth answers 429 with only a message; add the code the client maps and a standard Retry-After. */
async function tooManyRequests(response: Response): Promise<Response> {
  const retryAfter = Number(response.headers.get('x-retry-after') ?? '60') || 60;
  await response.body?.cancel();
  const message = `Too many attempts. Please try again in ${retryAfter} seconds.`;
  return Response.json(
    { code: ERROR_CODES.tooManyRequests, message, error: message, retryAfter },
    { status: 429, headers: { 'Retry-After': String(retryAfter), 'X-Retry-After': String(retryAfter) } },
  );
}

/** The profile rules' view of Better Auth: its adapter (so database hooks run), its password hashing and tokens. */
async function profileStore(auth: Auth, deps: AuthRouteDeps, address: string): Promise<ProfileStore> {
  const ctx = await auth.$context;
  const { internalAdapter } = ctx;
  const sendSafely = async (what: string, send: () => Promise<void>) => {
    try {
      await send();
    } catch (error) {
      deps.logger.error({ err: error }, `${what} mail could not be sent`);
    }
  };
  return {
    async countPasswordCheck(userId) {
      // Like sign-in (issue 9, point 5): per client address, and per account so that changing address does not help.
      for (const key of [`profile-password:ip:${address}`, `profile-password:user:${userId}`]) {
        const wait = await deps.attempts.take(key);
        if (wait !== null) throw new TooManyAttemptsError(wait);
      }
    },
    async revokeOtherSessions(userId, keepToken) {
      const sessions = await internalAdapter.listSessions(userId);
      for (const session of sessions) {
        if (session.token !== keepToken) await internalAdapter.deleteSession(session.token);
      }
    },
    async requestEmailChange(input) {
      // Better Auth's two-step change: the token names the current address and the new one; opening the link (our
      // verify-email route) switches the account to the new address, verified.
      const token = await createEmailVerificationToken(
        ctx.secret,
        input.oldEmail,
        input.newEmail,
        24 * 3600,
        {
          requestType: 'change-email-verification',
        },
      );
      const url = `${deps.publicUrl}${AUTH_BASE_PATH}/verify-email?token=${token}&callbackURL=${encodeURIComponent(PROFILE_CALLBACK)}`;
      await sendSafely('email change', () =>
        deps.mailer.send(confirmEmailChangeMail({ to: input.newEmail, name: input.name, url })),
      );
      await sendSafely('email change notice', () =>
        deps.mailer.send(
          emailChangeRequestedMail({ to: input.oldEmail, name: input.name, newEmail: input.newEmail }),
        ),
      );
      await deps.audit.record({
        action: 'user.email.change_requested',
        actor: { id: input.userId, email: input.oldEmail },
        target: { id: input.userId, email: input.oldEmail },
        detail: { to: input.newEmail },
      });
    },
    async findUserIdByEmail(email) {
      return (await internalAdapter.findUserByEmail(email))?.user.id ?? null;
    },
    async checkPassword(userId, password) {
      const credential = (await internalAdapter.findAccounts(userId)).find(
        (a) => a.providerId === 'credential',
      );
      if (!credential?.password) return false;
      return ctx.password.verify({ hash: credential.password, password });
    },
    async setPassword(userId, password) {
      await internalAdapter.updatePassword(userId, await ctx.password.hash(password));
    },
    async updateUser(userId, changes) {
      const updated = await internalAdapter.updateUser(userId, changes);
      return {
        id: updated.id,
        name: updated.name,
        email: updated.email,
        emailVerified: updated.emailVerified,
        role: typeof updated.role === 'string' ? updated.role : null,
      };
    },
  };
}
