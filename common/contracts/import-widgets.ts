// Import Widgets (spec part 1 §2, §4, §5, §7; issue 13): reading the uploaded file and the channel id, shared by the
// screen (which checks before sending) and the server (which checks again). The file is what Dump Widgets writes (an
// object with a `templates` array) or a bare array of pages.
import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { fileNamePart, fileTimestamp } from '../dumps/file-names';
import { dumpedPageSchema, dumpedWidgetTemplateSchema, type DumpedPage } from '../dumps/widgets-dump';
import { codedIssue, toolStoreCredentialsSchema } from './tool-result';

/** Spec part 1 §5 "Import Widgets". */
export const IMPORT_WIDGETS_MESSAGES = {
  notJsonFile: 'Please select a JSON file',
  invalidJson: 'Invalid JSON file',
  invalidFormat: 'Invalid JSON format. Required format from Dump Widgets or array of pages',
  noPages: 'JSON file contains no pages',
  noPageSelected: 'Please select at least one page to import',
} as const;

export type WidgetsImportFile = {
  pages: DumpedPage[];
  /** The dump's widget templates (custom ones can be created in the target); empty for a bare array of pages. */
  sourceWidgetTemplates: z.infer<typeof dumpedWidgetTemplateSchema>[];
};

export type WidgetsImportRead =
  | { ok: true; file: WidgetsImportFile }
  | { ok: false; message: (typeof IMPORT_WIDGETS_MESSAGES)[keyof typeof IMPORT_WIDGETS_MESSAGES] };

/** `file.json` (case-insensitive) or the spec's 'Please select a JSON file'. */
export function isJsonFileName(name: string): boolean {
  return /\.json$/i.test(name.trim());
}

/** Reads the parsed content of an uploaded file: the pages and the dump's templates, or the spec's message. */
export function readWidgetsImportFile(content: unknown): WidgetsImportRead {
  let rawPages: unknown;
  let rawTemplates: unknown = [];
  if (Array.isArray(content)) {
    rawPages = content;
  } else if (
    typeof content === 'object' &&
    content !== null &&
    Array.isArray((content as { templates?: unknown }).templates)
  ) {
    rawPages = (content as { templates: unknown[] }).templates;
    rawTemplates = (content as { widgetTemplates?: unknown }).widgetTemplates ?? [];
  } else {
    return { ok: false, message: IMPORT_WIDGETS_MESSAGES.invalidFormat };
  }
  const pages = z.array(dumpedPageSchema).safeParse(rawPages);
  const templates = z.array(dumpedWidgetTemplateSchema).safeParse(rawTemplates);
  if (!pages.success || !templates.success)
    return { ok: false, message: IMPORT_WIDGETS_MESSAGES.invalidFormat };
  if (pages.data.length === 0) return { ok: false, message: IMPORT_WIDGETS_MESSAGES.noPages };
  return { ok: true, file: { pages: pages.data, sourceWidgetTemplates: templates.data } };
}

/** Spec part 1 §5: "Channel id is an integer of at least 1; invalid input becomes 1." */
export function normaliseChannelId(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[0-9]{1,10}$/.test(text)) return 1;
  const id = Number(text);
  return Number.isSafeInteger(id) && id >= 1 ? id : 1;
}

export const IMPORT_WIDGETS_TEMPLATES_PATH = '/api/import-widgets/templates';

/** `POST /api/import-widgets/templates` `{store, channelId}` (spec part 1 §7): the target's widget templates. */
export const importWidgetsTemplatesRequestSchema = z.object({
  store: toolStoreCredentialsSchema,
  channelId: z.unknown().transform(normaliseChannelId),
});
export type ImportWidgetsTemplatesRequest = z.input<typeof importWidgetsTemplatesRequestSchema>;

export const targetWidgetTemplateSchema = z.object({ name: z.string(), uuid: z.string(), kind: z.string() });
export type TargetWidgetTemplate = z.infer<typeof targetWidgetTemplateSchema>;
export const importWidgetsTemplatesResponseSchema = z.object({
  templates: z.array(targetWidgetTemplateSchema),
});

export const IMPORT_WIDGETS_PATH = '/api/import-widgets';
/** `POST` `{store, backupId}`: publishes a page's saved snapshot back (the one-click Restore of a per-page result). */
export const IMPORT_WIDGETS_RESTORE_PATH = '/api/import-widgets/restore';
/** The server's route of one page backup (`:id`); `importWidgetsBackupPath` fills one in. */
export const IMPORT_WIDGETS_BACKUP_PATH = '/api/import-widgets/backups/:id';
/** `GET`: the saved snapshot of a page as a JSON download (a page of the widgets dump format). */
export const importWidgetsBackupPath = (backupId: string) =>
  `/api/import-widgets/backups/${encodeURIComponent(backupId)}`;

/** One page to import: the dump's page with the new entity id and the channel chosen on the screen (spec §7). */
export const importWidgetsPageSchema = z.object({
  /** Null (or empty) for the global regions. */
  template_file: z
    .string()
    .nullable()
    .transform((value) => (value === null || value.trim() === '' ? null : value.trim())),
  /** The entity in the target (a blank one reads as none). */
  entity_id: z
    .string()
    .nullable()
    .transform((value) => (value === null || value.trim() === '' ? null : value.trim())),
  channel_id: z.unknown().transform(normaliseChannelId),
  regions: dumpedPageSchema.shape.snapshot.shape.regions,
});
export type ImportWidgetsPage = z.input<typeof importWidgetsPageSchema>;

