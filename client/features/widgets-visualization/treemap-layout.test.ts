import { describe, expect, it } from 'vitest';
import {
  TREEMAP,
  buildWidgetsHierarchy,
  type HierarchyKind,
  type HierarchyNode,
} from '../../../common/dumps/widgets-hierarchy';
import { TWENTY_THOUSAND, generateWidgetsDump } from '../../../e2e/fixtures/widgets-dump-generator';
import {
  HEADER_HEIGHT,
  IDENTITY,
  clampZoom,
  hasRoomForLabel,
  hitTest,
  isTemplatesBranch,
  layoutFocus,
  pan,
  pathTo,
  pathToNearest,
  shownDepth,
  toScreen,
  wheelFactor,
  zoomAround,
  type TreemapBox,
  type ViewTransform,
} from './treemap-layout';

const EPSILON = 1e-9;

/** A hand-made node: a leaf of `value`, or a container weighing its children's total. */
function node(id: string, kind: HierarchyKind, children?: HierarchyNode[], value = 1): HierarchyNode {
  if (!children) return { id, name: id, kind, value };
  return { id, name: id, kind, value: children.reduce((sum, c) => sum + c.value, 0), children };
}

function child(parent: HierarchyNode, id: string): HierarchyNode {
  const found = parent.children?.find((n) => n.id === id);
  if (!found) throw new Error(`no child ${id} in ${parent.id}`);
  return found;
}

/**
 * Every box has finite, ordered coordinates; every box with an area lies inside the canvas (a canvas under 1 px is
 * laid out as 1 px). A box that padding leaves no room for is clamped by d3 to zero size (it is neither drawn nor
 * hit), and may then sit anywhere: only its coordinates must stay numbers.
 */
function expectSaneBoxes(boxes: readonly TreemapBox[], width: number, height: number): void {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  for (const box of boxes) {
    const coordinates = [box.x0, box.y0, box.x1, box.y1];
    expect(coordinates.every(Number.isFinite), `${box.node.id}: ${coordinates.join(', ')}`).toBe(true);
    expect(box.x0).toBeLessThanOrEqual(box.x1);
    expect(box.y0).toBeLessThanOrEqual(box.y1);
    if (box.x1 - box.x0 === 0 || box.y1 - box.y0 === 0) continue;
    expect(box.x0, box.node.id).toBeGreaterThanOrEqual(-EPSILON);
    expect(box.y0, box.node.id).toBeGreaterThanOrEqual(-EPSILON);
    expect(box.x1, box.node.id).toBeLessThanOrEqual(w + EPSILON);
    expect(box.y1, box.node.id).toBeLessThanOrEqual(h + EPSILON);
  }
}

// 3 pages x 2 regions x (2 direct widgets + 1 layout of 2 dropzones x 2 widgets) = 36 widgets; 40 templates, 36 used.
const SMALL = { pages: 3, regions: 2, directWidgets: 2, layouts: 1, widgetsPerDropzone: 2 };
const smallRoot = buildWidgetsHierarchy(generateWidgetsDump(SMALL));
const pagesNode = child(smallRoot, 'pages');
const templatesNode = child(smallRoot, 'templates');

describe('isTemplatesBranch and shownDepth', () => {
  it('show two levels, or one on a path through the widget-templates category', () => {
    const page = child(pagesNode, 'pages/0');
    const kind = child(templatesNode, 'templates/custom');
    expect(isTemplatesBranch([smallRoot])).toBe(false);
    expect(isTemplatesBranch([smallRoot, pagesNode, page])).toBe(false);
    expect(isTemplatesBranch([smallRoot, templatesNode])).toBe(true);
    expect(isTemplatesBranch([smallRoot, templatesNode, kind])).toBe(true);
    expect(shownDepth([smallRoot])).toBe(2);
    expect(shownDepth([smallRoot, pagesNode, page])).toBe(2);
    expect(shownDepth([smallRoot, templatesNode])).toBe(1);
    expect(shownDepth([smallRoot, templatesNode, kind])).toBe(1);
  });
});

