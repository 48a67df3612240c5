import { describe, expect, it } from 'vitest';
import type { DumpedCategoryNode } from '../../../common/dumps/category-dump';
import {
  expandAll,
  expandedForFilter,
  filterTree,
  foldText,
  indexCategoryDump,
  initialExpanded,
  treeKeyAction,
  visibleRows,
  type TreeRow,
} from './category-tree-model';

function category(
  id: number,
  name: string,
  children: DumpedCategoryNode[] = [],
  extra: Record<string, unknown> = {},
): DumpedCategoryNode {
  return { category_id: id, parent_id: 0, tree_id: 1, name, depth: 1, path: [name], children, ...extra };
}

// Tree 1: Kitchen (23) > Cookware (24) > Pans (25); Kitchen > Knives (26, hidden); Bath (30).
// Tree 2: Đồ gia dụng (23) > Nồi (41).
const DUMP = {
  trees: [
    {
      id: 1,
      name: 'Main',
      channels: [1],
      totalCategories: 5,
      categories: [
        category(23, 'Kitchen', [
          category(24, 'Cookware', [category(25, 'Pans')]),
          category(26, 'Knives', [], { is_visible: false }),
        ]),
        category(30, 'Bath', [], { is_visible: true }),
      ],
    },
    {
      id: 2,
      name: 'Outlet',
      channels: [2],
      totalCategories: 2,
      categories: [category(23, 'Đồ gia dụng', [category(41, 'Nồi')])],
    },
  ],
};

const names = (rows: readonly TreeRow[]) =>
  rows.map((row) => `${'-'.repeat(row.node.level - 1)}${row.node.name}`);

