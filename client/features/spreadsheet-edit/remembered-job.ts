// The job each flow of Spreadsheet Edit last started in a store (its export, its import, that import's undo), kept in
// the tab's sessionStorage so that a reload finds it again: a running job is followed to its end, an ended one shows
// its result (the export's link; the import's rows and Undo). The list of active jobs (GET /api/jobs?active=1, as the
// bulk edits use it) would lose a job that ended during the reload; the remembered id does not.
import { useCallback, useState } from 'react';
import { sessionStorageOrNull } from '../../lib/product-ids-handoff';

/** A flow's job; `preview` remembers the preview on the screen the same way (its id), so a reload shows it again. */
export type JobFlow = 'export' | 'import' | 'undo' | 'preview';
type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const rememberedJobKey = (storeId: string, flow: JobFlow) => `bct.spreadsheet-edit.${flow}.${storeId}`;
const JOB_ID = /^[A-Za-z0-9-]{1,100}$/;

/** The job id remembered for a store's flow, or null (none, or storage refused). */
export function readRememberedJob(
  storage: SessionLike | null,
  storeId: string,
  flow: JobFlow,
): string | null {
  try {
    const id = storage?.getItem(rememberedJobKey(storeId, flow)) ?? null;
    return id !== null && JOB_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Remembers (or, with null, forgets) a store's flow's job. */
export function writeRememberedJob(
  storage: SessionLike | null,
  storeId: string,
  flow: JobFlow,
  jobId: string | null,
): void {
  try {
    if (jobId === null) storage?.removeItem(rememberedJobKey(storeId, flow));
    else storage?.setItem(rememberedJobKey(storeId, flow), jobId);
  } catch {
    // Storage full or refused: the job is still followed, it just is not found again after a reload.
  }
}

/**
 * The job of a flow in the chosen store: the one started here, else the one remembered from before a reload; and the
 * setter that starts following (and remembers) another, or forgets it with null.
 */
export function useRememberedJob(
  storeId: string | null,
  flow: JobFlow,
): [jobId: string | null, remember: (jobId: string | null) => void] {
  const [own, setOwn] = useState<{ storeId: string | null; jobId: string | null } | null>(null);
  const jobId =
    own !== null && own.storeId === storeId
      ? own.jobId
      : storeId === null
        ? null
        : readRememberedJob(sessionStorageOrNull(), storeId, flow);
  const remember = useCallback(
    (next: string | null) => {
      if (storeId !== null) writeRememberedJob(sessionStorageOrNull(), storeId, flow, next);
      setOwn({ storeId, jobId: next });
    },
    [storeId, flow],
  );
  return [jobId, remember];
}
