// Leases (lease).
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Leases (issue 29): a named piece of work held by one caller, on any instance, until it ends or its lease runs out
 * (`server/db/lease.ts`). Import Product holds `import-product:<store>:sku:<sku>` so two imports of one product into
 * one store never both create it; Import Widgets holds one page (`import-widgets:<store>:page:…`) or one missing
 * template name (`import-widgets:<store>:template:…`) at a time. A lease outlives no crash by more than its `expires_at`.
 */
export const lease = pgTable('lease', {
  key: text('key').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
