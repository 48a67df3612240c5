import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import type { WidgetsDifference } from '../../../common/dumps/widgets-diff';
import { cn } from '../../lib/class-names';
import type { ViewReply } from './dump-session';
import { STATUS_COLOURS } from './treemap-paint';
import { PanelButton } from './panel-button';
import { panelClass } from './widgets-visualization-classes';

/** Compare mode (spec part 1 §5): the counts, the listed differences, Show to focus one on the treemap. */
export function WidgetsVisualizationDifferences({
  diff,
  onShow,
}: {
  diff: NonNullable<ViewReply['diff']>;
  onShow: (difference: WidgetsDifference) => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  return (
    <section className={cn(panelClass, 'space-y-3')} data-testid="differences">
      <h2 className="text-sm font-semibold text-slate-900">{t('widgetsVisualization.differences')}</h2>
      <p className="text-sm text-slate-700" data-testid="differences-summary">
        {t('widgetsVisualization.compareSummary', {
          added: count(diff.counts.added),
          removed: count(diff.counts.removed),
          changed: count(diff.counts.changed),
        })}
      </p>
      {diff.differences.length === 0 ? (
        <p className="text-sm text-slate-500">{t('widgetsVisualization.noDifferences')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="differences-list">
          {diff.differences.map((difference) => (
            <li key={`${difference.status}|${difference.nodeId}`} className="flex items-center gap-3 py-1.5">
              <span
                className="inline-block w-20 shrink-0 rounded px-2 py-0.5 text-center text-xs font-medium text-slate-900"
                style={{ backgroundColor: STATUS_COLOURS[difference.status] }}
              >
                {t(`widgetsVisualization.status.${difference.status}`)}
              </span>
              <span className="w-20 shrink-0 text-slate-500">
                {t(`widgetsVisualization.subjects.${difference.subject}`)}
              </span>
              <span className="min-w-0 flex-1 break-all" data-testid="difference-text">
                <span className="font-medium">{difference.name}</span>
                {difference.where && <span className="text-slate-500"> · {difference.where}</span>}
                {difference.changes && difference.changes.length > 0 && (
                  <span className="text-slate-500"> ({difference.changes.join(', ')})</span>
                )}
              </span>
              <PanelButton onClick={() => onShow(difference)} testId="difference-show">
                {t('widgetsVisualization.show')}
              </PanelButton>
            </li>
          ))}
        </ul>
      )}
      {diff.total > diff.differences.length && (
        <p className="text-xs text-slate-500">
          {t('widgetsVisualization.moreDifferences', {
            n: count(diff.total - diff.differences.length),
          })}
        </p>
      )}
    </section>
  );
}
