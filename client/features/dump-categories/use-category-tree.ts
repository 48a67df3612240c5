// The state of the category tree under a dump (issue 31): the filter, what is open, how many rows are laid out, and
// the row that holds the keyboard focus (one tab stop for the whole tree, the arrows move within it).
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { CategoryDump } from '../../../common/dumps/category-dump';
import {
  expandAll,
  expandedForFilter,
  filterTree,
  indexCategoryDump,
  initialExpanded,
  treeKeyAction,
  visibleRows,
} from './category-tree-model';

/** Rows laid out at first, and added by each "Show more": a few thousand categories stay quick. */
export const ROWS_PER_STEP = 300;

/** `treeRef`: the tree's element, where the focus is moved to the row the arrows reach. */
export function useCategoryTree(dump: CategoryDump, treeRef: RefObject<HTMLUListElement | null>) {
  const index = useMemo(() => indexCategoryDump(dump), [dump]);
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<Set<string>>(() => initialExpanded(index));
  const [limit, setLimit] = useState(ROWS_PER_STEP);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const focusPending = useRef(false);

  const filter = useMemo(() => filterTree(index, query), [index, query]);
  const rows = useMemo(() => visibleRows(index, expanded, filter), [index, expanded, filter]);
  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.node.key === activeKey),
  );
  const active = rows[activeIndex]?.node.key ?? null;
  // The focused row is always laid out.
  const shownCount = Math.min(rows.length, Math.max(limit, activeIndex + 1));

  useEffect(() => {
    if (!focusPending.current || active === null) return;
    focusPending.current = false;
    treeRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(active)}"]`)?.focus();
  }, [active, shownCount, treeRef]);

  const changeQuery = (next: string) => {
    setQuery(next);
    const nextFilter = filterTree(index, next);
    setExpanded(nextFilter ? expandedForFilter(nextFilter, index) : initialExpanded(index));
    setLimit(ROWS_PER_STEP);
  };

  const toggle = (key: string, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(key)) next.add(key);
      else next.delete(key);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent) => {
    if (active === null) return;
    const action = treeKeyAction(rows, active, event.key);
    if (!action && !['ArrowUp', 'ArrowDown', ' '].includes(event.key)) return;
    event.preventDefault();
    if (!action) return;
    if (action.kind === 'focus') {
      focusPending.current = true;
      setActiveKey(action.key);
    } else toggle(action.key, action.kind === 'expand');
  };

  const onRowClick = (key: string, hasChildren: boolean) => {
    setActiveKey(key);
    if (hasChildren) toggle(key);
  };

  return {
    index,
    query,
    changeQuery,
    filter,
    rows,
    shownRows: rows.slice(0, shownCount),
    hiddenCount: rows.length - shownCount,
    showMore: () => setLimit(shownCount + ROWS_PER_STEP),
    activeKey: active,
    onKeyDown,
    onRowClick,
    expandAll: () => setExpanded(expandAll(index)),
    collapseAll: () => setExpanded(new Set()),
  };
}