describe('the category tree of a dump', () => {
  const index = indexCategoryDump(DUMP);

  it('indexes every tree and category, with its level, parent, id and visibility', () => {
    expect(index.roots).toEqual(['t1', 't2']);
    expect(index.categoryCount).toBe(7);
    expect(index.nodes.get('c1:25')).toMatchObject({ id: 25, name: 'Pans', level: 4, parent: 'c1:24' });
    expect(index.nodes.get('c1:26')?.isVisible).toBe(false);
    expect(index.nodes.get('c1:30')?.isVisible).toBe(true);
    expect(index.nodes.get('c1:24')?.isVisible).toBeUndefined();
    // The same category id in two trees: two nodes.
    expect(index.nodes.get('c2:23')?.name).toBe('Đồ gia dụng');
  });

  it('opens on the trees and their root categories, deeper levels closed', () => {
    const rows = visibleRows(index, initialExpanded(index), null);
    expect(names(rows)).toEqual(['Main', '-Kitchen', '-Bath', 'Outlet', '-Đồ gia dụng']);
    expect(rows[1]).toMatchObject({ childCount: 2, isExpanded: false, position: 1, siblings: 2 });
    expect(rows[2]).toMatchObject({ childCount: 0, position: 2, siblings: 2 });
    expect(names(visibleRows(index, expandAll(index), null))).toEqual([
      'Main',
      '-Kitchen',
      '--Cookware',
      '---Pans',
      '--Knives',
      '-Bath',
      'Outlet',
      '-Đồ gia dụng',
      '--Nồi',
    ]);
  });

  it('filters by part of a name, keeping the ancestors open and leaving the rest out', () => {
    const filter = filterTree(index, 'pan');
    expect(filter && [...filter.matches]).toEqual(['c1:25']);
    const rows = visibleRows(index, expandedForFilter(filter!, index), filter);
    expect(names(rows)).toEqual(['Main', '-Kitchen', '--Cookware', '---Pans']);
    expect(rows.map((row) => row.isMatch)).toEqual([false, false, false, true]);
    expect(rows[1]).toMatchObject({ childCount: 1, isExpanded: true, siblings: 1 });
  });

  it('filters by id, in every tree that has it', () => {
    const filter = filterTree(index, '23')!;
    expect([...filter.matches].sort()).toEqual(['c1:23', 'c2:23']);
    expect(names(visibleRows(index, expandedForFilter(filter, index), filter))).toEqual([
      'Main',
      '-Kitchen',
      'Outlet',
      '-Đồ gia dụng',
    ]);
    expect([...filterTree(index, '#41')!.matches]).toEqual(['c2:41']);
    // An id is matched whole: 2 is not 23 or 25.
    expect(filterTree(index, '2')!.matches.size).toBe(0);
  });

  it('finds Vietnamese names typed without their marks, in any case', () => {
    expect(foldText('  Đồ Gia DỤNG ')).toBe('do gia dung');
    expect([...filterTree(index, 'do gia')!.matches]).toEqual(['c2:23']);
    expect([...filterTree(index, 'NỒI')!.matches]).toEqual(['c2:41']);
    expect([...filterTree(index, 'noi')!.matches]).toEqual(['c2:41']);
  });

  it('has no filter for blank text and an empty one when nothing matches', () => {
    expect(filterTree(index, '   ')).toBeNull();
    const none = filterTree(index, 'garden')!;
    expect(none.matches.size).toBe(0);
    expect(visibleRows(index, expandAll(index), none)).toEqual([]);
  });

  it('moves with the keys of a tree view', () => {
    const open = initialExpanded(index);
    const rows = visibleRows(index, open, null);
    expect(treeKeyAction(rows, 't1', 'ArrowDown')).toEqual({ kind: 'focus', key: 'c1:23' });
    expect(treeKeyAction(rows, 't1', 'ArrowUp')).toBeNull();
    expect(treeKeyAction(rows, 'c1:23', 'ArrowRight')).toEqual({ kind: 'expand', key: 'c1:23' });
    expect(treeKeyAction(rows, 'c1:23', 'Enter')).toEqual({ kind: 'expand', key: 'c1:23' });
    expect(treeKeyAction(rows, 'c1:23', 'ArrowLeft')).toEqual({ kind: 'focus', key: 't1' });
    expect(treeKeyAction(rows, 't1', 'ArrowLeft')).toEqual({ kind: 'collapse', key: 't1' });
    expect(treeKeyAction(rows, 't1', 'ArrowRight')).toEqual({ kind: 'focus', key: 'c1:23' });
    expect(treeKeyAction(rows, 'c1:30', 'ArrowRight')).toBeNull();
    expect(treeKeyAction(rows, 'c1:30', 'End')).toEqual({ kind: 'focus', key: 'c2:23' });
    expect(treeKeyAction(rows, 'c2:23', 'Home')).toEqual({ kind: 'focus', key: 't1' });
    expect(treeKeyAction(rows, 'gone', 'ArrowDown')).toEqual({ kind: 'focus', key: 't1' });
    const opened = visibleRows(index, new Set([...open, 'c1:23']), null);
    expect(treeKeyAction(opened, 'c1:23', 'ArrowLeft')).toEqual({ kind: 'collapse', key: 'c1:23' });
    expect(treeKeyAction(opened, 'c1:23', ' ')).toEqual({ kind: 'collapse', key: 'c1:23' });
  });

  it('takes thousands of categories, nested thousands deep (no recursion)', () => {
    // 5,000 categories: 50 roots of 99 descendants each, in chains of 11 levels; and one chain 2,000 deep.
    let next = 1;
    const chain = (depth: number): DumpedCategoryNode[] => {
      let node: DumpedCategoryNode | null = null;
      for (let level = depth; level >= 1; level--)
        node = category(next++, `Aisle ${next}`, node ? [node] : []);
      return node ? [node] : [];
    };
    const roots = Array.from({ length: 50 }, () =>
      category(next++, `Department ${next}`, Array.from({ length: 9 }, () => chain(11)).flat()),
    );
    const big = indexCategoryDump({
      trees: [
        { id: 1, name: 'Big', channels: [], totalCategories: 0, categories: roots },
        { id: 2, name: 'Deep', channels: [], totalCategories: 0, categories: chain(2000) },
      ],
    });
    expect(big.categoryCount).toBe(50 * 100 + 2000);
    const filter = filterTree(big, 'aisle 12')!;
    const rows = visibleRows(big, expandedForFilter(filter, big), filter);
    const all = visibleRows(big, expandAll(big), null);
    expect(rows.at(-1)?.isMatch).toBe(true);
    expect(all).toHaveLength(big.categoryCount + 2);
    expect(all.at(-1)?.node.level).toBe(2001);
  });
});
