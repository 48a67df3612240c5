// The Widgets Visualization's "compare with another dump" mode (spec part 1 §2 "Widgets Visualization", §3 "Widgets
// dump file"). Pure: two widgets dumps in ("before" and "after", e.g. a store dumped before and after an import); out
// come the "after" dump with what was removed put back in (so the treemap shows it), a status per hierarchy node and
// the list of differences. The inputs are never changed; merged shares every unchanged object with after.
//
// Matching rules:
// - Widget templates match by uuid, else by kind + name (the n-th unmatched one of that kind and name, in dump
//   order), so two stores' copies of a custom template match. A matched template is "changed" when its template
//   source, schema or storefront API query differ (deep, key-order-insensitive), or, matched by uuid, its name or
//   kind. Its node is `templates/<kind>/<uuid>` with the after kind and uuid. A template only in before is appended to
//   merged.widgetTemplates (its own node id); one only in after is added.
// - Pages match by template_file + entity_id + channel_id (the n-th page with that key, in dump order). A page only
//   in after is added, and so is every widget on it; a page only in before is removed, put back in merged after the
//   after pages, and every widget on it is removed. A matched page is itself "changed" only for its own fields: its
//   entity name, its set of region names, or its layouts (each region's layouts in order, without their widgets).
// - Widgets match within a matched page: first by a `uuid` field when both widgets have one (snapshots may carry
//   it) and both dumps are of the same storeHash (uuids are a store's own), then, among the rest, by (region name,
//   widget template, widget name) taking the n-th occurrence in snapshot order (two widgets that both have a uuid
//   never match this way, in the same store). A widget's template uuid is read through the
//   template matching, so a widget matches across stores. Matching by key and not by position means an inserted
//   widget leaves the widgets after it unchanged.
// - A matched widget is "changed" when its configuration differs (deep, key-order-insensitive; a missing
//   configuration is {}), or it moved: to another region, in or out of a layout, to another dropzone, or to another
//   layout. Layouts are paired first, within a region name, by the widget keys they share in the same dropzone (one
//   to one, most shared first, then the nearest), and key matching prefers the same place (directly in the region,
//   or the same dropzone of the paired layout) before the rest of the region, so an inserted layout moves nothing.
//   Reordering within the same region or dropzone is not a change. Matched by uuid, a new name or template is too.
// - A removed widget of a matched page is appended, in before order, as a direct child of the first region of the
//   after page with the same name (a region of that name is appended to the snapshot when there is none). Removed
//   widgets, here and on removed pages, have their widget_template_uuid read through the template matching, so they
//   name and count the template merged holds. merged.summary is recomputed with summariseWidgetsDump; merged is valid
//   for widgetsDumpSchema. Node ids of after pages and widgets are unchanged in merged (removed things come last).
// - statusById holds the node ids of buildWidgetsHierarchy(merged, any filters) for pages, widgets and templates
//   whose status is not "unchanged"; containerStatus derives, from the hierarchy, the containers holding any.
// - differences: pages in merged order, then widgets in merged page, region and snapshot order, then templates in
//   merged order; counts tally them.
import {
  isLayoutChild,
  summariseWidgetsDump,
  type DumpedPage,
  type DumpedWidgetTemplate,
  type SnapshotRegion,
  type SnapshotWidget,
  type WidgetsDump,
} from './widgets-dump';
import type { HierarchyNode } from './widgets-hierarchy';

export type DiffStatus = 'added' | 'removed' | 'changed' | 'unchanged';
export type DiffSubject = 'page' | 'widget' | 'template';

export type WidgetsDifference = {
  status: Exclude<DiffStatus, 'unchanged'>;
  subject: DiffSubject;
  /** The widget's name (else its template's name, else 'Widget'), the template's name, or the page's name. */
  name: string;
  /** Widgets: `page name › region name`; templates: their kind; pages: ''. */
  where: string;
  /** The id of the node of buildWidgetsHierarchy(merged) that shows it. */
  nodeId: string;
  /**
   * For 'changed' only, short reasons in this order. Widgets: 'name', 'widget template', 'configuration',
   * 'position'; pages: 'entity name', 'regions', 'layouts'; templates: 'name', 'kind', 'template source', 'schema',
   * 'storefront API query'.
   */
  changes?: string[];
};

export type WidgetsDumpDiff = {
  /** The after dump with what was removed put back in. */
  merged: WidgetsDump;
  /** Node id (of buildWidgetsHierarchy(merged)) to status, for pages, widgets and templates; omitted: unchanged. */
  statusById: Map<string, DiffStatus>;
  differences: WidgetsDifference[];
  counts: { added: number; removed: number; changed: number };
};

