import { describe, expect, it } from 'vitest';
import { specLine } from '../spec-text.fixtures';
import { allNodes, layout, makeDump, page, template, widget } from './widgets-dump.fixtures';
import {
  TREEMAP,
  buildWidgetsHierarchy,
  refFromId,
  truncateName,
  visualizationSummary,
  type HierarchyNode,
} from './widgets-hierarchy';

const ofKind = (root: HierarchyNode, kind: HierarchyNode['kind']) =>
  allNodes(root).filter((n) => n.kind === kind);
const child = (node: HierarchyNode, id: string) => node.children?.find((n) => n.id === id);

// A home page with a direct widget and a two-column layout, a product page, a global regions page; templates:
// t-hero (used, custom), t-text (used twice, built-in), t-empty (used, empty schema), t-null (used, null schema),
// t-unused (unused, custom with a schema).
const dump = makeDump(
  [
    page('pages/home', [
      {
        name: 'home_below_menu',
        children: [
          widget('t-hero', 'Big hero'),
          layout([widget('t-text')], [widget('t-text', ''), widget('t-empty')]),
        ],
      },
      { name: 'home_below_content', children: [] },
    ]),
    page('pages/product', [{ name: 'product_below_content', children: [widget('t-null')] }], {
      id: '12',
      name: 'Blue shirt',
    }),
    page(null, [{ name: 'header_bottom--global', children: [widget('t-hero')] }]),
  ],
  [
    template('t-hero', 'Hero banner', 'custom'),
    template('t-text', 'Text', 'text'),
    template('t-empty', 'Empty schema', 'custom', []),
    template('t-null', 'Null schema', 'custom', null),
    template('t-unused', 'Never placed', 'custom'),
  ],
);
const noFilters = { hideEmptySchemaTemplates: false, hideUnusedTemplates: false };

describe('TREEMAP constants (spec part 1 §9)', () => {
  it('are exactly the spec values, frozen', () => {
    const t = TREEMAP;
    expect(Object.keys(t)).toHaveLength(11);
    expect(
      `- Treemap: zoom ${t.zoomMin}x to ${t.zoomMax}x; button step ${t.zoomButtonStep}; ` +
        `wheel step ${t.wheelZoomOut} or ${t.wheelZoomIn}; ` +
        `depth shown up to ${t.maxDepth} (${t.templatesMaxDepth} inside the widget templates category); ` +
        `labels only for boxes at least ${t.labelMinWidth} by ${t.labelMinHeight} px; ` +
        `tree names truncated at ${t.nameMaxLength} characters, schema view values at ${t.schemaValueMaxLength}.`,
    ).toBe(specLine(1, '- Treemap:'));
    expect(Object.isFrozen(TREEMAP)).toBe(true);
  });
});

