// Instance-wide settings (app_settings).
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small instance-wide settings shared by every app instance (e.g. generated keys, feature state). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