type Status = { status: Exclude<DiffStatus, 'unchanged'>; changes?: string[] };

/** A widget and where it sits in its page's snapshot. */
type Placed = {
  widget: SnapshotWidget;
  region: string;
  /** `regionIndex/childIndex` of the layout holding it; null for a direct child of a region. */
  layout: string | null;
  /** The index of the region's child that is the widget, or the layout holding it. */
  child: number;
  /** The dropzone's index in that layout; -1 for a direct child. */
  dropzone: number;
  /** Its node id; '' for a before widget. */
  nodeId: string;
  /** Its widget_template_uuid, read through the template matching for a before widget. */
  template: string | undefined;
  /** What matches widgets by key: region, widget template and name. */
  key: string;
};

/** Deep equality of JSON values (as JSON.parse makes them), objects compared whatever the order of their keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // for…in allocates no key arrays (JSON objects have no inherited keys): this runs for every matched widget.
  let keys = 0;
  for (const key in left) {
    keys++;
    if (!Object.hasOwn(right, key) || !sameJson(left[key], right[key])) return false;
  }
  for (const _key in right) keys--;
  return keys === 0;
}

/** The page name buildWidgetsHierarchy shows. */
function pageName(page: DumpedPage): string {
  const file = page.template_file ?? 'Global regions';
  if (page.entity_name && page.entity_id) return `${file} · ${page.entity_name} (#${page.entity_id})`;
  if (page.entity_name) return `${file} · ${page.entity_name}`;
  if (page.entity_id) return `${file} · #${page.entity_id}`;
  return file;
}

/** Calls `visit` for every widget of a snapshot, in the order buildWidgetsHierarchy lists them. */
function walkWidgets(
  regions: readonly SnapshotRegion[],
  pageId: string | null,
  visit: (
    widget: SnapshotWidget,
    region: string,
    layout: string | null,
    child: number,
    dropzone: number,
    nodeId: string,
  ) => void,
): void {
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r]!;
    const regionId = pageId === null ? '' : `${pageId}/regions/${r}`;
    for (let c = 0; c < region.children.length; c++) {
      const child = region.children[c]!;
      const childId = pageId === null ? '' : `${regionId}/children/${c}`;
      if (!isLayoutChild(child)) {
        visit(child, region.name, null, c, -1, childId);
        continue;
      }
      const layout = `${r}/${c}`;
      const zones = child.dropzones ?? [];
      for (let d = 0; d < zones.length; d++) {
        const widgets = zones[d]!.widgets ?? [];
        for (let w = 0; w < widgets.length; w++) {
          const nodeId = pageId === null ? '' : `${childId}/dropzones/${d}/widgets/${w}`;
          visit(widgets[w]!, region.name, layout, c, d, nodeId);
        }
      }
    }
  }
}

/** Every widget of a snapshot with its place and key; node ids under `pageId` (none when null). */
function placeWidgets(
  regions: readonly SnapshotRegion[],
  pageId: string | null,
  templateOf: (uuid: string | undefined) => string | undefined = (uuid) => uuid,
): Placed[] {
  const placed: Placed[] = [];
  walkWidgets(regions, pageId, (widget, region, layout, child, dropzone, nodeId) => {
    const template = templateOf(widget.widget_template_uuid);
    const key = `${region}\u0000${template ?? ''}\u0000${widget.name ?? ''}`;
    placed.push({ widget, region, layout, child, dropzone, nodeId, template, key });
  });
  return placed;
}

function uuidOf(widget: SnapshotWidget): string | undefined {
  const uuid = widget['uuid'];
  return typeof uuid === 'string' && uuid !== '' ? uuid : undefined;
}

/** Push `value` on the list of `key`. */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

type TemplateMatch = {
  /** For each after template, the index of its before template, or -1 (added). */
  beforeOf: number[];
  /** Before templates that match nothing (removed), in before order. */
  removed: number[];
  /** Before uuid to after uuid, for matched templates. */
  uuidMap: Map<string, string>;
};

