// The calls of the bulk-edit screens (issue 12): preview and start of a tool, and the job endpoints
// (common/contracts/jobs.ts). Every answer is checked with its contract.
import type { CopyDescriptionRequest, ResetPageTitleRequest } from '../../../common/contracts/bulk-edit';
import { bulkEditPaths } from '../../../common/contracts/bulk-edit';
import {
  ACTIVE_JOBS_QUERY,
  jobCancelPath,
  jobListResponseSchema,
  jobPath,
  jobResponseSchema,
  jobUndoPath,
  jobUndoPreviewPath,
  JOBS_PATH,
  jobViewSchema,
  previewResponseSchema,
  type JobView,
  type Preview,
} from '../../../common/contracts/jobs';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { apiPost, apiRequest } from '../../lib/api';

/** The two bulk-edit tools, by tab id and job kind. */
export type BulkTool = 'reset-page-title' | 'copy-description';

/** The spec's body of each tool (part 1 §7). */
export interface BulkRequests {
  'reset-page-title': ResetPageTitleRequest;
  'copy-description': CopyDescriptionRequest;
}

/** `POST …/preview`: what the edit would change. */
export async function previewBulkEdit<T extends BulkTool>(tool: T, body: BulkRequests[T]): Promise<Preview> {
  const answer = await apiPost(bulkEditPaths(tool).preview, body, previewResponseSchema);
  return answer.preview;
}

/** `POST …/jobs`: starts the edit as a job. */
export async function startBulkEdit<T extends BulkTool>(tool: T, body: BulkRequests[T]): Promise<JobView> {
  const answer = await apiPost(bulkEditPaths(tool).start, body, jobResponseSchema);
  return answer.job;
}

/** `GET /api/jobs/:id`. The answer is `{job}`; a bare JobView is taken too. */
export async function fetchJob(id: string): Promise<JobView> {
  const answer = await apiRequest({
    path: jobPath(id),
    schema: jobResponseSchema.or(jobViewSchema),
  });
  return 'job' in answer ? answer.job : answer;
}

/** `GET /api/jobs?active=1`: the caller's jobs not yet ended, newest first. */
export async function fetchActiveJobs(): Promise<JobView[]> {
  const answer = await apiRequest({
    path: `${JOBS_PATH}?${ACTIVE_JOBS_QUERY}=1`,
    schema: jobListResponseSchema,
  });
  return answer.jobs;
}

/** `POST /api/jobs/:id/cancel`: stops between batches. */
export async function cancelJob(id: string): Promise<JobView> {
  const answer = await apiRequest({ method: 'POST', path: jobCancelPath(id), schema: jobResponseSchema });
  return answer.job;
}

/** What an undo call names: the job, and its store again (the job's credentials were erased when it ended). */
export interface UndoTarget {
  jobId: string;
  storeCredentials: StoreCredentials;
}

/** `POST /api/jobs/:id/undo/preview` `{storeCredentials}`: what restoring the backup would change. */
export async function previewUndo({ jobId, storeCredentials }: UndoTarget): Promise<Preview> {
  const answer = await apiPost(jobUndoPreviewPath(jobId), { storeCredentials }, previewResponseSchema);
  return answer.preview;
}

/** `POST /api/jobs/:id/undo` `{storeCredentials}`: starts the undo as a job of its own. */
export async function startUndo({ jobId, storeCredentials }: UndoTarget): Promise<JobView> {
  const answer = await apiPost(jobUndoPath(jobId), { storeCredentials }, jobResponseSchema);
  return answer.job;
}

/**
 * The running job a screen should show again after a reload: the newest active job of the tool, or an undo of one of
 * its jobs (an undo job's kind is 'undo'; the job it undoes says which tool it belongs to).
 */
export async function findActiveJob(
  tool: BulkTool,
  jobs: readonly JobView[],
  kindOf: (id: string) => Promise<JobView['kind'] | undefined>,
): Promise<JobView | null> {
  for (const job of jobs) {
    if (job.kind === tool) return job;
    if (job.kind === 'undo' && job.undoOf !== null && (await kindOf(job.undoOf)) === tool) return job;
  }
  return null;
}
