import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../common/contracts/jobs';
import type { PreviewRow, SinceExport } from '../../../common/contracts/spreadsheet-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import { startUndo } from '../../components/bulk-edit/api';
import { useCancellableJob } from '../../components/bulk-edit/use-cancellable-job';
import { useStores } from '../../components/store-picker/store-picker';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { apiErrorText, toolErrorText } from '../../lib/tool-errors';
import { fetchPreviewPage, previewUpload, startImport, type UploadPreview } from './api';
import { useRememberedJob } from './remembered-job';
import { checkUploadFile, type UploadProblem } from './spreadsheet-edit-rules';

/** A preview on the screen: the upload's answer, with the rows of every page loaded so far. */
export type ShownPreview = UploadPreview & { storeName: string };

/**
 * The import's flow (issue 45): the chosen file and its checks, the preview and its further pages, the choice for
 * cells changed since the export, the import job, and the undo job of its result.
 */
export function useSpreadsheetImport(store: LocalStore | null) {
  const { t } = useTranslation();
  const { stores } = useStores();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<UploadProblem | 'file-required' | 'store-required' | null>(
    null,
  );
  const [ownPreview, setPreview] = useState<ShownPreview | null>(null);
  const [sinceExport, setSinceExport] = useState<SinceExport>('keep-store');
  const [errorText, setErrorText] = useState<string | null>(null);
  // The import started last in this store and its undo, found again after a reload.
  const [importId, setImportId] = useRememberedJob(store?.id ?? null, 'import');
  const [undoId, setUndoId] = useRememberedJob(store?.id ?? null, 'undo');
  // The preview on the screen, shown again after a reload while the server keeps it (PREVIEW_TTL_MS).
  const [previewId, setPreviewId] = useRememberedJob(store?.id ?? null, 'preview');
  const showPreview = (shown: ShownPreview | null) => {
    setPreview(shown);
    setPreviewId(shown?.previewId ?? null);
  };
  const restored = useQuery({
    queryKey: ['spreadsheet-edit', 'preview', previewId],
    queryFn: async () => {
      try {
        return await fetchPreviewPage(previewId ?? '', '-1');
      } catch (error) {
        // Gone (past its time, or another account's): nothing to show again.
        setPreviewId(null);
        throw error;
      }
    },
    enabled: previewId !== null && ownPreview === null,
    retry: false,
    staleTime: Infinity,
  });
  const preview: ShownPreview | null =
    ownPreview ??
    (restored.data && previewId !== null && restored.data.previewId === previewId && store
      ? { ...restored.data, storeName: store.name }
      : null);
  const fail = (error: unknown) => setErrorText(toolErrorText(error, t));
  const imported = useCancellableJob(importId, null, fail);
  const undone = useCancellableJob(undoId, null, (error) => setErrorText(apiErrorText(error, t)));

  const previewRun = useMutation({
    mutationFn: ({ chosen, shop }: { chosen: File; shop: LocalStore }) =>
      previewUpload(chosen, toStoreCredentials(shop)).then((answer) => ({ ...answer, storeName: shop.name })),
    onMutate: () => setErrorText(null),
    onSuccess: (answer) => {
      showPreview(answer);
      setSinceExport('keep-store');
    },
    onError: fail,
  });
  const moreRun = useMutation({
    mutationFn: (shown: ShownPreview) => fetchPreviewPage(shown.previewId, shown.nextCursor ?? '-1'),
    onMutate: () => setErrorText(null),
    // `shown` is the preview the page was asked for: the one previewed here, or the one shown again after a reload.
    onSuccess: (page, shown) =>
      setPreview((current) => {
        const base = current ?? shown;
        return base.previewId === page.previewId
          ? { ...base, rows: [...base.rows, ...page.rows], nextCursor: page.nextCursor }
          : current;
      }),
    onError: fail,
  });
  const startRun = useMutation({
    mutationFn: startImport,
    onMutate: () => setErrorText(null),
    onSuccess: (job: JobView) => {
      imported.update(job);
      setImportId(job.id);
      setUndoId(null);
      showPreview(null);
    },
    onError: fail,
  });
  const undoRun = useMutation({
    mutationFn: startUndo,
    onMutate: () => setErrorText(null),
    onSuccess: (job: JobView) => {
      undone.update(job);
      setUndoId(job.id);
    },
    onError: (error) => setErrorText(apiErrorText(error, t)),
  });

  return {
    file,
    fileProblem,
    chooseFile: (chosen: File | null) => {
      showPreview(null);
      setFile(chosen);
      setFileProblem(chosen ? (checkUploadFile(chosen) ?? null) : null);
    },
    runPreview: () => {
      if (!store) return setFileProblem('store-required');
      if (!file) return setFileProblem('file-required');
      const problem = checkUploadFile(file);
      setFileProblem(problem ?? null);
      if (!problem) previewRun.mutate({ chosen: file, shop: store });
    },
    isPreviewing: previewRun.isPending,
    preview,
    rows: preview?.rows ?? ([] as PreviewRow[]),
    loadMore: () => {
      if (preview?.nextCursor) moreRun.mutate(preview);
    },
    isLoadingMore: moreRun.isPending,
    sinceExport,
    setSinceExport,
    /** The rows the run writes with the choice made for cells changed since the export. */
    rowsToWrite: preview
      ? preview.counts.changed + (sinceExport === 'take-sheet' ? (preview.staleOnlyRows ?? 0) : 0)
      : 0,
    /** Starts the import of the preview on the screen, in the store it was previewed against. */
    start: () => {
      if (!preview || !store) return;
      startRun.mutate({
        storeCredentials: toStoreCredentials(store),
        previewId: preview.previewId,
        sinceExport,
      });
    },
    isStarting: startRun.isPending,
    imported: imported.view,
    /** Undoes the import with the credentials of its store from the store list (the job's were erased when it ended). */
    undo: () => {
      const job = imported.view.job;
      const owner = job ? stores.find((known) => known.storeHash === job.storeHash) : undefined;
      if (!job || !owner) return setErrorText(t('errors.storeNotFound'));
      undoRun.mutate({ jobId: job.id, storeCredentials: toStoreCredentials(owner) });
    },
    isUndoStarting: undoRun.isPending,
    undone: undone.view,
    errorText,
  };
}