function matchTemplates(
  before: readonly DumpedWidgetTemplate[],
  after: readonly DumpedWidgetTemplate[],
): TemplateMatch {
  const beforeOf = new Array<number>(after.length).fill(-1);
  const taken = new Uint8Array(before.length);
  const afterByUuid = new Map<string, number>();
  after.forEach((t, i) => {
    if (!afterByUuid.has(t.uuid)) afterByUuid.set(t.uuid, i);
  });
  before.forEach((t, j) => {
    const i = afterByUuid.get(t.uuid);
    if (i === undefined || beforeOf[i] !== -1) return;
    beforeOf[i] = j;
    taken[j] = 1;
  });
  const nameKey = (t: DumpedWidgetTemplate) => `${t.kind}\u0000${t.name}`;
  const afterByName = new Map<string, number[]>();
  after.forEach((t, i) => {
    if (beforeOf[i] === -1) pushTo(afterByName, nameKey(t), i);
  });
  const removed: number[] = [];
  before.forEach((t, j) => {
    if (taken[j]) return;
    const i = afterByName.get(nameKey(t))?.shift();
    if (i === undefined) {
      removed.push(j);
      return;
    }
    beforeOf[i] = j;
    taken[j] = 1;
  });
  const uuidMap = new Map<string, string>();
  beforeOf.forEach((j, i) => {
    const from = before[j];
    const to = after[i];
    if (from && to && !uuidMap.has(from.uuid)) uuidMap.set(from.uuid, to.uuid);
  });
  return { beforeOf, removed, uuidMap };
}

function templateChanges(before: DumpedWidgetTemplate, after: DumpedWidgetTemplate): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push('name');
  if (before.kind !== after.kind) changes.push('kind');
  if (before.template !== after.template) changes.push('template source');
  if (!sameJson(before.schema, after.schema)) changes.push('schema');
  if (before.storefront_api_query !== after.storefront_api_query) changes.push('storefront API query');
  return changes;
}

/** Rewrites a before widget's template uuid to the after uuid of its matched template (a copy, when it differs). */
type Translate = <W extends SnapshotWidget>(widget: W) => W;

function makeTranslate(uuidMap: ReadonlyMap<string, string>): Translate {
  return (widget) => {
    const uuid = widget.widget_template_uuid;
    const to = uuid === undefined ? undefined : uuidMap.get(uuid);
    return to === undefined || to === uuid ? widget : { ...widget, widget_template_uuid: to };
  };
}

/** A whole before page for merged, its widgets' template uuids translated (the same object when none changes). */
function translatePage(page: DumpedPage, translate: Translate, needed: boolean): DumpedPage {
  if (!needed) return page;
  const regions = page.snapshot.regions.map((region) => ({
    ...region,
    children: region.children.map((child) => {
      if (!isLayoutChild(child)) return translate(child);
      if (child.dropzones === undefined) return child;
      return {
        ...child,
        dropzones: child.dropzones.map((zone) =>
          zone.widgets === undefined ? zone : { ...zone, widgets: zone.widgets.map(translate) },
        ),
      };
    }),
  }));
  return { ...page, snapshot: { ...page.snapshot, regions } };
}

/**
 * Before layout to after layout (`regionIndex/childIndex` ids), paired one to one within a region name by the widgets
 * they share (same key in the same dropzone): most shared first, then the nearest in the region, then in order.
 */
function pairLayouts(before: Placed[], after: Placed[]): Map<string, string> {
  type Content = { child: number; order: number; keys: Map<string, number> };
  const contents = (placed: Placed[]) => {
    const layouts = new Map<string, Content>();
    for (const p of placed) {
      if (p.layout === null) continue;
      let content = layouts.get(p.layout);
      if (!content) {
        content = { child: p.child, order: layouts.size, keys: new Map() };
        layouts.set(p.layout, content);
      }
      const k = `${p.dropzone}\u0000${p.key}`;
      content.keys.set(k, (content.keys.get(k) ?? 0) + 1);
    }
    return layouts;
  };
  const pairs = new Map<string, string>();
  const beforeLayouts = contents(before);
  const afterLayouts = contents(after);
  if (beforeLayouts.size === 0 || afterLayouts.size === 0) return pairs;

  const holders = new Map<string, { layout: string; count: number }[]>();
  for (const [layout, content] of afterLayouts) {
    for (const [k, count] of content.keys) pushTo(holders, k, { layout, count });
  }
  type Candidate = { from: string; to: string; shared: number; distance: number; order: number };
  const candidates: Candidate[] = [];
  for (const [from, content] of beforeLayouts) {
    const shared = new Map<string, number>();
    for (const [k, count] of content.keys) {
      for (const holder of holders.get(k) ?? []) {
        shared.set(holder.layout, (shared.get(holder.layout) ?? 0) + Math.min(count, holder.count));
      }
    }
    for (const [to, n] of shared) {
      const target = afterLayouts.get(to)!;
      const order = content.order * afterLayouts.size + target.order;
      candidates.push({ from, to, shared: n, distance: Math.abs(content.child - target.child), order });
    }
  }
  candidates.sort((x, y) => y.shared - x.shared || x.distance - y.distance || x.order - y.order);
  const used = new Set<string>();
  for (const { from, to } of candidates) {
    if (pairs.has(from) || used.has(to)) continue;
    pairs.set(from, to);
    used.add(to);
  }
  return pairs;
}

