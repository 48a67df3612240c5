// The embedded mail outbox (mail_outbox).
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The embedded mail default: every mail kept here (shown at /dev/outbox outside production). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
  },
  (table) => [index('mail_outbox_at_idx').on(table.at)],
);
