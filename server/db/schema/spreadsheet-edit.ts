// Spreadsheet Edit (issue 45): what an export wrote (kept 7 days, for the preview's "changed since the export"), and
// the previews an import runs from.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One export: its file in the object store (`objectKey`) and how it was asked for. `owner` is the job owner key
 * (`user:<id>` or `visitor:<id>`); the row and its cells are dropped once `expiresAt` has passed.
 */
export const spreadsheetExport = pgTable(
  'spreadsheet_export',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    storeHash: text('store_hash').notNull(),
    jobId: text('job_id').notNull(),
    objectKey: text('object_key'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    products: integer('products').notNull().default(0),
    variants: integer('variants').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('spreadsheet_export_expires_idx').on(table.expiresAt)],
);

/**
 * The values an export wrote, one row per product or variant (`sheet` 'Products' or 'Variants', `itemId` the product's
 * or the variant's id), `cells` by header in the columns' value space (ids, numbers, text).
 */
export const spreadsheetExportRow = pgTable(
  'spreadsheet_export_row',
  {
    exportId: text('export_id').notNull(),
    sheet: text('sheet').notNull(),
    itemId: integer('item_id').notNull(),
    cells: jsonb('cells').notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.sheet, table.itemId] })],
);

/** A previewed upload: its counts and, in `spreadsheet_preview_row`, the rows that change, fail or warn. */
export const spreadsheetPreview = pgTable(
  'spreadsheet_preview',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    storeHash: text('store_hash').notNull(),
    exportId: text('export_id'),
    counts: jsonb('counts').notNull(),
    /**
     * What the preview's first page says beside the counts (`{staleRows, staleOnlyRows, ignoredColumns}`), so that a
     * page read again after a reload says it too; null in rows written before (issue 45).
     */
    notes: jsonb('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('spreadsheet_preview_expires_idx').on(table.expiresAt)],
);

/** One previewed row, in sheet order (`seq`): the preview's row as the API answers it, and what the job writes. */
export const spreadsheetPreviewRow = pgTable(
  'spreadsheet_preview_row',
  {
    previewId: text('preview_id').notNull(),
    seq: integer('seq').notNull(),
    row: jsonb('row').notNull(),
  },
  (table) => [primaryKey({ columns: [table.previewId, table.seq] })],
);
