// Spreadsheet Edit's rows (server/db/schema/spreadsheet-edit.ts): exports and what they wrote, previews and their rows.
import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { PreviewCounts, PreviewRow } from '../../../common/contracts/spreadsheet-edit';
import type { SheetName } from '../../../common/spreadsheet-edit/columns';
import type { Db } from '../../db/database';
import {
  spreadsheetExport,
  spreadsheetExportRow,
  spreadsheetPreview,
  spreadsheetPreviewRow,
} from '../../db/schema';

export type ExportRow = typeof spreadsheetExport.$inferSelect;

/** One field a previewed row writes: the BigCommerce field, the store's value at the preview and the value to write. */
export type PlannedField = {
  column: string;
  field: string;
  live: unknown;
  write: unknown;
  /** The cell as the sheet held it (the failed rows' download gives it back). */
  cell?: string | number | boolean | null;
  /** The store's value changed since the export (the job's `sinceExport` decides). */
  stale?: boolean;
};

/** A previewed row as kept: what the API shows, and what the job writes. */
export type StoredPreviewRow = { view: PreviewRow; fields: PlannedField[] };

/** What a preview's pages say beside its counts (spreadsheet_preview.notes). */
export type PreviewNotes = { staleRows: number; staleOnlyRows: number; ignoredColumns: string[] };

/** Exports and previews an owner keeps at most: a new one drops their oldest (a bound on what strangers can store). */
export const MAX_KEPT_PER_OWNER = 20;

/** Rows inserted per statement (PostgreSQL's parameter limit is 65,535). */
const INSERT_CHUNK = 500;

