// Leases (issue 29): work that one caller at a time may do, whichever instance it runs on. A lease is a row of
// `lease` (server/db/schema.ts): taken with one INSERT ... ON CONFLICT that succeeds only when the key is free or its
// lease has run out, renewed while the work goes on, and deleted by its holder at the end. Unlike an advisory lock it
// holds no transaction or connection while the work runs, so it is safe on PGlite's single connection and for work
// that lasts minutes; a holder that dies frees its key when the lease expires.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './database';
import { lease } from './schema';

export type Lease = {
  key: string;
  holder: string;
  /** Deletes the lease if it is still this holder's. */
  release(): Promise<void>;
};

export type LeaseOptions = {
  /** How long the lease holds without renewal. Default 60 s. */
  ttlMs?: number;
  now?: () => Date;
};

/** Takes the lease of `key` if it is free (or expired); undefined when another holder has it. */
export async function tryLease(db: Db, key: string, options: LeaseOptions = {}): Promise<Lease | undefined> {
  const now = (options.now ?? (() => new Date()))();
  const ttlMs = options.ttlMs ?? 60_000;
  const holder = randomUUID();
  const expiresAt = new Date(now.getTime() + ttlMs);
  const rows = await db
    .insert(lease)
    .values({ key, holder, expiresAt })
    .onConflictDoUpdate({
      target: lease.key,
      set: { holder, expiresAt },
      setWhere: sql`${lease.expiresAt} <= ${now}`,
    })
    .returning({ holder: lease.holder });
  if (rows[0]?.holder !== holder) return undefined;
  return {
    key,
    holder,
    release: async () => {
      await db.delete(lease).where(and(eq(lease.key, key), eq(lease.holder, holder)));
    },
  };
}

/** Extends a lease still held by `held` for another `ttlMs`; false when it was lost (expired and taken). */
export async function renewLease(db: Db, held: Lease, ttlMs = 60_000, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(lease)
    .set({ expiresAt: new Date(now.getTime() + ttlMs) })
    .where(and(eq(lease.key, held.key), eq(lease.holder, held.holder)))
    .returning({ key: lease.key });
  return rows.length > 0;
}

/**
 * Runs `work` holding the leases of `keys` (taken in sorted order, renewed every third of `ttlMs` while it runs,
 * released at the end). Waits for a taken key, polling every `pollMs`, at most `waitMs`; then `onBusy` decides what
 * is thrown (the caller's clear message).
 */
export async function withLeases<T>(
  db: Db,
  keys: string[],
  work: () => Promise<T>,
  options: { ttlMs?: number; waitMs?: number; pollMs?: number; onBusy: (key: string) => Error },
): Promise<T> {
  const ttlMs = options.ttlMs ?? 60_000;
  const waitMs = options.waitMs ?? 30_000;
  const pollMs = options.pollMs ?? 200;
  const held: Lease[] = [];
  const release = () => Promise.all(held.map((one) => one.release().catch(() => undefined)));
  try {
    for (const key of [...new Set(keys)].sort()) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const taken = await tryLease(db, key, { ttlMs });
        if (taken) {
          held.push(taken);
          break;
        }
        if (Date.now() >= deadline) throw options.onBusy(key);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    }
  } catch (error) {
    await release();
    throw error;
  }
  const timer = setInterval(
    () => {
      for (const one of held) renewLease(db, one, ttlMs).catch(() => undefined);
    },
    Math.max(1_000, Math.floor(ttlMs / 3)),
  );
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await release();
  }
}
