import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import { TREEMAP, truncateName, type HierarchyNode } from '../../../common/dumps/widgets-hierarchy';
import { cn } from '../../lib/class-names';
import { PanelButton } from './panel-button';
import { clampZoom } from './treemap-layout';
import { useWidgetsVisualizationTreemap, type TreemapOptions } from './use-widgets-visualization-treemap';
import { TREEMAP_HEIGHT } from './use-widgets-visualization-treemap-canvas';

export type TreemapPanelProps = TreemapOptions;

/**
 * The treemap (spec part 1 §2, §4, §9): one canvas with the focus's shown levels, DOM labels for the boxes large
 * enough, breadcrumbs, zoom buttons, wheel zoom around the pointer, drag to pan, a tooltip, click to drill or open,
 * right-click, a long press or the Details button for details. Keyboard: arrows move between the current level's
 * boxes, Enter drills in (or opens), D (or Shift+F10, the menu key) shows the details, Backspace or Escape goes back;
 * the current level is also a list a screen reader reads (the listbox's options).
 * Its state and input live in use-widgets-visualization-treemap.ts.
 */
export function TreemapPanel(props: TreemapPanelProps) {
  const { t } = useTranslation();
  const count = useCount();
  const { path, onPathChange, describe, onDetails } = props;
  const treemap = useWidgetsVisualizationTreemap(props);
  const { id, focus, width, zoom, selected, level, activeOption, handlers, zoomBy, resetZoom } = treemap;
  const detailsNode = level[selected]?.box.node ?? focus;
  const { containerRef, canvasRef, labelsRef, ringRef, tooltipRef } = treemap;

  return (
    <div className="space-y-3">
      <TreemapBreadcrumbs path={path} onPathChange={onPathChange} />

      <div
        className="flex flex-wrap items-center gap-2"
        role="toolbar"
        aria-label={t('widgetsVisualization.zoom')}
      >
        <PanelButton
          onClick={() => zoomBy(TREEMAP.zoomButtonStep)}
          disabled={zoom >= TREEMAP.zoomMax}
          testId="treemap-zoom-in"
        >
          {t('widgetsVisualization.zoomIn')}
        </PanelButton>
        <PanelButton
          onClick={() => zoomBy(1 / TREEMAP.zoomButtonStep)}
          disabled={zoom <= TREEMAP.zoomMin}
          testId="treemap-zoom-out"
        >
          {t('widgetsVisualization.zoomOut')}
        </PanelButton>
        <PanelButton onClick={resetZoom} testId="treemap-reset-zoom">
          {t('widgetsVisualization.resetZoom')}
        </PanelButton>
        {/* The details without a right-click: of the box the arrows (or a tap) selected, else of the level shown. */}
        <PanelButton onClick={() => onDetails(detailsNode)} testId="treemap-details-button">
          {t('widgetsVisualization.detailsOf', { name: truncateName(detailsNode.name) })}
        </PanelButton>
        <span
          className="text-sm text-slate-600 tabular-nums"
          data-testid="treemap-zoom-level"
          aria-live="polite"
        >
          {t('widgetsVisualization.zoomLevel', { percent: count(Math.round(clampZoom(zoom) * 100)) })}
        </span>
      </div>

      <div
        ref={containerRef}
        role="listbox"
        tabIndex={0}
        aria-label={t('widgetsVisualization.treemapLabel', { name: focus.name })}
        aria-describedby={`${id}-help`}
        aria-activedescendant={activeOption}
        {...handlers}
        className="relative touch-none overflow-hidden rounded-xl border border-slate-200 bg-slate-50 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        style={{ height: TREEMAP_HEIGHT }}
        data-testid="treemap"
        data-focus-id={focus.id}
        data-zoom={zoom.toFixed(4)}
      >
        <canvas
          ref={canvasRef}
          aria-hidden="true"
          className="absolute inset-0 block"
          style={{ width, height: TREEMAP_HEIGHT }}
          data-testid="treemap-canvas"
        />
        <div ref={labelsRef} aria-hidden="true" className="pointer-events-none absolute inset-0" />
        <div
          ref={ringRef}
          aria-hidden="true"
          className="pointer-events-none absolute top-0 left-0 rounded-sm outline-3 outline-offset-[-3px] outline-indigo-700"
          style={{ display: 'none' }}
          data-testid="treemap-focus-ring"
        />
        <div
          ref={tooltipRef}
          role="presentation"
          className="pointer-events-none absolute top-0 left-0 max-w-64 rounded-lg bg-slate-900/90 px-2 py-1 text-xs text-white shadow"
          style={{ display: 'none' }}
          data-testid="treemap-tooltip"
        >
          <div className="font-semibold break-all" />
          <div className="text-slate-200" />
        </div>
        {/* The listbox's options (no list element between: a listbox owns options only). */}
        <div role="none" className="sr-only" data-testid="treemap-level-list">
          {level.map(({ box }, index) => (
            <div
              key={box.node.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === selected}
              data-node-id={box.node.id}
            >
              {`${box.node.name}, ${describe(box.node)}`}
            </div>
          ))}
        </div>
      </div>
      <p id={`${id}-help`} className={cn('text-xs text-slate-500')}>
        {t('widgetsVisualization.keyboardHelp')}
      </p>
    </div>
  );
}

/** Where the focus is, root first; each earlier step goes back there. */
function TreemapBreadcrumbs({
  path,
  onPathChange,
}: {
  path: HierarchyNode[];
  onPathChange: (path: HierarchyNode[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('widgetsVisualization.breadcrumbs')} data-testid="treemap-breadcrumbs">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {path.map((node, index) => {
          const last = index === path.length - 1;
          return (
            <li key={node.id} className="flex items-center gap-1">
              {index > 0 && <span className="text-slate-400">/</span>}
              {last ? (
                <span
                  aria-current="page"
                  className="font-semibold text-slate-900"
                  data-testid="breadcrumb-current"
                >
                  {truncateName(node.name)}
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => onPathChange(path.slice(0, index + 1))}
                  className="rounded px-1 text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  data-testid="breadcrumb"
                >
                  {truncateName(node.name)}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
