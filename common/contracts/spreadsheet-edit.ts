// Spreadsheet Edit (issue 45): the catalogue out to a spreadsheet and back, every changed cell previewed against the
// live store. Export is a job whose ended view carries `result` (the file's same-origin link); an upload is previewed
// (`previewId`, rows paged by a cursor), and a preview is run as a job that backs up what it overwrites, with Undo.
import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { ALL_COLUMN_HEADERS, isCustomFieldHeader, SHEET_NAMES } from '../spreadsheet-edit/columns';
import { parseProductIds, PRODUCT_IDS_INVALID_MESSAGE, ID_INVALID_MESSAGE } from './bulk-edit';
import { cellNoteSchema } from './jobs';
export { cellNoteSchema, type CellNote } from './jobs';
import { codedIssue, toolStoreCredentialsSchema } from './tool-result';

export const SPREADSHEET_EDIT_PATH = '/api/spreadsheet-edit';
/** `POST` `{storeCredentials, targetOption, targetValue, channelId?, columns, format}` → `{job}`. */
export const SPREADSHEET_EXPORT_PATH = `${SPREADSHEET_EDIT_PATH}/export`;
/** `POST` multipart `file`, `storeCredentials` (JSON text) → the first page of the preview. */
export const SPREADSHEET_PREVIEW_PATH = `${SPREADSHEET_EDIT_PATH}/preview`;
/** `GET ?cursor=`: the next page of a preview. */
export const SPREADSHEET_PREVIEW_PAGE_PATH = `${SPREADSHEET_PREVIEW_PATH}/:previewId`;
export const spreadsheetPreviewPagePath = (previewId: string, cursor: string) =>
  `${SPREADSHEET_PREVIEW_PATH}/${encodeURIComponent(previewId)}?cursor=${encodeURIComponent(cursor)}`;
/** `POST` `{storeCredentials, previewId, sinceExport?}` → `{job}`. */
export const SPREADSHEET_JOBS_PATH = `${SPREADSHEET_EDIT_PATH}/jobs`;
/** `GET`: an export's file (its owner only), the `downloadUrl` of the export job's result. */
export const SPREADSHEET_EXPORT_FILE_PATH = `${SPREADSHEET_EDIT_PATH}/exports/:exportId/file`;
export const spreadsheetExportFilePath = (exportId: string) =>
  `${SPREADSHEET_EDIT_PATH}/exports/${encodeURIComponent(exportId)}/file`;
/** `GET`: the rows an import job could not write, as a sheet with the reason in a column (its owner only). */
export const SPREADSHEET_FAILED_ROWS_PATH = `${SPREADSHEET_EDIT_PATH}/jobs/:id/failed-rows`;
export const spreadsheetFailedRowsPath = (jobId: string) =>
  `${SPREADSHEET_EDIT_PATH}/jobs/${encodeURIComponent(jobId)}/failed-rows`;

/** An export is remembered this long (its file and what it wrote, for the preview's "changed since the export"). */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** An uploaded file's bounds (issue 45). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_SHEET_ROWS = 100_000;
/** What an XLSX (a ZIP) or a ZIP of CSVs may unpack to. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** Rows per preview page. */
export const PREVIEW_PAGE_SIZE = 100;
/** A preview is kept this long for its job to run from. */
export const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;

export const SPREADSHEET_FORMATS = ['xlsx', 'csv'] as const;
export const spreadsheetFormatSchema = z.enum(SPREADSHEET_FORMATS, {
  error: "format must be 'xlsx' or 'csv'",
});
export type SpreadsheetFormat = z.infer<typeof spreadsheetFormatSchema>;

export const EXPORT_TARGET_OPTIONS = ['all', 'category', 'brand', 'specific'] as const;

/** Which products an export reads: every product, a category, a brand or listed ids; `channelId` narrows any. */
export type ExportScope =
  | { kind: 'all' }
  | { kind: 'category'; categoryId: number }
  | { kind: 'brand'; brandId: number }
  | { kind: 'specific'; productIds: number[] };

const positiveId = /^[1-9][0-9]{0,9}$/;
export const TARGET_VALUE_REQUIRED_MESSAGE = 'Please enter a value for the chosen scope';
export const COLUMNS_REQUIRED_MESSAGE = 'Please choose at least one column';
export const UNKNOWN_COLUMN_MESSAGE = (header: string) => `Unknown column "${header}"`;

