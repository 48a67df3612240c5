import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import { pageLabel, type SkippedPage } from './import-widgets-rules';

/** Issue 44: per page, the widgets an import skips (or skipped), each with its missing template. */
function SkippedWidgetsList({ pages }: { pages: readonly SkippedPage[] }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
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

/**
 * The skipped widgets with their count: in the confirmation, those the import will skip (an amber box); in the result,
 * those it skipped.
 */
export function SkippedWidgets({
  pages,
  when,
  testId,
}: {
  pages: readonly SkippedPage[];
  when: 'before' | 'after';
  testId?: string;
}) {
  const { t } = useTranslation();
  const count = useCount();
  return (
    <div
      className={
        when === 'before' ? 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900' : 'mt-2'
      }
      data-testid={testId}
    >
      <p className={when === 'before' ? 'font-medium' : 'text-xs font-semibold'}>
        {t(when === 'before' ? 'importWidgets.willSkip' : 'importWidgets.skippedTitle', {
          n: count(pages.reduce((sum, page) => sum + page.widgets.length, 0)),
          pages: count(pages.length),
        })}
      </p>
      <SkippedWidgetsList pages={pages} />
    </div>
  );
}
