// The write tools for AI agents (issue 33; one builder since issue 42). A write tool called without `confirmation`
// answers `{preview, confirmation}`: what it would do, read from the store without writing, and a token bound to it
// (./confirmation.ts: the tool, the user, the arguments, the preview, 10 minutes). Called again with the token, it
// writes once the store still gives the same preview, and answers `{result}` (an import, which ends before the answer)
// or `{job}` (a job it started: a bulk edit, a restore). The guards, in this order, for every write tool:
//  1. no token: the preview and its token;
//  2. the token is opened before anything else is read: another tool's, another user's, other arguments', expired;
//  3. the lease `agent-write:<tool>:<nonce>` (server/db/lease.ts) is held for the rest, so two calls with one token
//     at once write once: the second waits for the first and answers as it did;
//  4. the same token again answers the first write's answer, never a second write, whatever changed since: by its
//     `agent_confirmation` row (./confirmation-record.ts) for a result, by the job started under its nonce (the same
//     owner and kind) for a job;
//  5. a fresh preview, refused (`preview_changed`) when it is not the one confirmed;
//  6. the write: a result is recorded as started, then written (released on a failure, so the token may retry),
//     then its answer recorded and kept as an agent dump; a job is started under the nonce (the job's id), and a start
//     that fails answers the job after all if one was started;
//  7. an `agent.write` entry of the audit log.
import type { z } from 'zod';
import type { JobView } from '../../common/contracts/jobs';
import { ERROR_CODES } from '../../common/errors';
import type { AuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import { leaseRunner } from '../db/lease';
import { AppError } from '../errors';
import type { BeforeJobSnapshots } from '../jobs/before-job';
import { toJobView, type JobRow, type JobStore } from '../jobs/job-store';
import type { AgentDumpStore } from './agent-dumps';
import { agentTool, type AgentTool, type AgentToolContext } from './agent-tools';
import { createConfirmationRecords } from './confirmation-record';
import {
  assertPreviewUnchanged,
  issueConfirmation,
  openConfirmation,
  type ConfirmationSealer,
} from './confirmation';
import { confirmationInput } from './tool-inputs';

/** What every write tool needs: the lease's database, the token's cipher, the audit log. */
export type WriteToolDeps = {
  db: Db;
  getTokenCipher: () => Promise<ConfirmationSealer>;
  audit: Pick<AuditLog, 'record'>;
  /** Snapshots before writes (Store History, issue 32): what a write will change, before it does. */
  beforeJob?: BeforeJobSnapshots;
};

/** A tool answering `{result}`: where results are kept by nonce (and a `bct://dumps/…` argument is read from). */
export type ResultWriteDeps = WriteToolDeps & { dumps: AgentDumpStore };

/** A tool answering `{job}`: where the job started under the nonce is found again. */
export type JobWriteDeps = WriteToolDeps & { jobStore: Pick<JobStore, 'getView'> };

type Args<Shape extends z.ZodRawShape> = Omit<z.infer<z.ZodObject<Shape>>, 'confirmation'>;

type WriteToolBase<Shape extends z.ZodRawShape, Prepared, Preview> = {
  name: string;
  title: string;
  description: string;
  /** The arguments but `confirmation`, which the builder adds (a shape that places it already keeps its place). */
  input: Shape;
  /** What the confirmed call does, in `confirmation`'s description (./tool-inputs.ts). */
  confirms: string;
  /** What a call reads of its arguments before the store (its stores' credentials, the request its contract checks). */
  prepare(args: Args<Shape>, context: AgentToolContext): Promise<Prepared>;
  /** What the write would do, read from the store without writing; the same store state gives the same preview. */
  preview(prepared: Prepared, context: AgentToolContext): Promise<Preview>;
  /** The preview as the agent is shown it and the token binds it (left out: the preview itself). */
  shown?(preview: Preview): unknown;
};

export type ResultWriteTool<Shape extends z.ZodRawShape, Prepared, Preview, Result> = WriteToolBase<
  Shape,
  Prepared,
  Preview
> & {
  answers: 'result';
  /** The write; its result is the answer. */
  write(prepared: Prepared, context: AgentToolContext): Promise<Result>;
  /** How the kept result is named (file name, one line). */
  kept(result: Result, prepared: Prepared): { name: string; description: string };
  /** The audit entry's detail (beside the tool's name). */
  detail(result: Result, prepared: Prepared): Record<string, unknown>;
};

export type JobWriteTool<Shape extends z.ZodRawShape, Prepared, Preview> = WriteToolBase<
  Shape,
  Prepared,
  Preview
> & {
  answers: 'job';
  /** The kind of the job it starts: a job of another kind under the nonce is not its answer. */
  jobKind: string;
  /** Starts the job under `jobId` (the nonce), from the preview just compared. */
  start(jobId: string, prepared: Prepared, preview: Preview, context: AgentToolContext): Promise<JobRow>;
  /** The audit entry's detail (beside the tool's name). */
  detail(job: JobView, prepared: Prepared, preview: Preview): Record<string, unknown>;
};

/** How long a second call with the same token waits for the first one's write before it is told to call again. */
export const CONFIRMED_WRITE_WAIT_MS = 180_000;

const BUSY =
  'This confirmation is still being written by an earlier call. Call again with it in a minute for its result.';

export function writeTool<Shape extends z.ZodRawShape, Prepared, Preview, Result>(
  deps: ResultWriteDeps,
  def: ResultWriteTool<Shape, Prepared, Preview, Result>,
): AgentTool;
export function writeTool<Shape extends z.ZodRawShape, Prepared, Preview>(
  deps: JobWriteDeps,
  def: JobWriteTool<Shape, Prepared, Preview>,
): AgentTool;
export function writeTool<Shape extends z.ZodRawShape, Prepared, Preview, Result>(
  deps: ResultWriteDeps | JobWriteDeps,
  def: ResultWriteTool<Shape, Prepared, Preview, Result> | JobWriteTool<Shape, Prepared, Preview>,
): AgentTool {
  const exclusive = leaseRunner(deps.db, { waitMs: CONFIRMED_WRITE_WAIT_MS });
  const shown = (preview: Preview) => (def.shown ? def.shown(preview) : preview);
  // The once-per-token part of each flavour: the earlier answer of this token, and the write that answers it.
  const flavour =
    def.answers === 'result'
      ? resultWrite(deps as ResultWriteDeps, def)
      : jobWrite(deps as JobWriteDeps, def);
  return agentTool({
    name: def.name,
    title: def.title,
    description: def.description,
    access: 'write',
    input: { ...def.input, confirmation: confirmationInput(def.confirms) },
    run: async (all, context) => {
      const { confirmation, ...rest } = all as { confirmation?: string };
      const args = rest as Args<Shape>;
      const cipher = await deps.getTokenCipher();
      const bound = { tool: def.name, userId: context.userId, args, now: new Date() };
      if (confirmation === undefined) {
        const preview = shown(await def.preview(await def.prepare(args, context), context));
        return { preview, confirmation: issueConfirmation(cipher, { ...bound, preview }) };
      }
      const confirmed = openConfirmation(cipher, confirmation, bound);
      const key = `agent-write:${def.name}:${confirmed.nonce}`;
      return exclusive(
        [key],
        async () => {
          // The same token again: the answer of its write, never a second write.
          const earlier = await flavour.earlier(confirmed.nonce, context);
          if (earlier) return earlier;
          const prepared = await def.prepare(args, context);
          const preview = await def.preview(prepared, context);
          assertPreviewUnchanged(confirmed, shown(preview));
          return flavour.write({ ...confirmed, key }, prepared, preview, context);
        },
        { onBusy: () => new AppError(ERROR_CODES.importBusy, BUSY) },
      );
    },
  });
}

type Confirmed = { nonce: string; expiresAt: Date; key: string };

type Flavour<Prepared, Preview> = {
  earlier(nonce: string, context: AgentToolContext): Promise<Record<string, unknown> | undefined>;
  write(
    confirmed: Confirmed,
    prepared: Prepared,
    preview: Preview,
    context: AgentToolContext,
  ): Promise<Record<string, unknown>>;
};

async function auditWrite(
  deps: WriteToolDeps,
  tool: string,
  context: AgentToolContext,
  detail: Record<string, unknown>,
) {
  await deps.audit.record({
    action: 'agent.write',
    actor: { id: context.userId },
    target: null,
    detail: { tool, ...detail },
  });
}

/** `{result}`: the write's use recorded in `agent_confirmation` when it starts, its answer there when it ends. */
function resultWrite<Shape extends z.ZodRawShape, Prepared, Preview, Result>(
  deps: ResultWriteDeps,
  def: ResultWriteTool<Shape, Prepared, Preview, Result>,
): Flavour<Prepared, Preview> {
  const records = createConfirmationRecords(deps.db);
  const earlier = async (nonce: string, context: AgentToolContext) => {
    const use = await records.use(nonce, context.userId);
    if (use.state === 'written') return use.answer;
    if (use.state === 'writing') throw new AppError(ERROR_CODES.importBusy, BUSY);
    return undefined;
  };
  return {
    earlier,
    async write(confirmed, prepared, _preview, context) {
      const started = await records.start({
        nonce: confirmed.nonce,
        userId: context.userId,
        tool: def.name,
        expiresAt: confirmed.expiresAt,
        now: new Date(),
      });
      if (!started) return (await earlier(confirmed.nonce, context)) ?? {};
      let result: Result;
      try {
        result = await def.write(prepared, context);
      } catch (error) {
        await records.release(confirmed.nonce);
        throw error;
      }
      const answer = { result };
      await records.finish(confirmed.nonce, answer);
      await deps.dumps.keepAt(context.userId, confirmed.key, {
        tool: def.name,
        ...def.kept(result, prepared),
        data: answer,
      });
      await auditWrite(deps, def.name, context, def.detail(result, prepared));
      return answer;
    },
  };
}

/** `{job}`: the job started under the token's nonce, the caller's and of the tool's kind. */
function jobWrite<Shape extends z.ZodRawShape, Prepared, Preview>(
  deps: JobWriteDeps,
  def: JobWriteTool<Shape, Prepared, Preview>,
): Flavour<Prepared, Preview> {
  const earlier = async (nonce: string, context: AgentToolContext) => {
    const row = await deps.jobStore.getView(nonce);
    const ours = row && row.owner === `user:${context.userId}` && row.kind === def.jobKind;
    return ours ? { job: toJobView(row) } : undefined;
  };
  return {
    earlier,
    async write(confirmed, prepared, preview, context) {
      let row: JobRow;
      try {
        row = await def.start(confirmed.nonce, prepared, preview, context);
      } catch (error) {
        // A job under the nonce after all (a start that failed once its job was made): that job is the answer.
        const started = await earlier(confirmed.nonce, context);
        if (started) return started;
        throw error;
      }
      const job = toJobView(row);
      await auditWrite(deps, def.name, context, def.detail(job, prepared, preview));
      return { job };
    },
  };
}
