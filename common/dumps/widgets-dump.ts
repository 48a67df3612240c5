// The widgets dump file (spec part 1 §3 "Widgets dump file"), written by Dump Widgets and read by Widgets
// Visualization and Import Widgets. Documented in docs/formats.md. Version 1.
//
// `templates[]` are page snapshots exactly as BigCommerce's page-widgets API answers them (API-NOTES §6 (c)): a
// region's children are widgets or layouts, a layout's dropzones hold widgets. `widgetTemplates[]` are the widget
// templates those widgets use. Objects are loose: unknown fields (layout styling, query params…) are kept.
import { z } from 'zod';

export const WIDGETS_DUMP_KIND = 'bc-toolbox/widgets-dump';
export const WIDGETS_DUMP_VERSION = 1;

export const dumpModeSchema = z.enum(['global', 'all', 'selected']);
export type DumpMode = z.infer<typeof dumpModeSchema>;

export const snapshotWidgetSchema = z.looseObject({
  type: z.string().optional(),
  name: z.string().optional(),
  widget_template_uuid: z.string().optional(),
  configuration: z.record(z.string(), z.unknown()).optional(),
});
export type SnapshotWidget = z.infer<typeof snapshotWidgetSchema>;

export const snapshotDropzoneSchema = z.looseObject({
  configuration: z.record(z.string(), z.unknown()).optional(),
  widgets: z.array(snapshotWidgetSchema).optional(),
});

/** A child of a region: a layout (`type: "layout"` with dropzones) or a widget. */
export const snapshotChildSchema = z.looseObject({
  type: z.string().optional(),
  name: z.string().optional(),
  widget_template_uuid: z.string().optional(),
  layout_template_uuid: z.string().optional(),
  configuration: z.record(z.string(), z.unknown()).optional(),
  dropzones: z.array(snapshotDropzoneSchema).optional(),
});
export type SnapshotChild = z.infer<typeof snapshotChildSchema>;

export const snapshotRegionSchema = z.looseObject({
  name: z.string(),
  children: z.array(snapshotChildSchema).default([]),
});
export type SnapshotRegion = z.infer<typeof snapshotRegionSchema>;

export const dumpedPageSchema = z.looseObject({
  /** `pages/home`, `pages/product`…; null for the sitewide global regions (the snapshot without template_file). */
  template_file: z.string().nullable(),
  /** The product, category, brand, web page or blog post id (a string, as BigCommerce sends it); null otherwise. */
  entity_id: z.string().nullable(),
  /** That entity's name; null when there is no entity or its name could not be read. */
  entity_name: z.string().nullable(),
  channel_id: z.number().int(),
  snapshot: z.looseObject({ regions: z.array(snapshotRegionSchema) }),
});
export type DumpedPage = z.infer<typeof dumpedPageSchema>;

export const dumpedWidgetTemplateSchema = z.looseObject({
  uuid: z.string(),
  name: z.string(),
  /** `custom` for templates made by the merchant; other kinds are BigCommerce's built-ins. */
  kind: z.string(),
  template: z.string(),
  schema: z.array(z.unknown()).nullable(),
  storefront_api_query: z.string().nullable(),
});
export type DumpedWidgetTemplate = z.infer<typeof dumpedWidgetTemplateSchema>;

export const widgetsDumpSummarySchema = z.looseObject({
  /** Entries of widgetTemplates[]. */
  totalWidgetTemplates: z.number().int(),
  /** Entries of templates[] (page snapshots). */
  totalTemplates: z.number().int(),
  /** Widgets in every snapshot, direct children of regions and widgets inside layouts alike. */
  totalWidgets: z.number().int(),
  /** Distinct widget_template_uuid values those widgets use. */
  uniqueWidgetTemplates: z.number().int(),
});
export type WidgetsDumpSummary = z.infer<typeof widgetsDumpSummarySchema>;

export const widgetsDumpSchema = z.looseObject({
  formatVersion: z.literal(WIDGETS_DUMP_VERSION).optional(),
  kind: z.literal(WIDGETS_DUMP_KIND).optional(),
  dumpedAt: z.iso.datetime().optional(),
  storeHash: z.string(),
  channelId: z.number().int().optional(),
  dumpMode: dumpModeSchema.optional(),
  templates: z.array(dumpedPageSchema),
  widgetTemplates: z.array(dumpedWidgetTemplateSchema).default([]),
  summary: widgetsDumpSummarySchema,
  /** Plain sentences about anything left out: an entity that does not exist, an empty page, a missing template. */
  notes: z.array(z.string()).default([]),
});
export type WidgetsDump = z.infer<typeof widgetsDumpSchema>;

/** A region's child is a layout when its type says so, or when it has no type but has dropzones. */
export function isLayoutChild(child: SnapshotChild): boolean {
  return child.type === 'layout' || (child.type === undefined && child.dropzones !== undefined);
}

/** Every widget of a snapshot: direct children of regions, and widgets in the dropzones of layouts. */
export function listSnapshotWidgets(regions: readonly SnapshotRegion[]): SnapshotWidget[] {
  const widgets: SnapshotWidget[] = [];
  for (const region of regions) {
    for (const child of region.children) {
      if (isLayoutChild(child)) {
        for (const dropzone of child.dropzones ?? []) widgets.push(...(dropzone.widgets ?? []));
      } else {
        widgets.push(child);
      }
    }
  }
  return widgets;
}

/** The summary of §3, computed from the pages and the widget templates of a dump. */
export function summariseWidgetsDump(
  pages: readonly Pick<DumpedPage, 'snapshot'>[],
  widgetTemplates: readonly unknown[],
): WidgetsDumpSummary {
  const uuids = new Set<string>();
  let totalWidgets = 0;
  for (const page of pages) {
    for (const widget of listSnapshotWidgets(page.snapshot.regions)) {
      totalWidgets++;
      if (widget.widget_template_uuid) uuids.add(widget.widget_template_uuid);
    }
  }
  return {
    totalWidgetTemplates: widgetTemplates.length,
    totalTemplates: pages.length,
    totalWidgets,
    uniqueWidgetTemplates: uuids.size,
  };
}
