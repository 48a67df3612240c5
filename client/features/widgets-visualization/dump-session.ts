// What the visualization's Web Worker holds and answers (issue 15: the file parsed off the main thread). The dumps
// stay here: the screen gets the hierarchy to lay out, the counts, the statistics and, on request, one node's details,
// the search's matches and the compare mode's differences. A 20,000-widget dump is parsed, validated and turned into
// a tree without the main thread, which only receives the tree.
import {
  diffWidgetsDumps,
  type DiffStatus,
  type WidgetsDifference,
} from '../../../common/dumps/widgets-diff';
import {
  listSnapshotWidgets,
  type DumpedPage,
  type DumpedWidgetTemplate,
  type WidgetsDump,
} from '../../../common/dumps/widgets-dump';
import {
  buildWidgetsHierarchy,
  refFromId,
  visualizationSummary,
  type HierarchyFilters,
  type HierarchyNode,
  type VisualizationSummary,
} from '../../../common/dumps/widgets-hierarchy';
import { parseWidgetsDump } from './dump-parse';
import { buildSearchIndex, resolveRef, searchNodes, templateOf, type SearchIndex } from './dump-lookup';
import { pathTo } from './treemap-layout';

export type DumpSlot = 'main' | 'compare';

export type LoadReply =
  | { ok: true; summary: VisualizationSummary; pages: number; view?: ViewReply }
  | { ok: false; kind: 'invalid-json'; message: string }
  | { ok: false; kind: 'not-widgets-dump'; reason: string };

/** Differences listed at most (the treemap colours them all). */
export const DIFFERENCES_LISTED = 200;

export type ViewReply = {
  root: HierarchyNode;
  /** Widgets inside each node (a template: the widgets using it). */
  counts: [string, number][];
  diff: {
    statuses: [string, DiffStatus][];
    differences: WidgetsDifference[];
    total: number;
    counts: { added: number; removed: number; changed: number };
  } | null;
};

export type SearchReply = { matches: string[]; holders: string[] } | null;

export type PageFields = Pick<DumpedPage, 'template_file' | 'entity_id' | 'entity_name' | 'channel_id'>;

export type NodeReply =
  | { kind: 'page'; page: PageFields }
  | { kind: 'widget'; configuration: unknown; templateUuid: string | null; templateName: string | null }
  | { kind: 'template'; template: DumpedWidgetTemplate }
  | { kind: 'other' }
  | null;

function countWidgets(root: HierarchyNode, dump: WidgetsDump): [string, number][] {
  const uses = new Map<string, number>();
  for (const page of dump.templates) {
    for (const widget of listSnapshotWidgets(page.snapshot.regions)) {
      const uuid = widget.widget_template_uuid;
      if (uuid) uses.set(uuid, (uses.get(uuid) ?? 0) + 1);
    }
  }
  const counts: [string, number][] = [];
  const visit = (node: HierarchyNode): number => {
    let count = 0;
    if (node.kind === 'widget') count = 1;
    else if (node.kind === 'template') count = uses.get(node.id.slice(node.id.lastIndexOf('/') + 1)) ?? 0;
    else for (const child of node.children ?? []) count += visit(child);
    if (node.kind !== 'widget' && node !== root) counts.push([node.id, count]);
    return count;
  };
  visit(root);
  // The root holds the pages' widgets (the templates' uses count the same widgets again).
  counts.push([root.id, counts.find(([id]) => id === 'pages')?.[1] ?? 0]);
  return counts;
}

export class DumpSession {
  private main: WidgetsDump | null = null;
  private compare: WidgetsDump | null = null;
  /** What the last view showed (the merged dump in compare mode), to resolve ids and search. */
  private shown: { dump: WidgetsDump; root: HierarchyNode } | null = null;
  private index: SearchIndex | null = null;

  /** Reads a dump into a slot; with `filters`, the reply carries the new view too (one round trip to a first frame). */
  load(slot: DumpSlot, text: string, filters?: HierarchyFilters): LoadReply {
    const parsed = parseWidgetsDump(text);
    if (!parsed.ok) return parsed;
    if (slot === 'main') {
      this.main = parsed.dump;
      this.compare = null;
    } else {
      this.compare = parsed.dump;
    }
    this.shown = null;
    this.index = null;
    const reply: LoadReply = {
      ok: true,
      summary: visualizationSummary(parsed.dump),
      pages: parsed.dump.templates.length,
    };
    if (filters) reply.view = this.view(filters);
    return reply;
  }

  stopCompare(): void {
    this.compare = null;
    this.shown = null;
    this.index = null;
  }

  view(filters: HierarchyFilters): ViewReply {
    if (!this.main) throw new Error('No dump is loaded');
    const diff = this.compare ? diffWidgetsDumps(this.main, this.compare) : null;
    const dump = diff ? diff.merged : this.main;
    const root = buildWidgetsHierarchy(dump, filters, { refs: false });
    this.shown = { dump, root };
    this.index = null;
    return {
      root,
      counts: countWidgets(root, dump),
      diff: diff && {
        statuses: [...diff.statusById],
        differences: diff.differences.slice(0, DIFFERENCES_LISTED),
        total: diff.differences.length,
        counts: diff.counts,
      },
    };
  }

  search(query: string): SearchReply {
    if (!this.shown) return null;
    this.index ??= buildSearchIndex(this.shown.dump, this.shown.root);
    const found = searchNodes(this.index, query);
    return found && { matches: [...found.matches], holders: [...found.holders] };
  }

  node(id: string): NodeReply {
    if (!this.shown) return null;
    const node = pathTo(this.shown.root, id)?.at(-1);
    if (!node) return null;
    const { dump } = this.shown;
    const target = resolveRef(dump, node.ref ?? refFromId(node.id));
    if (node.kind === 'page' && target) {
      const { template_file, entity_id, entity_name, channel_id } = target as DumpedPage;
      return { kind: 'page', page: { template_file, entity_id, entity_name, channel_id } };
    }
    if (node.kind === 'widget' && target) {
      const widget = target as { configuration?: unknown; widget_template_uuid?: string };
      const uuid = widget.widget_template_uuid ?? null;
      return {
        kind: 'widget',
        configuration: widget.configuration ?? {},
        templateUuid: uuid,
        templateName: templateOf(dump, uuid)?.name ?? null,
      };
    }
    if (node.kind === 'template' && target)
      return { kind: 'template', template: target as DumpedWidgetTemplate };
    return { kind: 'other' };
  }
}
