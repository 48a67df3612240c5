// The signed-in user of a request, for our own routes. While an admin impersonates, this is the impersonated user:
// every call runs as them (Better Auth's session does this).
import { AppError } from '../../errors';
import { hasAdminRole } from './roles';
import type { Auth } from './auth';
import { ERROR_CODES } from '../../../common/errors';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: string | null;
  impersonatedBy: string | null;
  /** The session's own token (to keep it when the user's other sessions are ended). */
  sessionToken: string;
};

export async function getSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  return {
    id: found.user.id,
    name: found.user.name,
    email: found.user.email,
    emailVerified: found.user.emailVerified,
    role: found.user.role ?? null,
    impersonatedBy: found.session.impersonatedBy ?? null,
    sessionToken: found.session.token,
  };
}

export async function requireUser(auth: Auth, headers: Headers): Promise<SessionUser> {
  const sessionUser = await getSessionUser(auth, headers);
  if (!sessionUser) throw new AppError(ERROR_CODES.unauthorized, 'Please log in first');
  return sessionUser;
}

/** 401 without a session, 403 for anyone but an admin (also while an admin is viewing as a plain user). */
export async function requireAdmin(auth: Auth, headers: Headers): Promise<SessionUser> {
  const sessionUser = await requireUser(auth, headers);
  if (!hasAdminRole(sessionUser.role)) {
    throw new AppError(ERROR_CODES.forbidden, 'Only admins can do this');
  }
  return sessionUser;
}
