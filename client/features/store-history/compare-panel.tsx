import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from '../../../common/contracts/store-history';
import { primaryButtonClass } from '../../components/button-classes';
import type { LocalStore } from '../../../common/contracts/stores';
import { DiffResults } from './diff-results';
import { RestorePanel } from './restore-panel';
import { reasonText } from './snapshot-list';
import { useRestore } from './use-restore';
import { formatDateTime } from './snapshot-format';
import { LIVE, useSnapshotDiff, type SnapshotDiffFlow } from './use-snapshot-diff';

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none';

/** Two complete snapshots of the store, "from" (older) and "to" (newer, or the store now), defaultPair's at first; then their diff. */
export function ComparePanel({
  snapshots,
  store,
  live,
}: {
  snapshots: readonly Snapshot[];
  store: LocalStore;
  live: Parameters<typeof useSnapshotDiff>[1];
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const diff = useSnapshotDiff(snapshots, live);
  const locale = i18n.resolvedLanguage ?? 'en';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    diff.compare();
  };
  const optionText = (snapshot: Snapshot) =>
    t('storeHistory.option', {
      date: formatDateTime(snapshot.createdAt, locale),
      reason: reasonText(snapshot, t),
    });
  const chosenText = (side: 'from' | 'to') => {
    if (diff[side] === LIVE) return t('storeHistory.storeNow');
    const chosen = diff.choices.find((snapshot) => snapshot.id === diff[side]);
    return chosen ? optionText(chosen) : '';
  };
  const picker = (side: 'from' | 'to') => (
    <div className="min-w-0 flex-1 basis-56">
      <label htmlFor={`${id}-${side}`} className="block text-sm font-medium text-slate-700">
        {t(`storeHistory.${side}`)}
      </label>
      <select
        id={`${id}-${side}`}
        value={diff[side]}
        onChange={(event) => diff.pick(side, event.target.value)}
        data-testid={`compare-${side}`}
        className={selectClass}
      >
        {diff.choices.map((snapshot) => (
          <option key={snapshot.id} value={snapshot.id}>
            {optionText(snapshot)}
          </option>
        ))}
        {side === 'to' && <option value={LIVE}>{t('storeHistory.storeNow')}</option>}
      </select>
      {/* A phone cuts a long choice off in the closed box: the whole of it, wrapped, below (issue 44). */}
      <p
        aria-hidden="true"
        className="mt-1 text-xs break-words text-slate-600 sm:hidden"
        data-testid={`compare-${side}-chosen`}
      >
        {chosenText(side)}
      </p>
    </div>
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="compare-panel"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('storeHistory.compareTitle')}
      </h2>
      {diff.choices.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="compare-needs-two">
          {t('storeHistory.compareNeedsTwo')}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-2">
          <div className="flex flex-wrap items-end gap-3">
            {picker('from')}
            {picker('to')}
            <button
              type="submit"
              disabled={!diff.canCompare}
              data-testid="compare-button"
              className={primaryButtonClass}
            >
              {t('storeHistory.compare')}
            </button>
          </div>
          {diff.isWaitingForLive && (
            <p role="status" className="text-xs text-slate-600" data-testid="compare-waiting-live">
              {t('storeHistory.waitingForNow')}
            </p>
          )}
          {diff.isSamePicked && (
            <p className="text-xs font-medium text-red-600" data-testid="compare-same">
              {t('storeHistory.sameSnapshot')}
            </p>
          )}
        </form>
      )}
      {diff.compared && (
        <ComparedPair
          key={`${diff.compared.from}:${diff.compared.to}`}
          diff={diff}
          store={store}
          from={snapshots.find((snapshot) => snapshot.id === diff.compared?.from) ?? null}
          to={snapshots.find((snapshot) => snapshot.id === diff.compared?.to) ?? null}
        />
      )}
    </section>
  );
}

/** The diff of the pair compared, its items to choose, and the restore from the older snapshot of the pair. */
function ComparedPair({
  diff,
  store,
  from,
  to,
}: {
  diff: SnapshotDiffFlow;
  store: LocalStore;
  from: Snapshot | null;
  to: Snapshot | null;
}) {
  const restore = useRestore(store, from?.id ?? '');
  return (
    <>
      <DiffResults
        diff={diff}
        {...(from ? { selection: { value: restore.selection, onChange: restore.setSelection } } : {})}
        {...(from && to ? { pagePair: { from, to, store } } : {})}
      />
      {from && diff.total > 0 && <RestorePanel flow={restore} snapshot={from} store={store} />}
    </>
  );
}
