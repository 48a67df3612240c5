// `/api/reset-page-title` and `/api/copy-description` (spec part 1 §7; issue 12): the spec's endpoint starts a job
// and answers `{success, data: {total, success, failed, errors[]}}` when it ends; `/preview` lists what would change;
// `/jobs` starts the job and answers it at once (the screens follow it through /api/jobs).
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  copyDescriptionRequestSchema,
  resetPageTitleRequestSchema,
  type BulkResult,
  type CopyDescriptionCommand,
  type ResetPageTitleCommand,
  bulkEditPaths,
} from '../../../common/contracts/bulk-edit';
import { isFinalJobState } from '../../../common/contracts/jobs';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { assertRoomForJob, toJobView, type JobRow } from '../../jobs/job-store';
import { toolRoute, type ToolCall } from '../../tool-route';
import { jobOwner } from '../jobs/job-owner';
import { startJob, type JobRoutesDeps } from '../jobs/start-job';
import type { SealedCredentials } from '../../jobs/sealed-credentials';
import type { BulkEditInput } from './bulk-edit.job';
import { planEdit, readSourceDescription, resolveScope, toPreview, touchedBy } from './bulk-edit.service';

export type BulkEditRoutesDeps = JobRoutesDeps;

/** A bulk edit, its command parsed by `schema`; its endpoints are `bulkEditPaths(kind)`. */
export type BulkEditTool<Command> = {
  schema: z.ZodType<Command>;
  kind: 'reset-page-title' | 'copy-description';
  /** The job's input (no secret) and its credentials. */
  describe(command: Command): { input: BulkEditInput; credentials: SealedCredentials };
  /** What it would change, from the store's live values (the screens' preview, and an agent's). */
  preview(
    command: Command,
    call: Pick<ToolCall, 'storeClient' | 'signal'>,
  ): Promise<ReturnType<typeof toPreview>>;
};

const key = (store: { storeHash: string; accessToken: string }) => ({
  storeHash: store.storeHash,
  accessToken: store.accessToken,
});

export const RESET: BulkEditTool<ResetPageTitleCommand> = {
  schema: resetPageTitleRequestSchema,
  kind: 'reset-page-title',
  describe(command) {
    return {
      input: { kind: 'reset-page-title', field: 'page_title', scope: command.scope },
      credentials: { target: key(command.storeCredentials) },
    };
  },
  async preview(command, call) {
    const client = call.storeClient(command.storeCredentials);
    return toPreview(
      planEdit(await resolveScope(client, command.scope, 'page_title', call.signal), ''),
      'page_title',
    );
  },
};

export const COPY: BulkEditTool<CopyDescriptionCommand> = {
  schema: copyDescriptionRequestSchema,
  kind: 'copy-description',
  describe(command) {
    return {
      input: {
        kind: 'copy-description',
        field: 'description',
        scope: command.scope,
        sourceProductId: command.sourceProductId,
        sourceStoreHash: command.sourceStoreCredentials.storeHash,
      },
      credentials: {
        target: key(command.targetStoreCredentials),
        source: key(command.sourceStoreCredentials),
      },
    };
  },
  async preview(command, call) {
    const source = call.storeClient(command.sourceStoreCredentials);
    const target = call.storeClient(command.targetStoreCredentials);
    const description = await readSourceDescription(source, command.sourceProductId, call.signal);
    const sameStore = command.sourceStoreCredentials.storeHash === command.targetStoreCredentials.storeHash;
    const resolved = await resolveScope(target, command.scope, 'description', call.signal);
    return toPreview(
      planEdit(resolved, description, sameStore ? command.sourceProductId : undefined),
      'description',
    );
  },
};

/** How often the spec endpoint looks at its job, waiting for the end. */
const WAIT_POLL_MS = 250;

const JOB_FAILED_MESSAGE = 'The job failed. Please try again.';
const JOB_LOST_MESSAGE = 'The job could not be followed to its end. Please check its result in the job list.';

function bulkResult(row: JobRow): BulkResult {
  const view = toJobView(row);
  return {
    total: view.total,
    success: view.succeeded,
    failed: view.failed,
    skipped: view.skipped,
    errors: view.errors,
  };
}

function toolRoutes<Command>(tool: BulkEditTool<Command>, deps: BulkEditRoutesDeps): Hono {
  const start = async (c: Context, command: Command, call: ToolCall): Promise<JobRow> => {
    const owner = (await jobOwner(c, deps.getAuth, { create: true })) ?? 'visitor:unknown';
    const { input, credentials } = tool.describe(command);
    // A caller already at a limit is refused before the store is called; the binding check is createWithinLimits.
    await assertRoomForJob(deps.jobStore, owner, credentials.target.storeHash);
    // The store must answer to these credentials before a job is kept for it (a wrong token leaves no row).
    await call.storeClient(credentials.target).store.get({ signal: call.signal });
    // The limits are checked again and the row written in one locked step (concurrent starts pass one at a time);
    // queueing comes after, outside it.
    // What it will touch is snapshotted first (Store History); the job writes once that snapshot is complete.
    const row = await startJob(deps, {
      id: randomUUID(),
      kind: tool.kind,
      owner,
      input,
      credentials,
      now: new Date(),
      ...(input.kind === 'undo' ? {} : { before: touchedBy(input.scope) }),
      caller: deps.callerOf(c),
      signal: call.signal,
    });
    return row;
  };
  const paths = bulkEditPaths(tool.kind);
  return new Hono()
    .post(
      paths.spec,
      toolRoute(deps, tool.schema, async (command, call) => {
        const { c, signal } = call;
        const row = await start(c, command, call);
        // The spec's endpoint answers when the job ends; the job goes on if the caller leaves.
        for (;;) {
          const current = await deps.jobStore.get(row.id);
          // A row is kept 30 days after its job ends: gone while its caller waits is a broken invariant.
          if (!current) throw new AppError(ERROR_CODES.internal, JOB_LOST_MESSAGE);
          if (isFinalJobState(current.state)) {
            // The job's own reason in plain words (the one /api/jobs shows), not the generic text of a 500.
            if (current.state === 'failed') {
              throw new AppError(ERROR_CODES.internal, current.message ?? JOB_FAILED_MESSAGE);
            }
            return bulkResult(current);
          }
          signal.throwIfAborted();
          await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
        }
      }),
    )
    .post(
      paths.preview,
      toolRoute(deps, tool.schema, async (command, call) => {
        return call.c.json({ preview: await tool.preview(command, call) });
      }),
    )
    .post(
      paths.start,
      toolRoute(deps, tool.schema, async (command, call) =>
        call.c.json({ job: toJobView(await start(call.c, command, call)) }),
      ),
    );
}

/** Both bulk edits: `/api/reset-page-title` and `/api/copy-description`, each with its `/preview` and `/jobs`. */
export function bulkEditRoutes(deps: BulkEditRoutesDeps): Hono {
  return new Hono().route('/', toolRoutes(RESET, deps)).route('/', toolRoutes(COPY, deps));
}
