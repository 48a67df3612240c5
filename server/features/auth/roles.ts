// Granting the admin role outside the User Management screen: `npm run admin -- grant <email>` and ADMIN_EMAILS.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { user } from '../../db/schema';
import type { AuditLog } from '../../audit/audit-log';

export const ADMIN_ROLE = 'admin';

export function hasAdminRole(role: string | null | undefined): boolean {
  return (role ?? '').split(',').some((r) => r.trim() === ADMIN_ROLE);
}

export type GrantResult =
  | { status: 'granted'; user: { id: string; email: string } }
  | { status: 'already-admin'; user: { id: string; email: string } }
  | { status: 'not-found' };

/** Gives the account with this email the admin role and writes `admin.grant` to the audit log. */
export async function grantAdmin(
  db: Db,
  audit: AuditLog,
  email: string,
  via: 'cli' | 'ADMIN_EMAILS',
): Promise<GrantResult> {
  const [row] = await db
    .select({ id: user.id, email: user.email, role: user.role })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!row) return { status: 'not-found' };
  const target = { id: row.id, email: row.email };
  if (hasAdminRole(row.role)) return { status: 'already-admin', user: target };
  await db.update(user).set({ role: ADMIN_ROLE, updatedAt: new Date() }).where(eq(user.id, row.id));
  await audit.record({ action: 'admin.grant', actor: null, target, detail: { via } });
  return { status: 'granted', user: target };
}
