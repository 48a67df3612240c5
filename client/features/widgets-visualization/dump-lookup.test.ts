import { describe, expect, it } from 'vitest';
import { layout, makeDump, page, template, widget } from '../../../common/dumps/widgets-dump.fixtures';
import { buildWidgetsHierarchy, type HierarchyNode } from '../../../common/dumps/widgets-hierarchy';
import {
  ancestorIds,
  buildSearchIndex,
  isLit,
  pageIndexOf,
  resolveRef,
  searchNodes,
  templateOf,
  type SearchResult,
} from './dump-lookup';

// Page 0: a named hero, a layout with a "Free shipping" text, an unnamed text and a "Clip" video. Page 1: a product
// page (Blue shirt) with one hero. Pages 2 to 11: one video each (so pages/1 and pages/10 share a prefix).
const dump = makeDump(
  [
    page('pages/home', [
      {
        name: 'home_below_menu',
        children: [
          widget('t-hero', 'Big hero', { title: 'Summer SALE', colour: 'navy' }),
          layout(
            [widget('t-text', undefined, { text: 'Free shipping' })],
            [widget('t-text', '', {}), widget('t-video', 'Clip', { url: 'https://example.com/v.mp4' })],
          ),
        ],
      },
    ]),
    page(
      'pages/product',
      [{ name: 'product_below_content', children: [widget('t-hero', 'Shirt hero', {})] }],
      {
        id: '12',
        name: 'Blue shirt',
      },
    ),
    ...Array.from({ length: 10 }, (_, i) =>
      page(
        'pages/page',
        [{ name: 'page_builder_content', children: [widget('t-video', `Movie ${i + 2}`, {})] }],
        {
          id: String(i + 2),
          name: `Web page ${i + 2}`,
        },
      ),
    ),
  ],
  [
    template('t-hero', 'Hero banner', 'custom'),
    template('t-text', 'Text', 'text'),
    template('t-video', 'Video player', 'custom'),
    template('t-unused', 'Never placed', 'custom'),
  ],
);
const root = buildWidgetsHierarchy(dump);
const index = buildSearchIndex(dump, root);

const HERO = 'pages/0/regions/0/children/0';
const LAYOUT = 'pages/0/regions/0/children/1';
const FREE_SHIPPING = `${LAYOUT}/dropzones/0/widgets/0`;
const UNNAMED_TEXT = `${LAYOUT}/dropzones/1/widgets/0`;
const CLIP = `${LAYOUT}/dropzones/1/widgets/1`;
const SHIRT_HERO = 'pages/1/regions/0/children/0';

function search(query: string): SearchResult {
  const result = searchNodes(index, query);
  if (!result) throw new Error(`no result for "${query}"`);
  return result;
}
const sorted = (set: Set<string>) => [...set].sort();
const nodeIds = new Set<string>();
const collect = (node: HierarchyNode): void => {
  nodeIds.add(node.id);
  node.children?.forEach(collect);
};
collect(root);
/**
 * The holders that are nodes of the tree. (searchNodes also adds every prefix of a match's id, such as
 * `pages/0/regions`, which is no node's id: harmless, as holders are only looked up by node id.)
 */
const heldNodes = (result: SearchResult) => [...result.holders].filter((id) => nodeIds.has(id)).sort();

describe('buildSearchIndex', () => {
  it('indexes widgets (name, template name, configuration), templates (name, kind) and pages, lower-cased', () => {
    const text = new Map(index.map((entry) => [entry.id, entry.text]));
    expect(text.get(HERO)).toBe('big hero\nhero banner\n{"title":"summer sale","colour":"navy"}');
    expect(text.get(FREE_SHIPPING)).toBe('text\ntext\n{"text":"free shipping"}');
    expect(text.get(UNNAMED_TEXT)).toBe('text\ntext\n{}');
    expect(text.get('templates/custom/t-video')).toBe('video player\ncustom');
    expect(text.get('pages/1')).toBe('pages/product · blue shirt (#12)');
    expect(text.get('pages/0')).toBe('pages/home');
    // Regions, layouts, dropzones and the containers are not searched; hidden templates are not in the tree.
    expect(text.has('pages/0/regions/0')).toBe(false);
    expect(text.has(LAYOUT)).toBe(false);
    expect(text.has('templates/custom')).toBe(false);
    expect(text.has('templates/custom/t-unused')).toBe(false);
    expect(index).toHaveLength(15 + 12 + 3);
  });
});

