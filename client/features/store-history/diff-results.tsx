import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import { SNAPSHOT_ITEM_KINDS, type SnapshotItemKind } from '../../../common/contracts/store-history';
import { smallButtonClass } from '../../components/button-classes';
import { BusyButton, FormAlert, TextField } from '../../components/form-field';
import { cn } from '../../lib/class-names';
import { apiErrorText } from '../../lib/tool-errors';
import { ChangeRow, type RowSelection } from './change-row';
import type { PagePair } from './page-compare';
import { changeKey } from './restore-selection';
import { UnreadPagesNote } from './unread-pages-note';
import type { SnapshotDiffFlow } from './use-snapshot-diff';

const chipClass =
  'rounded-full border px-3 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The diff of the pair compared: the counts per kind as chips that filter by kind (with "All kinds"), the search, the
 * changes found, "More" for the next page, and "No differences" when there are none.
 */
export function DiffResults({
  diff,
  selection,
  pagePair,
}: {
  diff: SnapshotDiffFlow;
  selection?: RowSelection;
  /** The pair compared, for a page's "Compare in Widgets Visualization". */
  pagePair?: PagePair;
}) {
  const { t } = useTranslation();
  const local = useCount();
  const kinds = SNAPSHOT_ITEM_KINDS.filter((kind) => {
    const count = diff.counts?.[kind];
    return count !== undefined && count.added + count.removed + count.changed > 0;
  });
  const chip = (kind: SnapshotItemKind | null, label: string) => {
    const isOn = diff.kind === kind;
    return (
      <button
        key={kind ?? 'all'}
        type="button"
        aria-pressed={isOn}
        onClick={() => diff.setKind(kind)}
        data-testid="diff-count-chip"
        data-kind={kind ?? 'all'}
        className={cn(
          chipClass,
          isOn
            ? 'border-indigo-600 bg-indigo-600 text-white'
            : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
        )}
      >
        {label}
      </button>
    );
  };

  return (
    <div className="space-y-3 border-t border-slate-200 pt-4" data-testid="diff-results">
      {diff.counts && kinds.length > 0 && (
        <div
          role="group"
          aria-label={t('storeHistory.kindFilter')}
          className="flex flex-wrap gap-2"
          data-testid="diff-counts"
        >
          {chip(null, t('storeHistory.allKinds'))}
          {kinds.map((kind) => {
            const count = diff.counts?.[kind] ?? { added: 0, removed: 0, changed: 0 };
            return chip(
              kind,
              t('storeHistory.chip', {
                kind: t(`storeHistory.kindsPlural.${kind}`),
                added: local(count.added),
                removed: local(count.removed),
                changed: local(count.changed),
              }),
            );
          })}
        </div>
      )}
      <UnreadPagesNote unread={diff.unreadPages} context="diff" testId="diff-unread-pages" />
      <TextField
        type="search"
        label={t('storeHistory.search')}
        value={diff.search}
        onValueChange={diff.setSearch}
        maxLength={100}
        testId="diff-search"
      />
      {diff.error ? (
        <FormAlert tone="error" testId="diff-error">
          {apiErrorText(diff.error, t)}
        </FormAlert>
      ) : diff.isLoading ? (
        <p role="status" className="text-sm text-slate-500" data-testid="diff-loading">
          {t('storeHistory.comparing')}
        </p>
      ) : diff.total === 0 ? (
        <p role="status" className="text-sm font-medium text-slate-700" data-testid="diff-empty">
          {t('storeHistory.noDifferences')}
        </p>
      ) : (
        <>
          <p role="status" className="text-xs text-slate-600" data-testid="diff-total">
            {t('storeHistory.total', { shown: local(diff.changes.length), total: local(diff.total) })}
          </p>
          <ul
            className={cn('divide-y divide-slate-200', diff.isFiltering && 'opacity-60')}
            aria-busy={diff.isFiltering || undefined}
            data-testid="diff-changes"
          >
            {diff.changes.map((change) => (
              <ChangeRow
                key={changeKey(change)}
                change={change}
                {...(selection ? { selection } : {})}
                {...(pagePair ? { pagePair } : {})}
              />
            ))}
          </ul>
          {diff.hasMore && (
            <BusyButton
              onClick={diff.loadMore}
              isBusy={diff.isLoadingMore}
              label={t('storeHistory.more')}
              busyLabel={t('common.processing')}
              className={smallButtonClass}
              testId="diff-more"
            />
          )}
        </>
      )}
    </div>
  );
}
