// Dump Widgets: `POST /api/dump-widgets` (spec part 1 §2, §5, §7, §9). The answer's `data` is the widgets dump file
// (common/dumps/widgets-dump.ts); the client downloads it as `bc-widgets-dump-{hash}-{timestamp}.json`.
//
// Progress: a request with `Accept: application/x-ndjson` (or `?progress=1`) is answered as a stream of JSON lines:
// `{"type":"progress","done":n,"total":m}` after each page snapshot, then one last line that is exactly the plain
// answer (`{"success":true,"data":…}` or `{"success":false,"error":…,"code":…}`). Invalid input is refused before
// the stream starts, with the plain JSON answer and a 4xx status. Without either, the answer is plain JSON.
import { z } from 'zod';
import { dumpModeSchema, widgetsDumpSchema } from '../dumps/widgets-dump';
import {
  isPageTemplateId,
  needsEntityId,
  parseEntityIds,
  PAGE_TEMPLATE_IDS,
  type PageTemplateId,
} from '../dumps/page-templates';
import { codedIssue, toolResultSchema, toolStoreCredentialsSchema } from './tool-result';
import { ERROR_CODES } from '../errors';

export const DUMP_WIDGETS_PATH = '/api/dump-widgets';
export const NDJSON_CONTENT_TYPE = 'application/x-ndjson';
/** `?progress=1` asks for the progress stream, like `Accept: application/x-ndjson`. */
export const PROGRESS_QUERY_PARAM = 'progress';
/** Without a Channel ID the default storefront is dumped (BigCommerce's channel 1 always exists). */
export const DEFAULT_CHANNEL_ID = 1;

/** Spec part 1 §5. */
export const SELECT_TEMPLATE_MESSAGE = 'Please select at least one template';
export function entityIdRequiredMessage(name: string): string {
  return `Please provide entity_id for template: ${name}`;
}
export function entityIdInvalidMessage(name: string, value: string): string {
  return `Entity ID "${value}" for template ${name} must be a positive whole number`;
}
export const CHANNEL_ID_INVALID_MESSAGE = 'Channel ID must be a whole number of at least 1';

const channelIdSchema = z
  .union([z.number(), z.string(), z.null()], { error: CHANNEL_ID_INVALID_MESSAGE })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      return DEFAULT_CHANNEL_ID;
    }
    const number =
      typeof value === 'number' ? value : /^\s*[0-9]{1,10}\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(number) || number < 1) {
      ctx.addIssue({ code: 'custom', message: CHANNEL_ID_INVALID_MESSAGE });
      return z.NEVER;
    }
    return number;
  });

/** One page to dump: a template, and for the five entity templates one entity id. */
export type PlannedPage = { template: PageTemplateId; entityId: string | null };

export const dumpWidgetsRequestSchema = z
  .object({
    storeCredentials: toolStoreCredentialsSchema,
    channelId: channelIdSchema,
    dumpMode: z.enum(dumpModeSchema.options, { error: 'dumpMode must be global, all or selected' }),
    selectedTemplates: z
      .array(z.string(), { error: 'selectedTemplates must be a list of template ids' })
      .optional(),
    entityIds: z
      .record(z.string(), z.union([z.string(), z.number()]).transform(String), {
        error: 'entityIds must map template ids to text',
      })
      .optional(),
  })
  .transform((request, ctx) => {
    const dumpMode = request.dumpMode;
    const selected: PlannedPage[] = [];
    if (dumpMode === 'selected') {
      const templates = [...new Set(request.selectedTemplates ?? [])];
      if (templates.length === 0) {
        ctx.addIssue(
          codedIssue(ERROR_CODES.templateRequired, SELECT_TEMPLATE_MESSAGE, ['selectedTemplates']),
        );
        return z.NEVER;
      }
      const unknown = templates.find((template) => !isPageTemplateId(template));
      if (unknown !== undefined) {
        ctx.addIssue(
          codedIssue(ERROR_CODES.invalidInput, `Unknown page template: ${unknown}`, ['selectedTemplates']),
        );
        return z.NEVER;
      }
      // Catalogue order, whatever order the checklist sent.
      for (const template of PAGE_TEMPLATE_IDS) {
        if (!templates.includes(template)) continue;
        if (!needsEntityId(template)) {
          selected.push({ template, entityId: null });
          continue;
        }
        const parsed = parseEntityIds(request.entityIds?.[template] ?? '');
        if (!parsed.ok) {
          ctx.addIssue(
            codedIssue(ERROR_CODES.invalidInput, entityIdInvalidMessage(template, parsed.invalid), [
              'entityIds',
              template,
            ]),
          );
          return z.NEVER;
        }
        if (parsed.ids.length === 0) {
          ctx.addIssue(
            codedIssue(ERROR_CODES.entityIdRequired, entityIdRequiredMessage(template), [
              'entityIds',
              template,
            ]),
          );
          return z.NEVER;
        }
        for (const entityId of parsed.ids) selected.push({ template, entityId });
      }
    }
    return {
      storeCredentials: request.storeCredentials,
      channelId: request.channelId,
      dumpMode,
      /** Selected mode only: the pages to dump, in catalogue order. */
      selected,
    };
  });
export type DumpWidgetsRequest = z.input<typeof dumpWidgetsRequestSchema>;
export type DumpWidgetsCommand = z.output<typeof dumpWidgetsRequestSchema>;

export const dumpWidgetsResponseSchema = toolResultSchema(widgetsDumpSchema);
export type DumpWidgetsResponse = z.infer<typeof dumpWidgetsResponseSchema>;

export const dumpProgressSchema = z.object({
  type: z.literal('progress'),
  /** Pages read so far. */
  done: z.number().int(),
  /** Pages to read in all. */
  total: z.number().int(),
});
export type DumpProgress = z.infer<typeof dumpProgressSchema>;