describe('layoutFocus', () => {
  it('lays out the focus children and grandchildren only, parents first, largest first', () => {
    const boxes = layoutFocus(smallRoot, shownDepth([smallRoot]), 1200, 800);
    // Pages weigh 36 (widgets), templates 31 (the 31 shown templates, each used once); custom 26, banner 5.
    expect(boxes.map((b) => [b.node.id, b.depth, b.parentIndex, b.open])).toEqual([
      ['pages', 1, 0, true],
      ['pages/0', 2, 0, false],
      ['pages/1', 2, 0, false],
      ['pages/2', 2, 0, false],
      ['templates', 1, 4, true],
      ['templates/custom', 2, 4, false],
      ['templates/banner', 2, 4, false],
    ]);
  });

  it('goes two levels below a page: regions and their layouts and widgets, never the dropzones', () => {
    const page = child(pagesNode, 'pages/1');
    const boxes = layoutFocus(page, shownDepth([smallRoot, pagesNode, page]), 1200, 800);
    expect(boxes.map((b) => b.node.id)).toEqual([
      'pages/1/regions/0',
      'pages/1/regions/0/children/2',
      'pages/1/regions/0/children/0',
      'pages/1/regions/0/children/1',
      'pages/1/regions/1',
      'pages/1/regions/1/children/2',
      'pages/1/regions/1/children/0',
      'pages/1/regions/1/children/1',
    ]);
    expect(boxes.map((b) => b.node.kind)).toEqual([
      'region',
      'layout', // the layout (4 widgets) outweighs the direct widgets
      'widget',
      'widget',
      'region',
      'layout',
      'widget',
      'widget',
    ]);
  });

  it('shows one level inside the widget-templates category', () => {
    const boxes = layoutFocus(templatesNode, shownDepth([smallRoot, templatesNode]), 800, 600);
    expect(boxes.map((b) => [b.node.id, b.depth, b.open])).toEqual([
      ['templates/custom', 1, false],
      ['templates/banner', 1, false],
    ]);
    const kind = child(templatesNode, 'templates/custom');
    const templates = layoutFocus(kind, shownDepth([smallRoot, templatesNode, kind]), 800, 600);
    expect(templates).toHaveLength(26);
    expect(templates.every((b) => b.depth === 1 && b.node.kind === 'template' && !b.open)).toBe(true);
    expect(templates[0]?.node.name).toBe('Custom Banner 1');
  });

  it('keeps every box inside the canvas and every child inside its parent, below the header', () => {
    const boxes = layoutFocus(pagesNode, 2, 1200, 800);
    expect(boxes).toHaveLength(3 + 6);
    expectSaneBoxes(boxes, 1200, 800);
    for (const [i, box] of boxes.entries()) {
      if (box.depth === 1) {
        expect(box.parentIndex).toBe(i);
        expect(box.x1 - box.x0).toBeGreaterThan(0);
        expect(box.y1 - box.y0).toBeGreaterThan(0);
        continue;
      }
      const parent = boxes[box.parentIndex]!;
      expect(parent.depth).toBe(1);
      expect(parent.open).toBe(true);
      expect(parent.node.children).toContain(box.node);
      expect(box.x0).toBeGreaterThanOrEqual(parent.x0 + 2 - EPSILON);
      expect(box.x1).toBeLessThanOrEqual(parent.x1 - 2 + EPSILON);
      expect(box.y0).toBeGreaterThanOrEqual(parent.y0 + HEADER_HEIGHT - EPSILON);
      expect(box.y1).toBeLessThanOrEqual(parent.y1 - 2 + EPSILON);
    }
  });

  it('puts each depth-1 box right before its own children', () => {
    const boxes = layoutFocus(smallRoot, 2, 1000, 700);
    let parent = -1;
    for (const [i, box] of boxes.entries()) {
      if (box.depth === 1) {
        if (parent >= 0) expect(i - parent - 1).toBe(boxes[parent]!.node.children?.length);
        parent = i;
      } else {
        expect(box.parentIndex).toBe(parent);
        expect(box.parentIndex).toBeLessThan(i);
      }
    }
    expect(boxes.length - parent - 1).toBe(boxes[parent]!.node.children?.length);
  });

  it('gives boxes areas roughly proportional to their values, largest first', () => {
    const focus = node('f', 'region', [
      node('f/c', 'widget', undefined, 10),
      node('f/a', 'widget', undefined, 60),
      node('f/b', 'widget', undefined, 30),
    ]);
    const boxes = layoutFocus(focus, 2, 1000, 600);
    expect(boxes.map((b) => b.node.id)).toEqual(['f/a', 'f/b', 'f/c']);
    expectSaneBoxes(boxes, 1000, 600);
    const areas = boxes.map((b) => (b.x1 - b.x0) * (b.y1 - b.y0));
    const total = areas.reduce((sum, a) => sum + a, 0);
    expect(total).toBeGreaterThan(0.97 * 1000 * 600);
    const shares = areas.map((a) => a / total);
    expect(shares[0]).toBeCloseTo(0.6, 1);
    expect(shares[1]).toBeCloseTo(0.3, 1);
    expect(shares[2]).toBeCloseTo(0.1, 1);
    expect(areas[0]! / areas[2]!).toBeGreaterThan(5);
    expect(areas[0]! / areas[2]!).toBeLessThan(7);
  });

  it('weighs a zero-value node as 1 and a cut node with its whole weight', () => {
    const focus = node('f', 'page', [
      { id: 'f/empty', name: 'empty', kind: 'region', value: 0 },
      node('f/full', 'region', [node('f/full/x', 'widget', [node('f/full/x/deep', 'widget', undefined, 3)])]),
    ]);
    const boxes = layoutFocus(focus, 1, 400, 400);
    expect(boxes.map((b) => [b.node.id, b.open])).toEqual([
      ['f/full', false],
      ['f/empty', false],
    ]);
    expectSaneBoxes(boxes, 400, 400);
    const area = (b: TreemapBox) => (b.x1 - b.x0) * (b.y1 - b.y0);
    expect(area(boxes[1]!)).toBeGreaterThan(0);
    expect(area(boxes[0]!) / area(boxes[1]!)).toBeCloseTo(3, 0);
  });

  it.each([
    [1, 1],
    [0, 0],
    [10, 10],
    [300, 4],
  ])('keeps 3,000 equal-weight tiny nodes finite and ordered on a %d x %d canvas', (width, height) => {
    const leaves = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => node(`${prefix}/${i}`, 'widget'));
    const focus = node('f', 'page', [
      ...Array.from({ length: 30 }, (_, r) => node(`f/${r}`, 'region', leaves(`f/${r}`, 100))),
      { id: 'f/zero', name: 'zero', kind: 'region', value: 0 },
    ]);
    const boxes = layoutFocus(focus, 2, width, height);
    expect(boxes).toHaveLength(31 + 3000);
    expectSaneBoxes(boxes, width, height);
  });

  it('lays out a 20,000-widget dump at any size without NaN', () => {
    const root = buildWidgetsHierarchy(generateWidgetsDump(TWENTY_THOUSAND));
    const pages = child(root, 'pages');
    expect(pages.value).toBe(20_000);
    const drill = layoutFocus(pages, 2, 1200, 560);
    expect(drill).toHaveLength(100 + 500);
    expectSaneBoxes(drill, 1200, 560);
    expectSaneBoxes(layoutFocus(root, 2, 1, 1), 1, 1);
    expectSaneBoxes(layoutFocus(pages, 2, 1, 1), 1, 1);
  });
});

