// The treemap's state and input (spec part 1 §2, §4, §9): its picture (use-widgets-visualization-treemap-canvas.ts),
// the tooltip, and what the pointer, the wheel and the keys do. treemap-panel.tsx lays out the elements it paints into.
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { DiffStatus } from '../../../common/dumps/widgets-diff';
import type { HierarchyNode } from '../../../common/dumps/widgets-hierarchy';
import { IDENTITY, hitTest, pan, wheelFactor, zoomAround, type TreemapBox } from './treemap-layout';
import { TREEMAP_HEIGHT, useTreemapCanvas } from './use-widgets-visualization-treemap-canvas';

export type TreemapOptions = {
  /** The focus path, root first. */
  path: HierarchyNode[];
  onPathChange: (path: HierarchyNode[]) => void;
  /** Clicking a widget or a widget template (its configuration or schema modal). */
  onOpen: (node: HierarchyNode) => void;
  /** Right-click, a long press, the D key or the Details button: the node's details. */
  onDetails: (node: HierarchyNode) => void;
  lit: ((id: string) => boolean) | null;
  status: ((id: string) => DiffStatus | 'contains' | undefined) | null;
  /** A short description for the tooltip and the screen-reader list ("Region · 12 widgets"). */
  describe: (node: HierarchyNode) => string;
  /** Bumped by Reset View (zoom back to 1 as well). */
  resetToken: number;
  /** Called after the first frame of a new dump is painted. */
  onFirstFrame?: () => void;
};

const DRAG_THRESHOLD = 4;
/** A touch (or pen) held this long without moving opens the box's details, as a right-click does with a mouse. */
export const LONG_PRESS_MS = 500;

/** Whether a click on the node opens a modal (a widget's configuration, a template's schema) rather than drilling. */
export function opensModal(node: HierarchyNode): boolean {
  return node.kind === 'widget' || node.kind === 'template';
}

