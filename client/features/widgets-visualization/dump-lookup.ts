// From a treemap node back to the dump: the snapshot object a page, region, layout, dropzone or widget node stands
// for, the widget template a template node stands for, and the text the search box looks in.
import type { DumpedWidgetTemplate, WidgetsDump } from '../../../common/dumps/widgets-dump';
import { refFromId, type HierarchyNode, type HierarchyRef } from '../../../common/dumps/widgets-hierarchy';

/** The object at `ref` (a page, or a place inside its snapshot), or undefined. */
export function resolveRef(dump: WidgetsDump, ref: HierarchyRef | undefined): unknown {
  if (!ref) return undefined;
  if ('templateUuid' in ref) return dump.widgetTemplates.find((t) => t.uuid === ref.templateUuid);
  const page = dump.templates[ref.pageIndex];
  if (!page) return undefined;
  if (ref.path.length === 0) return page;
  let current: unknown = page.snapshot;
  for (const key of ref.path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function templateOf(dump: WidgetsDump, uuid: unknown): DumpedWidgetTemplate | undefined {
  return typeof uuid === 'string' ? dump.widgetTemplates.find((t) => t.uuid === uuid) : undefined;
}

/** The page a node belongs to (its index), when it is one of the pages' nodes. */
export function pageIndexOf(node: HierarchyNode): number | null {
  return node.ref && 'pageIndex' in node.ref ? node.ref.pageIndex : null;
}

function configurationText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const configuration = (value as { configuration?: unknown }).configuration;
  if (configuration === undefined) return '';
  try {
    return JSON.stringify(configuration);
  } catch {
    return '';
  }
}

export type SearchIndex = { id: string; text: string }[];

/**
 * What the search box looks in, per node: a widget's name, its template's name and its configuration text; a widget
 * template's name and kind; a page's name (template file and entity). Lower-cased once.
 */
export function buildSearchIndex(dump: WidgetsDump, root: HierarchyNode): SearchIndex {
  const names = new Map(dump.widgetTemplates.map((t) => [t.uuid, t.name]));
  const index: SearchIndex = [];
  const visit = (node: HierarchyNode) => {
    if (node.kind === 'widget') {
      const widget = resolveRef(dump, node.ref ?? refFromId(node.id)) as
        { widget_template_uuid?: string } | undefined;
      const uuid = widget?.widget_template_uuid;
      const templateName = uuid ? (names.get(uuid) ?? '') : '';
      index.push({
        id: node.id,
        text: `${node.name}\n${templateName}\n${configurationText(widget)}`.toLowerCase(),
      });
    } else if (node.kind === 'template') {
      const template = resolveRef(dump, node.ref ?? refFromId(node.id)) as DumpedWidgetTemplate | undefined;
      index.push({ id: node.id, text: `${node.name}\n${template?.kind ?? ''}`.toLowerCase() });
    } else if (node.kind === 'page') {
      index.push({ id: node.id, text: node.name.toLowerCase() });
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return index;
}

const LIST_KEYS = new Set(['regions', 'children', 'dropzones', 'widgets']);

/**
 * The ids of a node's ancestors, nearest first, without the root: `pages/0/regions/1/children/2` ->
 * `pages/0/regions/1`, `pages/0`, `pages` (the path's list names are not nodes and are skipped).
 */
export function ancestorIds(id: string): string[] {
  const parts = id.split('/');
  const ids: string[] = [];
  for (let end = parts.length - 1; end > 0; end--) {
    if (LIST_KEYS.has(parts[end - 1]!)) continue;
    ids.push(parts.slice(0, end).join('/'));
  }
  return ids;
}

export type SearchResult = {
  /** Nodes whose own text matches. */
  matches: Set<string>;
  /** Every node that holds a match (its ancestors, up to the root). */
  holders: Set<string>;
};

/** The nodes matching `query` (case-insensitive, trimmed); null for a blank query (nothing dimmed). */
export function searchNodes(index: SearchIndex, query: string): SearchResult | null {
  const needle = query.trim().toLowerCase();
  if (!needle) return null;
  const matches = new Set<string>();
  const holders = new Set<string>(['root']);
  for (const entry of index) {
    if (!entry.text.includes(needle)) continue;
    matches.add(entry.id);
    for (const holder of ancestorIds(entry.id)) {
      if (holders.has(holder)) break;
      holders.add(holder);
    }
  }
  return { matches, holders };
}

/** Whether a node is lit by the search: it matches, holds a match, or sits inside a match (a page that matched). */
export function isLit(result: SearchResult, id: string): boolean {
  if (result.matches.has(id) || result.holders.has(id)) return true;
  for (let cut = id.lastIndexOf('/'); cut > 0; cut = id.lastIndexOf('/', cut - 1)) {
    if (result.matches.has(id.slice(0, cut))) return true;
  }
  return false;
}
