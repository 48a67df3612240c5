// Copy Description and Reset Page Title (spec part 1 §2, §5, §7, §9; API-NOTES §6 (f)): the two bulk edits of
// products, their scopes, their spec endpoints and the job endpoints the screens use (issue 12).
//
// The spec's endpoints start a job and answer when it ends, with `{success, data: {total, success, failed, errors[]},
// error}`. The screens instead preview (`…/preview`), start (`…/jobs`) and follow the job (common/contracts/jobs.ts).
import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { jobItemErrorSchema, type JobItemError } from './jobs';
import { codedIssue, toolResultSchema, toolStoreCredentialsSchema } from './tool-result';

export const COPY_DESCRIPTION_PATH = '/api/copy-description';
export const RESET_PAGE_TITLE_PATH = '/api/reset-page-title';

/**
 * The paths of a bulk edit: the spec's endpoint (POST, answers when the job ends), and the screens' `…/preview`
 * (POST, the spec's body) and `…/jobs` (POST, starts the job).
 */
export const bulkEditPaths = (tool: 'reset-page-title' | 'copy-description') => {
  const base = tool === 'reset-page-title' ? RESET_PAGE_TITLE_PATH : COPY_DESCRIPTION_PATH;
  return { spec: base, preview: `${base}/preview`, start: `${base}/jobs` };
};

/** Which products a bulk edit touches (spec part 1 §7 `targetOption`). */
export const TARGET_OPTIONS = ['category', 'brand', 'specific', 'all'] as const;
export const targetOptionSchema = z.enum(TARGET_OPTIONS, {
  error: 'targetOption must be one of: category, brand, specific, all',
});
export type TargetOption = z.infer<typeof targetOptionSchema>;

/** Spec part 1 §5: "the value is required unless the scope is all". */
export const TARGET_VALUE_REQUIRED_MESSAGE = 'Please enter a value for the chosen scope';
export const PRODUCT_IDS_INVALID_MESSAGE = 'Product IDs must be positive whole numbers separated by commas';
export const ID_INVALID_MESSAGE = 'The ID must be a positive whole number';
export const SOURCE_PRODUCT_REQUIRED_MESSAGE = 'Please enter the source product ID';
/** A scope may name at most this many product ids at once (a bound on the request; a category holds any number). */
export const MAX_PRODUCT_IDS = 10_000;

const positiveId = /^[1-9][0-9]{0,9}$/;

/** `"12, 7,12"` → `[12, 7]`: ids in input order, each once; undefined when one is not a positive whole number. */
export function parseProductIds(text: string): number[] | undefined {
  const ids: number[] = [];
  for (const part of text.split(',')) {
    const value = part.trim();
    if (value === '') continue;
    if (!positiveId.test(value)) return undefined;
    const id = Number(value);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The scope as the server resolves it: one category, one brand, listed products, or every visible product. */
export type Scope =
  | { kind: 'category'; categoryId: number }
  | { kind: 'brand'; brandId: number }
  | { kind: 'specific'; productIds: number[] }
  | { kind: 'all' };

const scopeFields = {
  targetOption: targetOptionSchema,
  targetValue: z
    .union([z.string(), z.number()], { error: 'targetValue must be text' })
    .optional()
    .transform((value) => (value === undefined ? '' : String(value).trim())),
};

/** Reads `targetOption` + `targetValue` into a Scope, adding the issue (with its code) when the value is wrong. */
function toScope(
  input: { targetOption: TargetOption; targetValue: string },
  ctx: z.RefinementCtx,
): Scope | typeof z.NEVER {
  const { targetOption, targetValue } = input;
  if (targetOption === 'all') return { kind: 'all' };
  if (targetValue === '') {
    ctx.addIssue(codedIssue(ERROR_CODES.targetValueRequired, TARGET_VALUE_REQUIRED_MESSAGE, ['targetValue']));
    return z.NEVER;
  }
  if (targetOption === 'specific') {
    const productIds = parseProductIds(targetValue);
    if (!productIds || productIds.length === 0) {
      ctx.addIssue(codedIssue(ERROR_CODES.invalidInput, PRODUCT_IDS_INVALID_MESSAGE, ['targetValue']));
      return z.NEVER;
    }
    if (productIds.length > MAX_PRODUCT_IDS) {
      ctx.addIssue(
        codedIssue(ERROR_CODES.invalidInput, `At most ${MAX_PRODUCT_IDS} product IDs at once`, [
          'targetValue',
        ]),
      );
      return z.NEVER;
    }
    return { kind: 'specific', productIds };
  }
  if (!positiveId.test(targetValue)) {
    ctx.addIssue(codedIssue(ERROR_CODES.invalidInput, ID_INVALID_MESSAGE, ['targetValue']));
    return z.NEVER;
  }
  return targetOption === 'category'
    ? { kind: 'category', categoryId: Number(targetValue) }
    : { kind: 'brand', brandId: Number(targetValue) };
}

/** `POST /api/reset-page-title` `{storeCredentials, targetOption, targetValue}` (spec part 1 §7). */
export const resetPageTitleRequestSchema = z
  .object({ storeCredentials: toolStoreCredentialsSchema, ...scopeFields })
  .transform((input, ctx) => ({ storeCredentials: input.storeCredentials, scope: toScope(input, ctx) }));
export type ResetPageTitleRequest = z.input<typeof resetPageTitleRequestSchema>;
export type ResetPageTitleCommand = z.output<typeof resetPageTitleRequestSchema>;

/**
 * `POST /api/copy-description` `{sourceStoreCredentials, sourceProductId, targetStoreCredentials, targetOption,
 * targetValue}` (spec part 1 §7).
 */
export const copyDescriptionRequestSchema = z
  .object({
    sourceStoreCredentials: toolStoreCredentialsSchema,
    sourceProductId: z
      .union([z.string(), z.number()], { error: SOURCE_PRODUCT_REQUIRED_MESSAGE })
      .transform((value) => String(value).trim()),
    targetStoreCredentials: toolStoreCredentialsSchema,
    ...scopeFields,
  })
  .transform((input, ctx) => {
    if (input.sourceProductId === '') {
      ctx.addIssue(
        codedIssue(ERROR_CODES.searchValueRequired, SOURCE_PRODUCT_REQUIRED_MESSAGE, ['sourceProductId']),
      );
      return z.NEVER;
    }
    if (!positiveId.test(input.sourceProductId)) {
      ctx.addIssue(codedIssue(ERROR_CODES.invalidInput, ID_INVALID_MESSAGE, ['sourceProductId']));
      return z.NEVER;
    }
    return {
      sourceStoreCredentials: input.sourceStoreCredentials,
      sourceProductId: Number(input.sourceProductId),
      targetStoreCredentials: input.targetStoreCredentials,
      scope: toScope(input, ctx),
    };
  });
export type CopyDescriptionRequest = z.input<typeof copyDescriptionRequestSchema>;
export type CopyDescriptionCommand = z.output<typeof copyDescriptionRequestSchema>;

/** One product that could not be changed: its id, its name when known, and BigCommerce's (or our) reason. */
export const bulkEditErrorSchema = jobItemErrorSchema;
export type BulkEditError = JobItemError;

/** The spec's bulk result (part 1 §7 "Bulk result"): `total, success, failed, errors[]`, plus the skipped count. */
export const bulkResultSchema = z.object({
  total: z.number(),
  success: z.number(),
  failed: z.number(),
  /** Products that already held the new value: not written, counted in `success`. */
  skipped: z.number(),
  errors: z.array(bulkEditErrorSchema),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkResultResponseSchema = toolResultSchema(bulkResultSchema);