/**
 * For each after widget, the index of its before widget, or -1 (added): by uuid, then by key in the same place
 * (directly in the region, or the same dropzone of the paired layout), then by key anywhere in the region.
 */
function matchWidgets(
  before: Placed[],
  after: Placed[],
  layouts: ReadonlyMap<string, string>,
  useUuids: boolean,
): number[] {
  const beforeOf = new Array<number>(after.length).fill(-1);
  const taken = new Uint8Array(before.length);

  const afterByUuid = new Map<string, number[]>();
  if (useUuids) {
    after.forEach((p, i) => {
      const uuid = uuidOf(p.widget);
      if (uuid !== undefined) pushTo(afterByUuid, uuid, i);
    });
  }
  if (afterByUuid.size > 0) {
    before.forEach((p, j) => {
      const uuid = uuidOf(p.widget);
      const i = uuid === undefined ? undefined : afterByUuid.get(uuid)?.shift();
      if (i === undefined) return;
      beforeOf[i] = j;
      taken[j] = 1;
    });
  }

  /**
   * Match the n-th unmatched before widget of a key with the n-th unmatched after widget of that key. With uuids,
   * two widgets that both have one are different widgets (their uuids did not match): a before widget that has one
   * takes the next after widget without one.
   */
  type Queue = { items: number[]; head: number };
  const next = (queue: Queue | undefined): number | undefined => {
    if (!queue) return undefined;
    while (queue.head < queue.items.length && beforeOf[queue.items[queue.head]!] !== -1) queue.head++;
    return queue.items[queue.head];
  };
  const byKey = (afterKey: (p: Placed) => string, beforeKey: (p: Placed) => string | undefined) => {
    const anyByKey = new Map<string, Queue>();
    const plainByKey = new Map<string, Queue>();
    const enqueue = (map: Map<string, Queue>, k: string, i: number) => {
      const queue = map.get(k);
      if (queue) queue.items.push(i);
      else map.set(k, { items: [i], head: 0 });
    };
    after.forEach((p, i) => {
      if (beforeOf[i] !== -1) return;
      const k = afterKey(p);
      enqueue(anyByKey, k, i);
      if (useUuids && uuidOf(p.widget) !== undefined) return;
      enqueue(plainByKey, k, i);
    });
    before.forEach((p, j) => {
      if (taken[j]) return;
      const k = beforeKey(p);
      if (k === undefined) return;
      const withUuid = useUuids && uuidOf(p.widget) !== undefined;
      const i = next((withUuid ? plainByKey : anyByKey).get(k));
      if (i === undefined) return;
      beforeOf[i] = j;
      taken[j] = 1;
    });
  };
  byKey(
    (p) => `${p.layout ?? ''}\u0000${p.dropzone}\u0000${p.key}`,
    (p) => {
      const layout = p.layout === null ? '' : layouts.get(p.layout);
      return layout === undefined ? undefined : `${layout}\u0000${p.dropzone}\u0000${p.key}`;
    },
  );
  byKey(
    (p) => p.key,
    (p) => p.key,
  );
  return beforeOf;
}

function widgetChanges(b: Placed, a: Placed, layouts: ReadonlyMap<string, string>): string[] {
  const changes: string[] = [];
  if ((b.widget.name ?? '') !== (a.widget.name ?? '')) changes.push('name');
  if (b.template !== a.template) changes.push('widget template');
  if (!sameJson(b.widget.configuration ?? {}, a.widget.configuration ?? {})) changes.push('configuration');
  const moved =
    b.region !== a.region ||
    (b.layout === null) !== (a.layout === null) ||
    (b.layout !== null && (layouts.get(b.layout) !== a.layout || b.dropzone !== a.dropzone));
  if (moved) changes.push('position');
  return changes;
}

