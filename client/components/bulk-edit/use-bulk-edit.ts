import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView, Preview } from '../../../common/contracts/jobs';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { apiErrorText, toolErrorText } from '../../lib/tool-errors';
import { useStores } from '../store-picker/store-picker';
import {
  cancelJob,
  fetchActiveJobs,
  fetchJob,
  findActiveJob,
  previewBulkEdit,
  startBulkEdit,
  startUndo,
  previewUndo,
  type BulkRequests,
  type BulkTool,
  type UndoTarget,
} from './api';
import type { BulkProblem, ScopeNames } from './bulk-edit-rules';
import { isFinalJob } from './job-follower';
import { useJob } from './use-job';

/** The running job of this tool, if any, when the screen opens (a reload mid-run shows it again). */
function useActiveJob(tool: BulkTool) {
  return useQuery({
    queryKey: ['jobs', 'active', tool],
    queryFn: async () =>
      findActiveJob(tool, await fetchActiveJobs(), async (id) => {
        try {
          return (await fetchJob(id)).kind;
        } catch {
          return undefined;
        }
      }),
    // Only a help on reload: a failure shows nothing, and the screen works as if no job were running.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * The whole flow of a bulk-edit screen (issue 12): preview, start, follow the job (progress, cancel), its result, and
 * the undo with its own preview and job. The screen owns the form and hands this the spec's body.
 */
export function useBulkEdit<T extends BulkTool>(tool: T) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [undoPreview, setUndoPreview] = useState<(UndoTarget & { preview: Preview }) | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  // undefined until the user starts something: until then the screen shows the job found running on load.
  const [ownJobId, setOwnJobId] = useState<string | null | undefined>(undefined);
  const active = useActiveJob(tool);
  const { stores } = useStores();
  const jobId = ownJobId === undefined ? (active.data?.id ?? null) : ownJobId;
  const followed = useJob(jobId, ownJobId === undefined ? (active.data ?? null) : null);
  const job = followed.job;
  const isJobActive = jobId !== null && (job === null || !isFinalJob(job));

  const follow = (next: JobView) => {
    followed.update(next);
    setOwnJobId(next.id);
  };
  const fail = (error: unknown) => setErrorText(toolErrorText(error, t));
  const failJob = (error: unknown) => setErrorText(apiErrorText(error, t));

  const previewRun = useMutation({
    mutationFn: (body: BulkRequests[T]) => previewBulkEdit(tool, body),
    onMutate: () => setErrorText(null),
    onSuccess: (next) => {
      setPreview(next);
      setUndoPreview(null);
      if (!isJobActive) setOwnJobId(null);
    },
    onError: fail,
  });
  const startRun = useMutation({
    mutationFn: (body: BulkRequests[T]) => startBulkEdit(tool, body),
    onMutate: () => setErrorText(null),
    onSuccess: (next) => {
      setPreview(null);
      follow(next);
    },
    onError: fail,
  });
  const cancelRun = useMutation({
    mutationFn: cancelJob,
    onMutate: () => setErrorText(null),
    onSuccess: followed.update,
    onError: failJob,
  });
  const undoPreviewRun = useMutation({
    mutationFn: async (target: UndoTarget) => ({ ...target, preview: await previewUndo(target) }),
    onMutate: () => setErrorText(null),
    onSuccess: setUndoPreview,
    onError: failJob,
  });
  const undoRun = useMutation({
    mutationFn: startUndo,
    onMutate: () => setErrorText(null),
    onSuccess: (next) => {
      setUndoPreview(null);
      follow(next);
    },
    onError: failJob,
  });

  return {
    /** The values this tool writes are HTML (Copy Description: descriptions): previews show them as text. */
    isHtml: tool === 'copy-description',
    preview,
    /** Forgets the preview (the form changed: a new preview is needed before a start). */
    clearPreview: () => setPreview(null),
    runPreview: (body: BulkRequests[T]) => previewRun.mutate(body),
    isPreviewing: previewRun.isPending,
    start: (body: BulkRequests[T]) => startRun.mutate(body),
    isStarting: startRun.isPending,
    job,
    jobError: followed.error,
    estimate: followed.estimate,
    isJobActive,
    /** The job shown is one found running when the screen opened. */
    isResumed: ownJobId === undefined && isJobActive,
    cancel: () => {
      if (jobId !== null) cancelRun.mutate(jobId);
    },
    isCancelling: cancelRun.isPending || job?.state === 'cancelling',
    undoPreview,
    /** Previews the undo of `undone`, with the credentials of its store from the store list. */
    askUndo: (undone: Pick<JobView, 'id' | 'storeHash'>) => {
      const store = stores.find((s) => s.storeHash === undone.storeHash);
      if (!store) return setErrorText(t('errors.storeNotFound'));
      undoPreviewRun.mutate({ jobId: undone.id, storeCredentials: toStoreCredentials(store) });
    },
    isUndoPreviewing: undoPreviewRun.isPending,
    dropUndo: () => setUndoPreview(null),
    startUndo: (target: UndoTarget) => undoRun.mutate(target),
    isUndoStarting: undoRun.isPending,
    errorText,
  };
}

/** What the job part of a screen needs of the flow (the same for both tools). */
export type BulkJobFlow = Omit<ReturnType<typeof useBulkEdit>, 'runPreview' | 'start'>;

/**
 * A bulk-edit screen's flow with its form: `build` turns the form into the spec's body or the first problem, which
 * stays shown (`problem`) until the screen clears it; Preview and Start send only a body that passed.
 */
export function useBulkEditForm<T extends BulkTool>(
  tool: T,
  build: () => { ok: true; request: BulkRequests[T] } | { ok: false; problem: BulkProblem },
) {
  const flow = useBulkEdit(tool);
  const [problem, setProblem] = useState<BulkProblem | null>(null);

  /** The body for the current form, or null after showing what is wrong. */
  const request = () => {
    const built = build();
    setProblem(built.ok ? null : built.problem);
    return built.ok ? built.request : null;
  };

  return {
    flow,
    problem,
    setProblem,
    /** The form's onSubmit: the preview of the current form. */
    submitPreview: (event: FormEvent) => {
      event.preventDefault();
      const body = request();
      if (body) flow.runPreview(body);
    },
    start: () => {
      const body = request();
      if (body) flow.start(body);
    },
  };
}

/** The names picked in a scope's EntityPicker, by key (issue 44), and the way to add one: the confirmation names them. */
export function useScopeNames(): [ScopeNames, (key: string, name: string) => void] {
  const [names, setNames] = useState<ScopeNames>(() => new Map());
  return [names, (key, name) => setNames((known) => new Map(known).set(key, name))];
}
