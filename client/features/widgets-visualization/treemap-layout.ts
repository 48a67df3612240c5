// The treemap's geometry, without the DOM (spec part 1 §9 treemap constants): which nodes a focus shows, their boxes
// (d3-hierarchy's squarified treemap), the view transform of zoom and pan, hit testing and which boxes get a label.
//
// Only the focus and the levels below it that are shown (2, or 1 inside the widget-templates category) are laid out:
// a drill lays out a few hundred boxes however large the dump, and zoom and pan only change the transform, never the
// layout. Every node weighs at least 1 (see `buildWidgetsHierarchy`); a box that padding leaves without room is
// clamped by d3 to zero size and simply not drawn.
import { hierarchy, treemap, treemapSquarify } from 'd3-hierarchy';
import { TREEMAP, type HierarchyNode } from '../../../common/dumps/widgets-hierarchy';

/** A laid-out box of the current view, in layout pixels (the canvas's CSS pixels at zoom 1). */
export type TreemapBox = {
  node: HierarchyNode;
  /** 1 for the focus's children, 2 for their children. */
  depth: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The depth-1 box this one sits in (itself at depth 1). */
  parentIndex: number;
  /** Whether the box shows its own children (a header strip on top holds its label). */
  open: boolean;
};

export type ViewTransform = { k: number; x: number; y: number };
export const IDENTITY: ViewTransform = Object.freeze({ k: 1, x: 0, y: 0 });

/** Height of the header strip of a box that shows its children. */
export const HEADER_HEIGHT = 18;
const PADDING_INNER = 2;
const PADDING_OUTER = 2;

/** Whether `node` is the widget-templates category or inside it (where one level is shown, not two). */
export function isTemplatesBranch(path: readonly HierarchyNode[]): boolean {
  return path.some((node) => node.kind === 'templates');
}

/** The levels shown below the focus (§9): 2, or 1 inside the widget-templates category. */
export function shownDepth(path: readonly HierarchyNode[]): number {
  return isTemplatesBranch(path) ? TREEMAP.templatesMaxDepth : TREEMAP.maxDepth;
}

type Pruned = { node: HierarchyNode; value: number; children?: Pruned[] };

/** The focus's subtree cut at `depth` levels; a cut node keeps its whole weight. */
function prune(node: HierarchyNode, depth: number): Pruned {
  const pruned: Pruned = { node, value: Math.max(1, node.value) };
  if (depth > 0 && node.children && node.children.length > 0) {
    pruned.children = node.children.map((child) => prune(child, depth - 1));
  }
  return pruned;
}

/**
 * Lays out the focus's shown levels in a `width` x `height` box. Boxes come parents first, each parent followed by
 * its children, largest first (the order the arrow keys walk).
 */
export function layoutFocus(
  focus: HierarchyNode,
  depth: number,
  width: number,
  height: number,
): TreemapBox[] {
  const root = hierarchy<Pruned>(prune(focus, depth), (d) => d.children)
    .sum((d) => (d.children ? 0 : d.value))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const laidOut = treemap<Pruned>()
    .tile(treemapSquarify)
    .size([Math.max(1, width), Math.max(1, height)])
    .paddingInner(PADDING_INNER)
    .paddingOuter(PADDING_OUTER)
    .paddingTop((d) => (d.depth === 1 && d.children ? HEADER_HEIGHT : PADDING_OUTER))
    .round(false)(root);

  const boxes: TreemapBox[] = [];
  for (const child of laidOut.children ?? []) {
    const parentIndex = boxes.length;
    boxes.push({
      node: child.data.node,
      depth: 1,
      x0: child.x0,
      y0: child.y0,
      x1: child.x1,
      y1: child.y1,
      parentIndex,
      open: Boolean(child.children),
    });
    for (const grandchild of child.children ?? []) {
      boxes.push({
        node: grandchild.data.node,
        depth: 2,
        x0: grandchild.x0,
        y0: grandchild.y0,
        x1: grandchild.x1,
        y1: grandchild.y1,
        parentIndex,
        open: false,
      });
    }
  }
  return boxes;
}

/** Keeps a zoom factor within 0.5x to 5x. */
export function clampZoom(k: number): number {
  return Math.min(TREEMAP.zoomMax, Math.max(TREEMAP.zoomMin, k));
}

/** Scales the view by `factor` around the screen point (px, py), which stays where it is. */
export function zoomAround(view: ViewTransform, factor: number, px: number, py: number): ViewTransform {
  const k = clampZoom(view.k * factor);
  if (k === view.k) return view;
  const lx = (px - view.x) / view.k;
  const ly = (py - view.y) / view.k;
  return { k, x: px - lx * k, y: py - ly * k };
}

/** The wheel's step (§9): 1.1 to zoom in (wheel up), 0.9 to zoom out. */
export function wheelFactor(deltaY: number): number {
  return deltaY < 0 ? TREEMAP.wheelZoomIn : TREEMAP.wheelZoomOut;
}

export function pan(view: ViewTransform, dx: number, dy: number): ViewTransform {
  return { k: view.k, x: view.x + dx, y: view.y + dy };
}

/** A box on screen. */
export function toScreen(box: TreemapBox, view: ViewTransform) {
  return {
    x: box.x0 * view.k + view.x,
    y: box.y0 * view.k + view.y,
    width: (box.x1 - box.x0) * view.k,
    height: (box.y1 - box.y0) * view.k,
  };
}

/** Whether a box on screen is large enough for a label (§9: at least 60 x 25 px). */
export function hasRoomForLabel(width: number, height: number): boolean {
  return width >= TREEMAP.labelMinWidth && height >= TREEMAP.labelMinHeight;
}

/** The deepest box under the screen point, or -1. */
export function hitTest(boxes: readonly TreemapBox[], view: ViewTransform, px: number, py: number): number {
  const lx = (px - view.x) / view.k;
  const ly = (py - view.y) / view.k;
  let found = -1;
  for (let i = 0; i < boxes.length; i++) {
    const box = boxes[i]!;
    if (box.x1 - box.x0 <= 0 || box.y1 - box.y0 <= 0) continue;
    if (lx >= box.x0 && lx < box.x1 && ly >= box.y0 && ly < box.y1) {
      if (found < 0 || box.depth >= boxes[found]!.depth) found = i;
    }
  }
  return found;
}

/** The path from the root to the node with `id`, or null. */
export function pathTo(root: HierarchyNode, id: string): HierarchyNode[] | null {
  if (root.id === id) return [root];
  // Ids are paths ("pages/0/regions/1"), so only a child whose id starts the wanted one can lead to it.
  for (const child of root.children ?? []) {
    if (id === child.id || id.startsWith(`${child.id}/`)) {
      const rest = pathTo(child, id);
      if (rest) return [root, ...rest];
    }
  }
  return null;
}

/** The path to the node with `id`, or to its nearest ancestor still in the tree (filters changed), or the root. */
export function pathToNearest(root: HierarchyNode, id: string): HierarchyNode[] {
  for (let wanted = id; wanted; wanted = wanted.slice(0, Math.max(0, wanted.lastIndexOf('/')))) {
    const path = pathTo(root, wanted);
    if (path) return path;
    if (!wanted.includes('/')) break;
  }
  return [root];
}
