import { useTranslation } from 'react-i18next';
import type { KeywordEntry, KeywordSize } from '../../../common/keywords';
import { TableHeader } from '../../components/table-header';
import { cn } from '../../lib/class-names';
import type { KeywordTables } from './keyword-protocol';
import { useCount } from '../../lib/number-format';

const KEYWORD_SIZES: readonly KeywordSize[] = [1, 2, 3];

const TITLE_KEYS = {
  1: 'keywords.oneWord',
  2: 'keywords.twoWord',
  3: 'keywords.threeWord',
} as const satisfies Record<KeywordSize, string>;

/** The number columns after the keyword: heading, the entry's field, and the gap before the next column. */
const COUNT_COLUMNS = [
  { header: 'keywords.titleCount', field: 'titleCount', testId: 'title-count', padding: 'pr-2' },
  {
    header: 'keywords.descriptionCount',
    field: 'descriptionCount',
    testId: 'description-count',
    padding: 'pr-2',
  },
  { header: 'keywords.score', field: 'score', testId: 'score', padding: undefined },
] as const satisfies ReadonlyArray<{
  header: string;
  field: keyof KeywordEntry;
  testId: string;
  padding: string | undefined;
}>;

/** The three top-30 tables (spec part 2 §2, §9): keyword, title count, description count, score. */
export function KeywordTablesView({
  tables,
  isCsvOffered,
  activeKeyword,
  onDownload,
  onShowProducts,
}: {
  tables: KeywordTables;
  /** Spec §4: when stopped or completed and keywords exist. */
  isCsvOffered: boolean;
  activeKeyword: string | null;
  onDownload: (size: KeywordSize) => void;
  onShowProducts: (keyword: string) => void;
}) {
  return (
    <div className="grid gap-4 xl:grid-cols-3" data-testid="keyword-tables">
      {KEYWORD_SIZES.map((size) => {
        const entries = tables[size - 1] ?? [];
        return (
          <KeywordTable
            key={size}
            size={size}
            entries={entries}
            isCsvOffered={isCsvOffered && entries.length > 0}
            activeKeyword={activeKeyword}
            onDownload={() => onDownload(size)}
            onShowProducts={onShowProducts}
          />
        );
      })}
    </div>
  );
}

function KeywordTable({
  size,
  entries,
  isCsvOffered,
  activeKeyword,
  onDownload,
  onShowProducts,
}: {
  size: KeywordSize;
  entries: KeywordEntry[];
  isCsvOffered: boolean;
  activeKeyword: string | null;
  onDownload: () => void;
  onShowProducts: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const title = t(TITLE_KEYS[size]);
  const headings = [
    { label: t('keywords.keyword'), className: 'pr-2' },
    ...COUNT_COLUMNS.map((column) => ({
      label: t(column.header),
      className: cn(column.padding, 'text-right'),
    })),
  ];
  return (
    <section
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={`keywords-${size}`}
      aria-label={title}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {isCsvOffered && (
          <button
            type="button"
            onClick={onDownload}
            data-testid={`download-csv-${size}`}
            className="rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {t('keywords.downloadCsv')}
          </button>
        )}
      </div>
      {entries.length === 0 ? (
        <p className="text-xs text-slate-500" data-testid={`keywords-${size}-empty`}>
          {t('keywords.noKeywords')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs">
            <TableHeader className="text-slate-500" cellClassName="py-1 font-medium" columns={headings} />
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry.keyword} data-testid={`keyword-row-${size}`}>
                  <td className="py-1 pr-2">
                    <button
                      type="button"
                      onClick={() => onShowProducts(entry.keyword)}
                      title={t('keywords.showProducts', { keyword: entry.keyword })}
                      aria-pressed={activeKeyword === entry.keyword}
                      data-testid="keyword"
                      className={cn(
                        'text-left break-words text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600',
                        activeKeyword === entry.keyword && 'font-semibold underline',
                      )}
                    >
                      {entry.keyword}
                    </button>
                  </td>
                  {COUNT_COLUMNS.map((column) => (
                    <td
                      key={column.field}
                      className={cn('py-1', column.padding, 'text-right tabular-nums')}
                      data-testid={column.testId}
                    >
                      {count(entry[column.field])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
