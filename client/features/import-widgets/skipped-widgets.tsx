import { useTranslation } from 'react-i18next';
import { pageLabel, type SkippedPage } from './import-widgets-rules';

/** Issue 44: per page, the widgets an import skips (or skipped), each with its missing template. */
export function SkippedWidgetsList({ pages, testId }: { pages: readonly SkippedPage[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs" data-testid={testId}>
      {pages.map(({ page, widgets }, index) => (
        <li key={index} className="break-words">
          {t('importWidgets.skippedOnPage', {
            page: pageLabel(page, t('importWidgets.globalRegions')),
            widgets: widgets
              .map((widget) =>
                t('importWidgets.skippedWidget', {
                  name: widget.name || t('importWidgets.unnamedWidget'),
                  template: widget.template,
                }),
              )
              .join(', '),
          })}
        </li>
      ))}
    </ul>
  );
}

/** The confirmation's warning: the widgets the import will skip. */
export function SkippedBeforeImport({ pages }: { pages: readonly SkippedPage[] }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
      <p className="font-medium">
        {t('importWidgets.willSkip', {
          n: String(pages.reduce((sum, page) => sum + page.widgets.length, 0)),
          pages: String(pages.length),
        })}
      </p>
      <SkippedWidgetsList pages={pages} />
    </div>
  );
}
