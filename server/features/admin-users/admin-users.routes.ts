// `/api/admin/*`: our own admin routes (Better Auth's admin routes live under /api/auth/admin/*): the audit log, and a
// user's access tokens for AI agents, listed and revoked (issue 41: a token must not outlive an admin's decision, and
// impersonating a banned user to revoke one is refused), each revocation audited.
import { Hono } from 'hono';
import {
  ADMIN_USER_TOKEN_PATH,
  ADMIN_USER_TOKENS_PATH,
  AUDIT_LOG_PATH,
  auditLogQuerySchema,
  type AdminUserTokensResponse,
} from '../../../common/contracts/admin-users';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { readInput, readQuery } from '../../tool-route';
import type { AccessTokenRepository } from '../auth/access-tokens';
import type { Auth } from '../auth/auth';
import { requireAdmin } from '../auth/session';
import type { AuditLog } from '../../audit/audit-log';

export function adminRoutes(deps: {
  getAuth: () => Promise<Auth>;
  audit: AuditLog;
  getAccessTokens: () => Promise<AccessTokenRepository>;
}): Hono {
  return new Hono()
    .get(AUDIT_LOG_PATH, async (c) => {
      await requireAdmin(await deps.getAuth(), c.req.raw.headers);
      const query = await readInput(c, auditLogQuerySchema, {
        read: readQuery,
        refuse: () => new AppError(ERROR_CODES.invalidInput, 'limit must be 1 to 100 and offset 0 or more'),
      });
      c.header('Cache-Control', 'no-store');
      return c.json(await deps.audit.list(query));
    })
    .get(ADMIN_USER_TOKENS_PATH, async (c) => {
      await requireAdmin(await deps.getAuth(), c.req.raw.headers);
      const tokens = await (await deps.getAccessTokens()).list(c.req.param('userId'));
      c.header('Cache-Control', 'no-store');
      return c.json({ tokens } satisfies AdminUserTokensResponse);
    })
    .delete(ADMIN_USER_TOKEN_PATH, async (c) => {
      const admin = await requireAdmin(await deps.getAuth(), c.req.raw.headers);
      const userId = c.req.param('userId');
      const revoked = await (await deps.getAccessTokens()).revoke(userId, c.req.param('id'));
      if (!revoked) throw new AppError(ERROR_CODES.accessTokenNotFound, 'This access token was not found');
      await deps.audit.record({
        action: 'user.access_token.revoke',
        actor: { id: admin.id, email: admin.email },
        target: { id: userId },
        detail: { tokenId: c.req.param('id'), name: revoked.name, scope: revoked.scope },
      });
      return c.json({ success: true as const });
    });
}