describe('zoom', () => {
  it('clampZoom keeps the factor between 0.5 and 5', () => {
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(0.5)).toBe(0.5);
    expect(clampZoom(0.49)).toBe(0.5);
    expect(clampZoom(1.7)).toBe(1.7);
    expect(clampZoom(5)).toBe(5);
    expect(clampZoom(5.01)).toBe(5);
    expect(clampZoom(100)).toBe(5);
  });

  it('zoomAround keeps the point under the pointer where it is', () => {
    expect(zoomAround(IDENTITY, 2, 100, 50)).toEqual({ k: 2, x: -100, y: -50 });
    const view: ViewTransform = { k: 2, x: 30, y: -10 };
    const next = zoomAround(view, 1.5, 200, 120);
    expect(next).toEqual({ k: 3, x: -55, y: -75 });
    // The layout point under (200, 120) is (85, 65) before and after.
    expect([(200 - view.x) / view.k, (120 - view.y) / view.k]).toEqual([85, 65]);
    expect([(200 - next.x) / next.k, (120 - next.y) / next.k]).toEqual([85, 65]);
  });

  it('zoomAround clamps, and returns the same view at a limit', () => {
    const clamped = zoomAround({ k: 4, x: 0, y: 0 }, 2, 100, 100);
    expect(clamped).toEqual({ k: 5, x: -25, y: -25 });
    const atMax: ViewTransform = { k: 5, x: -40, y: 12 };
    expect(zoomAround(atMax, 1.1, 10, 10)).toBe(atMax);
    const atMin: ViewTransform = { k: 0.5, x: 3, y: 4 };
    expect(zoomAround(atMin, 0.9, 10, 10)).toBe(atMin);
    expect(zoomAround(IDENTITY, 1, 10, 10)).toBe(IDENTITY);
    const fromMin = zoomAround(atMin, 1.1, 10, 10);
    expect(fromMin.k).toBeCloseTo(0.55, 12);
    expect(fromMin.x).toBeCloseTo(2.3, 12);
    expect(fromMin.y).toBeCloseTo(3.4, 12);
  });

  it('wheelFactor zooms in by 1.1 on wheel up and out by 0.9 otherwise', () => {
    expect(wheelFactor(-100)).toBe(1.1);
    expect(wheelFactor(-0.01)).toBe(1.1);
    expect(wheelFactor(0)).toBe(0.9);
    expect(wheelFactor(3)).toBe(0.9);
  });

  it('the zoom buttons reach exactly 5 in 9 steps of 1.2 and exactly 0.5 in 13 steps back', () => {
    let view: ViewTransform = IDENTITY;
    const ks: number[] = [];
    for (let i = 0; i < 9; i++) {
      view = zoomAround(view, TREEMAP.zoomButtonStep, 600, 280);
      ks.push(view.k);
    }
    expect(ks[7]).toBeCloseTo(4.29981696, 8);
    expect(view.k).toBe(5);
    expect(zoomAround(view, TREEMAP.zoomButtonStep, 600, 280)).toBe(view);

    const out: number[] = [];
    for (let i = 0; i < 13; i++) {
      view = zoomAround(view, 1 / TREEMAP.zoomButtonStep, 600, 280);
      out.push(view.k);
    }
    expect(out[11]).toBeCloseTo(0.56078327, 8);
    expect(view.k).toBe(0.5);
    // The zoom-out steps kept (600, 280) fixed: it still shows the same layout point as at zoom 1 (600, 280).
    expect((600 - view.x) / view.k).toBeCloseTo(600, 9);
    expect((280 - view.y) / view.k).toBeCloseTo(280, 9);
  });

  it('pan moves the view and toScreen places a box with it', () => {
    const view = pan({ k: 2, x: 10, y: 20 }, 5, -7);
    expect(view).toEqual({ k: 2, x: 15, y: 13 });
    const box: TreemapBox = {
      node: node('n', 'widget'),
      depth: 1,
      x0: 10,
      y0: 20,
      x1: 40,
      y1: 30,
      parentIndex: 0,
      open: false,
    };
    expect(toScreen(box, view)).toEqual({ x: 35, y: 53, width: 60, height: 20 });
    expect(toScreen(box, IDENTITY)).toEqual({ x: 10, y: 20, width: 30, height: 10 });
  });
});

