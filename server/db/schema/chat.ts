// AI Assistant conversations (chat_session, chat_message).
import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * AI Assistant conversations (issue 18, spec part 2 §3): one row per chat session, private to its user (an admin
 * viewing as a user sees theirs). `title` comes from the first question; `message_count` and `updated_at` follow each
 * answered message, and the history sidebar lists a user's newest 50.
 */
export const chatSession = pgTable(
  'chat_session',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('chat_session_user_updated_idx').on(table.userId, table.updatedAt)],
);

/** The messages of a chat session, in order (`position`); deleted with their session. */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSession.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('chat_message_session_position_unique').on(table.sessionId, table.position)],
);