export function useWidgetsVisualizationTreemap({
  path,
  onPathChange,
  onOpen,
  onDetails,
  lit,
  status,
  describe,
  resetToken,
  onFirstFrame,
}: TreemapOptions) {
  const id = useId();
  const canvas = useTreemapCanvas({ path, resetToken, lit, status, onFirstFrame });
  const { focus, width, selected, setSelected, boxes, level, hoverRef, containerRef } = canvas;
  const { transform, setView, requestPaint } = canvas;
  const tooltipRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; moved: boolean; pointerId: number } | null>(null);
  const longPress = useRef<{ timer: number; at: number }>({ timer: 0, at: 0 });
  const cancelLongPress = () => {
    window.clearTimeout(longPress.current.timer);
    longPress.current.timer = 0;
  };
  useEffect(() => () => window.clearTimeout(longPress.current.timer), []);

  // The wheel zooms around the pointer (a non-passive listener, so the page does not scroll meanwhile).
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      const rect = container.getBoundingClientRect();
      setView(
        zoomAround(
          transform(),
          wheelFactor(event.deltaY),
          event.clientX - rect.left,
          event.clientY - rect.top,
        ),
      );
    };
    container.addEventListener('wheel', onWheel, { passive: false });
    return () => container.removeEventListener('wheel', onWheel);
  }, [containerRef, setView, transform]);

  const zoomBy = (factor: number) => setView(zoomAround(transform(), factor, width / 2, TREEMAP_HEIGHT / 2));
  const resetZoom = () => setView(IDENTITY);

  const pointAt = (event: { clientX: number; clientY: number }) => {
    const rect = containerRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const drillOrOpen = (node: HierarchyNode) => {
    if (opensModal(node)) return onOpen(node);
    if (node.children && node.children.length > 0) {
      const index = path.indexOf(focus);
      // A depth-2 box drills through its depth-1 parent.
      const parent = boxes.find((box) => box.depth === 1 && box.node.children?.includes(node))?.node;
      const next = [...path.slice(0, index + 1), ...(parent && parent !== node ? [parent] : []), node];
      onPathChange(next);
      return;
    }
    onDetails(node);
  };

  const showTooltip = (box: TreemapBox | undefined, x: number, y: number) => {
    const tooltip = tooltipRef.current;
    if (!tooltip) return;
    if (!box) {
      tooltip.style.display = 'none';
      return;
    }
    tooltip.style.display = '';
    const name = tooltip.firstElementChild as HTMLElement;
    const detail = tooltip.lastElementChild as HTMLElement;
    name.textContent = box.node.name;
    detail.textContent = describe(box.node);
    const left = Math.min(x + 14, Math.max(0, width - 260));
    const top = y + 16 > TREEMAP_HEIGHT - 60 ? y - 60 : y + 16;
    tooltip.style.transform = `translate(${left}px, ${top}px)`;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, moved: false, pointerId: event.pointerId };
    cancelLongPress();
    if (event.pointerType === 'mouse') return;
    // A finger has no right button: held still, it opens the details (and the lift that follows does not drill).
    const point = pointAt(event);
    longPress.current.timer = window.setTimeout(() => {
      longPress.current = { timer: 0, at: performance.now() };
      drag.current = null;
      showTooltip(undefined, 0, 0);
      const box = boxes[hitTest(boxes, transform(), point.x, point.y)];
      if (box) onDetails(box.node);
    }, LONG_PRESS_MS);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current) {
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!current.moved) {
        cancelLongPress();
        current.moved = true;
        containerRef.current?.setPointerCapture(current.pointerId);
      }
      current.x = event.clientX;
      current.y = event.clientY;
      showTooltip(undefined, 0, 0);
      setView(pan(transform(), dx, dy));
      return;
    }
    const point = pointAt(event);
    const index = hitTest(boxes, transform(), point.x, point.y);
    if (index !== hoverRef.current) {
      hoverRef.current = index;
      requestPaint();
    }
    showTooltip(boxes[index], point.x, point.y);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    cancelLongPress();
    const current = drag.current;
    drag.current = null;
    if (!current || current.moved) return;
    const point = pointAt(event);
    const index = hitTest(boxes, transform(), point.x, point.y);
    const box = boxes[index];
    if (box) drillOrOpen(box.node);
  };

  const onPointerCancel = () => {
    cancelLongPress();
    drag.current = null;
  };

  const onPointerLeave = () => {
    if (drag.current?.moved) return;
    hoverRef.current = -1;
    showTooltip(undefined, 0, 0);
    requestPaint();
  };

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    // A browser that also says "context menu" after a long press: the details are open already.
    if (performance.now() - longPress.current.at < 1_000) return;
    const point = pointAt(event);
    const box = boxes[hitTest(boxes, transform(), point.x, point.y)];
    if (box) onDetails(box.node);
  };

  const goUp = () => {
    if (path.length > 1) onPathChange(path.slice(0, -1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = level.length;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setSelected((index) => (index + 1) % count);
        return;
      case 'ArrowLeft':
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setSelected((index) => (index <= 0 ? count - 1 : index - 1));
        return;
      case 'Home':
        if (count === 0) return;
        event.preventDefault();
        setSelected(0);
        return;
      case 'End':
        if (count === 0) return;
        event.preventDefault();
        setSelected(count - 1);
        return;
      case 'Enter': {
        const box = level[selected]?.box;
        if (!box) return;
        event.preventDefault();
        drillOrOpen(box.node);
        return;
      }
      case 'ContextMenu':
      case 'F10':
      case 'd':
      case 'D': {
        // The menu key, Shift+F10 (its stand-in) or D: the selected box's details, else the shown level's.
        if (event.key === 'F10' && !event.shiftKey) return;
        if ((event.key === 'd' || event.key === 'D') && (event.ctrlKey || event.metaKey || event.altKey))
          return;
        event.preventDefault();
        onDetails(level[selected]?.box.node ?? focus);
        return;
      }
      case 'Backspace':
      case 'Escape':
        if (path.length <= 1) return;
        event.preventDefault();
        goUp();
        return;
    }
  };

  const onFocus = () => {
    if (selected < 0 && level.length > 0) setSelected(0);
  };

  return {
    id,
    focus,
    width,
    zoom: canvas.zoom,
    selected,
    level,
    activeOption: selected >= 0 && level[selected] ? `${id}-option-${selected}` : undefined,
    containerRef,
    canvasRef: canvas.canvasRef,
    labelsRef: canvas.labelsRef,
    ringRef: canvas.ringRef,
    tooltipRef,
    handlers: {
      onKeyDown,
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel,
      onPointerLeave,
      onContextMenu,
      onFocus,
    },
    zoomBy,
    resetZoom,
  };
}
