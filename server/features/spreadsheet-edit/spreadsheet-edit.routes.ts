// `/api/spreadsheet-edit` (issue 45): start an export job, download its file, preview an uploaded sheet against the
// live store and page through the preview. Answers are JSON; failures are the app's `{error, code}`.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  MAX_SHEET_ROWS,
  MAX_UNPACKED_BYTES,
  MAX_UPLOAD_BYTES,
  PREVIEW_PAGE_SIZE,
  PREVIEW_TTL_MS,
  SPREADSHEET_EXPORT_FILE_PATH,
  SPREADSHEET_EXPORT_PATH,
  SPREADSHEET_PREVIEW_PAGE_PATH,
  SPREADSHEET_PREVIEW_PATH,
  SPREADSHEET_FAILED_ROWS_PATH,
  SPREADSHEET_JOBS_PATH,
  exportRequestSchema,
  spreadsheetJobRequestSchema,
  type PreviewResponse,
} from '../../../common/contracts/spreadsheet-edit';
import { toolStoreCredentialsSchema } from '../../../common/contracts/tool-result';
import { ERROR_CODES } from '../../../common/errors';
import { AppError, errorResponse, parseInput } from '../../errors';
import { assertRoomForJob, toJobView } from '../../jobs/job-store';
import type { ObjectStorage } from '../../storage/object-storage';
import { storeRoute } from '../../tool-route';
import { jobOwner } from '../jobs/job-owner';
import { startJob, type JobRoutesDeps } from '../jobs/start-job';
import { readCatalogLookups } from './catalog-lookups';
import { openSpreadsheet, type OpenedSpreadsheet } from './sheet-io/sheet-reader';
import { exportExpiry, type ExportInput } from './spreadsheet-export.job';
import { previewSheets, type PreviewOutcome } from './spreadsheet-preview';
import { startSpreadsheetImport } from './spreadsheet-start';
import { failedRowsSheet } from './failed-rows';
import type { PreviewNotes, SpreadsheetRepository } from './spreadsheet-repository';

export type SpreadsheetEditRoutesDeps = JobRoutesDeps & {
  spreadsheets: SpreadsheetRepository;
  storage: ObjectStorage;
};

const FILE_REQUIRED_MESSAGE = 'Please choose an XLSX or CSV file';
const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
const PREVIEW_NOT_FOUND_MESSAGE = 'This preview is no longer available. Please upload the file again.';
const JOB_NOT_FOUND_MESSAGE = 'This job was not found';
const EXPORT_NOT_FOUND_MESSAGE =
  'This export is no longer available (exports are kept 7 days). Please export again.';

/** The caller's owner key, or a 404 in the words given (nobody's rows are shown to anyone else). */
async function ownerOr404(c: Context, deps: SpreadsheetEditRoutesDeps, message: string): Promise<string> {
  const owner = await jobOwner(c, deps.getAuth, { create: false });
  if (!owner) throw new AppError(ERROR_CODES.notFound, message);
  return owner;
}

/** A page of a preview: rows after `afterSeq`, and the cursor of the next page. */
async function previewPage(
  deps: SpreadsheetEditRoutesDeps,
  preview: { id: string; counts: unknown; exportId: string | null; notes: unknown },
  afterSeq: number,
): Promise<PreviewResponse> {
  const notes = (preview.notes ?? null) as PreviewNotes | null;
  const rows = await deps.spreadsheets.previewRows(preview.id, afterSeq, PREVIEW_PAGE_SIZE + 1);
  const page = rows.slice(0, PREVIEW_PAGE_SIZE);
  const more = rows.length > PREVIEW_PAGE_SIZE;
  return {
    previewId: preview.id,
    counts: preview.counts as PreviewResponse['counts'],
    rows: page.map((entry) => entry.row.view),
    nextCursor: more && page.length > 0 ? String(page[page.length - 1]!.seq) : null,
    exportId: preview.exportId,
    ...(notes ?? {}),
  };
}

