// Confirmed writes that answer at once (issue 33): Import Product and Import Widgets are not jobs, so their result is the
// answer. Like the job-starting write tools, a call without `confirmation` answers `{preview, confirmation}`; the token
// (./confirmation.ts) makes the write run once the store still gives the same preview, and the answer is `{result}`.
//
// Once per token: the write is recorded as started under the token's nonce in `agent_confirmation` before it runs, and
// its answer there when it ends (./confirmation-record.ts, issue 41), so the same token again answers that result (or
// says the write is still running) and never writes twice, whatever else happened since. The result is also kept as an
// agent dump, readable as a resource. The write runs holding the lease of the nonce (server/db/lease.ts), so two calls
// with one token at once write once: the second waits for the first and answers its result. Every confirmed write is
// an `agent.write` entry of the audit log.
import { ERROR_CODES } from '../../common/errors';
import type { BeforeJobSnapshots } from '../jobs/before-job';
import type { AuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import { leaseRunner } from '../db/lease';
import { AppError } from '../errors';
import type { AgentDumpStore } from './agent-dumps';
import type { AgentToolContext } from './agent-tools';
import { createConfirmationRecords } from './confirmation-record';
import {
  assertPreviewUnchanged,
  issueConfirmation,
  openConfirmation,
  type ConfirmationSealer,
} from './confirmation';

export type ConfirmedWriteDeps = {
  db: Db;
  getTokenCipher: () => Promise<ConfirmationSealer>;
  /** Where results are kept by nonce, and where a `bct://dumps/…` argument is read from. */
  dumps: AgentDumpStore;
  audit: AuditLog;
  /** Snapshots before writes (Store History, issue 32): what an import will change, before it does. */
  beforeJob?: BeforeJobSnapshots;
};

export type ConfirmedWrite<Preview, Result> = {
  tool: string;
  /** The arguments the token is bound to (all but `confirmation`). */
  args: Record<string, unknown>;
  confirmation: string | undefined;
  /** What the write would do, read from the store without writing; the same store state gives the same preview. */
  preview(): Promise<Preview>;
  /** The write; its result is the answer. */
  write(): Promise<Result>;
  /** How the kept result is named (file name, one line). */
  kept(result: Result): { name: string; description: string };
  /** The audit entry's detail (beside the tool's name). */
  detail(result: Result): Record<string, unknown>;
};

/** How long a second call with the same token waits for the first one's write before it is told to call again. */
export const CONFIRMED_WRITE_WAIT_MS = 180_000;

const BUSY =
  'This confirmation is still being written by an earlier call. Call again with it in a minute for its result.';

/** Preview and token, or the confirmed write once: `{preview, confirmation}` or `{result}`. */
export async function previewOrWriteOnce<Preview, Result>(
  deps: ConfirmedWriteDeps,
  spec: ConfirmedWrite<Preview, Result>,
  context: Pick<AgentToolContext, 'userId'>,
): Promise<Record<string, unknown>> {
  const cipher = await deps.getTokenCipher();
  const bound = { tool: spec.tool, userId: context.userId, args: spec.args, now: new Date() };
  if (spec.confirmation === undefined) {
    const preview = await spec.preview();
    return { preview, confirmation: issueConfirmation(cipher, { ...bound, preview }) };
  }
  const confirmed = openConfirmation(cipher, spec.confirmation, bound);
  const key = `agent-write:${spec.tool}:${confirmed.nonce}`;
  const exclusive = leaseRunner(deps.db, { waitMs: CONFIRMED_WRITE_WAIT_MS });
  const records = createConfirmationRecords(deps.db);
  const answerOfEarlierUse = async () => {
    const use = await records.use(confirmed.nonce, context.userId);
    if (use.state === 'written') return use.answer;
    if (use.state === 'writing') throw new AppError(ERROR_CODES.importBusy, BUSY);
    return undefined;
  };
  return exclusive(
    [key],
    async () => {
      // The same token again: the result of its write, never a second write.
      const earlier = await answerOfEarlierUse();
      if (earlier) return earlier;
      assertPreviewUnchanged(confirmed, await spec.preview());
      const now = new Date();
      const started = await records.start({
        nonce: confirmed.nonce,
        userId: context.userId,
        tool: spec.tool,
        expiresAt: confirmed.expiresAt,
        now,
      });
      if (!started) return (await answerOfEarlierUse()) ?? {};
      let result: Result;
      try {
        result = await spec.write();
      } catch (error) {
        await records.release(confirmed.nonce);
        throw error;
      }
      const answer = { result };
      await records.finish(confirmed.nonce, answer);
      await deps.dumps.keepAt(context.userId, key, { tool: spec.tool, ...spec.kept(result), data: answer });
      await deps.audit.record({
        action: 'agent.write',
        actor: { id: context.userId },
        target: null,
        detail: { tool: spec.tool, ...spec.detail(result) },
      });
      return answer;
    },
    { onBusy: () => new AppError(ERROR_CODES.importBusy, BUSY) },
  );
}