/** Pages one import takes at most (a Dump Widgets file of a whole store has far fewer). */
export const MAX_IMPORT_PAGES = 500;
/** Source widget templates one import takes at most (BigCommerce's 5,000 custom templates per store). */
export const MAX_SOURCE_TEMPLATES = 5000;

/** `POST /api/import-widgets` (spec part 1 §7). */
export const importWidgetsRequestSchema = z
  .object({
    store: toolStoreCredentialsSchema,
    // Missing or empty: 'Please select at least one page to import' with its own code (below).
    pages: z
      .array(importWidgetsPageSchema, { error: 'pages must be a list of pages' })
      .max(MAX_IMPORT_PAGES, `At most ${MAX_IMPORT_PAGES} pages can be imported at once`)
      .nullish(),
    autoCreateMissingTemplates: z.boolean().default(false),
    sourceWidgetTemplates: z
      .array(dumpedWidgetTemplateSchema)
      .max(MAX_SOURCE_TEMPLATES, `At most ${MAX_SOURCE_TEMPLATES} widget templates can be sent`)
      .default([]),
  })
  .transform((request, ctx) => {
    if (!request.pages || request.pages.length === 0) {
      ctx.addIssue(codedIssue(ERROR_CODES.pageRequired, IMPORT_WIDGETS_MESSAGES.noPageSelected, ['pages']));
      return z.NEVER;
    }
    return { ...request, pages: request.pages };
  });
export type ImportWidgetsRequest = z.input<typeof importWidgetsRequestSchema>;

/** Spec part 1 §3 "Import widgets result, per page", with the way back. */
export const importWidgetsPageResultSchema = z.object({
  templateFile: z.string().nullable(),
  entityId: z.string().nullable(),
  success: z.boolean(),
  widgetsCount: z.number(),
  channelId: z.number(),
  error: z.string().nullable(),
  logs: z.array(z.string()),
  /** Said before writing: regions the target's theme lacks, BigCommerce's per-page limits. */
  warnings: z.array(z.string()).default([]),
  /** The page as it was before this import wrote it (download and Restore); null when nothing was saved. */
  backupId: z.string().nullable(),
  /**
   * Issue 44: the page's widgets left out because their custom template is missing in the target (and was not
   * created): the widget's name (or its template's when it has none), its region and the template's name.
   */
  skipped: z.array(z.object({ widget: z.string(), region: z.string(), template: z.string() })).default([]),
});
export type ImportWidgetsPageResult = z.infer<typeof importWidgetsPageResultSchema>;

/** A custom template created in the target (auto-create). */
export const createdWidgetTemplateSchema = z.object({
  name: z.string(),
  sourceUuid: z.string(),
  uuid: z.string(),
  /** The channel it was created on (the channel of the pages that use it). */
  channelId: z.number().optional(),
});

/** A missing custom template that auto-create could not create: the widgets using it were skipped. */
export const failedWidgetTemplateSchema = z.object({
  name: z.string(),
  sourceUuid: z.string(),
  channelId: z.number(),
  error: z.string(),
});

export const importWidgetsResponseSchema = z.object({
  results: z.array(importWidgetsPageResultSchema),
  createdTemplates: z.array(createdWidgetTemplateSchema).default([]),
  /** Always sent by the server; optional so answers made before it existed still read. */
  failedTemplates: z.array(failedWidgetTemplateSchema).optional(),
});

/**
 * A progress line of the streamed import (`Accept: application/x-ndjson` or `?progress=1`): steps done of the planned
 * total (each template to create, then each page), and what the last step was. The answer is the last line.
 */
export const importWidgetsProgressSchema = z.object({
  type: z.literal('progress'),
  done: z.number().int(),
  total: z.number().int(),
  step: z.string(),
});
export type ImportWidgetsProgress = z.infer<typeof importWidgetsProgressSchema>;
export type ImportWidgetsResponse = z.infer<typeof importWidgetsResponseSchema>;

export const importWidgetsRestoreRequestSchema = z.object({
  store: toolStoreCredentialsSchema,
  backupId: z.string().min(1).max(100),
});
/** The restored page: the same per-page result shape (success, widgetsCount, logs). */
export const importWidgetsRestoreResponseSchema = z.object({ result: importWidgetsPageResultSchema });
export type ImportWidgetsRestoreRequest = z.input<typeof importWidgetsRestoreRequestSchema>;

/**
 * `GET` of a backup: one page of the widgets dump format (common/dumps/widgets-dump.ts `dumpedPageSchema`), so it can
 * be imported again like any dump page.
 */
export const importWidgetsBackupFileSchema = dumpedPageSchema;

/** `bc-widgets-backup-{hash}-{template}[-{entity}]-{timestamp}.json`; the global regions read as `global`. */
export function widgetsBackupFileName(
  storeHash: string,
  templateFile: string | null,
  entityId: string | null,
  date: Date,
): string {
  const template = templateFile === null ? 'global' : templateFile.replace(/\//g, '-');
  const entity = entityId === null ? '' : `-${fileNamePart(entityId)}`;
  return `bc-widgets-backup-${fileNamePart(storeHash)}-${fileNamePart(template)}${entity}-${fileTimestamp(date)}.json`;
}
