// Attempts counted in the database (Better Auth's rate_limit table, under keys of our own), so that the limit holds
// across restarts and every instance: a fixed window of `windowSeconds` per key, `limit` attempts in it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/lock';
import { rateLimit } from '../../db/schema';

export type AttemptCounter = {
  /**
   * Counts `weight` attempts at once (a batch of calls: issue 41, point 3); null when all fit in the window, else the
   * seconds until the window starts again. The whole weight is counted either way, as a refused single attempt is.
   */
  take(key: string, weight?: number): Promise<number | null>;
};

export function createAttemptCounter(
  /** A transaction too: the attempt is then counted only if it commits. */
  db: Db | Tx,
  options: { limit: number; windowSeconds: number; now?: () => number },
): AttemptCounter {
  const now = options.now ?? Date.now;
  const windowMs = options.windowSeconds * 1000;
  return {
    async take(key, weight = 1) {
      const at = now();
      const expired = at - windowMs;
      // One statement: a window that has passed starts again at the weight, else the count goes up by it (atomic on both
      // databases).
      const [row] = await db
        .insert(rateLimit)
        .values({ id: randomUUID(), key, count: weight, lastRequest: at })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`case when ${rateLimit.lastRequest} <= ${expired} then ${weight}::int else ${rateLimit.count} + ${weight}::int end`,
            lastRequest: sql`case when ${rateLimit.lastRequest} <= ${expired} then ${at} else ${rateLimit.lastRequest} end`,
          },
        })
        .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
      if (!row || row.count <= options.limit) return null;
      return Math.max(1, Math.ceil((row.windowStart + windowMs - at) / 1000));
    },
  };
}

export class TooManyAttemptsError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Please try again in ${retryAfterSeconds} seconds.`);
    this.name = 'TooManyAttemptsError';
  }
}
