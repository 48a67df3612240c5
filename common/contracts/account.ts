// Wire contract of our own account routes. Better Auth's standard routes (`/api/auth/sign-up/email`,
// `/api/auth/sign-in/email`, `/api/auth/get-session`, `/api/auth/admin/*`, …) are documented by Better Auth.
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors';

/** Spec part 2 §5 "Profile" and §7 `PUT /api/auth/profile`. */
export const PROFILE_PATH = '/api/auth/profile';
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** A name is shown in the header and sent with every session read: kept short (issue 9, point 12). */
export const NAME_MAX_LENGTH = 100;

/** The roles an account can have (issue 9, point 13: `" admin"` or `"superadmin"` are refused). */
export const KNOWN_ROLES = ['user', 'admin'] as const;
export function isKnownRole(value: unknown): value is (typeof KNOWN_ROLES)[number] {
  return typeof value === 'string' && (KNOWN_ROLES as readonly string[]).includes(value);
}

/** What is wrong with a name sent to sign-up, update-user or the profile, if anything. */
export function nameProblem(value: unknown): { code: ErrorCode; message: string } | undefined {
  if (typeof value !== 'string') return { code: ERROR_CODES.nameInvalid, message: 'Name must be text' };
  if (value.trim() === '') return { code: ERROR_CODES.nameRequired, message: 'Name is required' };
  if (value.trim().length > NAME_MAX_LENGTH) {
    return { code: ERROR_CODES.nameTooLong, message: `Name must be at most ${NAME_MAX_LENGTH} characters` };
  }
  return undefined;
}

export const profileUpdateRequestSchema = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  currentPassword: z.string().optional(),
  newPassword: z.string().optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const profileUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  isVerified: z.boolean(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

export const PROFILE_SUCCESS_MESSAGE = 'Profile updated successfully!';

/**
 * Success `{message, user}`; failure `{error}` (with a stable `code` beside it). A changed email is only requested:
 * `pendingEmail` says which address must confirm it (the account keeps its address until then).
 */
export const profileUpdateResponseSchema = z.object({
  message: z.string(),
  user: profileUserSchema,
  pendingEmail: z.string().optional(),
});
export function emailChangePendingMessage(email: string): string {
  return `Profile updated successfully! To change your email, open the link we sent to ${email}.`;
}
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

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

/** Development outbox (only when NODE_ENV is not production): every mail the embedded default kept. */
export const OUTBOX_PAGE_PATH = '/dev/outbox';
export const OUTBOX_API_PATH = '/api/dev/outbox';
export const outboxMailSchema = z.object({
  id: z.string(),
  at: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxResponseSchema = z.object({ mails: z.array(outboxMailSchema) });
