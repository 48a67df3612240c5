import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { FormAlert } from '../../components/form-field';
import { useSession } from '../../lib/session';
import { listSnapshots } from './api';
import { SchedulePanel } from './schedule-panel';
import { ComparePanel } from './compare-panel';
import { SnapshotJobPanel } from './snapshot-job-panel';
import { SnapshotList } from './snapshot-list';
import { TakeSnapshotForm } from './take-snapshot-form';
import { snapshotsKey, useSnapshotJob } from './use-snapshot-job';

/**
 * Store History (issue 32): take a snapshot of a store (a job: progress, cancel), the store's snapshots, and the diff
 * of two of them (counts per kind, filters, each changed item's fields before and after).
 */
export default function StoreHistoryScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [store, setStore] = useState<LocalStore | null>(null);
  // A compare with the store now, waiting for the snapshot it took.
  const [pendingLive, setPendingLive] = useState<{ from: string; snapshotId: string } | null>(null);
  const flow = useSnapshotJob(store);
  const storeHash = store?.storeHash ?? '';
  const list = useQuery({
    queryKey: snapshotsKey(storeHash),
    queryFn: ({ signal }) => listSnapshots(storeHash, signal),
    enabled: store !== null,
    retry: false,
  });

  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid="store-history">
      <TakeSnapshotForm store={store} onStoreChange={setStore} flow={flow} />
      <SnapshotJobPanel flow={flow} />
      {store && <SchedulePanel store={store} />}
      {store && (
        <SnapshotList
          snapshots={list.data}
          isLoading={list.isPending}
          error={list.error}
          runningJobId={flow.isJobActive ? (flow.job?.id ?? null) : null}
        />
      )}
      {/* A visitor's snapshots move to the account they sign up for in this browser, not to one they log in to (issue 44). */}
      {store && !session.isLoading && session.user === null && (list.data?.length ?? 0) > 0 && (
        <FormAlert tone="info" testId="visitor-snapshots-note">
          {t('storeHistory.visitorSnapshotsMove')}
        </FormAlert>
      )}
      {store && list.data && (
        <ComparePanel
          key={storeHash}
          snapshots={list.data}
          store={store}
          live={{
            start: (from) => {
              setPendingLive(null);
              flow.takeFor(from.scope, (snapshotId) => setPendingLive({ from: from.id, snapshotId }));
            },
            pending: pendingLive,
          }}
        />
      )}
    </div>
  );
}
