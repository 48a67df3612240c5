// Import Widgets' page backups (page_widgets_backup).
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Import Widgets' way back (issue 13): a target page as it was just before an import (or a restore) wrote it, so it can
 * be downloaded or published back. `owner` is the job owner key (`user:<id>` or `visitor:<id>`); `regions` is the page
 * snapshot's regions as BigCommerce answered them. Rows older than 30 days are pruned, and an owner keeps at most
 * the newest 2,000 (server/features/import-widgets/page-backup-store.ts).
 */
export const pageWidgetsBackup = pgTable(
  'page_widgets_backup',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    storeHash: text('store_hash').notNull(),
    channelId: integer('channel_id').notNull(),
    /** Null for the global regions (the snapshot without template_file). */
    templateFile: text('template_file'),
    entityId: text('entity_id'),
    regions: jsonb('regions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('page_widgets_backup_owner_created_idx').on(table.owner, table.createdAt),
    index('page_widgets_backup_created_idx').on(table.createdAt),
  ],
);
