// What an Import Widgets would do, read from the target without writing (issue 33: the `import_widgets` tool's preview).
// The same reading as the import's (./import-widgets.service.ts): the target's widget templates matched by name
// (./import-widgets.templates.ts, nothing created), each page's widgets rewritten to them, the pages BigCommerce would
// refuse said up front; and, per page, how many widgets the target shows there now (its content is replaced).
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import { rewriteRegions } from './import-widgets.rewrite';
import {
  importPageKey,
  mapPool,
  overPageLimits,
  PAGE_CONCURRENCY,
  refusedUpFront,
  templateUses,
  widgetsIn,
  type ImportWidgetsCommand,
} from './import-widgets.service';
import { matchTemplates } from './import-widgets.templates';

export type ImportWidgetsPreviewPage = {
  /** Its place among the pages imported. */
  index: number;
  templateFile: string | null;
  entityId: string | null;
  channelId: number;
  /** Widgets the page will hold (with auto-create, also those whose template is created first). */
  widgets: number;
  layouts: number;
  /** Templates the target lacks and that will not be created: their widgets are left out. */
  missingTemplates: string[];
  /** Widgets the target's page shows now (its content is replaced); null for a page that will not be written. */
  targetWidgetsNow: number | null;
  /** Why the page will not be written; null when it will be. */
  refused: string | null;
};

export type ImportWidgetsPreview = {
  pages: ImportWidgetsPreviewPage[];
  /** Pages that will be written, and their widgets. */
  pagesToWrite: number;
  widgetsToWrite: number;
  /** Custom templates created in the target first (auto-create). */
  templatesToCreate: { name: string; channelId: number }[];
};

export async function previewImportWidgets(
  client: BigCommerceClient,
  command: ImportWidgetsCommand,
  signal?: AbortSignal,
): Promise<ImportWidgetsPreview> {
  const matcher = await matchTemplates(client, templateUses(command.pages), command.sourceWidgetTemplates, {
    autoCreate: command.autoCreateMissingTemplates,
    signal,
  });
  const created = new Set(
    matcher.plan.toCreate.map(({ channelId, source }) => `${channelId}|${source.name}`),
  );
  const firstAt = new Map<string, number>();
  const pages = await mapPool(
    command.pages.map((page, index) => ({ page, index })),
    PAGE_CONCURRENCY,
    async ({ page, index }): Promise<ImportWidgetsPreviewPage> => {
      const key = importPageKey(page);
      const first = firstAt.get(key) ?? index;
      firstAt.set(key, first);
      const target = {
        templateFile: page.template_file,
        entityId: page.template_file === null ? null : page.entity_id,
        channelId: page.channel_id,
      };
      const rewritten = rewriteRegions(page.regions(), (uuid) => matcher.plan.resolve(page.channel_id, uuid));
      const awaiting = rewritten.skipped.filter((one) => created.has(`${page.channel_id}|${one.template}`));
      const over = overPageLimits(rewritten);
      const refused =
        first !== index
          ? `This page is also page ${first + 1} of this import, which writes it; this one will not be written`
          : (refusedUpFront(target) ??
            (over.length > 0 ? `This page holds ${over.join(' and ')}, so it will not be written` : null));
      const now =
        refused === null
          ? await client.pageWidgets.get({
              channelId: target.channelId,
              templateFile: target.templateFile ?? undefined,
              entityId: target.entityId ?? undefined,
              signal,
            })
          : null;
      return {
        index,
        ...target,
        widgets: rewritten.widgets + awaiting.length,
        layouts: rewritten.layouts,
        missingTemplates: [
          ...new Set(rewritten.skipped.filter((one) => !awaiting.includes(one)).map((one) => one.template)),
        ],
        targetWidgetsNow: now === null ? null : widgetsIn(now.regions),
        refused,
      };
    },
  );
  const written = pages.filter((page) => page.refused === null);
  return {
    pages,
    pagesToWrite: written.length,
    widgetsToWrite: written.reduce((sum, page) => sum + page.widgets, 0),
    templatesToCreate: matcher.plan.toCreate.map(({ channelId, source }) => ({
      name: source.name,
      channelId,
    })),
  };
}
