// `/api/jobs` (issue 12): the caller's jobs, one job, its progress as Server-Sent Events (from any instance: the
// stream reads the job row, resumable with Last-Event-ID), cancel, the backup as a download, and undo.
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import {
  ACTIVE_JOBS_QUERY,
  isFinalJobState,
  JOB_BACKUP_PATH,
  JOB_CANCEL_PATH,
  JOB_EVENT,
  JOB_EVENTS_PATH,
  JOB_PATH,
  JOB_UNDO_PATH,
  JOB_UNDO_PREVIEW_PATH,
  JOBS_PATH,
} from '../../../common/contracts/jobs';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { readInput } from '../../tool-route';
import type { JobBackup, JobRow, JobStore, JobViewRow } from '../../jobs/job-store';
import type { BeforeJobSnapshots } from '../../jobs/before-job';
import { assertRoomForJob, jobEventsAfter, toJobView } from '../../jobs/job-store';
import type { JobQueue } from '../../jobs/job-queue';
import type { BigCommerceClientFactory } from '../../integrations/bigcommerce';
import type { Auth } from '../auth/auth';
import { jobOwner } from './job-owner';
import type { JobKinds, JobUndo } from '../../jobs/job-kinds';
import type { Sealer, SealedCredentials } from '../../jobs/sealed-credentials';
import { startJob } from './start-job';
import { randomUUID } from 'node:crypto';

export type JobRoutesDeps = {
  getAuth: () => Promise<Auth>;
  jobStore: JobStore;
  jobQueue: JobQueue;
  clients: BigCommerceClientFactory;
  getTokenCipher: () => Promise<Sealer>;
  /** The job kinds the features registered: what a backup and an undo are for each. */
  jobKinds: JobKinds;
  /** Snapshots before writes (Store History): an undo takes one of what it will touch. */
  beforeJob?: BeforeJobSnapshots;
  logger?: { warn: (detail: object, message: string) => void };
};

/** How often the event stream looks at the job row, and how long one stream lasts (the browser reconnects). */
const POLL_MS = 400;
const STREAM_MS = 5 * 60_000;
/** Open event streams per owner, and in all, on this instance (each one reads the job row every POLL_MS). */
const MAX_STREAMS_PER_OWNER = 12;
const MAX_STREAMS = 400;

/** The caller's job as `read` answers it, or 404 (another owner's job is not found either: its id says nothing). */
async function ownedRow<Row extends { owner: string }>(
  c: Context,
  deps: Pick<JobRoutesDeps, 'getAuth'>,
  read: (id: string) => Promise<Row | undefined>,
): Promise<Row> {
  const owner = await jobOwner(c, deps.getAuth, { create: false });
  const row = await read(c.req.param('id') ?? '');
  if (!row || !owner || row.owner !== owner)
    throw new AppError(ERROR_CODES.jobNotFound, 'This job was not found');
  return row;
}

/** The caller's job, or 404. */
export const ownedJob = (c: Context, deps: Pick<JobRoutesDeps, 'getAuth' | 'jobStore'>): Promise<JobRow> =>
  ownedRow(c, deps, (id) => deps.jobStore.get(id));

/** ownedJob without the plan and backup: what a look at the job and a follower's events read. */
const ownedJobView = (c: Context, deps: Pick<JobRoutesDeps, 'getAuth' | 'jobStore'>): Promise<JobViewRow> =>
  ownedRow(c, deps, (id) => deps.jobStore.getView(id));

