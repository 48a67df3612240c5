// The Widgets Visualization's dump-to-hierarchy transform (spec part 1 §2 "Widgets Visualization", §3 "Widgets dump
// file", §4 "Treemap", §9 treemap constants). Pure: a widgets dump in, a plain tree out, ready for d3-hierarchy.
//
// root > "Pages" > page (template file + entity) > region > layout > dropzone > widget (widgets directly under a
// region too), and root > "Widget templates" > kind > template. Every leaf weighs at least 1, so an empty page,
// region, layout or dropzone still gets a box and never a zero-size node.
import {
  isLayoutChild,
  type SnapshotWidget,
  type WidgetsDump,
  type WidgetsDumpSummary,
} from './widgets-dump';

/** The treemap constants of §9, exactly. */
export const TREEMAP = Object.freeze({
  /** Zoom from 0.5x to 5x. */
  zoomMin: 0.5,
  zoomMax: 5,
  /** Zoom in / out buttons multiply or divide by this. */
  zoomButtonStep: 1.2,
  /** Mouse wheel: scale by 0.9 (out) or 1.1 (in) per step. */
  wheelZoomOut: 0.9,
  wheelZoomIn: 1.1,
  /** Levels shown below the focused node; 1 inside the widget-templates category. */
  maxDepth: 2,
  templatesMaxDepth: 1,
  /** Labels only for boxes at least 60 x 25 px. */
  labelMinWidth: 60,
  labelMinHeight: 25,
  /** Tree names cut at 30 characters, schema view values at 100. */
  nameMaxLength: 30,
  schemaValueMaxLength: 100,
} as const);

/**
 * The names the tree gives its groups and the page of a dump's global regions (a page with no template file). They
 * are data (the search matches them); a screen shows them in its reader's language (the client translates them).
 */
export const GROUP_NAMES = Object.freeze({
  root: 'All',
  pages: 'Pages',
  templates: 'Widget templates',
  globalRegions: 'Global regions',
} as const);

export type HierarchyKind =
  | 'root'
  | 'pages'
  | 'page'
  | 'region'
  | 'layout'
  | 'dropzone'
  | 'widget'
  | 'templates'
  | 'template-kind'
  | 'template';

/** Where a node comes from: a place in one page's snapshot (keys from `snapshot`), or a widget template. */
export type HierarchyRef = { pageIndex: number; path: (string | number)[] } | { templateUuid: string };

export type HierarchyNode = {
  /** Stable, unique path: `pages/0/regions/1/children/2/dropzones/0/widgets/3`, `templates/custom/<uuid>`. */
  id: string;
  name: string;
  kind: HierarchyKind;
  /** A leaf's weight (at least 1); a parent's is the sum of its children's. */
  value: number;
  children?: HierarchyNode[];
  ref?: HierarchyRef;
};

export type HierarchyFilters = {
  /** Hide widget templates whose schema is null or empty (on by default, §4). */
  hideEmptySchemaTemplates?: boolean;
  /** Hide widget templates no widget of the dump uses (on by default, §4). */
  hideUnusedTemplates?: boolean;
};

export type VisualizationSummary = WidgetsDumpSummary & {
  totalRegions: number;
  totalLayouts: number;
  totalDropzones: number;
};

/** Cut a name to `max` characters (code points), the last one an ellipsis. */
export function truncateName(name: string, max: number = TREEMAP.nameMaxLength): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  return `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** A container: its children's total, or 1 when it has none (so it keeps a box and never weighs zero). */
function container(
  id: string,
  name: string,
  kind: HierarchyKind,
  children: HierarchyNode[],
  ref?: HierarchyRef,
): HierarchyNode {
  const node: HierarchyNode = { id, name, kind, value: 1 };
  if (children.length > 0) {
    node.children = children;
    node.value = children.reduce((sum, child) => sum + child.value, 0);
  }
  if (ref) node.ref = ref;
  return node;
}

function pageName(page: WidgetsDump['templates'][number]): string {
  const file = page.template_file ?? GROUP_NAMES.globalRegions;
  if (page.entity_name && page.entity_id) return `${file} · ${page.entity_name} (#${page.entity_id})`;
  if (page.entity_name) return `${file} · ${page.entity_name}`;
  if (page.entity_id) return `${file} · #${page.entity_id}`;
  return file;
}

/**
 * The tree of a dump. With `refs: false` nodes carry no `ref` (cheaper to build and to send to another thread; the
 * ref can be read back from the id with `refFromId`).
 */
