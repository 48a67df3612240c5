import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SNAPSHOT_SCOPES, type SnapshotScope } from '../../../common/contracts/store-history';
import type { LocalStore } from '../../../common/contracts/stores';
import { fetchActiveJobs } from '../../components/bulk-edit/api';
import { isFinalJob } from '../../components/bulk-edit/job-follower';
import { useCancellableJob } from '../../components/bulk-edit/use-cancellable-job';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { apiErrorText } from '../../lib/tool-errors';
import { takeSnapshot } from './api';

/** The query key of a store's snapshot list (refetched when a snapshot starts and ends). */
export const snapshotsKey = (storeHash: string) => ['snapshots', storeHash] as const;

/** The snapshot job running for this store when the screen opens (a reload mid-run shows it again). */
function useActiveSnapshotJob(storeHash: string | null) {
  return useQuery({
    queryKey: ['jobs', 'active', 'store-snapshot', storeHash],
    queryFn: async () =>
      (await fetchActiveJobs()).find((job) => job.kind === 'store-snapshot' && job.storeHash === storeHash) ??
      null,
    enabled: storeHash !== null,
    // Only a help on reload: a failure shows nothing.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * Taking a snapshot of the chosen store: the parts to keep (all four at first), the start, the job followed as every
 * job is (Server-Sent Events, else polling: components/bulk-edit/use-job.ts), its cancel, and the store's list
 * refreshed when it starts and ends.
 */
export function useSnapshotJob(store: LocalStore | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const storeHash = store?.storeHash ?? null;
  const [scope, setScope] = useState<SnapshotScope[]>([...SNAPSHOT_SCOPES]);
  // The job this screen started, per store; until then, the one found running when the store was chosen.
  const [own, setOwn] = useState<{ storeHash: string; jobId: string } | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const active = useActiveSnapshotJob(storeHash);
  const isOwn = own !== null && own.storeHash === storeHash;
  const jobId = isOwn ? own.jobId : (active.data?.id ?? null);
  const onError = (error: unknown) => setErrorText(apiErrorText(error, t));
  const followed = useCancellableJob(jobId, isOwn ? null : (active.data ?? null), onError);
  const { job } = followed.view;

  // The list shows the new snapshot complete once its job has ended.
  const ended = job && isFinalJob(job) ? job : null;
  const endedId = ended?.id ?? null;
  const endedStore = ended?.storeHash ?? null;
  useEffect(() => {
    if (endedId !== null && endedStore !== null) {
      void queryClient.invalidateQueries({ queryKey: snapshotsKey(endedStore) });
    }
  }, [endedId, endedStore, queryClient]);

  const take = useMutation({
    mutationFn: (request: {
      chosen: LocalStore;
      scope: SnapshotScope[];
      onTaken?: (snapshotId: string) => void;
    }) =>
      takeSnapshot({ storeCredentials: toStoreCredentials(request.chosen), scope: request.scope }).then(
        (answer) => ({ answer, storeHash: request.chosen.storeHash, onTaken: request.onTaken }),
      ),
    onMutate: () => setErrorText(null),
    onSuccess: ({ answer, storeHash: hash, onTaken }) => {
      onTaken?.(answer.snapshotId);
      followed.update(answer.job);
      setOwn({ storeHash: hash, jobId: answer.job.id });
      void queryClient.invalidateQueries({ queryKey: snapshotsKey(hash) });
    },
    onError,
  });

  return {
    scope,
    toggleScope: (part: SnapshotScope, isOn: boolean) =>
      setScope((current) =>
        SNAPSHOT_SCOPES.filter((each) => (each === part ? isOn : current.includes(each))),
      ),
    take: () => {
      if (store !== null && scope.length > 0) take.mutate({ chosen: store, scope });
    },
    /** A snapshot of these parts of the store now (to compare an older one with), its id given once it starts. */
    takeFor: (parts: readonly SnapshotScope[], onTaken: (snapshotId: string) => void) => {
      if (store !== null && parts.length > 0) take.mutate({ chosen: store, scope: [...parts], onTaken });
    },
    isStarting: take.isPending,
    ...followed.view,
    errorText,
  };
}

export type SnapshotJobFlow = ReturnType<typeof useSnapshotJob>;
