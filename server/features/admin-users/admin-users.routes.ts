// `/api/admin/*`: our own admin routes (Better Auth's admin routes live under /api/auth/admin/*).
import { Hono } from 'hono';
import { AUDIT_LOG_PATH, auditLogQuerySchema } from '../../../common/contracts/admin-users';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { readInput, readQuery } from '../../tool-route';
import type { Auth } from '../auth/auth';
import { requireAdmin } from '../auth/session';
import type { AuditLog } from '../../audit/audit-log';

export function adminRoutes(deps: { getAuth: () => Promise<Auth>; audit: AuditLog }): Hono {
  return new Hono().get(AUDIT_LOG_PATH, async (c) => {
    await requireAdmin(await deps.getAuth(), c.req.raw.headers);
    const query = await readInput(c, auditLogQuerySchema, {
      read: readQuery,
      refuse: () => new AppError(ERROR_CODES.invalidInput, 'limit must be 1 to 100 and offset 0 or more'),
    });
    c.header('Cache-Control', 'no-store');
    return c.json(await deps.audit.list(query));
  });
}