describe('hasRoomForLabel', () => {
  it('needs at least 60 x 25 px', () => {
    expect(hasRoomForLabel(60, 25)).toBe(true);
    expect(hasRoomForLabel(300, 200)).toBe(true);
    expect(hasRoomForLabel(59.9, 25)).toBe(false);
    expect(hasRoomForLabel(60, 24.9)).toBe(false);
    expect(hasRoomForLabel(0, 0)).toBe(false);
  });
});

describe('hitTest', () => {
  const box = (
    depth: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    parentIndex = 0,
  ): TreemapBox => ({
    node: node(`${depth}-${x0}-${y0}`, 'region'),
    depth,
    x0,
    y0,
    x1,
    y1,
    parentIndex,
    open: depth === 1,
  });

  it('returns the deepest box under the point, whatever the order of the boxes', () => {
    const parent = box(1, 0, 0, 100, 100);
    const inner = box(2, 10, 20, 30, 40);
    expect(hitTest([parent, inner], IDENTITY, 15, 25)).toBe(1);
    expect(hitTest([inner, parent], IDENTITY, 15, 25)).toBe(0);
    expect(hitTest([parent, inner], IDENTITY, 50, 50)).toBe(0);
    // Edges: x0 and y0 are in, x1 and y1 are out.
    expect(hitTest([parent, inner], IDENTITY, 0, 0)).toBe(0);
    expect(hitTest([parent, inner], IDENTITY, 100, 50)).toBe(-1);
    expect(hitTest([parent, inner], IDENTITY, 50, 100)).toBe(-1);
    expect(hitTest([parent, inner], IDENTITY, -1, 50)).toBe(-1);
    expect(hitTest([], IDENTITY, 5, 5)).toBe(-1);
  });

  it('skips zero-size boxes', () => {
    const parent = box(1, 0, 0, 100, 100);
    const flat = box(2, 50, 50, 50, 60);
    const thin = box(2, 10, 70, 20, 70);
    expect(hitTest([parent, flat, thin], IDENTITY, 50, 55)).toBe(0);
    expect(hitTest([parent, flat, thin], IDENTITY, 15, 70)).toBe(0);
  });

  it('reads the point through the view transform', () => {
    const parent = box(1, 0, 0, 100, 100);
    const inner = box(2, 10, 20, 30, 40);
    const view: ViewTransform = { k: 2, x: -100, y: -50 };
    // Layout (15, 25) is on screen at (15 * 2 - 100, 25 * 2 - 50) = (-70, 0).
    expect(hitTest([parent, inner], view, -70, 0)).toBe(1);
    expect(hitTest([parent, inner], view, -70, -12)).toBe(0);
    expect(hitTest([parent, inner], view, -70, -52)).toBe(-1);
  });

  it('finds laid-out boxes, their headers, and nothing in the outer padding or off the canvas', () => {
    const boxes = layoutFocus(pagesNode, 2, 1200, 800);
    const index = boxes.findIndex((b) => b.node.id === 'pages/1/regions/1');
    const target = boxes[index]!;
    const cx = (target.x0 + target.x1) / 2;
    const cy = (target.y0 + target.y1) / 2;
    expect(hitTest(boxes, IDENTITY, cx, cy)).toBe(index);
    const header = boxes[target.parentIndex]!;
    expect(header.node.id).toBe('pages/1');
    expect(hitTest(boxes, IDENTITY, header.x0 + 3, header.y0 + HEADER_HEIGHT / 2)).toBe(target.parentIndex);
    expect(hitTest(boxes, IDENTITY, 1, 1)).toBe(-1);
    expect(hitTest(boxes, IDENTITY, 1199, 799)).toBe(-1);
    expect(hitTest(boxes, IDENTITY, 1205, 400)).toBe(-1);
    expect(hitTest(boxes, IDENTITY, -3, 400)).toBe(-1);
    const view: ViewTransform = { k: 3, x: -250, y: -80 };
    expect(hitTest(boxes, view, cx * 3 - 250, cy * 3 - 80)).toBe(index);
  });
});

