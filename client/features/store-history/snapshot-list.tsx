import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { JOB_KINDS, type JobKind } from '../../../common/contracts/jobs';
import type { Snapshot, SnapshotCounts } from '../../../common/contracts/store-history';
import { FormAlert } from '../../components/form-field';
import { cn } from '../../lib/class-names';
import { apiErrorText } from '../../lib/tool-errors';
import { formatBytes, formatCount, formatDateTime, newestFirst } from './snapshot-format';

const COUNT_KEYS: readonly (keyof SnapshotCounts)[] = [
  'products',
  'variants',
  'categories',
  'brands',
  'pages',
  'widgets',
  'widgetTemplates',
];
/** Issue 40's counts, shown when the snapshot holds any (older snapshots have none). */
const NEW_COUNT_KEYS: readonly (keyof SnapshotCounts)[] = [
  'restWidgets',
  'placements',
  'webPages',
  'blogPosts',
  'redirects',
];

const STATE_CLASSES: Record<Snapshot['state'], string> = {
  running: 'bg-indigo-100 text-indigo-800',
  done: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** Why a snapshot was taken: "Before Reset Page Title" when its job is known, else the reason ("Before a job"). */
export function reasonText(snapshot: Snapshot, t: TFunction): string {
  const kind = snapshot.beforeJob?.kind;
  if (snapshot.reason === 'before-job' && JOB_KINDS.includes(kind as JobKind)) {
    return t(`storeHistory.beforeJobOf.${kind as JobKind}`);
  }
  return t(`storeHistory.reason.${snapshot.reason}`);
}

export const badgeClass = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium';

/** The store's snapshots, newest first: when, why, its state, what it holds, its size and what it added to storage. */
export function SnapshotList({
  snapshots,
  isLoading,
  error,
  runningJobId,
}: {
  snapshots: readonly Snapshot[] | undefined;
  isLoading: boolean;
  error: unknown;
  /** The job of this screen still running: its snapshot reads as running whatever the list said. */
  runningJobId: string | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <section
      aria-labelledby="snapshot-list-title"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="snapshot-list-title" className="text-base font-semibold text-slate-900">
        {t('storeHistory.listTitle')}
      </h2>
      {error ? (
        <FormAlert tone="error" testId="snapshot-list-error">
          {apiErrorText(error, t)}
        </FormAlert>
      ) : isLoading || !snapshots ? (
        <p role="status" className="text-sm text-slate-500" data-testid="snapshot-list-loading">
          {t('storeHistory.listLoading')}
        </p>
      ) : snapshots.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="snapshot-list-empty">
          {t('storeHistory.listEmpty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="snapshot-list">
          {newestFirst(snapshots).map((snapshot) => {
            const state =
              snapshot.jobId !== null && snapshot.jobId === runningJobId ? 'running' : snapshot.state;
            return (
              <li
                key={snapshot.id}
                className="space-y-1 py-3"
                data-testid="snapshot-row"
                data-snapshot-id={snapshot.id}
                data-state={state}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium text-slate-900" data-testid="snapshot-date">
                    <time dateTime={snapshot.createdAt}>{formatDateTime(snapshot.createdAt, locale)}</time>
                  </span>
                  <span
                    className={cn(badgeClass, 'bg-slate-100 text-slate-700')}
                    data-testid="snapshot-reason"
                  >
                    {reasonText(snapshot, t)}
                  </span>
                  {snapshot.beforeJob && (
                    <span
                      className="font-mono text-xs text-slate-600"
                      title={snapshot.beforeJob.id}
                      data-testid="snapshot-job"
                    >
                      {t('storeHistory.jobRef', { id: snapshot.beforeJob.id.slice(0, 8) })}
                    </span>
                  )}
                  <span className={cn(badgeClass, STATE_CLASSES[state])} data-testid="snapshot-state">
                    {t(`storeHistory.state.${state}`)}
                  </span>
                </div>
                {state === 'running' ? (
                  // Its counts and size are known once it is complete (issue 44: not "0 products ... Size 0 B").
                  <p className="text-xs text-slate-600" data-testid="snapshot-taking">
                    {t('storeHistory.taking')}
                  </p>
                ) : (
                  <>
                    <p className="text-xs text-slate-600" data-testid="snapshot-counts">
                      {[...COUNT_KEYS, ...NEW_COUNT_KEYS.filter((key) => snapshot.counts[key] > 0)]
                        .map((key) =>
                          t(`storeHistory.counts.${key}`, {
                            count: snapshot.counts[key],
                            n: formatCount(snapshot.counts[key], locale),
                          }),
                        )
                        .join(' · ')}
                    </p>
                  </>
                )}
                {snapshot.unreadPages.length > 0 && (
                  <p className="text-xs text-amber-800" data-testid="snapshot-unread-pages">
                    {t('storeHistory.unreadPagesCount', {
                      n: formatCount(
                        snapshot.unreadPages.reduce((sum, entry) => sum + entry.count, 0),
                        locale,
                      ),
                    })}
                  </p>
                )}
                {state !== 'running' && (
                  <p className="text-xs text-slate-600">
                    <span data-testid="snapshot-size">
                      {t('storeHistory.size', { size: formatBytes(snapshot.bytes, locale) })}
                    </span>
                    {' · '}
                    <span data-testid="snapshot-new-bytes">
                      {t('storeHistory.newBytes', { size: formatBytes(snapshot.newBytes, locale) })}
                    </span>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
