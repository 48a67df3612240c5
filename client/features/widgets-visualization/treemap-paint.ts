// Drawing the treemap: every box on one canvas, and DOM only for the few boxes large enough for a label (§9: at least
// 60 x 25 px) and for the keyboard's focus ring. A frame is a full repaint from the laid-out boxes and the view
// transform: zoom and pan never lay anything out again.
import { TREEMAP, truncateName, type HierarchyKind } from '../../../common/dumps/widgets-hierarchy';
import type { DiffStatus } from '../../../common/dumps/widgets-diff';
import {
  HEADER_HEIGHT,
  hasRoomForLabel,
  toScreen,
  type TreemapBox,
  type ViewTransform,
} from './treemap-layout';

/** Fill per kind of node (the legend shows the same). */
export const KIND_COLOURS: Record<HierarchyKind, string> = {
  root: '#f8fafc',
  pages: '#e0e7ff',
  page: '#c7d2fe',
  region: '#bae6fd',
  layout: '#ddd6fe',
  dropzone: '#e2e8f0',
  widget: '#a7f3d0',
  templates: '#fef3c7',
  'template-kind': '#fed7aa',
  template: '#fde68a',
};

/** The kinds the legend lists, in the order of the hierarchy. */
export const LEGEND_KINDS: HierarchyKind[] = [
  'page',
  'region',
  'layout',
  'dropzone',
  'widget',
  'template-kind',
  'template',
];

/** Compare mode: fill per difference; a box that holds differences is outlined in their colour. */
export const STATUS_COLOURS: Record<DiffStatus | 'contains', string> = {
  added: '#86efac',
  removed: '#fca5a5',
  changed: '#fcd34d',
  unchanged: '#e2e8f0',
  contains: '#c4b5fd',
};

export type PaintInput = {
  boxes: readonly TreemapBox[];
  view: ViewTransform;
  /** The canvas's CSS size. */
  width: number;
  height: number;
  hover: number;
  /** Search: whether a box is lit (null when nothing is searched). */
  lit: ((id: string) => boolean) | null;
  /** Compare mode: a box's difference, 'contains' for one that holds differences (null outside compare mode). */
  status: ((id: string) => DiffStatus | 'contains' | undefined) | null;
};

const STROKE = '#ffffff';
const MATCH_STROKE = '#be185d';

function fillOf(box: TreemapBox, input: PaintInput): string {
  if (input.status) {
    const status = input.status(box.node.id);
    return STATUS_COLOURS[status ?? 'unchanged'];
  }
  return KIND_COLOURS[box.node.kind];
}

/** Paints one frame on the canvas (already sized to width x height CSS px times devicePixelRatio). */
export function paintCanvas(ctx: CanvasRenderingContext2D, input: PaintInput, pixelRatio: number): void {
  const { boxes, view, width, height, lit } = input;
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.lineWidth = 1;
  for (let i = 0; i < boxes.length; i++) {
    const box = boxes[i]!;
    const x = box.x0 * view.k + view.x;
    const y = box.y0 * view.k + view.y;
    const w = (box.x1 - box.x0) * view.k;
    const h = (box.y1 - box.y0) * view.k;
    // Boxes padding left without room, and boxes off screen, cost nothing.
    if (w < 0.5 || h < 0.5 || x > width || y > height || x + w < 0 || y + h < 0) continue;
    const dim = lit !== null && !lit(box.node.id);
    ctx.globalAlpha = dim ? 0.18 : 1;
    ctx.fillStyle = fillOf(box, input);
    ctx.fillRect(x, y, w, h);
    if (w > 3 && h > 3) {
      ctx.strokeStyle = STROKE;
      ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
    }
    if (input.status && box.node.children && input.status(box.node.id) === 'contains' && w > 4 && h > 4) {
      ctx.strokeStyle = '#7c3aed';
      ctx.lineWidth = 2;
      ctx.strokeRect(x + 1, y + 1, w - 2, h - 2);
      ctx.lineWidth = 1;
    }
    if (lit !== null && !dim && w > 4 && h > 4) {
      ctx.strokeStyle = MATCH_STROKE;
      ctx.lineWidth = 2;
      ctx.strokeRect(x + 1, y + 1, w - 2, h - 2);
      ctx.lineWidth = 1;
    }
    if (i === input.hover) {
      ctx.fillStyle = 'rgba(15, 23, 42, 0.08)';
      ctx.fillRect(x, y, w, h);
    }
  }
  ctx.globalAlpha = 1;
}

/** A box's label text: its name cut at 30 characters (§9). */
export function labelText(box: TreemapBox): string {
  return truncateName(box.node.name, TREEMAP.nameMaxLength);
}

/**
 * The DOM labels of the boxes large enough for one, kept in a pool of absolutely placed elements inside `layer`
 * (reused from frame to frame; only what changed is written).
 */
export class LabelLayer {
  private readonly pool: HTMLDivElement[] = [];

  constructor(private readonly layer: HTMLElement) {}

  update(boxes: readonly TreemapBox[], view: ViewTransform, width: number, height: number): number {
    let used = 0;
    for (const box of boxes) {
      const screen = toScreen(box, view);
      if (!hasRoomForLabel(screen.width, screen.height)) continue;
      if (
        screen.x > width ||
        screen.y > height ||
        screen.x + screen.width < 0 ||
        screen.y + screen.height < 0
      ) {
        continue;
      }
      const label = this.pool[used] ?? this.create();
      used++;
      const text = labelText(box);
      if (label.textContent !== text) label.textContent = text;
      if (label.dataset.nodeId !== box.node.id) {
        label.dataset.nodeId = box.node.id;
        label.dataset.kind = box.node.kind;
      }
      const headerHeight = box.open ? Math.min(screen.height, HEADER_HEIGHT * view.k) : screen.height;
      label.style.transform = `translate(${screen.x}px, ${screen.y}px)`;
      label.style.width = `${screen.width}px`;
      label.style.height = `${headerHeight}px`;
      label.style.display = '';
      label.style.fontWeight = box.depth === 1 ? '600' : '400';
    }
    for (let i = used; i < this.pool.length; i++) {
      const label = this.pool[i]!;
      if (label.style.display === 'none') continue;
      label.style.display = 'none';
      delete label.dataset.nodeId;
      delete label.dataset.kind;
    }
    return used;
  }

  private create(): HTMLDivElement {
    const label = document.createElement('div');
    label.className =
      'pointer-events-none absolute top-0 left-0 overflow-hidden px-1 py-0.5 text-[11px] leading-tight text-ellipsis whitespace-nowrap text-slate-900';
    label.dataset.testid = 'treemap-label';
    this.layer.appendChild(label);
    this.pool.push(label);
    return label;
  }
}
