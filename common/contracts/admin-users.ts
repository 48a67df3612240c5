// Wire contract of the admin-users tab beyond Better Auth's admin routes (`/api/auth/admin/*`).
import { z } from 'zod';
import { accessTokenSummarySchema } from './access-tokens';

/** Admin audit log: impersonation start/stop and every admin change. */
export const AUDIT_LOG_PATH = '/api/admin/audit-log';
export const auditActionSchema = z.enum([
  'impersonation.start',
  'impersonation.stop',
  'user.role.set',
  'user.ban',
  'user.unban',
  'user.delete',
  'user.create',
  'admin.grant',
  // Extensions: the other admin changes Better Auth's admin plugin offers.
  'user.update',
  'user.password.set',
  'user.sessions.revoke',
  // The user's own changes to the keys of the account (issue 9, point 3).
  'user.email.change_requested',
  'user.email.changed',
  // A write an AI agent confirmed (issue 33): the tool, the store, the job.
  'agent.write',
  // An admin revoked a user's access token (issue 41): the token's name and scope.
  'user.access_token.revoke',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: auditActionSchema,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number() });
export const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A user's personal access tokens, as an admin sees and revokes them (issue 41): never the secret. */
export const ADMIN_USER_TOKENS_PATH = '/api/admin/users/:userId/access-tokens';
export const ADMIN_USER_TOKEN_PATH = `${ADMIN_USER_TOKENS_PATH}/:id`;
export const adminUserTokensPath = (userId: string) =>
  `/api/admin/users/${encodeURIComponent(userId)}/access-tokens`;
export const adminUserTokenPath = (userId: string, id: string) =>
  `${adminUserTokensPath(userId)}/${encodeURIComponent(id)}`;
export const adminUserTokensResponseSchema = z.object({ tokens: z.array(accessTokenSummarySchema) });
export type AdminUserTokensResponse = z.infer<typeof adminUserTokensResponseSchema>;
