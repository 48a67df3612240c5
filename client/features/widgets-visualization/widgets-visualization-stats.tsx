import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisualizationSummary } from '../../../common/dumps/widgets-hierarchy';
import { cn } from '../../lib/class-names';
import { panelClass } from './widgets-visualization-classes';
import { useCount } from '../../lib/number-format';

/** The dump's statistics (spec part 1 §3). */
export function WidgetsVisualizationStats({ summary }: { summary: VisualizationSummary }) {
  const { t } = useTranslation();
  const count = useCount();
  const headingId = useId();
  return (
    <section className={cn(panelClass, 'space-y-3')} aria-labelledby={`${headingId}-stats`}>
      <h2 id={`${headingId}-stats`} className="text-sm font-semibold text-slate-900">
        {t('widgetsVisualization.statistics')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="treemap-stats">
        {(
          [
            ['statWidgetTemplates', summary.totalWidgetTemplates],
            ['statPageTemplates', summary.totalTemplates],
            ['statTotalWidgets', summary.totalWidgets],
            ['statUniqueWidgets', summary.uniqueWidgetTemplates],
            ['statRegions', summary.totalRegions],
            ['statLayouts', summary.totalLayouts],
            ['statDropzones', summary.totalDropzones],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-lg bg-slate-50 px-3 py-2" data-testid={`stat-${key}`}>
            <dt className="text-xs text-slate-500">{t(`widgetsVisualization.${key}`)}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{count(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