export function buildWidgetsHierarchy(
  dump: WidgetsDump,
  { hideEmptySchemaTemplates = true, hideUnusedTemplates = true }: HierarchyFilters = {},
  { refs = true }: { refs?: boolean } = {},
): HierarchyNode {
  const templateNames = new Map(dump.widgetTemplates.map((t) => [t.uuid, t.name]));
  const uses = new Map<string, number>();

  const widgetNode = (
    widget: SnapshotWidget,
    id: string,
    pageIndex: number,
    path: () => (string | number)[],
  ) => {
    const uuid = widget.widget_template_uuid;
    if (uuid) uses.set(uuid, (uses.get(uuid) ?? 0) + 1);
    const name = widget.name || (uuid ? templateNames.get(uuid) : undefined) || 'Widget';
    const node: HierarchyNode = { id, name, kind: 'widget', value: 1 };
    if (refs) node.ref = { pageIndex, path: path() };
    return node;
  };

  const at = (pageIndex: number, path: (string | number)[]): HierarchyRef | undefined =>
    refs ? { pageIndex, path } : undefined;

  const pages = dump.templates.map((page, pageIndex) => {
    const pageId = `pages/${pageIndex}`;
    const regions = page.snapshot.regions.map((region, r) => {
      const regionPath = ['regions', r];
      const regionId = `${pageId}/regions/${r}`;
      const children = region.children.map((child, c) => {
        const childPath = [...regionPath, 'children', c];
        const childId = `${regionId}/children/${c}`;
        if (!isLayoutChild(child)) return widgetNode(child, childId, pageIndex, () => childPath);
        const dropzones = (child.dropzones ?? []).map((dropzone, d) => {
          const zonePath = [...childPath, 'dropzones', d];
          const zoneId = `${childId}/dropzones/${d}`;
          const widgets = (dropzone.widgets ?? []).map((widget, w) =>
            widgetNode(widget, `${zoneId}/widgets/${w}`, pageIndex, () => [...zonePath, 'widgets', w]),
          );
          return container(zoneId, `Dropzone ${d + 1}`, 'dropzone', widgets, at(pageIndex, zonePath));
        });
        return container(childId, child.name || 'Layout', 'layout', dropzones, at(pageIndex, childPath));
      });
      return container(regionId, region.name, 'region', children, at(pageIndex, regionPath));
    });
    return container(pageId, pageName(page), 'page', regions, at(pageIndex, []));
  });

  const byKind = new Map<string, HierarchyNode[]>();
  for (const template of dump.widgetTemplates) {
    const count = uses.get(template.uuid) ?? 0;
    if (hideEmptySchemaTemplates && (template.schema === null || template.schema.length === 0)) continue;
    if (hideUnusedTemplates && count === 0) continue;
    const kindNodes = byKind.get(template.kind) ?? [];
    byKind.set(template.kind, kindNodes);
    const node: HierarchyNode = {
      id: `templates/${template.kind}/${template.uuid}`,
      name: template.name,
      kind: 'template',
      value: Math.max(1, count),
    };
    if (refs) node.ref = { templateUuid: template.uuid };
    kindNodes.push(node);
  }
  const kinds = [...byKind].map(([kind, templates]) =>
    container(`templates/${kind}`, kind, 'template-kind', templates),
  );

  return container('root', GROUP_NAMES.root, 'root', [
    container('pages', GROUP_NAMES.pages, 'pages', pages),
    container('templates', GROUP_NAMES.templates, 'templates', kinds),
  ]);
}

/** A node's ref read back from its id (`pages/0/regions/1` -> page 0, path regions/1), or undefined for the rest. */
export function refFromId(id: string): HierarchyRef | undefined {
  const parts = id.split('/');
  if (parts[0] === 'templates' && parts.length >= 3)
    return { templateUuid: id.slice(id.indexOf('/', 10) + 1) };
  if (parts[0] !== 'pages' || parts.length < 2) return undefined;
  const pageIndex = Number(parts[1]);
  if (!Number.isInteger(pageIndex)) return undefined;
  const path = parts.slice(2).map((part, i) => (i % 2 === 1 ? Number(part) : part));
  return { pageIndex, path };
}

/** The dump's four summary counts plus regions, layouts and dropzones counted from the snapshots (§3). */
export function visualizationSummary(dump: WidgetsDump): VisualizationSummary {
  let totalRegions = 0;
  let totalLayouts = 0;
  let totalDropzones = 0;
  for (const page of dump.templates) {
    for (const region of page.snapshot.regions) {
      totalRegions++;
      for (const child of region.children) {
        if (!isLayoutChild(child)) continue;
        totalLayouts++;
        totalDropzones += child.dropzones?.length ?? 0;
      }
    }
  }
  const { totalWidgetTemplates, totalTemplates, totalWidgets, uniqueWidgetTemplates } = dump.summary;
  return {
    totalWidgetTemplates,
    totalTemplates,
    totalWidgets,
    uniqueWidgetTemplates,
    totalRegions,
    totalLayouts,
    totalDropzones,
  };
}
