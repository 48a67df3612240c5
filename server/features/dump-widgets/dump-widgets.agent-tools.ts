// Dump Widgets for AI agents (issue 33): `dump_widgets` takes the API body (channelId, dumpMode, selectedTemplates,
// entityIds) with `storeId` in place of the credentials, checked by the same contract. The answer is sized for a
// model: a summary first (counts of pages, regions, widgets, layouts and widget templates, and the dump's notes), then
// one page of the dumped pages (offset, limit), each as its template, entity and counts; `include` adds each page's
// regions, its widgets (without their configuration) and the list of widget templates (without their HTML). The whole
// dump is kept for the caller and linked (`fullDump`; over MCP a resource).
import { z } from 'zod';
import { dumpWidgetsRequestSchema } from '../../../common/contracts/dump-widgets';
import { widgetsDumpFileName } from '../../../common/dumps/file-names';
import { PAGE_TEMPLATE_IDS } from '../../../common/dumps/page-templates';
import {
  dumpModeSchema,
  isLayoutChild,
  type DumpedPage,
  type SnapshotWidget,
  type WidgetsDump,
} from '../../../common/dumps/widgets-dump';
import { agentTool, type AgentTool } from '../../agent-tools/agent-tools';
import { storeIdInput } from '../../agent-tools/tool-inputs';
import { parseInput } from '../../errors';
import { dumpWidgets } from './dump-widgets.service';

export const DEFAULT_WIDGET_PAGES = 20;
export const MAX_WIDGET_PAGES = 100;
export const WIDGET_DUMP_DETAILS = ['regions', 'widgets', 'widgetTemplates'] as const;

type WidgetLine = {
  region: string;
  name: string | null;
  widgetTemplateUuid: string | null;
  inLayout: boolean;
};

/** A page's regions with their widget counts, and its widgets (layouts opened) without their configuration. */
function walkPage(page: DumpedPage) {
  const widgets: WidgetLine[] = [];
  let layouts = 0;
  const regions = page.snapshot.regions.map((region) => {
    let count = 0;
    const line = (widget: SnapshotWidget, inLayout: boolean): WidgetLine => ({
      region: region.name,
      name: widget.name ?? null,
      widgetTemplateUuid: widget.widget_template_uuid ?? null,
      inLayout,
    });
    for (const child of region.children) {
      if (isLayoutChild(child)) {
        layouts++;
        for (const dropzone of child.dropzones ?? []) {
          for (const widget of dropzone.widgets ?? []) {
            widgets.push(line(widget, true));
            count++;
          }
        }
      } else {
        widgets.push(line(child, false));
        count++;
      }
    }
    return { name: region.name, widgets: count };
  });
  return { regions, widgets, layouts };
}

/** The summary of a widgets dump for a model: what was read, and how much of each. */
export function summariseWidgetsForAgent(dump: WidgetsDump) {
  const walked = dump.templates.map(walkPage);
  return {
    storeHash: dump.storeHash,
    channelId: dump.channelId ?? null,
    dumpMode: dump.dumpMode ?? null,
    dumpedAt: dump.dumpedAt ?? null,
    pages: dump.templates.length,
    regions: walked.reduce((n, page) => n + page.regions.length, 0),
    widgets: dump.summary.totalWidgets,
    layouts: walked.reduce((n, page) => n + page.layouts, 0),
    widgetTemplates: dump.summary.totalWidgetTemplates,
    uniqueWidgetTemplates: dump.summary.uniqueWidgetTemplates,
    notes: dump.notes,
  };
}

const dumpWidgetsAgentTool = agentTool({
  name: 'dump_widgets',
  title: 'Dump widgets',
  description:
    'Read a store\'s Page Builder widgets as Dump Widgets does: the global regions (dumpMode "global"), those and every page template that needs no entity ("all", the default), or the templates named in selectedTemplates ("selected"; product, category, brand, page and blog-post need entityIds, e.g. {"product": "77"}). Answers a summary (counts of pages, regions, widgets, layouts and widget templates; notes on pages skipped), then the pages a page at a time (offset, limit; nextOffset when there are more) with their template, entity and counts. include adds each page\'s regions and widgets (name, widget template uuid, region) and the widget templates used (uuid, name, kind).',
  access: 'read',
  input: {
    storeId: storeIdInput('The store'),
    channelId: z
      .union([z.number(), z.string().max(20)])
      .optional()
      .describe('The channel; 1 (the default storefront) when left out'),
    dumpMode: z
      .enum(dumpModeSchema.options, { error: 'dumpMode must be global, all or selected' })
      .default('all')
      .describe('"global", "all" (the default) or "selected"'),
    selectedTemplates: z
      .array(z.string().max(50))
      .max(PAGE_TEMPLATE_IDS.length)
      .optional()
      .describe(`With dumpMode "selected": template ids among ${PAGE_TEMPLATE_IDS.join(', ')}`),
    entityIds: z
      .record(z.string().max(50), z.union([z.string().max(1000), z.number()]))
      .optional()
      .describe('Entity ids by template, comma-separated for several: {"product": "77, 80", "category": 23}'),
    offset: z.number().int().min(0).default(0).describe('The first page to answer (0 by default)'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_WIDGET_PAGES)
      .default(DEFAULT_WIDGET_PAGES)
      .describe('Pages to answer'),
    include: z
      .array(z.enum(WIDGET_DUMP_DETAILS))
      .optional()
      .describe('Details to add: "regions", "widgets" (per page) and "widgetTemplates"'),
  },
  run: async (
    { storeId, channelId, dumpMode, selectedTemplates, entityIds, offset, limit, include },
    context,
  ) => {
    const storeCredentials = await context.credentials(storeId);
    const request = parseInput(dumpWidgetsRequestSchema, {
      storeCredentials,
      channelId,
      dumpMode,
      selectedTemplates,
      entityIds,
    });
    const dump = await dumpWidgets(
      context.client(storeCredentials),
      { channelId: request.channelId, dumpMode: request.dumpMode, selected: request.selected },
      { signal: context.signal },
    );
    const fullDump = await context.keepDump?.({
      tool: 'dump_widgets',
      name: widgetsDumpFileName(dump.storeHash, new Date(dump.dumpedAt ?? Date.now())),
      description: `The widgets dump of store ${dump.storeHash}, channel ${request.channelId} (${request.dumpMode}): every page snapshot and widget template, as Dump Widgets downloads it`,
      data: dump,
    });
    const details = new Set(include ?? []);
    const pages = dump.templates.slice(offset, offset + limit).map((page, at) => {
      const walked = walkPage(page);
      return {
        index: offset + at,
        templateFile: page.template_file,
        entityId: page.entity_id,
        entityName: page.entity_name,
        regionCount: walked.regions.length,
        widgetCount: walked.widgets.length,
        ...(details.has('regions') ? { regions: walked.regions } : {}),
        ...(details.has('widgets') ? { widgets: walked.widgets } : {}),
      };
    });
    return {
      summary: summariseWidgetsForAgent(dump),
      offset,
      pages,
      nextOffset: offset + pages.length < dump.templates.length ? offset + pages.length : null,
      ...(fullDump ? { fullDump } : {}),
      ...(details.has('widgetTemplates')
        ? {
            widgetTemplates: dump.widgetTemplates.map((template) => ({
              uuid: template.uuid,
              name: template.name,
              kind: template.kind,
            })),
          }
        : {}),
    };
  },
});

/** Dump Widgets' tool: `dump_widgets`. */
export function dumpWidgetsAgentTools(): AgentTool[] {
  return [dumpWidgetsAgentTool];
}
