// Which audit entries a successful Better Auth admin call writes (read in the auth `hooks.after`). Deletions and
// impersonation are recorded from database hooks instead (server/features/auth/auth.ts), where the row is known.
import { z } from 'zod';
import type { AuditParty, AuditRecord } from './audit-log';

const userShape = z.object({ id: z.string(), email: z.string() });
const withUser = z.object({ user: userShape });
const userIdBody = z.object({ userId: z.coerce.string() });

/** The audit entries for one successful admin call; none for paths that are not admin changes. */
export function auditEntriesFor(input: {
  path: string;
  body: unknown;
  returned: unknown;
  actor: AuditParty;
}): AuditRecord[] {
  const { path, body, returned, actor } = input;
  const returnedUser = withUser.safeParse(returned).data?.user ?? null;
  const bodyUserId = userIdBody.safeParse(body).data?.userId;
  const target: AuditParty = returnedUser ?? (bodyUserId ? { id: bodyUserId } : null);
  const entry = (
    action: AuditRecord['action'],
    detail: Record<string, unknown> | null = null,
  ): AuditRecord => ({
    action,
    actor,
    target,
    detail,
  });

  switch (path) {
    case '/admin/set-role': {
      const role = z.object({ role: z.union([z.string(), z.array(z.string())]) }).safeParse(body).data?.role;
      return [entry('user.role.set', { role: Array.isArray(role) ? role.join(',') : (role ?? null) })];
    }
    case '/admin/ban-user': {
      const ban = z
        .object({ banReason: z.string().optional(), banExpiresIn: z.number().optional() })
        .safeParse(body).data;
      return [
        entry('user.ban', { reason: ban?.banReason ?? null, expiresInSeconds: ban?.banExpiresIn ?? null }),
      ];
    }
    case '/admin/unban-user':
      return [entry('user.unban')];
    case '/admin/create-user':
      return [
        entry('user.create', {
          role:
            z.object({ user: z.object({ role: z.string().nullish() }) }).safeParse(returned).data?.user
              .role ?? null,
        }),
      ];
    case '/admin/set-user-password':
      // Never the password itself.
      return [entry('user.password.set')];
    case '/admin/revoke-user-sessions':
      return [entry('user.sessions.revoke', { scope: 'all' })];
    case '/admin/revoke-user-session':
      // The body holds a session token: never logged.
      return [entry('user.sessions.revoke', { scope: 'one' })];
    case '/admin/update-user':
      return updateUserEntries(body, returned, actor);
    default:
      return [];
  }
}

/** `/admin/update-user` answers the user itself; a role or ban change is logged as such, other fields as an update. */
function updateUserEntries(body: unknown, returned: unknown, actor: AuditParty): AuditRecord[] {
  const parsed = z
    .object({ userId: z.coerce.string(), data: z.record(z.string(), z.unknown()) })
    .safeParse(body);
  if (!parsed.success) return [];
  const returnedUser = userShape.safeParse(returned).data;
  const target: AuditParty = returnedUser ?? { id: parsed.data.userId };
  const { role, banned, banReason, banExpires, ...rest } = parsed.data.data;
  const entries: AuditRecord[] = [];
  if (role !== undefined) {
    entries.push({
      action: 'user.role.set',
      actor,
      target,
      detail: { role: Array.isArray(role) ? role.join(',') : role },
    });
  }
  if (banned === true)
    entries.push({ action: 'user.ban', actor, target, detail: { reason: banReason ?? null } });
  if (banned === false) entries.push({ action: 'user.unban', actor, target, detail: null });
  const fields = Object.keys(rest);
  if (banned === undefined && banReason !== undefined) fields.push('banReason');
  if (banned === undefined && banExpires !== undefined) fields.push('banExpires');
  if (fields.length > 0) entries.push({ action: 'user.update', actor, target, detail: { fields } });
  return entries;
}