/** Each region's layouts, in order, without their widgets, regions sorted by name. */
function layoutShapes(page: DumpedPage): [string, unknown[]][] {
  const byRegion = new Map<string, unknown[]>();
  for (const region of page.snapshot.regions) {
    for (const child of region.children) {
      if (!isLayoutChild(child)) continue;
      const { dropzones, ...layout } = child;
      const zones = (dropzones ?? []).map(({ widgets: _widgets, ...zone }) => zone);
      pushTo(byRegion, region.name, { ...layout, dropzones: zones });
    }
  }
  return [...byRegion].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
}

function pageChanges(before: DumpedPage, after: DumpedPage): string[] {
  const changes: string[] = [];
  if (before.entity_name !== after.entity_name) changes.push('entity name');
  const regionNames = (page: DumpedPage) => page.snapshot.regions.map((r) => r.name).sort();
  if (!sameJson(regionNames(before), regionNames(after))) changes.push('regions');
  if (!sameJson(layoutShapes(before), layoutShapes(after))) changes.push('layouts');
  return changes;
}

/** Diff of a matched page: the merged page (after, with removed widgets appended) and its widgets' statuses. */
function diffPage(
  before: DumpedPage,
  after: DumpedPage,
  pageIndex: number,
  uuidMap: ReadonlyMap<string, string>,
  translate: Translate,
  useUuids: boolean,
): { page: DumpedPage; statuses: Map<string, Status> } {
  const pageId = `pages/${pageIndex}`;
  const templateOf = (uuid: string | undefined) => (uuid === undefined ? uuid : (uuidMap.get(uuid) ?? uuid));
  const beforeWidgets = placeWidgets(before.snapshot.regions, null, templateOf);
  const afterWidgets = placeWidgets(after.snapshot.regions, pageId);
  const layouts = pairLayouts(beforeWidgets, afterWidgets);
  const beforeOf = matchWidgets(beforeWidgets, afterWidgets, layouts, useUuids);

  const statuses = new Map<string, Status>();
  const taken = new Uint8Array(beforeWidgets.length);
  afterWidgets.forEach((a, i) => {
    const b = beforeWidgets[beforeOf[i]!];
    if (!b) {
      statuses.set(a.nodeId, { status: 'added' });
      return;
    }
    taken[beforeOf[i]!] = 1;
    const changes = widgetChanges(b, a, layouts);
    if (changes.length > 0) statuses.set(a.nodeId, { status: 'changed', changes });
  });

  const removedByRegion = new Map<string, SnapshotWidget[]>();
  beforeWidgets.forEach((b, j) => {
    if (!taken[j]) pushTo(removedByRegion, b.region, translate(b.widget));
  });
  if (removedByRegion.size === 0) return { page: after, statuses };

  const regions = after.snapshot.regions.slice();
  for (const [name, widgets] of removedByRegion) {
    let r = regions.findIndex((region) => region.name === name);
    if (r === -1) {
      r = regions.length;
      regions.push({ name, children: [] });
    }
    const region = regions[r]!;
    const start = region.children.length;
    regions[r] = { ...region, children: [...region.children, ...widgets] };
    widgets.forEach((_, k) =>
      statuses.set(`${pageId}/regions/${r}/children/${start + k}`, { status: 'removed' }),
    );
  }
  return { page: { ...after, snapshot: { ...after.snapshot, regions } }, statuses };
}

function matchPages(before: readonly DumpedPage[], after: readonly DumpedPage[]) {
  const key = (page: DumpedPage) => JSON.stringify([page.template_file, page.entity_id, page.channel_id]);
  const afterByKey = new Map<string, number[]>();
  after.forEach((page, i) => pushTo(afterByKey, key(page), i));
  const beforeOf = new Array<number>(after.length).fill(-1);
  const removed: number[] = [];
  before.forEach((page, j) => {
    const i = afterByKey.get(key(page))?.shift();
    if (i === undefined) removed.push(j);
    else beforeOf[i] = j;
  });
  return { beforeOf, removed };
}

