// Chat sessions and messages in the database (issue 18), always read and written for one user: a session of
// another user reads as not found. An admin viewing as a user is that user (the session is theirs).
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ChatMessage, ChatSessionSummary } from '../../../common/contracts/ai-assistant';
import type { Db } from '../../db/database';
import { chatMessage, chatSession } from '../../db/schema';

/** Empty sessions a user may keep (every opening of the screen makes one): older empty ones are dropped. */
export const MAX_EMPTY_SESSIONS = 5;
/** Most messages a session keeps; a longer conversation goes on in a new chat. */
export const MAX_SESSION_MESSAGES = 500;

export type ChatRepository = ReturnType<typeof createChatRepository>;

export function createChatRepository(db: Db, now: () => Date = () => new Date()) {
  return {
    /** A new, empty session; the user's older empty sessions beyond the newest few are dropped. */
    async createSession(userId: string): Promise<string> {
      const id = randomUUID();
      const at = now();
      await db
        .insert(chatSession)
        .values({ id, userId, title: '', messageCount: 0, createdAt: at, updatedAt: at });
      const empty = await db
        .select({ id: chatSession.id })
        .from(chatSession)
        .where(and(eq(chatSession.userId, userId), eq(chatSession.messageCount, 0)))
        .orderBy(desc(chatSession.createdAt), desc(chatSession.id))
        .offset(MAX_EMPTY_SESSIONS);
      const stale = empty.map((row) => row.id).filter((staleId) => staleId !== id);
      if (stale.length > 0) {
        await db
          .delete(chatSession)
          .where(and(inArray(chatSession.id, stale), eq(chatSession.messageCount, 0)));
      }
      return id;
    },

    /** The user's sessions that hold messages, newest first. */
    async listSessions(userId: string, limit: number): Promise<ChatSessionSummary[]> {
      const rows = await db
        .select()
        .from(chatSession)
        .where(and(eq(chatSession.userId, userId), gt(chatSession.messageCount, 0)))
        .orderBy(desc(chatSession.updatedAt), desc(chatSession.id))
        .limit(limit);
      return rows.map((row) => ({
        sessionId: row.id,
        _id: row.id,
        title: row.title,
        messageCount: row.messageCount,
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    /** The session if it is the user's. */
    async findSession(userId: string, sessionId: string) {
      const [row] = await db
        .select()
        .from(chatSession)
        .where(and(eq(chatSession.id, sessionId), eq(chatSession.userId, userId)));
      return row;
    },

    /** The session's messages in order, or undefined when it is not the user's. */
    async messages(userId: string, sessionId: string): Promise<ChatMessage[] | undefined> {
      const session = await this.findSession(userId, sessionId);
      if (!session) return undefined;
      const rows = await db
        .select()
        .from(chatMessage)
        .where(eq(chatMessage.sessionId, sessionId))
        .orderBy(asc(chatMessage.position));
      return rows.map((row) => ({
        role: row.role === 'assistant' ? 'assistant' : 'user',
        content: row.content,
        timestamp: row.createdAt.toISOString(),
      }));
    },

    /** Deletes the session and its messages; false when it is not the user's. */
    async deleteSession(userId: string, sessionId: string): Promise<boolean> {
      const deleted = await db
        .delete(chatSession)
        .where(and(eq(chatSession.id, sessionId), eq(chatSession.userId, userId)))
        .returning({ id: chatSession.id });
      return deleted.length > 0;
    },

    /**
     * Saves a question and its answer at the end of the session, titles it from its first question, and counts
     * them. False when the session is gone (deleted meanwhile) or not the user's.
     */
    async saveExchange(
      userId: string,
      sessionId: string,
      exchange: { question: string; askedAt: Date; answer: string; answeredAt: Date; title: string },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Locks the row, so two answers to one session take positions one after the other.
        const [session] = await tx
          .update(chatSession)
          .set({
            messageCount: sql`${chatSession.messageCount} + 2`,
            updatedAt: exchange.answeredAt,
            title: sql`case when ${chatSession.title} = '' then ${exchange.title} else ${chatSession.title} end`,
          })
          .where(and(eq(chatSession.id, sessionId), eq(chatSession.userId, userId)))
          .returning({ messageCount: chatSession.messageCount });
        if (!session) return false;
        const first = session.messageCount - 2;
        await tx.insert(chatMessage).values([
          {
            id: randomUUID(),
            sessionId,
            position: first,
            role: 'user',
            content: exchange.question,
            createdAt: exchange.askedAt,
          },
          {
            id: randomUUID(),
            sessionId,
            position: first + 1,
            role: 'assistant',
            content: exchange.answer,
            createdAt: exchange.answeredAt,
          },
        ]);
        return true;
      });
    },
  };
}
