// AI agents' kept dumps and confirmations (agent_dump, agent_confirmation).
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Full dumps kept for AI agents (issue 33): a dump tool's answer is sized for a model and links its whole dump as an
 * MCP resource (`bct://dumps/{id}`), read back here by its owner only, until `expires_at`. Bounded in size per row and
 * in rows per user (server/agent-tools/agent-dumps.ts).
 */
export const agentDump = pgTable(
  'agent_dump',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The tool that made it (`dump_widgets`). */
    tool: text('tool').notNull(),
    /** The file name the screens would download it as. */
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The dump as JSON text. */
    body: text('body').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('agent_dump_user_idx').on(table.userId, table.createdAt),
    index('agent_dump_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Confirmations of AI agents' writes that answer at once (issue 41, point 9): the row is written when the write starts,
 * under the confirmation's nonce, and holds the answer once it ends; a second use of the confirmation answers it, and
 * never writes again, whatever happened to the agent's kept dumps since. Kept until the confirmation expires.
 */
export const agentConfirmation = pgTable(
  'agent_confirmation',
  {
    nonce: text('nonce').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    /** `{result}` once the write ended; null while it runs (or if its instance died while it ran). */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('agent_confirmation_expires_idx').on(table.expiresAt)],
);