export function jobRoutes(deps: JobRoutesDeps): Hono {
  const streams = new Map<string, number>();
  let openStreams = 0;
  return new Hono()
    .get(JOBS_PATH, async (c) => {
      const owner = await jobOwner(c, deps.getAuth, { create: false });
      c.header('Cache-Control', 'no-store');
      if (!owner || c.req.query(ACTIVE_JOBS_QUERY) === undefined) return c.json({ jobs: [] });
      return c.json({ jobs: (await deps.jobStore.listActive(owner)).map(toJobView) });
    })
    .get(JOB_PATH, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ job: toJobView(await ownedJobView(c, deps)) });
    })
    .get(JOB_EVENTS_PATH, async (c) => {
      const first = await ownedJobView(c, deps);
      const lastSeen = Number(c.req.header('last-event-id') ?? '-1');
      const mine = streams.get(first.owner) ?? 0;
      if (mine >= MAX_STREAMS_PER_OWNER || openStreams >= MAX_STREAMS) {
        throw new AppError(
          ERROR_CODES.tooManyJobs,
          'Too many progress streams are open. Please close a tab.',
          5,
        );
      }
      streams.set(first.owner, mine + 1);
      openStreams++;
      const close = () => {
        openStreams--;
        const left = (streams.get(first.owner) ?? 1) - 1;
        if (left > 0) streams.set(first.owner, left);
        else streams.delete(first.owner);
      };
      return streamSSE(c, async (stream) => {
        try {
          // A new follower starts from the job as it is; one that comes back (Last-Event-ID) gets what it missed.
          let sent = Number.isFinite(lastSeen) && lastSeen >= 0 ? lastSeen : first.version - 1;
          let row: JobViewRow | undefined = first;
          const until = Date.now() + STREAM_MS;
          while (row && !stream.aborted && Date.now() < until) {
            // Every progress step since the last event sent, then the row (issue 29, L1: steps closer together than a
            // look are each sent, not merged).
            for (const event of jobEventsAfter(row, sent)) {
              await stream.writeSSE({
                event: JOB_EVENT,
                id: String(event.version),
                data: JSON.stringify(event.view),
              });
              sent = event.version;
            }
            if (isFinalJobState(row.state)) break;
            await stream.sleep(POLL_MS);
            // The version first, the whole row only when it changed (the plan and backup are large).
            const version = await deps.jobStore.version(first.id);
            if (version === undefined) break;
            if (version > sent) row = await deps.jobStore.getView(first.id);
          }
        } finally {
          close();
        }
      });
    })
    .post(JOB_CANCEL_PATH, async (c) => {
      const row = await ownedJobView(c, deps);
      if (isFinalJobState(row.state))
        throw new AppError(ERROR_CODES.jobFinished, 'This job has already ended');
      await deps.jobStore.requestCancel(row.id, new Date());
      return c.json({ job: toJobView((await deps.jobStore.getView(row.id)) ?? row) });
    })
    .get(JOB_BACKUP_PATH, async (c) => {
      const row = await ownedJob(c, deps);
      const backup = deps.jobKinds.get(row.kind)?.backup;
      if (!backup) throw new AppError(ERROR_CODES.jobNotFound, 'This job keeps no backup');
      c.header('Content-Disposition', `attachment; filename="backup-${row.id}.json"`);
      c.header('Cache-Control', 'no-store');
      return c.json(backup(row) as object);
    })
    .post(JOB_UNDO_PREVIEW_PATH, async (c) => {
      const { row, undo } = await undoable(c, deps);
      const { client } = await undoClient(c, deps);
      return c.json({ preview: await undo.preview(row, client) });
    })
    .post(JOB_UNDO_PATH, async (c) => {
      const { row, undo } = await undoable(c, deps);
      const { credentials, client } = await undoClient(c, deps);
      // Refused early at a limit, before the store is called; createWithinLimits is the binding check.
      await assertRoomForJob(deps.jobStore, row.owner, row.storeHash);
      await client.store.get();
      // An undo writes too: what it will touch is snapshotted first (issue 32), and it writes once that is complete.
      const before = undo.before?.(row);
      const created = await startJob(deps, {
        id: randomUUID(),
        kind: undo.kind,
        owner: row.owner,
        input: undo.input(row),
        credentials,
        now: new Date(),
        undoOf: row.id,
        ...(before ? { before } : {}),
      });
      return c.json({ job: toJobView(created) });
    });
}

async function undoable(c: Context, deps: JobRoutesDeps): Promise<{ row: JobRow; undo: JobUndo }> {
  const row = await ownedJob(c, deps);
  const undo = deps.jobKinds.get(row.kind)?.undo;
  if (!undo) throw new AppError(ERROR_CODES.invalidInput, 'A job of this kind cannot be undone');
  if (!isFinalJobState(row.state))
    throw new AppError(ERROR_CODES.invalidInput, 'Undo is possible once the job has ended');
  if (Object.keys(row.backup as JobBackup).length === 0) {
    throw new AppError(ERROR_CODES.invalidInput, 'This job changed nothing, so there is nothing to undo');
  }
  return { row, undo };
}

/** An undo's body: the credentials of the job's own store (`{storeCredentials: {storeHash, accessToken}}`). */
const undoRequestSchema = (storeHash: string) =>
  z.object({ storeCredentials: z.object({ storeHash: z.literal(storeHash), accessToken: z.string() }) });

/**
 * The credentials were erased when the job ended: the undo brings them again (`{storeCredentials}`, the same store),
 * as every tool call does.
 */
async function undoClient(c: Context, deps: JobRoutesDeps) {
  const row = await ownedJob(c, deps);
  const { storeCredentials: store } = await readInput(c, undoRequestSchema(row.storeHash), {
    refuse: () => new AppError(ERROR_CODES.storeRequired, 'Please select a store'),
  });
  const credentials: SealedCredentials = {
    target: { storeHash: row.storeHash, accessToken: store.accessToken },
  };
  return { credentials, client: deps.clients.forStore(credentials.target, { caller: row.owner }) };
}
