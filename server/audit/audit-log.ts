// The admin audit log: impersonation start and stop and every admin change, newest first.
import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '../../common/contracts/admin-users';
import type { Db } from '../db/database';
import { auditLog, user } from '../db/schema';

/** Who did it or to whom; the email is looked up from the id when not given. */
export type AuditParty = { id: string; email?: string | null } | null;

export type AuditRecord = {
  action: AuditAction;
  actor: AuditParty;
  target: AuditParty;
  detail?: Record<string, unknown> | null;
};

export type AuditLog = {
  record(entry: AuditRecord): Promise<void>;
  list(options: { limit: number; offset: number }): Promise<{ entries: AuditEntry[]; total: number }>;
};

export function createAuditLog(db: Db): AuditLog {
  const emailOf = async (party: AuditParty): Promise<string | null> => {
    if (!party) return null;
    if (party.email) return party.email;
    const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, party.id)).limit(1);
    return row?.email ?? null;
  };

  return {
    async record(entry) {
      await db.insert(auditLog).values({
        id: randomUUID(),
        action: entry.action,
        actorId: entry.actor?.id ?? null,
        actorEmail: await emailOf(entry.actor),
        targetId: entry.target?.id ?? null,
        targetEmail: await emailOf(entry.target),
        detail: entry.detail ?? null,
      });
    },
    async list({ limit, offset }) {
      const [rows, totals] = await Promise.all([
        db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset),
        db.select({ total: count() }).from(auditLog),
      ]);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          action: row.action as AuditAction,
          actorId: row.actorId,
          actorEmail: row.actorEmail,
          targetId: row.targetId,
          targetEmail: row.targetEmail,
          detail: row.detail ?? null,
        })),
        total: totals[0]?.total ?? 0,
      };
    },
  };
}
