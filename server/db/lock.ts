// A limit checked and taken in one step (issue 26, points 5 and 6): the check and the insert run in one transaction
// that first takes a PostgreSQL transaction-level advisory lock on a key, so concurrent callers, on this instance or
// another one on the same database, pass one at a time. PGlite runs it the same way (one connection: a transaction
// holds it until it ends).
import { sql } from 'drizzle-orm';
import type { Db } from './database';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction holding the advisory locks of `keys` (taken in sorted order, so two callers asking for
 * the same keys never deadlock); the locks are released when the transaction ends.
 */
export async function withAdvisoryLocks<T>(db: Db, keys: string[], work: (tx: Tx) => Promise<T>): Promise<T> {
  const sorted = [...new Set(keys)].sort();
  return db.transaction(async (tx) => {
    for (const key of sorted) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    return work(tx);
  });
}
