// Where the demo copies' state lives (issue 29): the journal of each live copy. A copy is its seed (made again from the
// deterministic generator wherever it is needed) plus the writes it received since, in order; every instance of the
// app that serves the copy keeps it in memory (demo-copy-pool.ts) and follows the journal: it replays the writes
// another instance recorded, and from time to time saves a snapshot so that the writes before it can be forgotten.
// The journal also keeps what must be counted across instances: which copies are alive (at most `maxCopies`, idle ones
// dropped, the least recently used one evicted), each copy's rate-limit window and its write budget.
//
// A write is appended with a compare-and-set on the version the writer's copy was at, so no lock or transaction is
// held while its handler runs; a writer that lost the race rebuilds its copy and runs the write again.
//
// Two implementations: `MemoryCopyJournal` (this file: the standalone sandbox, one process; with `shared: true`, tests
// that run two pools on one journal) and the app's table `demo_store` (server/features/demo-stores/).
import { DemoCopiesBusyError } from './demo-copies';
import type { StoreKind } from '../catalog/demo/index';
import type { TapeRecord } from './request-tape';

/** What a write took besides its request: its tape, and the copy's write budget counter after it. */
export type OpTape = TapeRecord & { budget: number };

export type CopyLimits = {
  /** Copies alive at once. */
  maxCopies: number;
  /** A copy unused this long is dropped. */
  idleMs: number;
  /** A copy may make room for a new one once unused this long. */
  evictIdleMs: number;
};

/** Which life of a copy (a reset or an eviction starts another), and how many writes it has had. */
export type CopyHead = { incarnation: string; version: number };

/** A request's use of a live copy: its head, and its rate-limit window with this request counted. */
export type CopyUse = CopyHead & {
  windowStart: number;
  windowUsed: number;
  /** Copies dropped to make room (create only): the pool forgets its own copies of them. */
  evicted?: string[];
};

/** A write as the sandbox app received it, enough to run it again on another instance. */
export type JournalOp = {
  method: string;
  /** Below the sandbox's mount point, with the query: `/stores/{hash}/v3/catalog/products?id:in=77`. */
  path: string;
  contentType: string | null;
  body: Uint8Array | null;
  tape: OpTape;
};

export type VersionedOp = JournalOp & { version: number };

export type CopyChanges = {
  /** The newest snapshot, when the writes between the caller's version and it are no longer kept. */
  snapshot?: { version: number; bytes: Uint8Array };
  /** The writes after the caller's version (or after the snapshot), in order. */
  ops: VersionedOp[];
};

/** Appended: the copy's new version, and what is kept since its snapshot (to know when to save another). */
export type Appended = { ok: true; version: number; snapshotVersion: number; logBytes: number };
/** Not appended: another write came first (`conflict`, with the copy's head now), or the copy is gone. */
export type NotAppended = { ok: false; head?: CopyHead };

export interface DemoCopyJournal {
  /** True when other processes follow the same journal: writes are then recorded, kept and replayed. */
  readonly shared: boolean;
  /** Counts a request against a live copy (now its last use; one more in its rate-limit window); undefined if none. */
  use(hash: string, now: number, limits: CopyLimits, windowMs: number): Promise<CopyUse | undefined>;
  /** The head of a live copy, without counting a use (image files, which the CDN serves without quota). */
  head(hash: string, now: number, idleMs: number): Promise<CopyHead | undefined>;
  /**
   * Makes a copy alive in a free slot (dropping idle copies, else the least recently used one if idle for
   * `evictIdleMs`), counted as used by this request; the live copy when another request made it first. Throws
   * DemoCopiesBusyError when every slot is taken by a copy in use. One step for every instance.
   */
  create(hash: string, kind: StoreKind, now: number, limits: CopyLimits, windowMs: number): Promise<CopyUse>;
  /** What a copy at `version` of `incarnation` misses; undefined when that incarnation is gone. */
  changes(hash: string, incarnation: string, version: number): Promise<CopyChanges | undefined>;
  /**
   * Appends `op` as version `after + 1` of `incarnation`, in one step, if the copy is still at version `after`. Not
   * appended: `head` says where the copy is now (absent when that incarnation is gone).
   */
  append(hash: string, incarnation: string, after: number, op: JournalOp): Promise<Appended | NotAppended>;
  /** Keeps `bytes` as the copy's state at `version` and forgets the writes up to it. */
  saveSnapshot(hash: string, incarnation: string, version: number, bytes: Uint8Array): Promise<void>;
  /** Drops a copy (a reset): it comes back from the seed on its next use. */
  drop(hash: string): Promise<boolean>;
  /** Copies alive now. */
  count(now: number, idleMs: number): Promise<number>;
}

type Row = {
  kind: StoreKind;
  incarnation: string;
  version: number;
  snapshotVersion: number;
  snapshot: Uint8Array | undefined;
  logBytes: number;
  windowStart: number;
  windowUsed: number;
  lastUsed: number;
  ops: VersionedOp[];
};

export const opBytes = (op: JournalOp): number =>
  (op.body?.byteLength ?? 0) + op.path.length + 8 * op.tape.clock.length + 36 * op.tape.uuids.length + 64;

