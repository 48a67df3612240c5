import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preview, PreviewItem } from '../../../common/contracts/jobs';
import { useCount } from '../../lib/number-format';
import { readableText } from '../../lib/readable-text';
import { TableHeader } from '../table-header';

const cell = 'px-3 py-2 align-top';
/** Long descriptions stay on one line, cut by CSS; the whole text is in the cell's title. */
const textCell = `${cell} max-w-[16rem] truncate`;

/**
 * The sample of a preview: product id, name, current value, new value. A table on wider screens; on a phone (below
 * Tailwind's sm) one card per product, its name whole and its values wrapped (cut after three lines, whole in the
 * title), where four columns would leave a name five characters (issue 31).
 */
export function PreviewTable({
  items,
  isHtml = false,
  testId = 'preview-table',
}: {
  items: readonly PreviewItem[];
  /** The values are HTML (descriptions): shown as the text a person reads, not as markup. */
  isHtml?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const shown = (value: string) => (isHtml ? readableText(value) : value);
  const valueText = (value: string) => (value === '' ? t('bulkEdit.emptyValue') : shown(value));
  return (
    <>
      <ul className="space-y-2 sm:hidden" data-testid={`${testId}-cards`}>
        {items.map((item) => (
          <li
            key={item.productId}
            className="rounded-lg border border-slate-200 px-3 py-2 text-xs text-slate-700"
            data-testid={`${testId}-card`}
          >
            <p className="text-slate-600">
              {t('bulkEdit.productId')} <span className="font-mono">{item.productId}</span>
            </p>
            <p className="text-sm font-medium break-words text-slate-900" data-testid={`${testId}-card-name`}>
              {item.name ?? t('common.notAvailable')}
            </p>
            <dl className="mt-1.5 space-y-1">
              {(
                [
                  [t('bulkEdit.current'), item.current],
                  [t('bulkEdit.next'), item.next],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="line-clamp-3 break-words" title={shown(value)}>
                    {valueText(value)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <PreviewRows items={items} testId={testId} shown={shown} valueText={valueText} />
    </>
  );
}

/** The table of the sample, from sm up. */
function PreviewRows({
  items,
  testId,
  shown,
  valueText,
}: {
  items: readonly PreviewItem[];
  testId: string;
  shown: (value: string) => string;
  valueText: (value: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 sm:block">
      <table data-testid={testId} className="w-full table-fixed text-left text-xs text-slate-700">
        <TableHeader
          className="bg-slate-50 text-slate-500"
          cellClassName={cell}
          columns={[
            { label: t('bulkEdit.productId'), className: 'w-24' },
            { label: t('bulkEdit.name') },
            { label: t('bulkEdit.current') },
            { label: t('bulkEdit.next') },
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.productId} data-testid={`${testId}-row`}>
              <td className={`${cell} font-mono`}>{item.productId}</td>
              <td className={textCell} title={item.name ?? undefined}>
                {item.name ?? t('common.notAvailable')}
              </td>
              <td className={textCell} title={shown(item.current)}>
                {valueText(item.current)}
              </td>
              <td className={textCell} title={shown(item.next)}>
                {valueText(item.next)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One count of a preview or a result: a label and its number, the number read by tests through its testId. */
export function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  const count = useCount();
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900" data-testid={testId}>
        {count(value)}
      </dd>
    </div>
  );
}

/**
 * What a bulk edit would do (issue 12, "Preview first"): products in scope, those that would change, those already at
 * the new value (skipped), ids the store does not have, and the first products that would change.
 */
export function PreviewPanel({
  preview,
  title,
  isHtml = false,
  testId = 'preview',
  children,
}: {
  preview: Preview;
  title?: string;
  /** The values are HTML (Copy Description's): shown as text. */
  isHtml?: boolean;
  testId?: string;
  /** The actions under the preview (Start, Confirm undo). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const count = useCount();
  return (
    <section
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${testId}-title`} className="text-sm font-semibold text-slate-900">
        {title ?? t('bulkEdit.previewTitle')}
      </h2>
      <dl className="grid grid-cols-3 gap-2">
        <Count label={t('bulkEdit.inScope')} value={preview.total} testId={`${testId}-total`} />
        <Count label={t('bulkEdit.changing')} value={preview.changing} testId={`${testId}-changing`} />
        <Count label={t('bulkEdit.skipped')} value={preview.skipped} testId={`${testId}-skipped`} />
      </dl>
      {preview.notFound.length > 0 && (
        <p className="text-xs text-amber-700" data-testid={`${testId}-not-found`}>
          {t('bulkEdit.notFound', { ids: preview.notFound.join(', ') })}
        </p>
      )}
      {preview.sample.length > 0 ? (
        <>
          {preview.sample.length < preview.changing && (
            <p className="text-xs text-slate-500" data-testid={`${testId}-sample-note`}>
              {t('bulkEdit.sampleNote', {
                shown: count(preview.sample.length),
                changing: count(preview.changing),
              })}
            </p>
          )}
          <PreviewTable items={preview.sample} isHtml={isHtml} testId={`${testId}-table`} />
        </>
      ) : (
        <p className="text-sm text-slate-600" data-testid={`${testId}-nothing`}>
          {t('bulkEdit.nothingChanges')}
        </p>
      )}
      {children}
    </section>
  );
}