describe('pathTo and pathToNearest', () => {
  // 12 pages of one region with one widget: ids pages/1 and pages/10 share a prefix.
  const dump = generateWidgetsDump({
    pages: 12,
    regions: 1,
    directWidgets: 1,
    layouts: 0,
    widgetsPerDropzone: 0,
  });
  const root = buildWidgetsHierarchy(dump);
  const ids = (path: HierarchyNode[] | null) => path?.map((n) => n.id) ?? null;
  const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

  it('pathTo gives the path from the root, or null', () => {
    expect(pathTo(root, 'root')).toEqual([root]);
    expect(pathTo(root, 'root')?.[0]).toBe(root);
    expect(ids(pathTo(root, 'pages/10/regions/0/children/0'))).toEqual([
      'root',
      'pages',
      'pages/10',
      'pages/10/regions/0',
      'pages/10/regions/0/children/0',
    ]);
    expect(ids(pathTo(root, 'pages/1'))).toEqual(['root', 'pages', 'pages/1']);
    expect(ids(pathTo(root, `templates/custom/${uuid(3)}`))).toEqual([
      'root',
      'templates',
      'templates/custom',
      `templates/custom/${uuid(3)}`,
    ]);
    const widget = pathTo(root, 'pages/10/regions/0/children/0')?.at(-1);
    expect(widget).toBe(root.children?.[0]?.children?.[10]?.children?.[0]?.children?.[0]);
    expect(pathTo(root, 'pages/12')).toBeNull();
    expect(pathTo(root, 'pages/1/regions/0/children/1')).toBeNull();
    expect(pathTo(root, 'nowhere')).toBeNull();
  });

  it('pathToNearest falls back to the nearest ancestor still in the tree, else the root', () => {
    expect(ids(pathToNearest(root, 'pages/10/regions/0/children/0'))).toEqual([
      'root',
      'pages',
      'pages/10',
      'pages/10/regions/0',
      'pages/10/regions/0/children/0',
    ]);
    expect(ids(pathToNearest(root, 'pages/10/regions/0/children/5'))).toEqual([
      'root',
      'pages',
      'pages/10',
      'pages/10/regions/0',
    ]);
    expect(ids(pathToNearest(root, 'pages/99/regions/0'))).toEqual(['root', 'pages']);
    // Template 6 has an empty schema: hidden by default, its kind is still shown.
    expect(ids(pathToNearest(root, `templates/custom/${uuid(6)}`))).toEqual([
      'root',
      'templates',
      'templates/custom',
    ]);
    expect(ids(pathToNearest(root, 'templates/gone/x'))).toEqual(['root', 'templates']);
    expect(pathToNearest(root, 'nowhere')).toEqual([root]);
    expect(pathToNearest(root, 'nowhere/at/all')).toEqual([root]);
    expect(pathToNearest(root, '')).toEqual([root]);
    expect(pathToNearest(root, 'root')).toEqual([root]);
    expect(pathToNearest(root, 'root')[0]).toBe(root);
  });
});
