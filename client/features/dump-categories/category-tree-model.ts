// The category dump as a browsable tree (issue 31): its trees and categories indexed once, the filter that narrows them
// to the categories whose name or id matches (with their ancestors), and the rows shown for what is expanded. Pure and
// iterative (a store may hold thousands of categories, nested deeply), so the screen only lays out the rows it shows.
import type { CategoryDump, DumpedCategoryNode } from '../../../common/dumps/category-dump';

export type TreeNode = {
  /** `t{treeId}` for a tree, `c{treeId}:{categoryId}` for a category (ids are unique only within a tree). */
  key: string;
  kind: 'tree' | 'category';
  id: number;
  name: string;
  /** 1 for a tree, 2 for a root category, and so on. */
  level: number;
  parent: string | null;
  children: string[];
  /** `is_visible` of a category, when the dump has it. */
  isVisible: boolean | undefined;
  /** The name as the filter compares it. */
  folded: string;
};

export type CategoryTreeIndex = {
  nodes: ReadonlyMap<string, TreeNode>;
  /** The trees, in the dump's order. */
  roots: readonly string[];
  /** Categories of every tree, all depths. */
  categoryCount: number;
};

/** Lower case, without accents (Vietnamese names are found typed with or without their marks). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();
}

export function indexCategoryDump(dump: Pick<CategoryDump, 'trees'>): CategoryTreeIndex {
  const nodes = new Map<string, TreeNode>();
  const roots: string[] = [];
  let categoryCount = 0;
  for (const tree of dump.trees) {
    const treeKey = `t${tree.id}`;
    if (nodes.has(treeKey)) continue;
    nodes.set(treeKey, {
      key: treeKey,
      kind: 'tree',
      id: tree.id,
      name: tree.name,
      level: 1,
      parent: null,
      children: [],
      isVisible: undefined,
      folded: foldText(tree.name),
    });
    roots.push(treeKey);
    // Depth first without recursion: [category, parent key, level].
    const stack: Array<[DumpedCategoryNode, string, number]> = [];
    for (let i = tree.categories.length - 1; i >= 0; i--) stack.push([tree.categories[i]!, treeKey, 2]);
    while (stack.length > 0) {
      const [category, parentKey, level] = stack.pop()!;
      const key = `c${tree.id}:${category.category_id}`;
      if (nodes.has(key)) continue;
      nodes.set(key, {
        key,
        kind: 'category',
        id: category.category_id,
        name: category.name,
        level,
        parent: parentKey,
        children: [],
        isVisible: typeof category.is_visible === 'boolean' ? category.is_visible : undefined,
        folded: foldText(category.name),
      });
      nodes.get(parentKey)!.children.push(key);
      categoryCount++;
      const children = category.children;
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, key, level + 1]);
    }
  }
  return { nodes, roots, categoryCount };
}

export type TreeFilter = {
  /** Categories whose name holds the text, or whose id is the number typed. */
  matches: ReadonlySet<string>;
  /** The matches and their ancestors: what the tree shows while filtering. */
  shown: ReadonlySet<string>;
};

/** The filter for `query`; null when it is blank (everything is shown). */
export function filterTree(index: CategoryTreeIndex, query: string): TreeFilter | null {
  const folded = foldText(query);
  if (folded === '') return null;
  const asId = /^#?\d+$/.test(folded) ? Number(folded.replace('#', '')) : null;
  const matches = new Set<string>();
  const shown = new Set<string>();
  for (const node of index.nodes.values()) {
    if (node.kind !== 'category') continue;
    if (node.id !== asId && !node.folded.includes(folded)) continue;
    matches.add(node.key);
    for (let key: string | null = node.key; key !== null && !shown.has(key);) {
      shown.add(key);
      key = index.nodes.get(key)?.parent ?? null;
    }
  }
  return { matches, shown };
}

