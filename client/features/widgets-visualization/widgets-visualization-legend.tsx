import { useTranslation } from 'react-i18next';
import { KIND_COLOURS, LEGEND_KINDS, STATUS_COLOURS } from './treemap-paint';

/** The colours of the treemap: the kinds of node, or in compare mode what changed. */
export function WidgetsVisualizationLegend({ compareMode }: { compareMode: boolean }) {
  const { t } = useTranslation();
  const items = compareMode
    ? (['added', 'removed', 'changed', 'unchanged', 'contains'] as const).map((status) => ({
        key: status,
        colour: STATUS_COLOURS[status],
        text: t(`widgetsVisualization.status.${status}`),
      }))
    : LEGEND_KINDS.map((kind) => ({
        key: kind,
        colour: KIND_COLOURS[kind],
        text: t(`widgetsVisualization.kinds.${kind}`),
      }));
  return (
    <div>
      <h3 className="text-xs font-semibold text-slate-700">{t('widgetsVisualization.legend')}</h3>
      <ul className="mt-1 flex flex-wrap gap-3 text-xs text-slate-700" data-testid="treemap-legend">
        {items.map((item) => (
          <li key={item.key} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-sm border border-slate-300"
              style={{ backgroundColor: item.colour }}
            />
            {item.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
