// Attempts counted in the database (Better Auth's rate_limit table, under keys of our own), so that the limit holds
// across restarts and every instance: a fixed window of `windowSeconds` per key, `limit` attempts in it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rateLimit } from '../../db/schema';

export type AttemptCounter = {
  /** Counts one attempt; null when allowed, else the seconds until the next one is. */
  take(key: string): Promise<number | null>;
};

export function createAttemptCounter(
  db: Db,
  options: { limit: number; windowSeconds: number; now?: () => number },
): AttemptCounter {
  const now = options.now ?? Date.now;
  const windowMs = options.windowSeconds * 1000;
  return {
    async take(key) {
      const at = now();
      const expired = at - windowMs;
      // One statement: a window that has passed starts again at 1, else the count goes up (atomic on both databases).
      const [row] = await db
        .insert(rateLimit)
        .values({ id: randomUUID(), key, count: 1, lastRequest: at })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`case when ${rateLimit.lastRequest} <= ${expired} then 1 else ${rateLimit.count} + 1 end`,
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
