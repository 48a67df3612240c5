import { useMutation } from '@tanstack/react-query';
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
  const [preview, setPreview] = useState<ShownPreview | null>(null);
  const [sinceExport, setSinceExport] = useState<SinceExport>('keep-store');
  const [errorText, setErrorText] = useState<string | null>(null);
  // The import started last in this store and its undo, found again after a reload.
  const [importId, setImportId] = useRememberedJob(store?.id ?? null, 'import');
  const [undoId, setUndoId] = useRememberedJob(store?.id ?? null, 'undo');
  const fail = (error: unknown) => setErrorText(toolErrorText(error, t));
  const imported = useCancellableJob(importId, null, fail);
  const undone = useCancellableJob(undoId, null, (error) => setErrorText(apiErrorText(error, t)));

  const previewRun = useMutation({
    mutationFn: ({ chosen, shop }: { chosen: File; shop: LocalStore }) =>
      previewUpload(chosen, toStoreCredentials(shop)).then((answer) => ({ ...answer, storeName: shop.name })),
    onMutate: () => setErrorText(null),
    onSuccess: (answer) => {
      setPreview(answer);
      setSinceExport('keep-store');
    },
    onError: fail,
  });
  const moreRun = useMutation({
    mutationFn: (shown: ShownPreview) => fetchPreviewPage(shown.previewId, shown.nextCursor ?? '-1'),
    onMutate: () => setErrorText(null),
    onSuccess: (page) =>
      setPreview((shown) =>
        shown && shown.previewId === page.previewId
          ? { ...shown, rows: [...shown.rows, ...page.rows], nextCursor: page.nextCursor }
          : shown,
      ),
    onError: fail,
  });
  const startRun = useMutation({
    mutationFn: startImport,
    onMutate: () => setErrorText(null),
    onSuccess: (job: JobView) => {
      imported.update(job);
      setImportId(job.id);
      setUndoId(null);
      setPreview(null);
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
      setPreview(null);
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
