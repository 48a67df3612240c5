import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { NodeDialogs } from './node-dialogs';
import { TreemapPanel } from './treemap-panel';
import { useWidgetsVisualization } from './use-widgets-visualization';
import { panelClass } from './widgets-visualization-classes';
import { WidgetsVisualizationDifferences } from './widgets-visualization-differences';
import { WidgetsVisualizationFiles } from './widgets-visualization-files';
import { WidgetsVisualizationLegend } from './widgets-visualization-legend';
import { WidgetsVisualizationStats } from './widgets-visualization-stats';
import { WidgetsVisualizationToolbar } from './widgets-visualization-toolbar';

/**
 * Widgets Visualization (spec part 1 §2, §3, §4, §5, §9): upload a widgets dump (read and validated in a Web Worker),
 * explore it as a treemap with the statistics, a legend, filters, a search that lights what matches, and a compare
 * mode that colours what another dump added, removed or changed. The state lives in use-widgets-visualization.ts.
 */
export default function WidgetsVisualizationScreen() {
  const { t } = useTranslation();
  const screen = useWidgetsVisualization();
  const { loaded, path, diff } = screen;
  const treemapSection = useRef<HTMLElement>(null);
  // "Show" sits below the treemap: bring the treemap into view, so the focused difference is seen.
  const showDifference: typeof screen.showDifference = (difference) => {
    screen.showDifference(difference);
    treemapSection.current?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <div className="mx-auto max-w-6xl space-y-4" data-testid="widgets-visualization">
      <p className="text-sm text-slate-600">{t('widgetsVisualization.help')}</p>

      <WidgetsVisualizationFiles {...screen.files} />

      {!loaded && <p className="text-sm text-slate-500">{t('widgetsVisualization.emptyState')}</p>}

      {loaded && (
        <>
          <WidgetsVisualizationStats summary={loaded.summary} />

          <section ref={treemapSection} className={cn(panelClass, 'space-y-3')}>
            <WidgetsVisualizationToolbar {...screen.toolbar} />

            {path.length > 0 ? (
              <TreemapPanel key={`${loaded.serial}`} {...screen.treemap} />
            ) : (
              <p className="text-sm text-slate-500" role="status">
                {t('widgetsVisualization.building')}
              </p>
            )}

            <WidgetsVisualizationLegend compareMode={diff !== null} />
          </section>

          {diff && <WidgetsVisualizationDifferences diff={diff} onShow={showDifference} />}

          <NodeDialogs {...screen.dialogs} />
        </>
      )}
    </div>
  );
}
