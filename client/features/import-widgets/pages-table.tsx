import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import type { LocalStore } from '../../../common/contracts/stores';
import type { DumpedPage } from '../../../common/dumps/widgets-dump';
import { EntityPicker } from '../../components/entity-picker/entity-picker';
import { TableHeader } from '../../components/table-header';
import { cn } from '../../lib/class-names';
import {
  countMissingWidgets,
  countPageWidgets,
  entityKindOf,
  pageLabel,
  type MissingTemplate,
  type PagesForm,
} from './import-widgets-rules';

/** A cell: a table cell from sm up; below, a block of the row's card (issue 31: no name cut on a phone). */
const cell = 'block align-middle sm:table-cell sm:px-3 sm:py-2';
/** A word a phone's card writes before a value, where the column headings are not shown. */
const phoneLabel = 'text-slate-600 sm:hidden';

/**
 * The dump's pages (spec part 1 §2): a checkbox each with select-all, the template file, the entity (id and name),
 * the widgets count, the new entity id (prefilled with the dump's) and the Details button. On a phone each row is a
 * card (checkbox, whole template file and Details on top, the rest below with their words), its select-all above.
 */
export function PagesTable({
  pages,
  store,
  form,
  missing,
  invalidIndex,
  onToggle,
  onToggleAll,
  onEntityIdChange,
  onDetails,
}: {
  pages: readonly DumpedPage[];
  /** The target store, searched by the new entity id of a product's, a category's or a brand's page. */
  store: LocalStore | null;
  form: PagesForm;
  /** The target's missing templates, once known: rows say how many of their widgets use one. */
  missing: readonly MissingTemplate[] | null;
  /** The page whose new entity id was refused, if any. */
  invalidIndex: number | null;
  onToggle: (index: number) => void;
  onToggleAll: () => void;
  onEntityIdChange: (index: number, value: string) => void;
  onDetails: (index: number) => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const id = useId();
  const isAll = pages.length > 0 && form.selected.length === pages.length;
  const isSome = form.selected.length > 0 && !isAll;
  const globalText = t('importWidgets.globalRegions');
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2" data-testid="pages">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {t('importWidgets.pages')}
        </h2>
        <SelectAllPages
          className="inline-flex items-center gap-2 text-xs font-medium text-slate-700 sm:hidden"
          isAll={isAll}
          isSome={isSome}
          onToggleAll={onToggleAll}
          testId="select-all-pages-phone"
        />
        <p className="text-xs text-slate-600" data-testid="selected-count">
          {t('importWidgets.selectedCount', {
            selected: count(form.selected.length),
            total: count(pages.length),
          })}
        </p>
      </div>
      {/* relative: the table's visually hidden labels are placed in this scrolling box, not past the phone's edge. */}
      <div className="relative overflow-x-auto rounded-lg border border-slate-200">
        <table data-testid="pages-table" className="block w-full text-left text-xs text-slate-700 sm:table">
          <TableHeader
            className="hidden bg-slate-50 text-slate-600 sm:table-header-group"
            cellClassName={cell}
            columns={[
              {
                className: 'w-28',
                label: (
                  <SelectAllPages
                    className="inline-flex items-center gap-2 font-medium"
                    isAll={isAll}
                    isSome={isSome}
                    onToggleAll={onToggleAll}
                    testId="select-all-pages"
                  />
                ),
              },
              { label: t('importWidgets.templateFile') },
              { label: t('importWidgets.entity') },
              { label: t('importWidgets.widgetsCount'), className: 'text-right' },
              { label: t('importWidgets.newEntityId') },
              { label: <span className="sr-only">{t('importWidgets.details')}</span> },
            ]}
          />
          <tbody className="block divide-y divide-slate-100 sm:table-row-group">
            {pages.map((page, index) => {
              const label = pageLabel(
                { templateFile: page.template_file, entityId: page.entity_id },
                globalText,
              );
              const isSelected = form.selected.includes(index);
              const missingCount = missing ? countMissingWidgets(page, missing) : 0;
              const isInvalid = invalidIndex === index;
              return (
                <tr
                  key={index}
                  data-testid="page-row"
                  className={cn(
                    'grid grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-1 px-3 py-2 sm:table-row sm:p-0',
                    isSelected && 'bg-indigo-50/50',
                  )}
                >
                  <td className={cell}>
                    <input
                      type="checkbox"
                      checked={isSelected}
                      onChange={() => onToggle(index)}
                      aria-label={t('importWidgets.selectPageLabel', { page: label })}
                      data-testid="page-select"
                      className="h-4 w-4 accent-indigo-600"
                    />
                  </td>
                  <td
                    className={`${cell} min-w-0 font-mono break-words sm:break-all`}
                    data-testid="page-template-file"
                  >
                    {page.template_file ?? globalText}
                  </td>
                  <td className={`${cell} col-start-2 row-start-2`}>
                    <span className={phoneLabel}>{t('importWidgets.entity')}: </span>
                    <span data-testid="page-entity">
                      {page.entity_id === null ? (
                        <span className="text-slate-500">{t('importWidgets.noEntity')}</span>
                      ) : (
                        <>
                          <span className="font-mono">{page.entity_id}</span>
                          {page.entity_name && (
                            <span className="ml-1 text-slate-600">{page.entity_name}</span>
                          )}
                        </>
                      )}
                    </span>
                  </td>
                  <td className={`${cell} col-start-2 sm:text-right`}>
                    <span className={phoneLabel}>{t('importWidgets.widgetsCount')}: </span>
                    <span data-testid="page-widgets">{count(countPageWidgets(page))}</span>
                    {missingCount > 0 && (
                      <span className="block text-amber-700" data-testid="page-missing-widgets">
                        {t('importWidgets.missingWidgets', { n: count(missingCount) })}
                      </span>
                    )}
                  </td>
                  {/* On a phone a page without an entity has nothing to write here: its card says None once. */}
                  <td
                    className={
                      page.entity_id === null
                        ? 'hidden align-middle sm:table-cell sm:px-3 sm:py-2'
                        : `${cell} col-start-2`
                    }
                  >
                    {page.entity_id === null ? (
                      <span className="text-slate-500">{t('importWidgets.noEntity')}</span>
                    ) : (
                      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <span className={phoneLabel} aria-hidden="true">
                          {t('importWidgets.newEntityId')}
                        </span>
                        <NewEntityIdInput
                          page={page}
                          store={store}
                          value={form.entityIds[index] ?? ''}
                          onValueChange={(value) => onEntityIdChange(index, value)}
                          label={t('importWidgets.newEntityIdFor', { page: label })}
                          isInvalid={isInvalid}
                        />
                      </div>
                    )}
                  </td>
                  <td className={`${cell} col-start-3 row-start-1 text-right`}>
                    <button
                      type="button"
                      onClick={() => onDetails(index)}
                      aria-label={t('importWidgets.detailsFor', { page: label })}
                      data-testid="page-details-button"
                      className="rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                    >
                      {t('importWidgets.details')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A page's new entity id: a product's, a category's or a brand's found by name in the target store (issue 31), its
 * matches opening wider than the cell; a web page's id typed.
 */
function NewEntityIdInput({
  page,
  store,
  value,
  onValueChange,
  label,
  isInvalid,
}: {
  page: DumpedPage;
  store: LocalStore | null;
  value: string;
  onValueChange: (value: string) => void;
  label: string;
  isInvalid: boolean;
}) {
  const kind = entityKindOf(page.template_file);
  if (kind) {
    return (
      <EntityPicker
        variant="cell"
        kind={kind}
        store={store}
        label={label}
        value={value}
        onValueChange={onValueChange}
        isInvalid={isInvalid}
        testId="page-entity-id"
        className="w-28"
      />
    );
  }
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-label={label}
      aria-invalid={isInvalid || undefined}
      data-testid="page-entity-id"
      className={cn(
        'block w-28 rounded-lg border bg-white px-2 py-1 text-xs text-slate-900 shadow-sm outline-none focus:ring-2',
        isInvalid
          ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
          : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200',
      )}
    />
  );
}

/** "Select all pages": checked when all are, half-checked when some are (the phone's cards and the table's header). */
function SelectAllPages({
  className,
  isAll,
  isSome,
  onToggleAll,
  testId,
}: {
  className: string;
  isAll: boolean;
  isSome: boolean;
  onToggleAll: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={isAll}
        ref={(element) => {
          if (element) element.indeterminate = isSome;
        }}
        onChange={onToggleAll}
        data-testid={testId}
        className="h-4 w-4 accent-indigo-600"
      />
      {t('importWidgets.selectAllPages')}
    </label>
  );
}
