// The demo copies' journal in the app's database (issue 29): the sandbox's `DemoCopyJournal` on the tables
// `demo_store` (one row per live copy: its incarnation and version, its snapshot, its rate-limit window, its last use)
// and `demo_store_op` (its writes since the snapshot). Every instance on the database serves the same copies: a request
// counts its use with one UPDATE of the copy's row, a write is appended with one statement that bumps the version only
// if it is still the one the write ran on (a compare-and-set: no transaction is held while the handler runs), and the
// slots (how many copies live, which one is evicted) are counted and taken under one advisory lock
// (server/db/lock.ts). The two statements of every request are plain SQL, without the query builder's cost. Bytes
// (write bodies, deflated; snapshots) cross the driver as base64 text, which PGlite takes many times faster than a
// bytea parameter.
import { randomUUID } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { and, asc, count, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { withAdvisoryLocks } from '../../db/lock';
import { demoStore, demoStoreOp } from '../../db/schema';
import {
  opBytes,
  type Appended,
  type CopyChanges,
  type CopyHead,
  type CopyLimits,
  type CopyUse,
  type DemoCopyJournal,
  type JournalOp,
  type NotAppended,
  type VersionedOp,
} from '../../sandbox/demo-copies/copy-journal';
import { DemoCopiesBusyError } from '../../sandbox/demo-copies/demo-copies';
import type { StoreKind } from '../../sandbox/catalog/demo/index';

const SLOTS_LOCK = 'demo_store:slots';

const useColumns = {
  incarnation: demoStore.incarnation,
  version: demoStore.version,
  windowStart: demoStore.windowStart,
  windowUsed: demoStore.windowUsed,
};

/** Bytes to store in a bytea column. */
const bytesIn = (bytes: Uint8Array) =>
  sql`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}, 'base64')`;

/** A bytea column read as base64 text (see bytesIn). */
const bytesOut = (column: typeof demoStoreOp.body | typeof demoStore.snapshot) =>
  sql<string | null>`encode(${column}, 'base64')`;

const fromBase64 = (text: string) => {
  const buffer = Buffer.from(text, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
};

const opColumns = {
  version: demoStoreOp.version,
  method: demoStoreOp.method,
  path: demoStoreOp.path,
  contentType: demoStoreOp.contentType,
  body: bytesOut(demoStoreOp.body),
  tape: demoStoreOp.tape,
};

/** One more request in the copy's rate-limit window (a new window when the last one is over), used now. */
function counted(now: number, windowMs: number) {
  const over = sql`${now}::bigint >= ${demoStore.windowStart} + ${windowMs}::bigint`;
  return {
    lastUsedAt: new Date(now),
    windowStart: sql`case when ${over} then ${now}::bigint else ${demoStore.windowStart} end`,
    windowUsed: sql`case when ${over} then 1 else ${demoStore.windowUsed} + 1 end`,
  };
}

/**
 * Counts requests against a live copy: $1 hash, $2 now (ms), $3 the rate-limit window (ms), $4 now, $5 live since,
 * $6 how many requests.
 */
const USE_SQL = `update demo_store set
    last_used_at = $4::timestamptz,
    window_start = case when $2::bigint >= window_start + $3::bigint then $2::bigint else window_start end,
    window_used = case when $2::bigint >= window_start + $3::bigint then $6::integer else window_used + $6::integer end
  where hash = $1 and last_used_at > $5::timestamptz
  returning incarnation, version, window_start, window_used`;

type UseWaiter = { resolve: (use: CopyUse | undefined) => void; reject: (error: unknown) => void };
type UseBatch = { waiters: UseWaiter[]; now: number; idleMs: number; windowMs: number };

/**
 * Appends a write if the copy is still at the version it ran on: $1 hash, $2 incarnation, $3 that version, $4 size,
 * $5 method, $6 path, $7 content type, $8 body (deflated, base64), $9 tape.
 */
const APPEND_SQL = `with bumped as (
    update demo_store set version = version + 1, log_bytes = log_bytes + $4::bigint
    where hash = $1 and incarnation = $2 and version = $3::bigint
    returning hash, version, snapshot_version, log_bytes
  ), added as (
    insert into demo_store_op (hash, version, method, path, content_type, body, tape, size)
    select hash, version, $5, $6, $7, decode($8, 'base64'), $9::jsonb, $4::integer from bumped
    returning version
  )
  select bumped.version, bumped.snapshot_version, bumped.log_bytes from bumped join added using (version)`;

type Row = Record<string, unknown>;

export function createDatabaseCopyJournal(database: Pick<Database, 'db' | 'executeSql'>): DemoCopyJournal {
  const { db } = database;
  const live = (hash: string, now: number, idleMs: number) =>
    and(eq(demoStore.hash, hash), gt(demoStore.lastUsedAt, new Date(now - idleMs)));
  const opsAfter = async (hash: string, version: number): Promise<VersionedOp[]> => {
    const rows = await db
      .select(opColumns)
      .from(demoStoreOp)
      .where(and(eq(demoStoreOp.hash, hash), gt(demoStoreOp.version, version)))
      .orderBy(asc(demoStoreOp.version));
    return rows.map((row) => ({
      ...row,
      body: row.body === null ? null : new Uint8Array(inflateRawSync(fromBase64(row.body))),
    }));
  };
  const incarnationOf = async (hash: string) =>
    (
      await db
        .select({ incarnation: demoStore.incarnation, snapshotVersion: demoStore.snapshotVersion })
        .from(demoStore)
        .where(eq(demoStore.hash, hash))
    )[0];

  // Requests for one copy that arrive while its row is being updated are counted together by the next update (each
  // gets its own place in the rate-limit window, and a version read after it arrived): one statement for a burst of
  // concurrent requests instead of one each, all waiting on the same row.
  const inFlight = new Set<string>();
  const queued = new Map<string, UseBatch>();
  const runUse = async (hash: string, batch: UseBatch) => {
    inFlight.add(hash);
    try {
      const { rows } = await database.executeSql(USE_SQL, [
        hash,
        batch.now,
        batch.windowMs,
        new Date(batch.now).toISOString(),
        new Date(batch.now - batch.idleMs).toISOString(),
        batch.waiters.length,
      ]);
      const row = rows[0] as Row | undefined;
      batch.waiters.forEach((waiter, i) =>
        waiter.resolve(
          row && {
            incarnation: String(row.incarnation),
            version: Number(row.version),
            windowStart: Number(row.window_start),
            windowUsed: Number(row.window_used) - batch.waiters.length + 1 + i,
          },
        ),
      );
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error);
    } finally {
      inFlight.delete(hash);
      const next = queued.get(hash);
      if (next) {
        queued.delete(hash);
        void runUse(hash, next);
      }
    }
  };

  return {
    shared: true,

    use(hash, now, limits: CopyLimits, windowMs): Promise<CopyUse | undefined> {
      return new Promise((resolve, reject) => {
        const waiter = { resolve, reject };
        if (!inFlight.has(hash)) {
          void runUse(hash, { waiters: [waiter], now, idleMs: limits.idleMs, windowMs });
          return;
        }
        const batch = queued.get(hash);
        if (batch) {
          batch.waiters.push(waiter);
          batch.now = Math.max(batch.now, now);
        } else {
          queued.set(hash, { waiters: [waiter], now, idleMs: limits.idleMs, windowMs });
        }
      });
    },

    async head(hash, now, idleMs): Promise<CopyHead | undefined> {
      const [row] = await db
        .select({ incarnation: demoStore.incarnation, version: demoStore.version })
        .from(demoStore)
        .where(live(hash, now, idleMs));
      return row;
    },

    create(hash, kind: StoreKind, now, limits, windowMs) {
      return withAdvisoryLocks(db, [SLOTS_LOCK], async (tx): Promise<CopyUse> => {
        const [raced] = await tx
          .update(demoStore)
          .set(counted(now, windowMs))
          .where(live(hash, now, limits.idleMs))
          .returning(useColumns);
        if (raced) return raced;
        const idle = await tx
          .delete(demoStore)
          .where(lte(demoStore.lastUsedAt, new Date(now - limits.idleMs)))
          .returning({ hash: demoStore.hash });
        const evicted = idle.map((row) => row.hash);
        // Least recently used first; more than one goes only when the cap was lowered since they were made.
        for (let pass = 0; ; pass++) {
          const rows = await tx
            .select({ hash: demoStore.hash, lastUsedAt: demoStore.lastUsedAt })
            .from(demoStore)
            .orderBy(asc(demoStore.lastUsedAt));
          const over = rows.length - limits.maxCopies + 1;
          if (over <= 0) break;
          const oldest = rows.slice(0, over);
          const newest = oldest.at(-1)!;
          const idleFor = now - newest.lastUsedAt.getTime();
          if (idleFor < limits.evictIdleMs || pass >= 3) {
            throw new DemoCopiesBusyError(Math.max(1, limits.evictIdleMs - idleFor));
          }
          // A copy used meanwhile (its row's last use moved) is not evicted: counted again.
          for (const row of oldest) {
            const [gone] = await tx
              .delete(demoStore)
              .where(
                and(
                  eq(demoStore.hash, row.hash),
                  lte(demoStore.lastUsedAt, new Date(now - limits.evictIdleMs)),
                ),
              )
              .returning({ hash: demoStore.hash });
            if (gone) evicted.push(gone.hash);
          }
        }
        const incarnation = randomUUID();
        await tx.insert(demoStore).values({
          hash,
          kind,
          incarnation,
          windowStart: now,
          windowUsed: 1,
          lastUsedAt: new Date(now),
          createdAt: new Date(now),
        });
        return { incarnation, version: 0, windowStart: now, windowUsed: 1, evicted };
      });
    },

    async changes(hash, incarnation, version): Promise<CopyChanges | undefined> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await incarnationOf(hash);
        if (!row || row.incarnation !== incarnation) return undefined;
        let snapshot: CopyChanges['snapshot'];
        if (row.snapshotVersion > version) {
          const [saved] = await db
            .select({ version: demoStore.snapshotVersion, bytes: bytesOut(demoStore.snapshot) })
            .from(demoStore)
            .where(and(eq(demoStore.hash, hash), eq(demoStore.incarnation, incarnation)));
          if (!saved) return undefined;
          if (saved.bytes) snapshot = { version: saved.version, bytes: fromBase64(saved.bytes) };
        }
        const after = snapshot?.version ?? version;
        const ops = await opsAfter(hash, after);
        // The copy may have been dropped and made again meanwhile: these would be another life's writes.
        if ((await incarnationOf(hash))?.incarnation !== incarnation) return undefined;
        // A snapshot saved meanwhile forgot the first of them: read again.
        if (ops.every((op, i) => op.version === after + 1 + i))
          return { ...(snapshot ? { snapshot } : {}), ops };
      }
      throw new Error(`The journal of demo copy ${hash} kept changing while it was read`);
    },

    async append(
      hash: string,
      incarnation: string,
      after: number,
      op: JournalOp,
    ): Promise<Appended | NotAppended> {
      const body =
        op.body === null ? null : Buffer.from(deflateRawSync(op.body, { level: 1 })).toString('base64');
      const { rows } = await database.executeSql(APPEND_SQL, [
        hash,
        incarnation,
        after,
        opBytes(op),
        op.method,
        op.path,
        op.contentType,
        body,
        JSON.stringify(op.tape),
      ]);
      const row = rows[0] as Row | undefined;
      if (row) {
        return {
          ok: true,
          version: Number(row.version),
          snapshotVersion: Number(row.snapshot_version),
          logBytes: Number(row.log_bytes),
        };
      }
      const [now] = await db
        .select({ incarnation: demoStore.incarnation, version: demoStore.version })
        .from(demoStore)
        .where(eq(demoStore.hash, hash));
      return now?.incarnation === incarnation ? { ok: false, head: now } : { ok: false };
    },

    async saveSnapshot(hash, incarnation, version, bytes) {
      await db.transaction(async (tx) => {
        const saved = await tx
          .update(demoStore)
          .set({
            snapshot: bytesIn(bytes),
            snapshotVersion: version,
            logBytes: sql`coalesce((select sum(${demoStoreOp.size}) from ${demoStoreOp}
              where ${demoStoreOp.hash} = ${hash} and ${demoStoreOp.version} > ${version}::bigint), 0)`,
          })
          .where(
            and(
              eq(demoStore.hash, hash),
              eq(demoStore.incarnation, incarnation),
              lt(demoStore.snapshotVersion, version),
            ),
          )
          .returning({ hash: demoStore.hash });
        if (saved.length === 0) return;
        await tx
          .delete(demoStoreOp)
          .where(and(eq(demoStoreOp.hash, hash), lte(demoStoreOp.version, version)));
      });
    },

    async drop(hash) {
      const gone = await db
        .delete(demoStore)
        .where(eq(demoStore.hash, hash))
        .returning({ hash: demoStore.hash });
      return gone.length > 0;
    },

    async count(now, idleMs) {
      const [row] = await db
        .select({ live: count() })
        .from(demoStore)
        .where(gt(demoStore.lastUsedAt, new Date(now - idleMs)));
      return row?.live ?? 0;
    },
  };
}
