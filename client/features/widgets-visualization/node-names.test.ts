import { describe, expect, it } from 'vitest';
import { buildWidgetsHierarchy, type HierarchyNode } from '../../../common/dumps/widgets-hierarchy';
import { generateWidgetsDump } from '../../../e2e/fixtures/widgets-dump-generator';
import { localiseGroupNames, type GroupNames } from './node-names';

const VIETNAMESE: GroupNames = {
  root: 'Tất cả',
  pages: 'Các trang',
  templates: 'Các template widget',
  globalRegions: 'Vùng toàn cục',
};
const ENGLISH: GroupNames = {
  root: 'All',
  pages: 'Pages',
  templates: 'Widget templates',
  globalRegions: 'Global regions',
};

function tree(): HierarchyNode {
  const dump = generateWidgetsDump({
    pages: 3,
    regions: 1,
    directWidgets: 1,
    layouts: 0,
    widgetsPerDropzone: 0,
  });
  dump.templates[0]!.template_file = null;
  dump.templates[1]!.template_file = null;
  return buildWidgetsHierarchy(dump);
}

describe('localiseGroupNames', () => {
  it('names the groups and the global regions in the reader’s language, ids and the rest unchanged', () => {
    const root = tree();
    const shown = localiseGroupNames(root, VIETNAMESE);
    expect(shown.name).toBe('Tất cả');
    expect(shown.children?.map((child) => [child.id, child.name])).toEqual([
      ['pages', 'Các trang'],
      ['templates', 'Các template widget'],
    ]);
    const pages = shown.children?.[0]?.children ?? [];
    expect(pages.map((page) => page.name)).toEqual([
      'Vùng toàn cục',
      'Vùng toàn cục · Entity 101 (#101)',
      'pages/category · Entity 102 (#102)',
    ]);
    expect(pages.map((page) => page.id)).toEqual(['pages/0', 'pages/1', 'pages/2']);
    // What is not renamed is the same node; the tree given is left as it was.
    expect(pages[2]).toBe(root.children?.[0]?.children?.[2]);
    expect(pages[0]?.children).toBe(root.children?.[0]?.children?.[0]?.children);
    expect(root.name).toBe('All');
    expect(root.children?.[0]?.children?.[0]?.name).toBe('Global regions');
  });

  it('gives the same tree back in English', () => {
    const root = tree();
    expect(localiseGroupNames(root, ENGLISH)).toBe(root);
  });
});
