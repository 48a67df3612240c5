import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-field';
import { TableHeader } from '../../components/table-header';
import { cn } from '../../lib/class-names';

/** The small bordered button of the admin tables (row actions, refresh, paging); add its colours with `cn`. */
export const smallButtonClass =
  'rounded-md border px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';
export const plainSmallButtonClass = cn(
  smallButtonClass,
  'border-slate-300 text-slate-700 hover:bg-slate-50',
);

/** What stands where a table goes while its rows load, or the error when they could not be read. */
export function TablePlaceholder({ error }: { error: string | null }) {
  const { t } = useTranslation();
  if (error !== null) {
    return (
      <div className="p-5">
        <FormAlert tone="error">{error}</FormAlert>
      </div>
    );
  }
  return (
    <p role="status" className="p-5 text-sm text-slate-500">
      {t('app.loading')}
    </p>
  );
}

/** A table's header row; the first and last columns line up with the card's padding. */
export function TableHead({ columns, isLastRight = false }: { columns: string[]; isLastRight?: boolean }) {
  return (
    <TableHeader
      className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
      columns={columns.map((label, index) => {
        const isLast = index === columns.length - 1;
        return {
          label,
          className: cn(
            index === 0 || isLast ? 'px-5 py-2.5' : 'px-3 py-2.5',
            isLast && isLastRight && 'text-right',
          ),
        };
      })}
    />
  );
}

/** Previous and Next under a table (pages count from 1). */
export function PagerButtons({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className={plainSmallButtonClass}
      >
        {t('adminUsers.previous')}
      </button>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className={plainSmallButtonClass}
      >
        {t('adminUsers.next')}
      </button>
    </>
  );
}
