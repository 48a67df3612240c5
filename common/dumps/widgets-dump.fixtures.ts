// Builders of small widgets dumps for the tests of the dump, the hierarchy, the diff and the client's lookups: the
// page, region and widget-template entries as a dump file holds them, and the dump parsed with its summary worked out.
import { summariseWidgetsDump, widgetsDumpSchema, type WidgetsDump } from './widgets-dump';
import type { HierarchyNode } from './widgets-hierarchy';

export const widget = (
  uuid: string,
  name?: string,
  configuration: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  type: 'widget',
  widget_template_uuid: uuid,
  ...(name === undefined ? {} : { name }),
  configuration,
  ...extra,
});

export const layout = (...columns: ReturnType<typeof widget>[][]) => ({
  type: 'layout',
  layout_template_uuid: 'l',
  dropzones: columns.map((widgets) => ({ widgets })),
});

export const template = (
  uuid: string,
  name: string,
  kind: string,
  schema: unknown[] | null = [{ type: 'tab' }],
) => ({
  uuid,
  name,
  kind,
  template: '<div></div>',
  schema,
  storefront_api_query: null as string | null,
});

export const page = (
  template_file: string | null,
  regions: { name: string; children: unknown[] }[],
  entity: { id: string | null; name: string | null } = { id: null, name: null },
) => ({
  template_file,
  entity_id: entity.id,
  entity_name: entity.name,
  channel_id: 1,
  snapshot: { regions },
});

/** The dump of these pages and widget templates, parsed, with its summary worked out. */
export function makeDump(
  pages: ReturnType<typeof page>[],
  widgetTemplates: ReturnType<typeof template>[],
): WidgetsDump {
  const parsed = widgetsDumpSchema.parse({
    storeHash: 'abc',
    templates: pages,
    widgetTemplates,
    summary: { totalWidgetTemplates: 0, totalTemplates: 0, totalWidgets: 0, uniqueWidgetTemplates: 0 },
  });
  return { ...parsed, summary: summariseWidgetsDump(parsed.templates, parsed.widgetTemplates) };
}

/** The node and every node below it, depth first. */
export function allNodes(node: HierarchyNode): HierarchyNode[] {
  return [node, ...(node.children ?? []).flatMap(allNodes)];
}