describe('searchNodes', () => {
  it('returns null for a blank query', () => {
    expect(searchNodes(index, '')).toBeNull();
    expect(searchNodes(index, '   \t ')).toBeNull();
  });

  it("matches a widget's name, case-insensitive and trimmed, with its ancestors and the root as holders", () => {
    const result = search('  BIG Hero ');
    expect(sorted(result.matches)).toEqual([HERO]);
    expect(heldNodes(result)).toEqual(['pages', 'pages/0', 'pages/0/regions/0', 'root']);
  });

  it("matches a widget's configuration text, and holds it up through its layout and dropzone", () => {
    const result = search('Free Shipping');
    expect(sorted(result.matches)).toEqual([FREE_SHIPPING]);
    expect(heldNodes(result)).toEqual([
      'pages',
      'pages/0',
      'pages/0/regions/0',
      LAYOUT,
      `${LAYOUT}/dropzones/0`,
      'root',
    ]);
    expect(sorted(search('summer sale').matches)).toEqual([HERO]);
    expect(sorted(search('example.com/v.mp4').matches)).toEqual([CLIP]);
  });

  it("matches a widget's template name, and the template itself", () => {
    const result = search('hero banner');
    expect(sorted(result.matches)).toEqual([HERO, SHIRT_HERO, 'templates/custom/t-hero']);
    expect(heldNodes(result)).toEqual([
      'pages',
      'pages/0',
      'pages/0/regions/0',
      'pages/1',
      'pages/1/regions/0',
      'root',
      'templates',
      'templates/custom',
    ]);
    // "Clip" is found by its template's name too.
    expect(search('VIDEO PLAYER').matches.has(CLIP)).toBe(true);
  });

  it("matches a template's kind", () => {
    const result = search('custom');
    expect(sorted(result.matches)).toEqual(['templates/custom/t-hero', 'templates/custom/t-video']);
    expect(heldNodes(result)).toEqual(['root', 'templates', 'templates/custom']);
  });

  it("matches a page's name (template file and entity)", () => {
    expect(sorted(search('blue SHIRT').matches)).toEqual(['pages/1']);
    expect(heldNodes(search('blue shirt'))).toEqual(['pages', 'root']);
    expect(sorted(search('(#12)').matches)).toEqual(['pages/1']);
    expect(sorted(search('pages/home').matches)).toEqual(['pages/0']);
  });

  it('matches nothing for an unknown word', () => {
    const result = search('no such thing');
    expect(result.matches.size).toBe(0);
    expect(isLit(result, 'pages')).toBe(false);
    expect(isLit(result, HERO)).toBe(false);
  });
});

describe('isLit', () => {
  it('lights the matches, their holders, and the descendants of a matched page', () => {
    const result = search('blue shirt');
    expect(isLit(result, 'pages/1')).toBe(true);
    expect(isLit(result, 'pages/1/regions/0')).toBe(true);
    expect(isLit(result, SHIRT_HERO)).toBe(true);
    expect(isLit(result, 'pages')).toBe(true);
    expect(isLit(result, 'root')).toBe(true);
    expect(isLit(result, 'pages/0')).toBe(false);
    expect(isLit(result, HERO)).toBe(false);
    expect(isLit(result, 'templates')).toBe(false);
    expect(isLit(result, 'templates/custom/t-hero')).toBe(false);
  });

  it('does not light a sibling whose id only starts with a match', () => {
    const result = search('blue shirt');
    expect(isLit(result, 'pages/10')).toBe(false);
    expect(isLit(result, 'pages/10/regions/0/children/0')).toBe(false);
    const tenth = search('web page 10');
    expect(sorted(tenth.matches)).toEqual(['pages/10']);
    expect(isLit(tenth, 'pages/10/regions/0/children/0')).toBe(true);
    expect(isLit(tenth, 'pages/1')).toBe(false);
    expect(isLit(tenth, SHIRT_HERO)).toBe(false);
  });

  it('lights a matched widget but not its siblings', () => {
    const result = search('free shipping');
    expect(isLit(result, FREE_SHIPPING)).toBe(true);
    expect(isLit(result, LAYOUT)).toBe(true);
    expect(isLit(result, UNNAMED_TEXT)).toBe(false);
    expect(isLit(result, `${LAYOUT}/dropzones/1`)).toBe(false);
    expect(isLit(result, HERO)).toBe(false);
  });
});

describe('resolveRef, templateOf and pageIndexOf', () => {
  it('resolve a node back to the dump', () => {
    const home = dump.templates[0]!;
    const layoutChild = home.snapshot.regions[0]!.children[1]!;
    expect(resolveRef(dump, { pageIndex: 0, path: [] })).toBe(home);
    expect(resolveRef(dump, { pageIndex: 0, path: ['regions', 0, 'children', 1] })).toBe(layoutChild);
    expect(
      resolveRef(dump, { pageIndex: 0, path: ['regions', 0, 'children', 1, 'dropzones', 1, 'widgets', 1] }),
    ).toBe(layoutChild.dropzones?.[1]?.widgets?.[1]);
    expect(resolveRef(dump, { templateUuid: 't-text' })).toBe(dump.widgetTemplates[1]);
    expect(resolveRef(dump, { templateUuid: 'gone' })).toBeUndefined();
    expect(resolveRef(dump, { pageIndex: 99, path: [] })).toBeUndefined();
    expect(resolveRef(dump, { pageIndex: 0, path: ['regions', 5, 'children', 0] })).toBeUndefined();
    expect(resolveRef(dump, undefined)).toBeUndefined();
    expect(templateOf(dump, 't-video')?.name).toBe('Video player');
    expect(templateOf(dump, 42)).toBeUndefined();
    expect(templateOf(dump, 'gone')).toBeUndefined();
    expect(
      pageIndexOf({ id: SHIRT_HERO, name: 'x', kind: 'widget', value: 1, ref: { pageIndex: 1, path: [] } }),
    ).toBe(1);
    expect(
      pageIndexOf({ id: 't', name: 'x', kind: 'template', value: 1, ref: { templateUuid: 't-hero' } }),
    ).toBe(null);
    expect(pageIndexOf(root)).toBeNull();
  });
});

describe('ancestorIds', () => {
  it('lists the node ids above a node, nearest first, skipping the path list names', () => {
    expect(ancestorIds('pages/2/regions/1/children/0/dropzones/1/widgets/3')).toEqual([
      'pages/2/regions/1/children/0/dropzones/1',
      'pages/2/regions/1/children/0',
      'pages/2/regions/1',
      'pages/2',
      'pages',
    ]);
    expect(ancestorIds('templates/custom/abc')).toEqual(['templates/custom', 'templates']);
    expect(ancestorIds('pages')).toEqual([]);
  });
});
