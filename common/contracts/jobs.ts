// Long work as jobs (STYLE.md §5, issue 12): the job as the screens see it, its endpoints, and a bulk edit's or an
// undo's preview (a bulk edit's own paths are in bulk-edit.ts). A job belongs to the user who started it, or to the visitor (an HttpOnly cookie);
// an admin viewing the app as a user sees that user's jobs. Progress comes as Server-Sent Events from any instance.
import { z } from 'zod';

export const JOB_STATES = [
  'queued',
  'running',
  /** Running, but waiting out BigCommerce (a 5xx or the rate limit): see `waiting`. */
  'waiting',
  'cancelling',
  'done',
  'failed',
  'cancelled',
] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;
export const FINAL_JOB_STATES: readonly JobState[] = ['done', 'failed', 'cancelled'];
/** Whether a job in this state has ended (a state read from storage or a request is any string). */
export const isFinalJobState = (state: string): boolean => FINAL_JOB_STATES.includes(state as JobState);

export const JOB_KINDS = [
  'reset-page-title',
  'copy-description',
  'undo',
  'store-snapshot',
  'snapshot-restore',
  'spreadsheet-export',
  'spreadsheet-import',
  'spreadsheet-undo',
] as const;
export const jobKindSchema = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof jobKindSchema>;

/** A wait for BigCommerce: "Waiting for BigCommerce (retry 3 of 8, next in 40 s)". */
export const jobWaitingSchema = z.object({ retry: z.number(), of: z.number(), waitMs: z.number() });

/**
 * One item's end, the one list every job kind fills: a restore lists each of its items (of several kinds), a bulk edit
 * its failed ones (`kind` 'product', `key` `{id}`). `skipped` is an item left as it is (a restore's item whose live
 * value changed between the preview and the write), `reason` says why it was skipped or failed.
 */
/** A coded note's params: names and text, numbers (amounts a screen formats), or empty (null). */
export const noteParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/**
 * A cell's error or warning (Spreadsheet Edit's preview, and the rows its import left out): the column, the English
 * `message` (the API's and the agents'), and the stable `code` with its `params`
 * (common/spreadsheet-edit/cell-notes.ts) a screen renders in the reader's language.
 */
export const cellNoteSchema = z.object({
  column: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: noteParamsSchema.optional(),
});
export type CellNote = z.infer<typeof cellNoteSchema>;

export const jobItemOutcomeSchema = z.object({
  kind: z.string(),
  key: z.record(z.string(), z.unknown()),
  name: z.string(),
  outcome: z.enum(['written', 'skipped', 'failed']),
  reason: z.string().nullable(),
  /** The reason's stable code and params, for a screen to say it in its language (Spreadsheet Edit's). */
  reasonCode: z.string().optional(),
  reasonParams: noteParamsSchema.optional(),
  /** A row left out for its cells' errors: each as the preview noted it (`reason` joins their messages). */
  reasonNotes: z.array(cellNoteSchema).optional(),
});
export type JobItemOutcome = z.infer<typeof jobItemOutcomeSchema>;

/**
 * One item that could not be changed: its id, its name when known, and BigCommerce's (or our) reason. The server
 * derives these from the failed outcomes whose `key.id` is a number.
 */
export const jobItemErrorSchema = z.object({
  productId: z.number(),
  name: z.string().nullable(),
  reason: z.string(),
});
export type JobItemError = z.infer<typeof jobItemErrorSchema>;

