// The audit log (audit_log).
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Impersonation and every admin change (common/contracts/account.ts `auditActionSchema`). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    targetId: text('target_id'),
    targetEmail: text('target_email'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [index('audit_log_at_idx').on(table.at)],
);
