// Bench P7's page (bundled by `widgets-visualization.bench.ts` and run in Chromium): the treemap's own layout and
// canvas painter against an SVG rendering of the same boxes, on the same dump, in the same page.
//   first frame: from the file's text to the boxes on screen (parse, validate, hierarchy, layout, draw);
//   a frame:     one zoom or pan step: new transform, every box and label placed again, the drawing flushed
//                (canvas: its pixels read back; SVG: its layout forced).
import { widgetsDumpSchema } from '../../common/dumps/widgets-dump';
import { buildWidgetsHierarchy, type HierarchyNode } from '../../common/dumps/widgets-hierarchy';
import {
  IDENTITY,
  hasRoomForLabel,
  layoutFocus,
  pan,
  pathTo,
  shownDepth,
  toScreen,
  zoomAround,
  type TreemapBox,
  type ViewTransform,
} from '../../client/features/widgets-visualization/treemap-layout';
import {
  KIND_COLOURS,
  LabelLayer,
  labelText,
  paintCanvas,
} from '../../client/features/widgets-visualization/treemap-paint';

const WIDTH = 1000;
const HEIGHT = 560;
const SVG_NS = 'http://www.w3.org/2000/svg';

interface Renderer {
  draw(view: ViewTransform): void;
  boxes: number;
}

function host(): HTMLElement {
  document.body.replaceChildren();
  const element = document.createElement('div');
  element.style.cssText = `position:relative;width:${WIDTH}px;height:${HEIGHT}px;overflow:hidden`;
  document.body.appendChild(element);
  return element;
}

function focusBoxes(root: HierarchyNode, focusId: string): TreemapBox[] {
  const path = pathTo(root, focusId) ?? [root];
  return layoutFocus(path[path.length - 1]!, shownDepth(path), WIDTH, HEIGHT);
}

function canvasRenderer(boxes: TreemapBox[]): Renderer {
  const element = host();
  const canvas = document.createElement('canvas');
  const ratio = window.devicePixelRatio || 1;
  canvas.width = WIDTH * ratio;
  canvas.height = HEIGHT * ratio;
  canvas.style.cssText = `position:absolute;inset:0;width:${WIDTH}px;height:${HEIGHT}px`;
  element.appendChild(canvas);
  const labels = document.createElement('div');
  labels.style.cssText = 'position:absolute;inset:0;pointer-events:none';
  element.appendChild(labels);
  const layer = new LabelLayer(labels);
  const ctx = canvas.getContext('2d')!;
  return {
    boxes: boxes.length,
    draw(view) {
      paintCanvas(
        ctx,
        { boxes, view, width: WIDTH, height: HEIGHT, hover: -1, lit: null, status: null },
        ratio,
      );
      layer.update(boxes, view, WIDTH, HEIGHT);
      // Flush: the pixels exist and the labels are laid out.
      ctx.getImageData(0, 0, 1, 1);
      labels.getBoundingClientRect();
    },
  };
}

function svgRenderer(boxes: TreemapBox[]): Renderer {
  const element = host();
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('width', String(WIDTH));
  svg.setAttribute('height', String(HEIGHT));
  element.appendChild(svg);
  const rects = boxes.map((box) => {
    const rect = document.createElementNS(SVG_NS, 'rect');
    rect.setAttribute('fill', KIND_COLOURS[box.node.kind]);
    rect.setAttribute('stroke', '#ffffff');
    svg.appendChild(rect);
    return rect;
  });
  const texts = boxes.map((box) => {
    const text = document.createElementNS(SVG_NS, 'text');
    text.setAttribute('font-size', '11');
    text.textContent = labelText(box);
    svg.appendChild(text);
    return text;
  });
  return {
    boxes: boxes.length,
    draw(view) {
      boxes.forEach((box, i) => {
        const screen = toScreen(box, view);
        const rect = rects[i]!;
        rect.setAttribute('x', String(screen.x));
        rect.setAttribute('y', String(screen.y));
        rect.setAttribute('width', String(Math.max(0, screen.width)));
        rect.setAttribute('height', String(Math.max(0, screen.height)));
        const text = texts[i]!;
        const shown = hasRoomForLabel(screen.width, screen.height);
        text.setAttribute('display', shown ? 'inline' : 'none');
        if (shown) {
          text.setAttribute('x', String(screen.x + 4));
          text.setAttribute('y', String(screen.y + 13));
        }
      });
      // Flush: style and layout of every element.
      rects[rects.length - 1]?.getBoundingClientRect();
      svg.getBoundingClientRect();
    },
  };
}

let current: { root: HierarchyNode; renderer: Renderer } | null = null;

/** The steps of the last first frame, in ms. */
let lastSteps = { parse: 0, hierarchy: 0, layout: 0, draw: 0 };

/** From the file's text to the first frame, every step on this thread; answers the milliseconds. */
function firstFrame(kind: 'canvas' | 'svg', text: string, focusId = 'root'): number {
  const started = performance.now();
  const dump = widgetsDumpSchema.parse(JSON.parse(text));
  const parsed = performance.now();
  const root = buildWidgetsHierarchy(dump);
  const built = performance.now();
  const boxes = focusBoxes(root, focusId);
  const laidOut = performance.now();
  const renderer = kind === 'canvas' ? canvasRenderer(boxes) : svgRenderer(boxes);
  renderer.draw(IDENTITY);
  const drawn = performance.now();
  lastSteps = {
    parse: parsed - started,
    hierarchy: built - parsed,
    layout: laidOut - built,
    draw: drawn - laidOut,
  };
  current = { root, renderer };
  return drawn - started;
}

/** The steps of the last first frame. */
function steps() {
  return lastSteps;
}

/** Shows `focusId` with the renderer; answers the number of boxes. */
function show(kind: 'canvas' | 'svg', focusId: string): number {
  if (!current) throw new Error('firstFrame first');
  const boxes = focusBoxes(current.root, focusId);
  current.renderer = kind === 'canvas' ? canvasRenderer(boxes) : svgRenderer(boxes);
  current.renderer.draw(IDENTITY);
  return boxes.length;
}

/** `steps` zoom steps (wheel in, then out, around the middle) or pan steps (20 px); answers each frame's ms. */
function frames(mode: 'zoom' | 'pan', steps: number): number[] {
  if (!current) throw new Error('firstFrame first');
  const { renderer } = current;
  let view: ViewTransform = IDENTITY;
  const times: number[] = [];
  for (let i = 0; i < steps; i++) {
    view =
      mode === 'zoom'
        ? zoomAround(view, i < steps / 2 ? 1.1 : 0.9, WIDTH / 2 + (i % 7) * 10, HEIGHT / 2)
        : pan(view, i % 2 ? -20 : 20, i % 3 ? 10 : -10);
    const started = performance.now();
    renderer.draw(view);
    times.push(performance.now() - started);
  }
  return times;
}

Object.assign(window, { P7: { firstFrame, steps, show, frames } });