export function createSpreadsheetRepository(db: Db) {
  const repository = {
    /** Keeps a new export; answers the file keys of the owner's oldest exports it dropped past the bound. */
    async createExport(row: typeof spreadsheetExport.$inferInsert): Promise<string[]> {
      await db.insert(spreadsheetExport).values(row).onConflictDoNothing();
      const older = await db
        .select({ id: spreadsheetExport.id, objectKey: spreadsheetExport.objectKey })
        .from(spreadsheetExport)
        .where(eq(spreadsheetExport.owner, row.owner))
        .orderBy(desc(spreadsheetExport.createdAt), desc(spreadsheetExport.id))
        .offset(MAX_KEPT_PER_OWNER);
      if (older.length === 0) return [];
      const ids = older.map((entry) => entry.id);
      await db.delete(spreadsheetExportRow).where(inArray(spreadsheetExportRow.exportId, ids));
      await db.delete(spreadsheetExport).where(inArray(spreadsheetExport.id, ids));
      return older.flatMap((entry) => (entry.objectKey ? [entry.objectKey] : []));
    },

    async getExport(id: string): Promise<ExportRow | undefined> {
      const [row] = await db.select().from(spreadsheetExport).where(eq(spreadsheetExport.id, id)).limit(1);
      return row;
    },

    async finishExport(
      id: string,
      done: { objectKey: string; products: number; variants: number },
    ): Promise<void> {
      await db.update(spreadsheetExport).set(done).where(eq(spreadsheetExport.id, id));
    },

    /** Keeps what an export wrote (a row read again by a resumed slice is kept once). */
    async addExportCells(
      exportId: string,
      rows: readonly { sheet: SheetName; itemId: number; cells: Record<string, unknown> }[],
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await db
          .insert(spreadsheetExportRow)
          .values(rows.slice(i, i + INSERT_CHUNK).map((row) => ({ exportId, ...row })))
          .onConflictDoNothing();
      }
    },

    /** What an export wrote for these items of a sheet, by item id. */
    async exportCells(
      exportId: string,
      sheet: SheetName,
      itemIds: readonly number[],
    ): Promise<Map<number, Record<string, unknown>>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .select({ itemId: spreadsheetExportRow.itemId, cells: spreadsheetExportRow.cells })
        .from(spreadsheetExportRow)
        .where(
          and(
            eq(spreadsheetExportRow.exportId, exportId),
            eq(spreadsheetExportRow.sheet, sheet),
            inArray(spreadsheetExportRow.itemId, [...itemIds]),
          ),
        );
      return new Map(rows.map((row) => [row.itemId, row.cells as Record<string, unknown>]));
    },

    /**
     * Keeps a new preview's header, before its rows (addPreviewRows) and its counts (closePreview): its id is answered
     * only once every row is in, and pruning it takes its rows along. Drops the owner's oldest past the bound.
     */
    async openPreview(
      preview: { id: string; owner: string; storeHash: string; exportId: string | null },
      now: Date,
      ttlMs: number,
    ): Promise<void> {
      await db.insert(spreadsheetPreview).values({
        ...preview,
        counts: { rows: 0, changed: 0, unchanged: 0, errors: 0, warnings: 0 } satisfies PreviewCounts,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
      const older = await db
        .select({ id: spreadsheetPreview.id })
        .from(spreadsheetPreview)
        .where(eq(spreadsheetPreview.owner, preview.owner))
        .orderBy(desc(spreadsheetPreview.createdAt), desc(spreadsheetPreview.id))
        .offset(MAX_KEPT_PER_OWNER);
      if (older.length > 0) await repository.dropPreviews(older.map((entry) => entry.id));
    },

    /**
     * Adds rows to an open preview, each at its place in the sheet's order. Answers false, adding nothing, when the
     * preview is gone meanwhile (its owner opened more than MAX_KEPT_PER_OWNER since): the header is locked while the
     * rows go in, and dropPreviews deletes the header before the rows, so no row outlives its preview.
     */
    async addPreviewRows(
      id: string,
      rows: readonly { seq: number; row: StoredPreviewRow }[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: spreadsheetPreview.id })
          .from(spreadsheetPreview)
          .where(eq(spreadsheetPreview.id, id))
          .for('update');
        if (!open) return false;
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          await tx
            .insert(spreadsheetPreviewRow)
            .values(rows.slice(i, i + INSERT_CHUNK).map((entry) => ({ previewId: id, ...entry })));
        }
        return true;
      });
    },

    /** Writes a preview's counts and notes once its rows are in. */
    async closePreview(id: string, counts: PreviewCounts, notes: PreviewNotes): Promise<void> {
      await db.update(spreadsheetPreview).set({ counts, notes }).where(eq(spreadsheetPreview.id, id));
    },

    /** Deletes previews with their rows (a preview that stopped half-way, the owner's oldest). */
    async dropPreviews(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      // The header first: rows being added wait for it (addPreviewRows), then find it gone.
      await db.delete(spreadsheetPreview).where(inArray(spreadsheetPreview.id, [...ids]));
      await db.delete(spreadsheetPreviewRow).where(inArray(spreadsheetPreviewRow.previewId, [...ids]));
    },

    /** A whole preview at once (an agent's few rows). */
    async createPreview(
      preview: {
        id: string;
        owner: string;
        storeHash: string;
        exportId: string | null;
        counts: PreviewCounts;
      },
      rows: readonly StoredPreviewRow[],
      now: Date,
      ttlMs: number,
      notes: PreviewNotes = { staleRows: 0, staleOnlyRows: 0, ignoredColumns: [] },
    ): Promise<void> {
      const { counts, ...header } = preview;
      await repository.openPreview(header, now, ttlMs);
      await repository.addPreviewRows(
        preview.id,
        rows.map((row, seq) => ({ seq, row })),
      );
      // A preview dropped meanwhile stays dropped: closePreview updates no row.
      await repository.closePreview(preview.id, counts, notes);
    },

    async getPreview(id: string) {
      const [row] = await db.select().from(spreadsheetPreview).where(eq(spreadsheetPreview.id, id)).limit(1);
      return row;
    },

    /** A page of a preview's rows after `afterSeq` (-1: from the start). */
    async previewRows(
      id: string,
      afterSeq: number,
      limit: number,
    ): Promise<{ seq: number; row: StoredPreviewRow }[]> {
      const rows = await db
        .select({ seq: spreadsheetPreviewRow.seq, row: spreadsheetPreviewRow.row })
        .from(spreadsheetPreviewRow)
        .where(and(eq(spreadsheetPreviewRow.previewId, id), gt(spreadsheetPreviewRow.seq, afterSeq)))
        .orderBy(asc(spreadsheetPreviewRow.seq))
        .limit(limit);
      return rows.map((row) => ({ seq: row.seq, row: row.row as StoredPreviewRow }));
    },

    /** Drops exports and previews past their time, with their rows; answers the export files' keys to delete. */
    async pruneExpired(now: Date): Promise<string[]> {
      const exports = await db
        .delete(spreadsheetExport)
        .where(lt(spreadsheetExport.expiresAt, now))
        .returning({ id: spreadsheetExport.id, objectKey: spreadsheetExport.objectKey });
      if (exports.length > 0) {
        await db.delete(spreadsheetExportRow).where(
          inArray(
            spreadsheetExportRow.exportId,
            exports.map((row) => row.id),
          ),
        );
      }
      const previews = await db
        .delete(spreadsheetPreview)
        .where(lt(spreadsheetPreview.expiresAt, now))
        .returning({ id: spreadsheetPreview.id });
      if (previews.length > 0) {
        await db.delete(spreadsheetPreviewRow).where(
          inArray(
            spreadsheetPreviewRow.previewId,
            previews.map((row) => row.id),
          ),
        );
      }
      return exports.flatMap((row) => (row.objectKey ? [row.objectKey] : []));
    },
  };
  return repository;
}

export type SpreadsheetRepository = ReturnType<typeof createSpreadsheetRepository>;
