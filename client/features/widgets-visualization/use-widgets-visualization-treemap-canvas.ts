// The treemap's picture (spec part 1 §9): the layout of the focus's shown levels, the view transform (zoom and pan)
// painted on a canvas at most once a frame, the DOM labels, and the ring around the box the keyboard selected.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DiffStatus } from '../../../common/dumps/widgets-diff';
import type { HierarchyNode } from '../../../common/dumps/widgets-hierarchy';
import { IDENTITY, layoutFocus, shownDepth, toScreen, type ViewTransform } from './treemap-layout';
import { LabelLayer, paintCanvas } from './treemap-paint';

/** The treemap's height in CSS pixels (the width follows the container). */
export const TREEMAP_HEIGHT = 560;

let frames = 0;

export function useTreemapCanvas({
  path,
  resetToken,
  lit,
  status,
  onFirstFrame,
}: {
  path: HierarchyNode[];
  resetToken: number;
  lit: ((id: string) => boolean) | null;
  status: ((id: string) => DiffStatus | 'contains' | undefined) | null;
  onFirstFrame?: () => void;
}) {
  const focus = path[path.length - 1]!;
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const labelsRef = useRef<HTMLDivElement>(null);
  const ringRef = useRef<HTMLDivElement>(null);
  const labelLayer = useRef<LabelLayer | null>(null);
  // The transform belongs to one focus (and one Reset View): a new one starts at zoom 1.
  const viewKey = `${focus.id}|${resetToken}`;
  const view = useRef<{ key: string; transform: ViewTransform }>({ key: viewKey, transform: IDENTITY });
  /** The box under the pointer (-1: none). */
  const hoverRef = useRef(-1);
  const frame = useRef(0);
  const firstFramePending = useRef(true);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [selected, setSelected] = useState(-1);
  const [shownKey, setShownKey] = useState(viewKey);
  if (shownKey !== viewKey) {
    setShownKey(viewKey);
    setZoom(1);
    setSelected(-1);
  }

  const boxes = useMemo(
    () => (width > 0 ? layoutFocus(focus, shownDepth(path), width, TREEMAP_HEIGHT) : []),
    [focus, path, width],
  );
  /** The current level: the focus's children, in the order the arrows walk. */
  const level = useMemo(
    () => boxes.map((box, index) => ({ box, index })).filter(({ box }) => box.depth === 1),
    [boxes],
  );

  /** The view's transform now (zoom 1 for a focus just shown). */
  const transform = useCallback((): ViewTransform => {
    if (view.current.key !== viewKey) view.current = { key: viewKey, transform: IDENTITY };
    return view.current.transform;
  }, [viewKey]);

  const paintRef = useRef<() => void>(() => {});
  const paint = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || width === 0) return;
    const started = performance.now();
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(TREEMAP_HEIGHT * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(TREEMAP_HEIGHT * ratio);
    }
    paintCanvas(
      ctx,
      { boxes, view: transform(), width, height: TREEMAP_HEIGHT, hover: hoverRef.current, lit, status },
      ratio,
    );
    if (labelsRef.current) {
      labelLayer.current ??= new LabelLayer(labelsRef.current);
      labelLayer.current.update(boxes, transform(), width, TREEMAP_HEIGHT);
    }
    const ring = ringRef.current;
    const selectedBox = selected >= 0 ? level[selected]?.box : undefined;
    if (ring) {
      if (selectedBox) {
        const screen = toScreen(selectedBox, transform());
        ring.style.display = '';
        ring.style.transform = `translate(${screen.x}px, ${screen.y}px)`;
        ring.style.width = `${Math.max(4, screen.width)}px`;
        ring.style.height = `${Math.max(4, screen.height)}px`;
      } else {
        ring.style.display = 'none';
      }
    }
    // Frame costs for bench P7 (bounded: the entries are dropped every 1,000 frames).
    if (++frames % 1000 === 0) performance.clearMeasures('treemap-frame');
    performance.measure('treemap-frame', { start: started, end: performance.now() });
    if (firstFramePending.current && boxes.length > 0) {
      firstFramePending.current = false;
      onFirstFrame?.();
    }
  };

  useLayoutEffect(() => {
    paintRef.current = paint;
  });

  const requestPaint = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      paintRef.current();
    });
  }, []);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Width follows the container; the height is fixed.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    setWidth(Math.floor(container.clientWidth));
    const observer = new ResizeObserver(() => setWidth(Math.floor(container.clientWidth)));
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  const setView = useCallback(
    (next: ViewTransform) => {
      view.current = { key: viewKey, transform: next };
      setZoom(next.k);
      requestPaint();
    },
    [requestPaint, viewKey],
  );

  useEffect(() => {
    requestPaint();
  }, [boxes, lit, status, selected, requestPaint]);

  return {
    focus,
    width,
    zoom,
    selected,
    setSelected,
    boxes,
    level,
    hoverRef,
    containerRef,
    canvasRef,
    labelsRef,
    ringRef,
    transform,
    setView,
    requestPaint,
  };
}
