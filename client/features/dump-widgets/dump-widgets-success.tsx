import { useTranslation } from 'react-i18next';
import type { WidgetsDump } from '../../../common/dumps/widgets-dump';
import { smallButtonClass } from '../../components/button-classes';
import { ResultFileName } from '../../components/tool/result-panel';
import { useCount } from '../../lib/number-format';

/**
 * The four counts and the notes of a dump (spec part 1 §2), the file it was saved as, and its next step (issue 31):
 * the same dump opened in Widgets Visualization, without uploading the file.
 */
export function WidgetsSuccess({
  dump,
  fileName,
  onOpenInVisualization,
}: {
  dump: WidgetsDump;
  fileName: string;
  onOpenInVisualization: () => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const counts = [
    {
      key: 'widget-templates',
      label: t('dumpWidgets.widgetTemplates'),
      value: dump.summary.totalWidgetTemplates,
    },
    { key: 'page-templates', label: t('dumpWidgets.pageTemplates'), value: dump.summary.totalTemplates },
    { key: 'total-widgets', label: t('dumpWidgets.totalWidgets'), value: dump.summary.totalWidgets },
    {
      key: 'unique-uuids',
      label: t('dumpWidgets.uniqueWidgetUuids'),
      value: dump.summary.uniqueWidgetTemplates,
    },
  ];
  return (
    <section
      role="status"
      data-testid="tool-result"
      className="space-y-4 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900"
    >
      <p className="font-semibold">{t('dumpWidgets.success')}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map((item) => (
          <div key={item.key} className="rounded-lg bg-white px-3 py-2 shadow-sm">
            <dt className="text-xs text-slate-600">{item.label}</dt>
            <dd className="text-xl font-semibold text-slate-900" data-testid={`count-${item.key}`}>
              {count(item.value)}
            </dd>
          </div>
        ))}
      </dl>
      {dump.notes.length > 0 && (
        <div>
          <p className="text-sm font-medium">{t('dumpWidgets.notes')}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs" data-testid="dump-notes">
            {dump.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
      <ResultFileName fileName={fileName} />
      <div className="flex flex-wrap items-center gap-2 border-t border-emerald-200 pt-3">
        <span className="text-sm font-medium">{t('workflow.nextSteps.title')}:</span>
        <button
          type="button"
          onClick={onOpenInVisualization}
          className={smallButtonClass}
          data-testid="open-in-visualization"
        >
          {t('workflow.nextSteps.openInVisualization')}
        </button>
      </div>
    </section>
  );
}
