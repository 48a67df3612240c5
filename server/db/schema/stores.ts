// A user's cloud stores and personal access tokens (user_store, access_token).
import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A user's cloud store list (spec part 1 §3 "Store (cloud record)"): `storeId` is the id the browser gave the store,
 * `position` keeps the user's order. The access token is sealed with AES-256-GCM (server/token-cipher.ts,
 * the user id as associated data) and never stored in the clear.
 */
export const userStore = pgTable(
  'user_store',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    name: text('name').notNull(),
    storeHash: text('store_hash').notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    position: integer('position').notNull(),
  },
  (table) => [unique('user_store_user_id_store_hash_unique').on(table.userId, table.storeHash)],
);

/**
 * Personal access tokens (issue 33): what an AI agent's MCP client presents. Only the SHA-256 of the secret is kept
 * (the token is shown once); a revoked token's row is deleted; `last_used_at` is what Profile Settings shows.
 */
export const accessToken = pgTable(
  'access_token',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('access_token_user_idx').on(table.userId, table.createdAt)],
);
