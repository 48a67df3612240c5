// Full dumps for AI agents (issue 33): a dump tool answers a model-sized summary and keeps the whole dump here, linked
// as an MCP resource (`bct://dumps/{id}`) that the agent reads when it needs all of it. Rows of `agent_dump` in the
// database, so every instance answers for every dump; read back by their owner only, until they expire.
//
// Bounds: a dump over MAX_AGENT_DUMP_BYTES is not kept (the answer says so, and the tool's paging still reaches every
// part); a user keeps at most MAX_AGENT_DUMPS_PER_USER (keeping one more drops their oldest); each lives
// AGENT_DUMP_TTL_MS. Expired rows are deleted whenever a dump is kept, and never answered before that. The id is 128
// random bits (or, for a confirmed write's result, derived from its confirmation's secret nonce: `keepAt`), and a read
// also needs the owner's id, so a link shown to someone else opens nothing.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { withAdvisoryLocks } from '../db/lock';
import { agentDump } from '../db/schema';

export const AGENT_DUMP_URI_PREFIX = 'bct://dumps/';
export const MAX_AGENT_DUMP_BYTES = 10 * 1024 * 1024;
export const MAX_AGENT_DUMPS_PER_USER = 20;
export const AGENT_DUMP_TTL_MS = 60 * 60 * 1000;
export const AGENT_DUMP_MIME_TYPE = 'application/json';

/** What a tool hands over: its whole dump, the file name the screens would download it as, and one line about it. */
export type AgentDumpInput = { tool: string; name: string; description: string; data: unknown };

/** A kept dump as a tool's answer links it. */
export type AgentDumpLink = {
  uri: string;
  name: string;
  description: string;
  mimeType: string;
  bytes: number;
  expiresAt: string;
};

/** A dump too large to keep: the answer says why instead of linking it. */
export type AgentDumpRefusal = { uri: null; bytes: number; reason: string };

export type AgentDumpStore = {
  keep(userId: string, dump: AgentDumpInput, now?: Date): Promise<AgentDumpLink | AgentDumpRefusal>;
  /**
   * Keeps a dump under the id `agentDumpIdOf(key)` (a confirmed write's result, keyed by its confirmation's nonce), so
   * that it is found again by that key; a second keep of the same key leaves the first as it is.
   */
  keepAt(
    userId: string,
    key: string,
    dump: AgentDumpInput,
    now?: Date,
  ): Promise<AgentDumpLink | AgentDumpRefusal>;
  /** The user's live dumps, newest first. */
  list(userId: string, now?: Date): Promise<AgentDumpLink[]>;
  /** The dump behind a uri, for its owner, while it lives; undefined otherwise (unknown, expired, another user's). */
  read(userId: string, uri: string, now?: Date): Promise<(AgentDumpLink & { text: string }) | undefined>;
};

const ID_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** The id of the dump kept for a secret key (22 characters of its SHA-256, the shape of a random id). */
export function agentDumpIdOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

/** The resource uri of the dump kept for a secret key. */
export const agentDumpUriOf = (key: string) => `${AGENT_DUMP_URI_PREFIX}${agentDumpIdOf(key)}`;

function linkOf(row: {
  id: string;
  name: string;
  description: string;
  bytes: number;
  expiresAt: Date;
}): AgentDumpLink {
  return {
    uri: `${AGENT_DUMP_URI_PREFIX}${row.id}`,
    name: row.name,
    description: row.description,
    mimeType: AGENT_DUMP_MIME_TYPE,
    bytes: row.bytes,
    expiresAt: row.expiresAt.toISOString(),
  };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function createAgentDumpStore(db: Db): AgentDumpStore {
  const live = (userId: string, now: Date) => and(eq(agentDump.userId, userId), gt(agentDump.expiresAt, now));
  const linkColumns = {
    id: agentDump.id,
    name: agentDump.name,
    description: agentDump.description,
    bytes: agentDump.bytes,
    expiresAt: agentDump.expiresAt,
  };
  const keepWith = async (
    userId: string,
    id: string,
    dump: AgentDumpInput,
    now: Date,
  ): Promise<AgentDumpLink | AgentDumpRefusal> => {
    const body = JSON.stringify(dump.data);
    const bytes = Buffer.byteLength(body, 'utf8');
    if (bytes > MAX_AGENT_DUMP_BYTES) {
      return {
        uri: null,
        bytes,
        reason: `The whole dump is ${megabytes(bytes)}, over the ${megabytes(MAX_AGENT_DUMP_BYTES)} kept for agents: read it a part at a time with the tool's paging, or download it from the tool's screen.`,
      };
    }
    const row = {
      id,
      userId,
      tool: dump.tool,
      name: dump.name,
      description: dump.description,
      body,
      bytes,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AGENT_DUMP_TTL_MS),
    };
    await withAdvisoryLocks(db, [`agent-dump:${userId}`], async (tx) => {
      await tx.delete(agentDump).where(lt(agentDump.expiresAt, now));
      await tx.insert(agentDump).values(row).onConflictDoNothing({ target: agentDump.id });
      const kept = await tx
        .select({ id: agentDump.id })
        .from(agentDump)
        .where(eq(agentDump.userId, userId))
        .orderBy(desc(agentDump.createdAt), desc(agentDump.id));
      const over = kept.slice(MAX_AGENT_DUMPS_PER_USER).map((one) => one.id);
      if (over.length > 0) await tx.delete(agentDump).where(inArray(agentDump.id, over));
    });
    return linkOf(row);
  };
  return {
    keep: (userId, dump, now = new Date()) =>
      keepWith(userId, randomBytes(16).toString('base64url'), dump, now),
    keepAt: (userId, key, dump, now = new Date()) => keepWith(userId, agentDumpIdOf(key), dump, now),

    async list(userId, now = new Date()) {
      const rows = await db
        .select(linkColumns)
        .from(agentDump)
        .where(live(userId, now))
        .orderBy(desc(agentDump.createdAt), desc(agentDump.id));
      return rows.map(linkOf);
    },

    async read(userId, uri, now = new Date()) {
      if (!uri.startsWith(AGENT_DUMP_URI_PREFIX)) return undefined;
      const id = uri.slice(AGENT_DUMP_URI_PREFIX.length);
      if (!ID_SHAPE.test(id)) return undefined;
      const [row] = await db
        .select({ ...linkColumns, body: agentDump.body })
        .from(agentDump)
        .where(and(eq(agentDump.id, id), live(userId, now)));
      return row ? { ...linkOf(row), text: row.body } : undefined;
    },
  };
}
