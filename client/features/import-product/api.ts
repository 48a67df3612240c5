import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { DUMP_PRODUCT_PATH, type DumpProductRequest } from '../../../common/contracts/dump-product';
import {
  IMPORT_PRODUCT_DRY_RUN_PATH,
  IMPORT_PRODUCT_PATH,
  importProductPlanResponseSchema,
  importProductResponseSchema,
  importProgressSchema,
  type ImportProductPlan,
  type ImportProductRequest,
  type ImportProductResult,
  type ImportProgress,
} from '../../../common/contracts/import-product';
import { toolResultSchema } from '../../../common/contracts/tool-result';
import { apiPost, apiStreamResult } from '../../lib/api';
import { postTool } from '../../lib/tool-errors';

/**
 * The "from a store" source: `POST /api/dump-product` (spec part 1 §7), the same dump Dump Product downloads, as
 * plain JSON (checked again by the screen like a file's content); a thrown ApiError / ToolFailureError otherwise.
 */
export async function fetchSourceDump(request: DumpProductRequest): Promise<unknown> {
  // The data is checked by the screen as a file's content is, so a mismatch names what is wrong.
  return postTool(DUMP_PRODUCT_PATH, request, toolResultSchema(z.unknown()));
}

/** `POST /api/import-product/dry-run`: what the import would do in the target, read without writing. */
export async function dryRunImport(
  request: ImportProductRequest,
  signal?: AbortSignal,
): Promise<ImportProductPlan> {
  const answer = await apiPost(IMPORT_PRODUCT_DRY_RUN_PATH, request, importProductPlanResponseSchema, signal);
  return answer.plan;
}

/**
 * The dry run of the current choice as a query: asked again whenever the target, the loaded dump (its load's serial),
 * the choice or the earlier run's id map changes; `null` while something is missing.
 */
export function dryRunQuery(
  input: { request: ImportProductRequest; storeId: string; serial: number } | null,
) {
  const options = input?.request.options;
  return queryOptions({
    // The key names the store and its token, never shows them: a changed token is a new check.
    queryKey: [
      'import-product',
      'dry-run',
      input?.storeId ?? null,
      input?.request.store.storeHash ?? null,
      input?.request.store.accessToken ?? null,
      input?.serial ?? null,
      options?.onExistingSku ?? null,
      options?.copySuffix ?? null,
      options?.idMap ? JSON.stringify(options.idMap) : null,
    ],
    enabled: input !== null,
    staleTime: 0,
    retry: false,
    queryFn: ({ signal }) =>
      input ? dryRunImport(input.request, signal) : Promise.reject(new Error('nothing to check')),
  });
}

/** Every dry run of the screen (asked again after an import: the target has changed). */
export const DRY_RUN_QUERY_KEY = ['import-product', 'dry-run'] as const;

/**
 * `POST /api/import-product` with progress (`Accept: application/x-ndjson`): writes done of the planned total, then
 * the §3 result; a failure (before or after the stream began) is a thrown ApiError carrying the server's `{error}`.
 */
export async function importProduct(
  request: ImportProductRequest,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportProductResult> {
  const answer = await apiStreamResult({
    path: IMPORT_PRODUCT_PATH,
    body: request,
    schema: importProductResponseSchema,
    progressSchema: importProgressSchema,
    onProgress,
  });
  return answer.results;
}