/**
 * The journal in this process's memory. Alone (`shared: false`, the standalone sandbox) it keeps no writes: the one
 * pool that uses it always holds every live copy. With `shared: true` it keeps them as the database does, so tests
 * can run two pools (two "instances") on it.
 */
export class MemoryCopyJournal implements DemoCopyJournal {
  /** Least recently used first (a use moves a copy to the end). */
  private readonly rows = new Map<string, Row>();
  private incarnations = 0;

  constructor(readonly shared = false) {}

  private live(hash: string, now: number, idleMs: number): Row | undefined {
    const row = this.rows.get(hash);
    return row && now - row.lastUsed < idleMs ? row : undefined;
  }

  private counted(hash: string, row: Row, now: number, windowMs: number): CopyUse {
    this.rows.delete(hash);
    this.rows.set(hash, row);
    row.lastUsed = now;
    if (now >= row.windowStart + windowMs) {
      row.windowStart = now;
      row.windowUsed = 0;
    }
    row.windowUsed += 1;
    return {
      incarnation: row.incarnation,
      version: row.version,
      windowStart: row.windowStart,
      windowUsed: row.windowUsed,
    };
  }

  use(hash: string, now: number, limits: CopyLimits, windowMs: number): Promise<CopyUse | undefined> {
    const row = this.live(hash, now, limits.idleMs);
    return Promise.resolve(row && this.counted(hash, row, now, windowMs));
  }

  head(hash: string, now: number, idleMs: number): Promise<CopyHead | undefined> {
    const row = this.live(hash, now, idleMs);
    return Promise.resolve(row && { incarnation: row.incarnation, version: row.version });
  }

  create(hash: string, kind: StoreKind, now: number, limits: CopyLimits, windowMs: number): Promise<CopyUse> {
    const existing = this.live(hash, now, limits.idleMs);
    if (existing) return Promise.resolve(this.counted(hash, existing, now, windowMs));
    const evicted: string[] = [];
    for (const [other, row] of this.rows) {
      if (now - row.lastUsed < limits.idleMs) continue;
      this.rows.delete(other);
      evicted.push(other);
    }
    if (this.rows.size >= limits.maxCopies) {
      const [oldest] = this.rows;
      if (oldest) {
        const idle = now - oldest[1].lastUsed;
        if (idle < limits.evictIdleMs)
          return Promise.reject(new DemoCopiesBusyError(limits.evictIdleMs - idle));
        this.rows.delete(oldest[0]);
        evicted.push(oldest[0]);
      }
    }
    this.incarnations += 1;
    const row: Row = {
      kind,
      incarnation: `memory-${this.incarnations}`,
      version: 0,
      snapshotVersion: 0,
      snapshot: undefined,
      logBytes: 0,
      windowStart: now,
      windowUsed: 0,
      lastUsed: now,
      ops: [],
    };
    this.rows.set(hash, row);
    return Promise.resolve({ ...this.counted(hash, row, now, windowMs), evicted });
  }

  changes(hash: string, incarnation: string, version: number): Promise<CopyChanges | undefined> {
    const row = this.rows.get(hash);
    if (!row || row.incarnation !== incarnation) return Promise.resolve(undefined);
    if (!this.shared && version < row.version) {
      return Promise.reject(new Error('A journal that is not shared keeps no writes to catch up with'));
    }
    const snapshot =
      row.snapshot && row.snapshotVersion > version
        ? { version: row.snapshotVersion, bytes: row.snapshot }
        : undefined;
    const after = snapshot?.version ?? version;
    return Promise.resolve({
      ...(snapshot ? { snapshot } : {}),
      ops: row.ops.filter((op) => op.version > after),
    });
  }

  append(hash: string, incarnation: string, after: number, op: JournalOp): Promise<Appended | NotAppended> {
    const row = this.rows.get(hash);
    if (!row || row.incarnation !== incarnation) return Promise.resolve({ ok: false });
    if (row.version !== after) {
      return Promise.resolve({ ok: false, head: { incarnation, version: row.version } });
    }
    row.version += 1;
    if (this.shared) {
      row.ops.push({ ...op, version: row.version });
      row.logBytes += opBytes(op);
    }
    return Promise.resolve({
      ok: true,
      version: row.version,
      snapshotVersion: row.snapshotVersion,
      logBytes: row.logBytes,
    });
  }
  saveSnapshot(hash: string, incarnation: string, version: number, bytes: Uint8Array): Promise<void> {
    const row = this.rows.get(hash);
    if (row && row.incarnation === incarnation && row.snapshotVersion < version) {
      row.snapshot = bytes;
      row.snapshotVersion = version;
      row.ops = row.ops.filter((op) => op.version > version);
      row.logBytes = row.ops.reduce((sum, op) => sum + opBytes(op), 0);
    }
    return Promise.resolve();
  }

  drop(hash: string): Promise<boolean> {
    return Promise.resolve(this.rows.delete(hash));
  }

  count(now: number, idleMs: number): Promise<number> {
    let live = 0;
    for (const row of this.rows.values()) if (now - row.lastUsed < idleMs) live += 1;
    return Promise.resolve(live);
  }
}
