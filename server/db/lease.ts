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

export type LeaseWaitOptions = {
  /** How long a lease holds without renewal. Default 60 s. */
  ttlMs?: number;
  /** How long to wait for a taken key before giving up. Default 30 s. */
  waitMs?: number;
  /** How often a taken key is tried again while waiting. Default 200 ms. */
  pollMs?: number;
};

/**
 * Runs `work` holding the leases of `keys` (taken in sorted order, renewed every third of `ttlMs` while it runs,
 * released at the end). Waits for a taken key, polling every `pollMs`, at most `waitMs`; then `onBusy` decides what
 * is thrown (the caller's clear message); `onWait` is told once per key that had to be waited for.
 */
export async function withLeases<T>(
  db: Db,
  keys: string[],
  work: () => Promise<T>,
  options: LeaseWaitOptions & { onBusy: (key: string) => Error; onWait?: (key: string) => void },
): Promise<T> {
  const ttlMs = options.ttlMs ?? 60_000;
  const waitMs = options.waitMs ?? 30_000;
  const pollMs = options.pollMs ?? 200;
  const held: Lease[] = [];
  const release = () => Promise.all(held.map((one) => one.release().catch(() => undefined)));
  try {
    for (const key of [...new Set(keys)].sort()) {
      const deadline = Date.now() + waitMs;
      for (let attempt = 0; ; attempt++) {
        const taken = await tryLease(db, key, { ttlMs });
        if (taken) {
          held.push(taken);
          break;
        }
        if (Date.now() >= deadline) throw options.onBusy(key);
        if (attempt === 0) options.onWait?.(key);
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

/**
 * Work one caller at a time may do, as services receive it (an adapter, like their BigCommerce client): runs `work`
 * holding the leases of `keys`, waiting for a taken one, then throwing what `onBusy` gives.
 */
export type Exclusive = <T>(
  keys: string[],
  work: () => Promise<T>,
  options: { onBusy: (key: string) => Error; onWait?: (key: string) => void },
) => Promise<T>;

/** Exclusive work on leases of `db`, with these waits (tests shorten them). */
export function leaseRunner(db: Db, defaults: LeaseWaitOptions = {}): Exclusive {
  return (keys, work, options) => withLeases(db, keys, work, { ...defaults, ...options });
}
