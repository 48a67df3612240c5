// The body of `POST /v3/content/page-widgets` made from a dumped page (API-NOTES §6 (c), §6 (e).4): every widget's
// `widget_template_uuid` rewritten to the target's template, widgets whose template the target lacks left out, and
// only the fields the publish call takes [PW components.schemas.region/layout/dropzone/widget]:
// - region: name, children;
// - layout: type, name, configuration, dropzones (`layout_template_uuid` is read-only, "set by BigCommerce": dropped on
//   an import, kept on a restore to the same page, where it is that store's own value);
// - dropzone: configuration, widgets;
// - widget: type, widget_template_uuid, configuration, storefront_api_query_params, name, description.
// Anything else (ids a store adds, fields of a newer API) is left out and counted, so the logs can say so.
import type { SnapshotChild, SnapshotRegion, SnapshotWidget } from '../../../common/dumps/widgets-dump';
import type { PageRegion } from '../../integrations/bigcommerce/resources/page-widgets';

/** The target template for a source `widget_template_uuid`, or the name to report it missing under. */
export type TemplateResolution = { uuid: string } | { missing: string; reason: string };

export type SkippedWidget = { region: string; widget: string; template: string; reason: string };

export type RewrittenPage = {
  regions: PageRegion[];
  /** Widgets in the body, direct children and those inside layouts. */
  widgets: number;
  layouts: number;
  skipped: SkippedWidget[];
  /** Children of a kind the publish call does not know (neither widget nor layout): left out. */
  unknownChildren: number;
  /** Fields left out, `kind.field` → how many times (`layout.layout_template_uuid` → 3). */
  dropped: Map<string, number>;
  /** Widgets whose configuration names an entity of the source store (`productId`…), kept as they are. */
  sourceIdWidgets: string[];
};

export type RewriteOptions = {
  /** Keep `layout_template_uuid` (a restore to the same store); an import leaves it to BigCommerce. */
  keepLayoutTemplate?: boolean;
};

const WIDGET_FIELDS = new Set([
  'type',
  'widget_template_uuid',
  'configuration',
  'storefront_api_query_params',
  'name',
  'description',
]);
const LAYOUT_FIELDS = new Set(['type', 'name', 'configuration', 'dropzones', 'layout_template_uuid']);
const DROPZONE_FIELDS = new Set(['configuration', 'widgets']);
const REGION_FIELDS = new Set(['name', 'children']);

/** Keys of a widget's settings that hold ids of the source store's catalogue (Page Builder's product widgets). */
const SOURCE_ID_KEY = /^(product|category|brand|page)_?ids?$/i;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A layout is `type: "layout"`, or a child without `type` that has dropzones (as BigCommerce's own example). */
export function isLayoutChild(child: SnapshotChild): boolean {
  return child.type === 'layout' || (child.type === undefined && Array.isArray(child.dropzones));
}

function isWidgetChild(child: SnapshotChild): boolean {
  return child.type === 'widget' || (child.type === undefined && !Array.isArray(child.dropzones));
}

export function rewriteRegions(
  regions: readonly SnapshotRegion[],
  resolve: (sourceUuid: string) => TemplateResolution,
  options: RewriteOptions = {},
): RewrittenPage {
  const out: RewrittenPage = {
    regions: [],
    widgets: 0,
    layouts: 0,
    skipped: [],
    unknownChildren: 0,
    dropped: new Map(),
    sourceIdWidgets: [],
  };
  const drop = (kind: string, value: Record<string, unknown>, kept: Set<string>) => {
    for (const key of Object.keys(value)) {
      if (kept.has(key)) continue;
      const name = `${kind}.${key}`;
      out.dropped.set(name, (out.dropped.get(name) ?? 0) + 1);
    }
  };

  const widgetOf = (widget: SnapshotWidget, region: string): Record<string, unknown> | undefined => {
    drop('widget', widget, WIDGET_FIELDS);
    const label = widget.name?.trim() || 'Unnamed widget';
    const sourceUuid = widget.widget_template_uuid;
    if (!sourceUuid) {
      out.skipped.push({
        region,
        widget: label,
        template: '(none)',
        reason: 'it has no widget_template_uuid',
      });
      return undefined;
    }
    const resolved = resolve(sourceUuid);
    if ('missing' in resolved) {
      out.skipped.push({ region, widget: label, template: resolved.missing, reason: resolved.reason });
      return undefined;
    }
    const body: Record<string, unknown> = { type: 'widget', widget_template_uuid: resolved.uuid };
    if (widget.name !== undefined) body.name = widget.name;
    if (widget.description !== undefined) body.description = widget.description;
    if (widget.configuration !== undefined) body.configuration = structuredClone(widget.configuration);
    if (widget.storefront_api_query_params !== undefined) {
      body.storefront_api_query_params = structuredClone(widget.storefront_api_query_params);
    }
    const settings = [widget.configuration, widget.storefront_api_query_params].filter(isRecord);
    if (settings.some((values) => Object.keys(values).some((key) => SOURCE_ID_KEY.test(key)))) {
      out.sourceIdWidgets.push(label);
    }
    out.widgets++;
    return body;
  };

  for (const region of regions) {
    drop('region', region, REGION_FIELDS);
    const children: Record<string, unknown>[] = [];
    for (const child of region.children) {
      if (isLayoutChild(child)) {
        drop('layout', child, LAYOUT_FIELDS);
        if (child.layout_template_uuid !== undefined && !options.keepLayoutTemplate) {
          out.dropped.set(
            'layout.layout_template_uuid',
            (out.dropped.get('layout.layout_template_uuid') ?? 0) + 1,
          );
        }
        const layout: Record<string, unknown> = { type: 'layout' };
        if (options.keepLayoutTemplate && child.layout_template_uuid !== undefined) {
          layout.layout_template_uuid = child.layout_template_uuid;
        }
        if (child.name !== undefined) layout.name = child.name;
        if (child.configuration !== undefined) layout.configuration = structuredClone(child.configuration);
        layout.dropzones = (child.dropzones ?? []).map((dropzone) => {
          drop('dropzone', dropzone, DROPZONE_FIELDS);
          const zone: Record<string, unknown> = {};
          if (dropzone.configuration !== undefined)
            zone.configuration = structuredClone(dropzone.configuration);
          zone.widgets = (dropzone.widgets ?? []).flatMap((widget) => {
            const body = widgetOf(widget, region.name);
            return body ? [body] : [];
          });
          return zone;
        });
        out.layouts++;
        children.push(layout);
      } else if (isWidgetChild(child)) {
        const body = widgetOf(child, region.name);
        if (body) children.push(body);
      } else {
        out.unknownChildren++;
      }
    }
    out.regions.push({ name: region.name, children });
  }
  return out;
}

/** `layout_template_uuid ×3, widget.uuid ×1`: what was left out, for a log line. */
export function describeDropped(dropped: ReadonlyMap<string, number>): string {
  return [...dropped.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, count]) => `${field} ×${count}`)
    .join(', ');
}