export const jobViewSchema = z.object({
  id: z.string(),
  kind: jobKindSchema,
  state: jobStateSchema,
  storeHash: z.string(),
  /** Items the job will look at (known once its plan is made). */
  total: z.number(),
  /** Items written, or (a bulk edit) already at the new value. */
  succeeded: z.number(),
  failed: z.number(),
  /** Items left as they were: not written (a bulk edit counts them in `succeeded` too). */
  skipped: z.number(),
  /** The failed items with a numeric id, from `outcomes` (the spec's bulk result). */
  errors: z.array(jobItemErrorSchema),
  waiting: jobWaitingSchema.nullable(),
  /** Why the job failed as a whole, in plain words. */
  message: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Items whose previous value is saved (the backup the Undo restores). */
  backedUp: z.number(),
  /** For an undo job: the job it undoes. */
  undoOf: z.string().nullable(),
  /**
   * The items' ends the job lists, in the order they were settled, at most 1000 (the counts stay exact): every item of
   * a restore, the failed ones of a bulk edit. The server always fills it.
   */
  outcomes: z.array(jobItemOutcomeSchema).optional(),
  /** What the ended job made, as its kind says (Spreadsheet Edit's export: `{exportId, downloadUrl, …}`). */
  result: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type JobView = z.infer<typeof jobViewSchema>;

export const JOBS_PATH = '/api/jobs';
/** `GET`: the job. */
export const jobPath = (id: string) => `${JOBS_PATH}/${encodeURIComponent(id)}`;
/** `GET`: `text/event-stream` of `progress` events (data: the JobView), resumable with `Last-Event-ID`. */
export const jobEventsPath = (id: string) => `${jobPath(id)}/events`;
/** `POST`: stop between batches; the answer is the job. */
export const jobCancelPath = (id: string) => `${jobPath(id)}/cancel`;
/** `GET`: the backup as a JSON download (`{jobId, storeHash, field, products: [{id, name, value}]}`). */
export const jobBackupPath = (id: string) => `${jobPath(id)}/backup`;
/**
 * `POST` `{storeCredentials}` (the job's store again: its credentials were erased when it ended): preview of restoring
 * the backup, `{preview}`.
 */
export const jobUndoPreviewPath = (id: string) => `${jobPath(id)}/undo/preview`;
/** `POST` `{storeCredentials}`: start the undo job; the answer is the new job, `{job}`. */
export const jobUndoPath = (id: string) => `${jobPath(id)}/undo`;
/** The server's routes of one job (`:id`); the functions above fill one in. */
export const JOB_PATH = `${JOBS_PATH}/:id`;
export const JOB_EVENTS_PATH = `${JOB_PATH}/events`;
export const JOB_CANCEL_PATH = `${JOB_PATH}/cancel`;
export const JOB_BACKUP_PATH = `${JOB_PATH}/backup`;
export const JOB_UNDO_PREVIEW_PATH = `${JOB_PATH}/undo/preview`;
export const JOB_UNDO_PATH = `${JOB_PATH}/undo`;
/** Every endpoint of one job with its method: none of them answers anyone but the job's owner (issue 29). */
export const jobEndpoints = (id: string): { method: 'GET' | 'POST'; path: string }[] => [
  { method: 'GET', path: jobPath(id) },
  { method: 'GET', path: jobEventsPath(id) },
  { method: 'POST', path: jobCancelPath(id) },
  { method: 'GET', path: jobBackupPath(id) },
  { method: 'POST', path: jobUndoPreviewPath(id) },
  { method: 'POST', path: jobUndoPath(id) },
];
/** `GET ?active=1`: the caller's jobs not yet ended, newest first (a reload finds the running job). */
export const ACTIVE_JOBS_QUERY = 'active';

export const JOB_EVENT = 'progress';

/** Products shown in a preview at most; `total` says how many there are in all. */
export const PREVIEW_SAMPLE_SIZE = 50;

export const previewItemSchema = z.object({
  productId: z.number(),
  name: z.string().nullable(),
  /** The current value (a description as rendered text, trimmed). */
  current: z.string(),
  next: z.string(),
});
export type PreviewItem = z.infer<typeof previewItemSchema>;

export const previewSchema = z.object({
  /** Products in the scope. */
  total: z.number(),
  /** Products that would change. */
  changing: z.number(),
  /** Products that already hold the new value and will be skipped. */
  skipped: z.number(),
  /** Product ids of the scope that the store does not have (reported as failed by the job). */
  notFound: z.array(z.number()),
  /** The first PREVIEW_SAMPLE_SIZE products that would change. */
  sample: z.array(previewItemSchema),
});
export type Preview = z.infer<typeof previewSchema>;

export const previewResponseSchema = z.object({ preview: previewSchema });
export const jobResponseSchema = z.object({ job: jobViewSchema });
export const jobListResponseSchema = z.object({ jobs: z.array(jobViewSchema) });