/** Compares two widgets dumps by the matching rules above. Pure; neither dump is changed. */
export function diffWidgetsDumps(before: WidgetsDump, after: WidgetsDump): WidgetsDumpDiff {
  const templateMatch = matchTemplates(before.widgetTemplates, after.widgetTemplates);
  const translate = makeTranslate(templateMatch.uuidMap);
  const translationNeeded = [...templateMatch.uuidMap].some(([from, to]) => from !== to);

  // Widget uuids are a store's own: two stores' dumps are matched by key alone.
  const useUuids = before.storeHash === after.storeHash;
  const pageMatch = matchPages(before.templates, after.templates);
  const mergedPages: DumpedPage[] = [];
  const pageStatuses: (Status | undefined)[] = [];
  const widgetStatuses: (Map<string, Status> | undefined)[] = [];
  after.templates.forEach((page, i) => {
    const old = before.templates[pageMatch.beforeOf[i]!];
    if (!old) {
      mergedPages.push(page);
      pageStatuses.push({ status: 'added' });
      widgetStatuses.push(undefined);
      return;
    }
    const diff = diffPage(old, page, i, templateMatch.uuidMap, translate, useUuids);
    const changes = pageChanges(old, page);
    mergedPages.push(diff.page);
    pageStatuses.push(changes.length > 0 ? { status: 'changed', changes } : undefined);
    widgetStatuses.push(diff.statuses);
  });
  for (const j of pageMatch.removed) {
    mergedPages.push(translatePage(before.templates[j]!, translate, translationNeeded));
    pageStatuses.push({ status: 'removed' });
    widgetStatuses.push(undefined);
  }

  const mergedTemplates = [
    ...after.widgetTemplates,
    ...templateMatch.removed.map((j) => before.widgetTemplates[j]!),
  ];
  const templateStatuses: (Status | undefined)[] = after.widgetTemplates.map((template, i) => {
    const old = before.widgetTemplates[templateMatch.beforeOf[i]!];
    if (!old) return { status: 'added' };
    const changes = templateChanges(old, template);
    return changes.length > 0 ? { status: 'changed', changes } : undefined;
  });
  templateStatuses.push(...templateMatch.removed.map((): Status => ({ status: 'removed' })));

  const merged: WidgetsDump = {
    ...after,
    templates: mergedPages,
    widgetTemplates: mergedTemplates,
    summary: summariseWidgetsDump(mergedPages, mergedTemplates),
  };

  const differences: WidgetsDifference[] = [];
  const add = (status: Status, subject: DiffSubject, name: string, where: string, nodeId: string) => {
    const difference: WidgetsDifference = { status: status.status, subject, name, where, nodeId };
    if (status.changes) difference.changes = status.changes;
    differences.push(difference);
  };

  mergedPages.forEach((page, i) => {
    const status = pageStatuses[i];
    if (status) add(status, 'page', pageName(page), '', `pages/${i}`);
  });

  const templateNames = new Map(mergedTemplates.map((t) => [t.uuid, t.name]));
  mergedPages.forEach((page, i) => {
    const pageStatus = pageStatuses[i]?.status;
    const whole: Status | undefined =
      pageStatus === 'added' || pageStatus === 'removed' ? { status: pageStatus } : undefined;
    const statuses = widgetStatuses[i];
    if (!whole && !statuses?.size) return;
    const name = pageName(page);
    walkWidgets(page.snapshot.regions, `pages/${i}`, (widget, region, _layout, _child, _dropzone, nodeId) => {
      const status = whole ?? statuses?.get(nodeId);
      if (!status) return;
      const uuid = widget.widget_template_uuid;
      const widgetName = widget.name || (uuid ? templateNames.get(uuid) : undefined) || 'Widget';
      add(status, 'widget', widgetName, `${name} › ${region}`, nodeId);
    });
  });

  mergedTemplates.forEach((template, i) => {
    const status = templateStatuses[i];
    if (status)
      add(status, 'template', template.name, template.kind, `templates/${template.kind}/${template.uuid}`);
  });

  const statusById = new Map<string, DiffStatus>(differences.map((d) => [d.nodeId, d.status]));
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const difference of differences) counts[difference.status]++;
  return { merged, statusById, differences, counts };
}

/**
 * The containers of a hierarchy (root, Pages, pages, regions, layouts, dropzones, template kinds…) that hold, at any
 * depth below them, a node whose status is not 'unchanged': the client outlines them so a change is found by
 * drilling in. A node's own status is not counted for itself.
 */
export function containerStatus(
  root: HierarchyNode,
  statusById: ReadonlyMap<string, DiffStatus>,
): Map<string, 'contains-changes'> {
  const result = new Map<string, 'contains-changes'>();
  const visit = (node: HierarchyNode): boolean => {
    let found = false;
    for (const child of node.children ?? []) {
      const below = visit(child);
      const own = statusById.get(child.id);
      if (below || (own !== undefined && own !== 'unchanged')) found = true;
    }
    if (found) result.set(node.id, 'contains-changes');
    return found;
  };
  visit(root);
  return result;
}