export const exportRequestSchema = z
  .object({
    storeCredentials: toolStoreCredentialsSchema,
    targetOption: z.enum(EXPORT_TARGET_OPTIONS, {
      error: 'targetOption must be one of: all, category, brand, specific',
    }),
    targetValue: z
      .union([z.string(), z.number()], { error: 'targetValue must be text' })
      .optional()
      .transform((value) => (value === undefined ? '' : String(value).trim())),
    channelId: z.number().int().positive().max(2_147_483_647).optional(),
    columns: z.array(z.string().max(300)).max(500),
    format: spreadsheetFormatSchema,
  })
  .transform((input, ctx) => {
    let scope: ExportScope = { kind: 'all' };
    if (input.targetOption !== 'all') {
      if (input.targetValue === '') {
        ctx.addIssue(
          codedIssue(ERROR_CODES.targetValueRequired, TARGET_VALUE_REQUIRED_MESSAGE, ['targetValue']),
        );
        return z.NEVER;
      }
      if (input.targetOption === 'specific') {
        const ids = parseProductIds(input.targetValue);
        if (!ids || ids.length === 0 || ids.length > 10_000) {
          ctx.addIssue(codedIssue(ERROR_CODES.invalidInput, PRODUCT_IDS_INVALID_MESSAGE, ['targetValue']));
          return z.NEVER;
        }
        scope = { kind: 'specific', productIds: ids };
      } else if (!positiveId.test(input.targetValue)) {
        ctx.addIssue(codedIssue(ERROR_CODES.invalidInput, ID_INVALID_MESSAGE, ['targetValue']));
        return z.NEVER;
      } else {
        scope =
          input.targetOption === 'category'
            ? { kind: 'category', categoryId: Number(input.targetValue) }
            : { kind: 'brand', brandId: Number(input.targetValue) };
      }
    }
    const columns = [...new Set(input.columns.map((header) => header.trim()))].filter((h) => h !== '');
    if (columns.length === 0) {
      ctx.addIssue(codedIssue(ERROR_CODES.invalidInput, COLUMNS_REQUIRED_MESSAGE, ['columns']));
      return z.NEVER;
    }
    for (const header of columns) {
      if (!ALL_COLUMN_HEADERS.includes(header) && !isCustomFieldHeader(header)) {
        ctx.addIssue(codedIssue(ERROR_CODES.invalidInput, UNKNOWN_COLUMN_MESSAGE(header), ['columns']));
        return z.NEVER;
      }
    }
    return {
      storeCredentials: input.storeCredentials,
      scope,
      ...(input.channelId !== undefined ? { channelId: input.channelId } : {}),
      columns,
      format: input.format,
    };
  });
export type ExportRequest = z.input<typeof exportRequestSchema>;
export type ExportCommand = z.output<typeof exportRequestSchema>;

/** The ended export job's `result`. */
export const exportResultSchema = z.object({
  exportId: z.string(),
  downloadUrl: z.string(),
  fileName: z.string(),
  products: z.number(),
  variants: z.number(),
});
export type ExportResult = z.infer<typeof exportResultSchema>;

export const sheetNameSchema = z.enum(SHEET_NAMES);

/** One changed cell: the store's value now, the sheet's text, and the exact value that will be written. */
export const cellChangeSchema = z.object({
  column: z.string(),
  live: z.unknown(),
  sheet: z.unknown(),
  write: z.unknown(),
});
export type CellChange = z.infer<typeof cellChangeSchema>;

export const previewRowSchema = z.object({
  sheet: sheetNameSchema,
  row: z.number(),
  key: z.object({ productId: z.number(), variantId: z.number().optional() }),
  name: z.string(),
  changes: z.array(cellChangeSchema),
  errors: z.array(cellNoteSchema),
  warnings: z.array(cellNoteSchema),
  /** Columns whose store value changed since the export (also among `warnings`): `sinceExport` decides them. */
  stale: z.array(z.string()).optional(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const previewCountsSchema = z.object({
  rows: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  errors: z.number(),
  warnings: z.number(),
});
export type PreviewCounts = z.infer<typeof previewCountsSchema>;

export const previewResponseSchema = z.object({
  previewId: z.string(),
  counts: previewCountsSchema,
  rows: z.array(previewRowSchema),
  nextCursor: z.string().nullable(),
  /** The export the file came from, when it carries a known one. */
  exportId: z.string().nullable().optional(),
  /** Rows whose cells changed in the store since the export. */
  staleRows: z.number().optional(),
  /** Rows without errors whose every change is such a cell: written only with `sinceExport: 'take-sheet'`. */
  staleOnlyRows: z.number().optional(),
  /** The file's columns the preview does not know or only reads, as `Sheet: Header`. */
  ignoredColumns: z.array(z.string()).optional(),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;

export const SINCE_EXPORT_CHOICES = ['keep-store', 'take-sheet'] as const;
export const sinceExportSchema = z.enum(SINCE_EXPORT_CHOICES);
export type SinceExport = z.infer<typeof sinceExportSchema>;

export const spreadsheetJobRequestSchema = z.object({
  storeCredentials: toolStoreCredentialsSchema,
  previewId: z.string().min(1).max(100),
  sinceExport: sinceExportSchema.default('keep-store'),
});
export type SpreadsheetJobRequest = z.input<typeof spreadsheetJobRequestSchema>;
