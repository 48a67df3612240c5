// Who owns a job: the signed-in user (while an admin views the app as a user, that user), or the visitor, known by an
// HttpOnly cookie holding a random id (made on the visitor's first job).
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../../db/database';
import type { BeforeJobSnapshots } from '../../jobs/before-job';
import type { ToolRouteDeps } from '../../tool-route';
import type { Auth } from '../auth/auth';
import { getSessionUser } from '../auth/session';
import { VISITOR_COOKIE, visitorIdOf } from '../auth/visitor';

export { VISITOR_COOKIE };

/** The caller's owner key, `user:<id>` or `visitor:<id>`; with `create`, a visitor without a cookie gets one. */
export async function jobOwner(
  c: Context,
  getAuth: () => Promise<Auth>,
  options: { create: boolean },
): Promise<string | undefined> {
  const user = await getSessionUser(await getAuth(), c.req.raw.headers);
  if (user) return `user:${user.id}`;
  const known = visitorIdOf(getCookie(c, VISITOR_COOKIE));
  if (known) return `visitor:${known}`;
  if (!options.create) return undefined;
  const id = randomBytes(16).toString('hex');
  setCookie(c, VISITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: 60 * 60 * 24 * 365,
    secure: new URL(c.req.url).protocol === 'https:',
  });
  return `visitor:${id}`;
}

/**
 * What an import's routes need beside a tool route's: the database (leases, backups), the caller's owner
 * (`jobOwner`), and Store History's snapshot of what the write will change, as it was.
 */
export type OwnedWriteRouteDeps = ToolRouteDeps & {
  database: Database;
  getAuth: () => Promise<Auth>;
  /** Snapshots before writes (Store History). */
  beforeJob?: BeforeJobSnapshots;
};