/** What opens first: the trees, so the root categories show (deeper levels stay collapsed). */
export function initialExpanded(index: CategoryTreeIndex): Set<string> {
  return new Set(index.roots);
}

/** While filtering: every node on the way to a match is open. */
export function expandedForFilter(filter: TreeFilter, index: CategoryTreeIndex): Set<string> {
  const open = new Set<string>();
  for (const key of filter.matches) {
    for (let parent = index.nodes.get(key)?.parent ?? null; parent !== null && !open.has(parent);) {
      open.add(parent);
      parent = index.nodes.get(parent)?.parent ?? null;
    }
  }
  return open;
}

/** Every node with children open. */
export function expandAll(index: CategoryTreeIndex): Set<string> {
  const open = new Set<string>();
  for (const node of index.nodes.values()) if (node.children.length > 0) open.add(node.key);
  return open;
}

export type TreeRow = {
  node: TreeNode;
  /** Children shown under it (all of them, or those the filter keeps). */
  childCount: number;
  isExpanded: boolean;
  isMatch: boolean;
  /** Its place among the siblings shown (aria-posinset, aria-setsize). */
  position: number;
  siblings: number;
};

/** The rows shown, in order: the nodes whose every ancestor is open (and, while filtering, that the filter keeps). */
export function visibleRows(
  index: CategoryTreeIndex,
  expanded: ReadonlySet<string>,
  filter: TreeFilter | null,
): TreeRow[] {
  const keep = (key: string) => filter === null || filter.shown.has(key);
  const rows: TreeRow[] = [];
  const stack: Array<[string, number, number]> = [];
  const pushSiblings = (keys: readonly string[]) => {
    const kept = keys.filter(keep);
    for (let i = kept.length - 1; i >= 0; i--) stack.push([kept[i]!, i + 1, kept.length]);
  };
  pushSiblings(index.roots);
  while (stack.length > 0) {
    const [key, position, siblings] = stack.pop()!;
    const node = index.nodes.get(key);
    if (!node) continue;
    const children = filter === null ? node.children : node.children.filter(keep);
    const isExpanded = children.length > 0 && expanded.has(key);
    rows.push({
      node,
      childCount: children.length,
      isExpanded,
      isMatch: filter?.matches.has(key) ?? false,
      position,
      siblings,
    });
    if (isExpanded) pushSiblings(children);
  }
  return rows;
}

/** What a key press on a row does (the WAI-ARIA tree view pattern). */
export type TreeKeyAction =
  { kind: 'focus'; key: string } | { kind: 'expand'; key: string } | { kind: 'collapse'; key: string } | null;

export function treeKeyAction(rows: readonly TreeRow[], activeKey: string, key: string): TreeKeyAction {
  const at = rows.findIndex((row) => row.node.key === activeKey);
  const row = rows[at];
  if (!row) return rows[0] ? { kind: 'focus', key: rows[0].node.key } : null;
  const focus = (index: number): TreeKeyAction => {
    const target = rows[Math.max(0, Math.min(rows.length - 1, index))];
    return target && target.node.key !== activeKey ? { kind: 'focus', key: target.node.key } : null;
  };
  switch (key) {
    case 'ArrowDown':
      return focus(at + 1);
    case 'ArrowUp':
      return focus(at - 1);
    case 'Home':
      return focus(0);
    case 'End':
      return focus(rows.length - 1);
    case 'ArrowRight':
      if (row.childCount === 0) return null;
      return row.isExpanded ? focus(at + 1) : { kind: 'expand', key: row.node.key };
    case 'ArrowLeft': {
      if (row.isExpanded) return { kind: 'collapse', key: row.node.key };
      const parent = row.node.parent;
      return parent !== null && rows.some((r) => r.node.key === parent)
        ? { kind: 'focus', key: parent }
        : null;
    }
    case 'Enter':
    case ' ':
      if (row.childCount === 0) return null;
      return { kind: row.isExpanded ? 'collapse' : 'expand', key: row.node.key };
    default:
      return null;
  }
}
