// The database's record of a used confirmation (issue 41, point 9): written when the write starts, under the
// confirmation's nonce (the primary key, so two instances cannot both start it), and holding the answer once the write
// ends. Before it, the only record was the kept result, an agent dump that 20 newer dumps pushed out, after which the
// same confirmation, still within its 10 minutes, wrote again.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { agentConfirmation } from '../db/schema';

export type ConfirmationUse =
  | { state: 'unused' }
  | { state: 'written'; answer: Record<string, unknown> }
  | { state: 'writing'; startedAt: Date };

export function createConfirmationRecords(db: Db) {
  return {
    /** What became of the confirmation: unused, its answer, or a write started and not ended. */
    async use(nonce: string, userId: string): Promise<ConfirmationUse> {
      const [row] = await db
        .select()
        .from(agentConfirmation)
        .where(and(eq(agentConfirmation.nonce, nonce), eq(agentConfirmation.userId, userId)));
      if (!row) return { state: 'unused' };
      return row.answer
        ? { state: 'written', answer: row.answer }
        : { state: 'writing', startedAt: row.startedAt };
    },

    /** Records the write as started; false when the nonce was already taken (another call started it). */
    async start(input: {
      nonce: string;
      userId: string;
      tool: string;
      expiresAt: Date;
      now: Date;
    }): Promise<boolean> {
      // Rows of expired confirmations answer nothing any more (the token itself is refused): dropped as new ones come.
      await db.delete(agentConfirmation).where(lt(agentConfirmation.expiresAt, input.now));
      const inserted = await db
        .insert(agentConfirmation)
        .values({ ...input, startedAt: input.now, answer: null })
        .onConflictDoNothing()
        .returning({ nonce: agentConfirmation.nonce });
      return inserted.length === 1;
    },

    async finish(nonce: string, answer: Record<string, unknown>): Promise<void> {
      await db.update(agentConfirmation).set({ answer }).where(eq(agentConfirmation.nonce, nonce));
    },

    /** A write that failed: the confirmation may be tried again (the importers continue a first run, never duplicate it). */
    async release(nonce: string): Promise<void> {
      await db.delete(agentConfirmation).where(eq(agentConfirmation.nonce, nonce));
    },
  };
}