export function spreadsheetEditRoutes(deps: SpreadsheetEditRoutesDeps): Hono {
  const uploadLimit = bodyLimit({
    // The file and the form's other fields.
    maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
    onError: (c) => errorResponse(c, ERROR_CODES.fileTooLarge, FILE_TOO_LARGE_MESSAGE),
  });
  return new Hono()
    .post(
      SPREADSHEET_EXPORT_PATH,
      storeRoute(deps, exportRequestSchema, async (command, call) => {
        const owner = (await jobOwner(call.c, deps.getAuth, { create: true })) ?? 'visitor:unknown';
        const credentials = {
          storeHash: command.storeCredentials.storeHash,
          accessToken: command.storeCredentials.accessToken,
        };
        await assertRoomForJob(deps.jobStore, owner, credentials.storeHash);
        // The store must answer to these credentials before a job is kept for it.
        await call.storeClient(credentials).store.get({ signal: call.signal });
        const jobId = randomUUID();
        const exportId = randomUUID();
        const now = new Date();
        const input: ExportInput = {
          exportId,
          scope: command.scope,
          ...(command.channelId !== undefined ? { channelId: command.channelId } : {}),
          columns: command.columns,
          format: command.format,
        };
        const dropped = await deps.spreadsheets.createExport({
          id: exportId,
          owner,
          storeHash: credentials.storeHash,
          jobId,
          fileName: '',
          contentType: '',
          createdAt: now,
          expiresAt: exportExpiry(now),
        });
        // An owner's oldest exports past the bound go with their files (any pieces a running export still writes
        // expire with the rows' 7 days).
        for (const key of dropped) await deps.storage.deleteObject(key).catch(() => undefined);
        const row = await startJob(deps, {
          id: jobId,
          kind: 'spreadsheet-export',
          owner,
          input,
          credentials: { target: credentials },
          now,
          caller: deps.callerOf(call.c),
          signal: call.signal,
        });
        return { job: toJobView(row) };
      }),
    )
    .get(SPREADSHEET_EXPORT_FILE_PATH, async (c) => {
      const owner = await ownerOr404(c, deps, EXPORT_NOT_FOUND_MESSAGE);
      const found = await deps.spreadsheets.getExport(c.req.param('exportId'));
      if (!found || found.owner !== owner || !found.objectKey || found.expiresAt.getTime() < Date.now()) {
        throw new AppError(ERROR_CODES.notFound, EXPORT_NOT_FOUND_MESSAGE);
      }
      const link = await deps.storage.presignedDownloadUrl(found.objectKey, {
        expiresInSeconds: 300,
        filename: found.objectKey.split('/').pop() ?? 'products.xlsx',
      });
      return c.redirect(link.url, 302);
    })
    .post(SPREADSHEET_PREVIEW_PATH, uploadLimit, async (c) => {
      const form = await c.req.parseBody().catch(() => {
        throw new AppError(ERROR_CODES.invalidInput, FILE_REQUIRED_MESSAGE);
      });
      const file = form.file;
      if (!(file instanceof File) || file.size === 0)
        throw new AppError(ERROR_CODES.invalidInput, FILE_REQUIRED_MESSAGE);
      if (file.size > MAX_UPLOAD_BYTES) throw new AppError(ERROR_CODES.fileTooLarge, FILE_TOO_LARGE_MESSAGE);
      let credentialsJson: unknown;
      try {
        credentialsJson =
          typeof form.storeCredentials === 'string' ? JSON.parse(form.storeCredentials) : undefined;
      } catch {
        credentialsJson = undefined;
      }
      const store = parseInput(toolStoreCredentialsSchema, credentialsJson);
      const owner = (await jobOwner(c, deps.getAuth, { create: true })) ?? 'visitor:unknown';
      const client = deps.clients.forStore(
        { storeHash: store.storeHash, accessToken: store.accessToken },
        { caller: deps.callerOf(c) },
      );
      const signal = c.req.raw.signal;
      const folder = await mkdtemp(join(tmpdir(), 'bct-sheet-'));
      let opened: OpenedSpreadsheet | undefined;
      try {
        // Only this file is opened, under a name of our own (the upload's name is never a path).
        const path = join(folder, 'upload');
        await writeFile(path, new Uint8Array(await file.arrayBuffer()));
        opened = await openSpreadsheet(path, {
          maxRows: MAX_SHEET_ROWS,
          maxUnpackedBytes: MAX_UNPACKED_BYTES,
          fileName: file.name,
        });
        const known = opened.exportId ? await deps.spreadsheets.getExport(opened.exportId) : undefined;
        const exportRow =
          known &&
          known.owner === owner &&
          known.storeHash === store.storeHash &&
          known.expiresAt.getTime() > Date.now()
            ? known
            : undefined;
        const lookups = await readCatalogLookups(client, signal);
        const now = new Date();
        const previewId = randomUUID();
        await deps.spreadsheets.pruneExpired(now).then(
          async (keys) => {
            for (const key of keys) await deps.storage.deleteObject(key);
          },
          () => undefined,
        );
        const header = { id: previewId, owner, storeHash: store.storeHash, exportId: exportRow?.id ?? null };
        // The rows go to the database as they are previewed (memory flat in the sheet's size); a preview that stops
        // half-way is deleted with them.
        await deps.spreadsheets.openPreview(header, now, PREVIEW_TTL_MS);
        let outcome: PreviewOutcome;
        try {
          outcome = await previewSheets(
            {
              client,
              lookups,
              signal,
              keep: async (rows) => {
                // Dropped meanwhile: the owner started more previews than are kept.
                if (!(await deps.spreadsheets.addPreviewRows(previewId, rows))) {
                  throw new AppError(ERROR_CODES.notFound, PREVIEW_NOT_FOUND_MESSAGE);
                }
              },
              ...(exportRow
                ? { exportCells: (sheet, ids) => deps.spreadsheets.exportCells(exportRow.id, sheet, ids) }
                : {}),
            },
            opened.sheets,
            opened.rows(),
          );
        } catch (error) {
          await deps.spreadsheets.dropPreviews([previewId]).catch(() => undefined);
          throw error;
        }
        const notes: PreviewNotes = {
          staleRows: outcome.staleRows,
          staleOnlyRows: outcome.staleOnlyRows,
          ignoredColumns: outcome.ignoredColumns,
        };
        await deps.spreadsheets.closePreview(previewId, outcome.counts, notes);
        return c.json(await previewPage(deps, { ...header, counts: outcome.counts, notes }, -1));
      } finally {
        // A preview that stopped before its last row leaves the file open.
        await opened?.close().catch(() => undefined);
        await rm(folder, { recursive: true, force: true });
      }
    })
    .post(
      SPREADSHEET_JOBS_PATH,
      storeRoute(deps, spreadsheetJobRequestSchema, async (command, call) => {
        const owner = (await jobOwner(call.c, deps.getAuth, { create: true })) ?? 'visitor:unknown';
        const credentials = {
          storeHash: command.storeCredentials.storeHash,
          accessToken: command.storeCredentials.accessToken,
        };
        const preview = await deps.spreadsheets.getPreview(command.previewId);
        if (
          !preview ||
          preview.owner !== owner ||
          preview.storeHash !== credentials.storeHash ||
          preview.expiresAt.getTime() < Date.now()
        ) {
          throw new AppError(ERROR_CODES.notFound, PREVIEW_NOT_FOUND_MESSAGE);
        }
        await assertRoomForJob(deps.jobStore, owner, credentials.storeHash);
        await call.storeClient(credentials).store.get({ signal: call.signal });
        const row = await startSpreadsheetImport(deps, {
          id: randomUUID(),
          owner,
          credentials,
          previewId: preview.id,
          sinceExport: command.sinceExport,
          caller: deps.callerOf(call.c),
          signal: call.signal,
        });
        return { job: toJobView(row) };
      }),
    )
    .get(SPREADSHEET_FAILED_ROWS_PATH, async (c) => {
      const owner = await ownerOr404(c, deps, JOB_NOT_FOUND_MESSAGE);
      const row = await deps.jobStore.get(c.req.param('id'));
      if (!row || row.owner !== owner || !['spreadsheet-import', 'spreadsheet-undo'].includes(row.kind)) {
        throw new AppError(ERROR_CODES.jobNotFound, JOB_NOT_FOUND_MESSAGE);
      }
      const { body, fileName, contentType } = failedRowsSheet(row);
      return new Response(body, {
        headers: {
          'Content-Type': contentType,
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'no-store',
        },
      });
    })
    .get(SPREADSHEET_PREVIEW_PAGE_PATH, async (c) => {
      const owner = await ownerOr404(c, deps, PREVIEW_NOT_FOUND_MESSAGE);
      const preview = await deps.spreadsheets.getPreview(c.req.param('previewId'));
      if (!preview || preview.owner !== owner || preview.expiresAt.getTime() < Date.now()) {
        throw new AppError(ERROR_CODES.notFound, PREVIEW_NOT_FOUND_MESSAGE);
      }
      const cursor = c.req.query('cursor') ?? '-1';
      const afterSeq = /^-?\d{1,9}$/.test(cursor) ? Number(cursor) : -1;
      return c.json(await previewPage(deps, preview, afterSeq));
    });
}
