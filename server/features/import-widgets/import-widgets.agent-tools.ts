// Import Widgets for AI agents (issue 33): the write tool `import_widgets`. Its arguments are the screen's choices with
// `targetStoreId` in place of the credentials: the dump (as the screen uploads it, or a kept dump's uri), the pages
// ticked with their new entity ids, the channel and auto-create; the request is built as the screen builds it and
// checked by the same contract. Without `confirmation` it answers `{preview, confirmation}` (./import-widgets.preview.ts);
// with the token it runs the screen's import (each page's current content saved first, one writer of a page at a time)
// and answers `{result}`, the import's answer (not a job: it ends before the answer). The same token again answers it.
import { z } from 'zod';
import {
  importWidgetsRequestSchema,
  MAX_IMPORT_PAGES,
  normaliseChannelId,
  readWidgetsImportFile,
} from '../../../common/contracts/import-widgets';
import { ERROR_CODES } from '../../../common/errors';
import type { AgentTool } from '../../agent-tools/agent-tools';
import { IMPORT_CONFIRMS, importToolInput, resolveDump } from '../../agent-tools/tool-inputs';
import { writeTool, type ResultWriteDeps } from '../../agent-tools/write-tool';
import { beforeWriteFor } from '../../jobs/before-job';
import { AppError, parseInput } from '../../errors';
import type { Logger } from '../../logger';
import { previewImportWidgets } from './import-widgets.preview';
import { widgetsImporter } from './import-widgets.routes';
import { inMemoryPage } from './import-widgets.service';
import { inMemoryTemplate } from './import-widgets.templates';

export type ImportWidgetsAgentDeps = ResultWriteDeps & { logger: Logger };

export function importWidgetsAgentTools(deps: ImportWidgetsAgentDeps): AgentTool[] {
  const importer = widgetsImporter(deps.db, deps.logger);
  return [
    writeTool(deps, {
      name: 'import_widgets',
      title: 'Import widgets',
      description:
        "Import Page Builder widgets from a widgets dump (Dump Widgets' file or a bare array of pages, or the fullDump uri dump_widgets gave) into targetStoreId: each chosen page's content is replaced (its current content saved first, restorable in the app). Widget templates are matched by name; a missing custom one is created with autoCreateMissingTemplates, else its widgets are left out. Without `confirmation`: the preview (per page: widgets to write, templates missing, widgets the target shows there now) and a confirmation token; with that token (10 minutes): the import, as the Import Widgets screen runs it, answering its result (not a job: it ends before the answer; the same token again answers the same result).",
      answers: 'result',
      input: {
        ...importToolInput('The widgets dump'),
        pages: z
          .array(
            z.object({
              index: z.number().int().min(0).describe("The page's place in the dump (0 = first)"),
              entityId: z
                .string()
                .max(20)
                .nullable()
                .optional()
                .describe(
                  "The entity (product, category, brand, page id) it is written to; default the dump's",
                ),
            }),
          )
          .min(1)
          .max(MAX_IMPORT_PAGES)
          .optional()
          .describe("The pages to import; default every page of the dump, with the dump's entity ids"),
        channelId: z.number().int().min(1).optional().describe('The channel written to (default 1)'),
        autoCreateMissingTemplates: z
          .boolean()
          .optional()
          .describe("Create the dump's custom widget templates the target lacks (default false)"),
      },
      confirms: IMPORT_CONFIRMS,
      prepare: async (args, context) => {
        const store = await context.credentials(args.targetStoreId);
        const file = readWidgetsImportFile(await resolveDump(deps.dumps, context, args.dump));
        if (!file.ok) throw new AppError(ERROR_CODES.invalidInput, file.message);
        const { pages, sourceWidgetTemplates } = file.file;
        const chosen = args.pages ?? pages.map((_, index) => ({ index }));
        const channelId = normaliseChannelId(args.channelId ?? 1);
        const request = parseInput(importWidgetsRequestSchema, {
          store,
          pages: chosen.map(({ index, entityId }: { index: number; entityId?: string | null }) => {
            const page = pages[index];
            if (!page) {
              throw new AppError(
                ERROR_CODES.invalidInput,
                `The dump has ${pages.length} pages (0 to ${pages.length - 1}): there is no page ${index}`,
              );
            }
            return {
              template_file: page.template_file,
              entity_id: entityId === undefined ? page.entity_id : entityId,
              channel_id: channelId,
              regions: page.snapshot.regions,
            };
          }),
          autoCreateMissingTemplates: args.autoCreateMissingTemplates ?? false,
          sourceWidgetTemplates,
        });
        const client = context.client(request.store);
        const command = {
          pages: request.pages.map(inMemoryPage),
          autoCreateMissingTemplates: request.autoCreateMissingTemplates,
          sourceWidgetTemplates: request.sourceWidgetTemplates.map(inMemoryTemplate),
        };
        return { store: request.store, client, command, owner: `user:${context.userId}` };
      },
      preview: ({ client, command }, context) => previewImportWidgets(client, command, context.signal),
      // Like the screen's import, it goes on if the caller goes away: it is bounded by its pages.
      write: async ({ store, client, command, owner }) => {
        const beforeWrite = beforeWriteFor(deps.beforeJob, { owner, credentials: store, caller: owner });
        return importer.run(client, command, owner, { beforeWrite });
      },
      kept: (result, { store }) => ({
        name: `import-widgets-result_${store.storeHash}.json`,
        description: `The result of importing ${result.results.length} pages of widgets into store ${store.storeHash}`,
      }),
      detail: (result, { store }) => ({
        storeHash: store.storeHash,
        pages: result.results.length,
        written: result.results.filter((page) => page.success).length,
        createdTemplates: result.createdTemplates.length,
      }),
    }),
  ];
}