describe('buildWidgetsHierarchy', () => {
  it('builds root > Pages / Widget templates with pages named by template file and entity', () => {
    const root = buildWidgetsHierarchy(dump);
    expect(root.kind).toBe('root');
    expect(root.children?.map((n) => [n.id, n.kind, n.name])).toEqual([
      ['pages', 'pages', 'Pages'],
      ['templates', 'templates', 'Widget templates'],
    ]);
    expect(ofKind(root, 'page').map((n) => n.name)).toEqual([
      'pages/home',
      'pages/product · Blue shirt (#12)',
      'Global regions',
    ]);
    expect(ofKind(root, 'region')).toHaveLength(4);
    expect(ofKind(root, 'layout')).toHaveLength(1);
    expect(ofKind(root, 'dropzone').map((n) => n.name)).toEqual(['Dropzone 1', 'Dropzone 2']);
  });

  it('has as many widgets as the summary, named by their name or their template name, with refs', () => {
    const root = buildWidgetsHierarchy(dump);
    const widgets = ofKind(root, 'widget');
    expect(widgets).toHaveLength(dump.summary.totalWidgets);
    expect(widgets.map((n) => n.name)).toEqual([
      'Big hero',
      'Text',
      'Text',
      'Empty schema',
      'Null schema',
      'Hero banner',
    ]);
    const inLayout = widgets[3];
    expect(inLayout?.id).toBe('pages/0/regions/0/children/1/dropzones/1/widgets/1');
    expect(inLayout?.ref).toEqual({
      pageIndex: 0,
      path: ['regions', 0, 'children', 1, 'dropzones', 1, 'widgets', 1],
    });
    const pagesNode = child(root, 'pages');
    expect(pagesNode?.value).toBe(dump.summary.totalWidgets + 1); // + the empty region's box
  });

  it('shows every template with the filters off, grouped by kind', () => {
    const root = buildWidgetsHierarchy(dump, noFilters);
    expect(ofKind(root, 'template')).toHaveLength(dump.summary.totalWidgetTemplates);
    const templates = child(root, 'templates');
    expect(templates?.children?.map((n) => [n.id, n.children?.length])).toEqual([
      ['templates/custom', 4],
      ['templates/text', 1],
    ]);
    const text = ofKind(root, 'template').find((n) => n.name === 'Text');
    expect(text).toMatchObject({ id: 'templates/text/t-text', value: 2, ref: { templateUuid: 't-text' } });
    expect(ofKind(root, 'template').find((n) => n.name === 'Never placed')?.value).toBe(1);
  });

  it('hides empty-schema (empty or null) templates', () => {
    const root = buildWidgetsHierarchy(dump, { ...noFilters, hideEmptySchemaTemplates: true });
    expect(ofKind(root, 'template').map((n) => n.name)).toEqual(['Hero banner', 'Never placed', 'Text']);
    // Widgets that use them are still in the pages.
    expect(ofKind(root, 'widget')).toHaveLength(dump.summary.totalWidgets);
  });

  it('hides templates no widget uses', () => {
    const root = buildWidgetsHierarchy(dump, { ...noFilters, hideUnusedTemplates: true });
    expect(ofKind(root, 'template').map((n) => n.name)).toEqual([
      'Hero banner',
      'Empty schema',
      'Null schema',
      'Text',
    ]);
  });

  it('turns both filters on by default', () => {
    const root = buildWidgetsHierarchy(dump);
    expect(ofKind(root, 'template').map((n) => n.name)).toEqual(['Hero banner', 'Text']);
  });

  it('builds an empty page, an empty region, layout and dropzone without zero-value nodes', () => {
    const sparse = makeDump(
      [
        page('pages/search', []),
        page('pages/cart', [
          { name: 'cart_top', children: [] },
          { name: 'cart_bottom', children: [{ type: 'layout', dropzones: [] }, layout([])] },
        ]),
      ],
      [template('t-unused', 'Never placed', 'custom', null)],
    );
    const root = buildWidgetsHierarchy(sparse);
    const nodes = allNodes(root);
    expect(nodes.every((n) => Number.isFinite(n.value) && n.value >= 1)).toBe(true);
    for (const node of nodes) {
      if (node.children) {
        expect(node.children.length).toBeGreaterThan(0);
        expect(node.value).toBe(node.children.reduce((sum, c) => sum + c.value, 0));
      }
    }
    expect(ofKind(root, 'widget')).toHaveLength(0);
    expect(ofKind(root, 'template')).toHaveLength(0);
    expect(child(root, 'templates')?.value).toBe(1);
    expect(child(root, 'templates')).not.toHaveProperty('children');
    expect(ofKind(root, 'page').map((n) => n.value)).toEqual([1, 3]);
  });

  it('gives every node a unique id', () => {
    const ids = allNodes(buildWidgetsHierarchy(dump, noFilters)).map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reads every ref back from the id; without refs the tree is the same otherwise', () => {
    const withRefs = allNodes(buildWidgetsHierarchy(dump, noFilters));
    for (const node of withRefs) expect(refFromId(node.id)).toEqual(node.ref);
    expect(refFromId('pages/1/regions/0/children/2/dropzones/1/widgets/0')).toEqual({
      pageIndex: 1,
      path: ['regions', 0, 'children', 2, 'dropzones', 1, 'widgets', 0],
    });
    expect(refFromId('templates/custom/t-hero')).toEqual({ templateUuid: 't-hero' });
    expect(refFromId('pages/x')).toBeUndefined();
    const bare = allNodes(buildWidgetsHierarchy(dump, noFilters, { refs: false }));
    expect(bare.some((node) => 'ref' in node)).toBe(false);
    expect(bare.map(({ id, name, kind, value }) => [id, name, kind, value])).toEqual(
      withRefs.map(({ id, name, kind, value }) => [id, name, kind, value]),
    );
  });
});

describe('visualizationSummary', () => {
  it('adds regions, layouts and dropzones to the four counts of the dump', () => {
    expect(visualizationSummary(dump)).toEqual({
      totalWidgetTemplates: 5,
      totalTemplates: 3,
      totalWidgets: 6,
      uniqueWidgetTemplates: 4,
      totalRegions: 4,
      totalLayouts: 1,
      totalDropzones: 2,
    });
  });
});

describe('truncateName', () => {
  it('keeps names up to 30 characters and cuts longer ones with an ellipsis', () => {
    const thirty = 'x'.repeat(30);
    expect(truncateName(thirty)).toBe(thirty);
    const cut = truncateName('A very long widget name that goes on and on');
    expect(cut).toBe('A very long widget name that …');
    expect(Array.from(cut)).toHaveLength(30);
    expect(truncateName('abcdef', 4)).toBe('abc…');
  });
});
