// The calls of Spreadsheet Edit (issue 45): start an export, preview an uploaded sheet and page through it, start the
// import. The jobs are followed, cancelled and undone through /api/jobs (client/components/bulk-edit/api.ts).
import { jobResponseSchema, type JobView } from '../../../common/contracts/jobs';
import {
  exportResultSchema,
  previewResponseSchema,
  spreadsheetPreviewPagePath,
  SPREADSHEET_EXPORT_PATH,
  SPREADSHEET_JOBS_PATH,
  SPREADSHEET_PREVIEW_PATH,
  type ExportRequest,
  type ExportResult,
  type PreviewResponse,
  type SpreadsheetJobRequest,
} from '../../../common/contracts/spreadsheet-edit';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { apiPost, apiPostForm, apiRequest } from '../../lib/api';

/** A preview's first page, as the upload answers it and as it is read again after a reload. */
export const uploadPreviewSchema = previewResponseSchema;
export type UploadPreview = PreviewResponse;

/** `POST /api/spreadsheet-edit/export`: the export job. */
export async function startExport(body: ExportRequest): Promise<JobView> {
  return (await apiPost(SPREADSHEET_EXPORT_PATH, body, jobResponseSchema)).job;
}

/** `POST /api/spreadsheet-edit/preview` multipart `file`, `storeCredentials` (JSON text). */
export function previewUpload(file: File, storeCredentials: StoreCredentials): Promise<UploadPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('storeCredentials', JSON.stringify(storeCredentials));
  return apiPostForm(SPREADSHEET_PREVIEW_PATH, form, uploadPreviewSchema);
}

/** `GET /api/spreadsheet-edit/preview/:previewId?cursor=`: the next page of rows. */
export function fetchPreviewPage(previewId: string, cursor: string): Promise<PreviewResponse> {
  return apiRequest({ path: spreadsheetPreviewPagePath(previewId, cursor), schema: previewResponseSchema });
}

/** `POST /api/spreadsheet-edit/jobs`: the import job. */
export async function startImport(body: SpreadsheetJobRequest): Promise<JobView> {
  return (await apiPost(SPREADSHEET_JOBS_PATH, body, jobResponseSchema)).job;
}

/** The ended export job's result, or null while it has none (or it is not an export's). */
export function exportResultOf(job: JobView | null): ExportResult | null {
  const parsed = exportResultSchema.safeParse(job?.result);
  return parsed.success ? parsed.data : null;
}
