// The arguments agent tools share (issue 33), declared once: the store a tool reads or writes, the confirmation of a
// write, and the dump an import writes from (with `resolveDump`, which reads a kept dump back).
import { z } from 'zod';
import { ERROR_CODES } from '../../common/errors';
import { AppError } from '../errors';
import { AGENT_DUMP_TTL_MS, AGENT_DUMP_URI_PREFIX, type AgentDumpStore } from './agent-dumps';
import type { AgentToolContext } from './agent-tools';
import { CONFIRMATION_TTL_MS } from './confirmation';

/** A `storeId` argument: any of the caller's stores, as list_stores gives it. */
export const storeIdInput = (what: string) =>
  z.string().min(1).max(200).describe(`${what}, as list_stores gives it`);

/** A write tool's `confirmation` argument, in one wording; `written` says what the confirmed call does and answers. */
export const confirmationInput = (written: string) =>
  z
    .string()
    .max(2_000)
    .optional()
    .describe(
      `Left out: the preview and its token. The token from the preview (${CONFIRMATION_TTL_MS / 60_000} minutes): ${written}`,
    );

/**
 * A dump to write from: the JSON the screen uploads, or the uri of a dump a read tool kept (`bct://dumps/…`). An
 * object or an array here; the tool's contract checks it.
 */
export const dumpInput = (what: string) =>
  z
    .union([z.string().max(200), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .describe(
      `${what}: the JSON file as the screen uploads it, or the uri (${AGENT_DUMP_URI_PREFIX}…) of a dump a read tool kept for you`,
    );

/** What an import tool's confirmed call does, as its `confirmation` says it. */
export const IMPORT_CONFIRMS = 'the import, answering its result';

/**
 * The arguments of every import tool: the store written to, the dump, the confirmation (placed here, before the
 * import's own options; the write-tool builder keeps its place).
 */
export const importToolInput = (dump: string) => ({
  targetStoreId: storeIdInput('The store to import into'),
  dump: dumpInput(dump),
  confirmation: confirmationInput(IMPORT_CONFIRMS),
});

/** The dump itself: the argument as given, or the kept dump its uri names (the caller's, still kept). */
export async function resolveDump(
  dumps: AgentDumpStore,
  context: Pick<AgentToolContext, 'userId'>,
  dump: unknown,
): Promise<unknown> {
  if (typeof dump !== 'string') return dump;
  const kept = dump.startsWith(AGENT_DUMP_URI_PREFIX) ? await dumps.read(context.userId, dump) : undefined;
  if (!kept) {
    throw new AppError(
      ERROR_CODES.notFound,
      `No dump at ${dump.slice(0, 200)}: it expired (dumps are kept ${AGENT_DUMP_TTL_MS / 60_000} minutes) or is not yours. Call the dump tool again, or pass the dump's JSON itself.`,
    );
  }
  return JSON.parse(kept.text) as unknown;
}
