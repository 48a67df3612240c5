// `/api/auth/*`: Better Auth's standard routes (sign-up, sign-in, sessions, verification, password reset, admin),
// under its base path (AUTH_BASE_PATH); our `PUT /api/auth/profile` is the profile-settings feature's, mounted before
// this. Admin routes are refused here for non-admins before Better Auth checks them again.
//
// Unlike every other route, these answer in Better Auth's own shape, which its client reads: `{code, message}`, with
// our `error` beside it. So this proxy renders its refusals itself (`authError`) and rewrites some of Better Auth's
// answers (the 429, a failed sign-in) instead of throwing AppError, whose `{error, code}` has no `message`.
import { randomBytes } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../../../common/errors';
import { errorBody } from '../../errors';
import { hasAdminRole } from './roles';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth';
import { getSessionUser } from './session';

export type AuthRouteDeps = {
  getAuth: () => Promise<Auth>;
  trustedProxies: readonly string[];
  /** ADMIN_EMAILS, lowercased. */
  adminEmails: readonly string[];
};

export function authRoutes(deps: AuthRouteDeps): Hono {
  const app = new Hono();

  // Every admin route but "stop impersonating" (which runs as the impersonated user) needs an admin session.
  app.all(`${AUTH_BASE_PATH}/admin/*`, async (c, next) => {
    if (c.req.path === `${AUTH_BASE_PATH}/admin/stop-impersonating`) return next();
    const sessionUser = await getSessionUser(await deps.getAuth(), c.req.raw.headers);
    if (!sessionUser) return authError(c, ERROR_CODES.unauthorized, 'Please log in first');
    if (!hasAdminRole(sessionUser.role)) {
      return authError(c, ERROR_CODES.forbidden, 'Only admins can do this');
    }
    return next();
  });

  app.all(`${AUTH_BASE_PATH}/*`, async (c) => {
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
async function passwordStepForAdmin(auth: Auth, email: string, response: Response): Promise<Response> {
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

/**
 * Better Auth's error shape (`{code, message}`) with our `error` beside it: not an AppError, whose body has no
 * `message` (Better Auth's client reads `message`).
 */
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

/**
 * Better Auth answers 429 with only a message; add the code the client maps and a standard Retry-After. This rewrites
 * Better Auth's own answer rather than failing through AppError: the body keeps Better Auth's `message`, which its
 * client reads (server/features/auth/rate-limit.int.test.ts asserts this shape).
 */
async function tooManyRequests(response: Response): Promise<Response> {
  const retryAfter = Number(response.headers.get('x-retry-after') ?? '60') || 60;
  await response.body?.cancel();
  const message = `Too many attempts. Please try again in ${retryAfter} seconds.`;
  return Response.json(
    { code: ERROR_CODES.tooManyRequests, message, error: message, retryAfter },
    { status: 429, headers: { 'Retry-After': String(retryAfter), 'X-Retry-After': String(retryAfter) } },
  );
}
