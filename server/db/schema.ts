// The database schema (Drizzle). One schema and one migration set for PGlite and PostgreSQL.
// After a change: `npm run db:generate` writes a migration into server/db/migrations (commit it).
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small instance-wide settings shared by every app instance (e.g. generated keys, feature state). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
