// A page of two snapshots as two widgets dumps (issue 32 "Diff": "page content as the treemap's compare view"): each
// side is a dump of one page in the format Dump Widgets downloads and Widgets Visualization reads
// (common/dumps/widgets-dump.ts, docs/formats.md), with the widget templates its widgets use, so the Widgets
// Visualization's compare mode shows what the page gained, lost and changed. A side without the page (an added or a
// removed page) is the same page, empty. Pure: the hook that fetches the items is page-compare.ts.
import { z } from 'zod';
import {
  dumpedWidgetTemplateSchema,
  listSnapshotWidgets,
  snapshotRegionSchema,
  summariseWidgetsDump,
  WIDGETS_DUMP_KIND,
  WIDGETS_DUMP_VERSION,
  type DumpedPage,
  type DumpedWidgetTemplate,
  type SnapshotRegion,
  type WidgetsDump,
} from '../../../common/dumps/widgets-dump';
import { widgetsDumpFileName } from '../../../common/dumps/file-names';

/** Where a page is (the diff's key of a page). */
export type PageKey = { channelId: number; templateFile: string | null; entityId: string | null };

/** A snapshot's page content as the page-widgets API answered it (`{regions}`); anything else reads as empty. */
const pageContentSchema = z.looseObject({ regions: z.array(snapshotRegionSchema) });

/** Widget templates one side reads at most (a page using more shows the rest without their template's name). */
export const MAX_PAGE_TEMPLATES = 100;

/** Whether a change of the diff is a page's, and its key. */
export function pageKeyOf(key: Record<string, unknown>): PageKey | null {
  const { channelId, templateFile, entityId } = key;
  if (typeof channelId !== 'number') return null;
  if (templateFile !== null && typeof templateFile !== 'string') return null;
  if (entityId !== null && entityId !== undefined && typeof entityId !== 'string') return null;
  return { channelId, templateFile, entityId: entityId ?? null };
}

/** The regions of a page's content (none when the side has no page, or its content is not a page snapshot). */
export function regionsOf(content: unknown): SnapshotRegion[] {
  const parsed = pageContentSchema.safeParse(content);
  return parsed.success ? parsed.data.regions : [];
}

/** The widget templates a page's widgets use, in the order they first appear. */
export function templateUuidsOf(content: unknown): string[] {
  const uuids = new Set<string>();
  for (const widget of listSnapshotWidgets(regionsOf(content))) {
    if (widget.widget_template_uuid) uuids.add(widget.widget_template_uuid);
  }
  return [...uuids].slice(0, MAX_PAGE_TEMPLATES);
}

/**
 * A widget template as a snapshot stored it (BigCommerce's answer), as the dump lists it; null when it is not one. A
 * field BigCommerce left out reads as Dump Widgets writes it: no schema or query (null), no source ('').
 */
export function dumpedTemplateOf(raw: unknown): DumpedWidgetTemplate | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const template = raw as Record<string, unknown>;
  const parsed = dumpedWidgetTemplateSchema.safeParse({
    ...template,
    kind: template.kind ?? 'custom',
    template: template.template ?? '',
    schema: template.schema ?? null,
    storefront_api_query: template.storefront_api_query ?? null,
  });
  return parsed.success ? parsed.data : null;
}

/** One side of the compare: the page's content in that snapshot (null: not in it) and the templates read for it. */
export type PageSide = {
  /** When the snapshot was taken (ISO time): the dump's time and file name. */
  takenAt: string;
  content: unknown;
  templates: readonly unknown[];
};

/** A widgets dump of one page of one snapshot, in the format Dump Widgets downloads (format version 1). */
export function pageDump(storeHash: string, key: PageKey, side: PageSide): WidgetsDump {
  const page: DumpedPage = {
    template_file: key.templateFile,
    entity_id: key.entityId,
    entity_name: null,
    channel_id: key.channelId,
    snapshot: { regions: regionsOf(side.content) },
  };
  const widgetTemplates = side.templates.flatMap((raw) => dumpedTemplateOf(raw) ?? []);
  const used = templateUuidsOf(side.content);
  const missing = used.filter((uuid) => !widgetTemplates.some((template) => template.uuid === uuid));
  const notes = [
    ...(side.content === null ? ['This snapshot does not hold this page: it is shown empty.'] : []),
    ...missing.map((uuid) => `The widget template ${uuid} is not in this snapshot.`),
  ];
  return {
    formatVersion: WIDGETS_DUMP_VERSION,
    kind: WIDGETS_DUMP_KIND,
    dumpedAt: side.takenAt,
    storeHash,
    channelId: key.channelId,
    dumpMode: 'selected',
    templates: [page],
    widgetTemplates,
    summary: summariseWidgetsDump([page], widgetTemplates),
    notes,
  };
}

/** The dump's file name, as Dump Widgets names its downloads: the store and the snapshot's time. */
export function pageDumpFileName(storeHash: string, side: Pick<PageSide, 'takenAt'>): string {
  return widgetsDumpFileName(storeHash, new Date(side.takenAt));
}

/** A dump as the Widgets Visualization is handed it: its file name and content. */
export type NamedDump = { fileName: string; content: WidgetsDump };

/** The page before (the older snapshot: the main dump) and after (the newer: the compared dump). */
export function pageCompareDumps(
  storeHash: string,
  key: PageKey,
  before: PageSide,
  after: PageSide,
): { main: NamedDump; compare: NamedDump } {
  return {
    main: { fileName: pageDumpFileName(storeHash, before), content: pageDump(storeHash, key, before) },
    compare: { fileName: pageDumpFileName(storeHash, after), content: pageDump(storeHash, key, after) },
  };
}

/** Reads one item of a snapshot: its content, or null when the snapshot does not hold it. */
export type ItemReader = (
  snapshotId: string,
  kind: 'page' | 'widget-template',
  key: Record<string, unknown>,
) => Promise<unknown>;

/** Widget templates read at once. */
const TEMPLATE_READS_AT_ONCE = 6;

/**
 * One side of the compare, read from its snapshot: the page (when the diff says the snapshot holds it) and the widget
 * templates its widgets use (a template the snapshot does not hold is left out, and noted in the dump).
 */
export async function readPageSide(
  read: ItemReader,
  snapshot: { id: string; createdAt: string },
  key: PageKey,
  holdsPage: boolean,
): Promise<PageSide> {
  const content = holdsPage ? await read(snapshot.id, 'page', key) : null;
  const uuids = templateUuidsOf(content);
  const templates: unknown[] = [];
  for (let start = 0; start < uuids.length; start += TEMPLATE_READS_AT_ONCE) {
    const batch = uuids.slice(start, start + TEMPLATE_READS_AT_ONCE);
    const found = await Promise.all(batch.map((uuid) => read(snapshot.id, 'widget-template', { id: uuid })));
    templates.push(...found.filter((template) => template !== null));
  }
  return { takenAt: snapshot.createdAt, content, templates };
}
