// The embedded mail default: every mail is kept in the `mail_outbox` table; /dev/outbox shows them (not in production).
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { OutboxMail } from '../../common/contracts/dev-outbox';
import type { Db } from '../db/database';
import { mailOutbox } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

export function createOutboxMailer(options: { db: Db; logger: Logger }): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db.insert(mailOutbox).values({
        id: randomUUID(),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
      });
      options.logger.info({ to: mail.to, subject: mail.subject }, 'mail kept in the outbox');
    },
    close: async () => {},
  };
}

/** The newest mails first; `to` filters on one address (case-insensitive). */
export async function listOutbox(db: Db, options: { to?: string; limit: number }): Promise<OutboxMail[]> {
  const where = options.to ? eq(sql`lower(${mailOutbox.to})`, options.to.toLowerCase()) : undefined;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.at), desc(mailOutbox.id))
    .limit(options.limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
  }));
}
