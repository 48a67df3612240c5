import {
  IMPORT_WIDGETS_PATH,
  IMPORT_WIDGETS_RESTORE_PATH,
  IMPORT_WIDGETS_TEMPLATES_PATH,
  importWidgetsProgressSchema,
  importWidgetsResponseSchema,
  importWidgetsRestoreResponseSchema,
  importWidgetsTemplatesResponseSchema,
  type ImportWidgetsPageResult,
  type ImportWidgetsProgress,
  type ImportWidgetsRequest,
  type ImportWidgetsResponse,
  type ImportWidgetsTemplatesRequest,
  type TargetWidgetTemplate,
} from '../../../common/contracts/import-widgets';
import { apiPost, apiStreamResult } from '../../lib/api';

/** `POST /api/import-widgets/templates` (spec part 1 §7): the target's widget templates on the channel. */
export async function loadTargetTemplates(
  request: ImportWidgetsTemplatesRequest,
): Promise<TargetWidgetTemplate[]> {
  const answer = await apiPost(IMPORT_WIDGETS_TEMPLATES_PATH, request, importWidgetsTemplatesResponseSchema);
  return answer.templates;
}

/**
 * `POST /api/import-widgets` with progress (spec part 1 §7): the per-page results and the templates created, or a
 * thrown ApiError carrying the server's `{error}` (a failure after the stream began ends with that line).
 */
export async function importWidgets(
  request: ImportWidgetsRequest,
  onProgress: (progress: ImportWidgetsProgress) => void,
): Promise<ImportWidgetsResponse> {
  return apiStreamResult({
    path: IMPORT_WIDGETS_PATH,
    body: request,
    schema: importWidgetsResponseSchema,
    progressSchema: importWidgetsProgressSchema,
    onProgress,
  });
}

/** `POST /api/import-widgets/restore`: publishes a page's saved snapshot back; the page's result. */
export async function restoreWidgetsPage(request: {
  store: ImportWidgetsRequest['store'];
  backupId: string;
}): Promise<ImportWidgetsPageResult> {
  const answer = await apiPost(IMPORT_WIDGETS_RESTORE_PATH, request, importWidgetsRestoreResponseSchema);
  return answer.result;
}
