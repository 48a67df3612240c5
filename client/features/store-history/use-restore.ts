import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../common/contracts/jobs';
import type { RestoreItem, RestorePreviewResponse } from '../../../common/contracts/store-history';
import type { LocalStore } from '../../../common/contracts/stores';
import { startUndo } from '../../components/bulk-edit/api';
import { isFinalJob } from '../../components/bulk-edit/job-follower';
import { useCancellableJob } from '../../components/bulk-edit/use-cancellable-job';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { apiErrorText } from '../../lib/tool-errors';
import { previewRestore, startRestore } from './api';
import { changeKey, EMPTY_SELECTION, restoreItems, type RestoreSelection } from './restore-selection';
import { snapshotsKey } from './use-snapshot-job';

/**
 * Restoring from a snapshot (issue 32 "Restore"): the items and fields chosen in the diff, the preview (what each
 * write changes, from the store's live values), the confirmation, the job (progress, cancel, its outcomes: written,
 * skipped because changed since the preview, failed), "Include the skipped items" (a new preview of just those), and
 * the undo of the restore (a job of its own).
 */
export function useRestore(store: LocalStore, snapshotId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<RestoreSelection>(EMPTY_SELECTION);
  const [previewed, setPreviewed] = useState<{ items: RestoreItem[]; answer: RestorePreviewResponse } | null>(
    null,
  );
  const [isConfirming, setIsConfirming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  // Stock levels are written back only when chosen (issue 40): the store keeps what sold since the snapshot.
  const [stock, setStock] = useState(false);
  const onError = (error: unknown) => setErrorText(apiErrorText(error, t));
  const followed = useCancellableJob(jobId, null, onError);
  const { job } = followed.view;
  const credentials = toStoreCredentials(store);

  const preview = useMutation({
    mutationFn: (items: RestoreItem[]) =>
      previewRestore(snapshotId, { storeCredentials: credentials, items, ...(stock ? { stock } : {}) }).then(
        (answer) => ({
          items,
          answer,
        }),
      ),
    onMutate: () => setErrorText(null),
    onSuccess: (next) => {
      setPreviewed(next);
      setJobId(null);
    },
    onError,
  });
  const onJob = (next: JobView) => {
    followed.update(next);
    setJobId(next.id);
    // A restore and its undo each take a snapshot of what they touch first: the list shows it.
    void queryClient.invalidateQueries({ queryKey: snapshotsKey(store.storeHash) });
  };
  const start = useMutation({
    mutationFn: (previewId: string) => startRestore(snapshotId, { storeCredentials: credentials, previewId }),
    onMutate: () => setErrorText(null),
    onSuccess: (next) => {
      setPreviewed(null);
      onJob(next);
    },
    onError,
  });
  const undo = useMutation({
    mutationFn: (id: string) => startUndo({ jobId: id, storeCredentials: credentials }),
    onMutate: () => setErrorText(null),
    onSuccess: onJob,
    onError,
  });
  const ended = job && isFinalJob(job) ? job : null;
  const skipped = (ended?.outcomes ?? []).filter((outcome) => outcome.outcome === 'skipped');
  // The items of the restore that were skipped, as they were asked for (the same fields).
  const [lastItems, setLastItems] = useState<RestoreItem[]>([]);

  return {
    selection,
    setSelection: (next: RestoreSelection) => {
      setSelection(next);
      setErrorText(null);
    },
    chosenCount: selection.size,
    stock,
    setStock: (next: boolean) => {
      setStock(next);
      // The preview shown was made with the other choice.
      setPreviewed(null);
    },
    preview: () => {
      const items = restoreItems(selection);
      if (items.length === 0) return;
      setLastItems(items);
      preview.mutate(items);
    },
    isPreviewing: preview.isPending,
    previewed: previewed?.answer ?? null,
    closePreview: () => setPreviewed(null),
    isConfirming,
    askConfirm: () => setIsConfirming(true),
    cancelConfirm: () => setIsConfirming(false),
    confirm: () => {
      setIsConfirming(false);
      if (previewed) start.mutate(previewed.answer.previewId);
    },
    isStarting: start.isPending,
    ...followed.view,
    skippedCount: skipped.length,
    includeSkipped: () => {
      const keys = new Set(skipped.map(changeKey));
      const items = lastItems.filter((item) => keys.has(changeKey(item)));
      if (items.length > 0) preview.mutate(items);
    },
    canUndo:
      ended !== null &&
      ended.undoOf === null &&
      (ended.outcomes ?? []).some((each) => each.outcome === 'written'),
    undo: () => {
      if (ended) undo.mutate(ended.id);
    },
    isUndoing: undo.isPending,
    errorText,
  };
}

export type RestoreFlow = ReturnType<typeof useRestore>;
