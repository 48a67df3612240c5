// The demo copies this instance serves (issue 9 point 2, issue 29). Each copy's state lives in a journal every
// instance shares (copy-journal.ts); this pool keeps a parsed copy in memory per live copy, keyed by the copy's
// incarnation and version. A request first counts its use in the journal (one query: the copy's head and its
// rate-limit window), then is served from memory, after replaying the writes other instances made since (their
// handlers run again with the clock readings and UUIDs they recorded, request-tape.ts). A write runs on this copy,
// one at a time per copy here, and is appended to the journal with a compare-and-set on the version it ran on: should
// another instance have written first, this copy is rebuilt from the journal and the write runs again. Every so often a
// copy is saved whole, so that the writes before can be forgotten. Caps, idle expiry and eviction are the journal's,
// whichever instance asks.
import { randomUUID } from 'node:crypto';
import type { CopyHead, CopyLimits, CopyUse, DemoCopyJournal, JournalOp, VersionedOp } from './copy-journal';
import { opBytes } from './copy-journal';
import { demoCopyKind } from './demo-copies';
import type { StoreKind } from '../catalog/demo/index';
import { countedDecision, type RateLimitDecision, type RateLimitSettings } from '../core/rate-limit';
import { RequestTape, runTaped } from './request-tape';
import { loadStoreState, saveStoreState, type ContentSnapshots } from './store-snapshot';
import type { SandboxStore, StoreSpec } from '../core/store-registry';

/** A write request as the guard has it (its body already read). */
export type CopyWrite = Omit<JournalOp, 'tape'> & {
  /** Bytes counted against the store's write budget (0 for a DELETE). */
  budgetBytes: number;
};

/**
 * Runs a write's handler on `store`: the request's own (attempt 0), or, after another instance wrote first, the same
 * request again on the rebuilt copy, whose answer replaces the first.
 */
export type RunWrite = (store: SandboxStore, attempt: number) => Promise<void>;

export type OpenedCopy = {
  store: SandboxStore;
  /** This request counted against the copy's quota, shared by every instance. */
  quota: RateLimitDecision;
  /** Runs a write as the copy's next write; 'full' when the write budget refuses it (nothing runs). */
  write(request: CopyWrite, run: RunWrite): Promise<'done' | 'full'>;
};

export type DemoCopyPoolOptions = {
  journal: DemoCopyJournal;
  limits: CopyLimits;
  /** True when `token` is the one the app issued for `hash`. */
  verify: (hash: string, token: string) => boolean | Promise<boolean>;
  rateLimit: RateLimitSettings;
  clock: () => number;
  /** A new store from the seed (not registered anywhere). */
  build: (spec: StoreSpec) => SandboxStore;
  /** Runs a write recorded by another instance again on `store` (the sandbox app's handlers, with its tape). */
  replay: (store: SandboxStore, op: VersionedOp) => Promise<void>;
  /** How the content plugin's state goes into a snapshot; without it no snapshot is taken. */
  content?: ContentSnapshots | undefined;
  /** A snapshot is saved once this many writes, or bytes of writes, are kept since the last one. */
  snapshotAfter?: { ops: number; bytes: number };
};

type Entry = {
  store: SandboxStore;
  incarnation: string;
  /** The journal version this store is at. */
  version: number;
  /** False for a copy built to serve an image file: its token is checked on its first API request. */
  verified: boolean;
  usedAt: number;
};

/** Writes kept before a copy is saved whole: few enough to replay in well under a second. */
export const SNAPSHOT_AFTER = { ops: 1_000, bytes: 24 * 1024 * 1024 };

/** Times a write is run again after losing the race to another instance before it gives up. */
const WRITE_ATTEMPTS = 5;

export class DemoCopyPool {
  /** This instance's copies, least recently used first. */
  private readonly entries = new Map<string, Entry>();
  private readonly exclusive = new Map<string, Promise<unknown>>();
  readonly limits: CopyLimits;

  constructor(private readonly options: DemoCopyPoolOptions) {
    this.limits = options.limits;
  }

  /**
   * The copy a request names, counted as used: this instance's, brought up to date, or a new one from the seed when
   * `token` is the one the app issued for it. Undefined for another hash or a wrong token; throws
   * DemoCopiesBusyError when every slot is in use.
   */
  async open(hash: string, token: string | undefined): Promise<OpenedCopy | undefined> {
    const kind = demoCopyKind(hash);
    if (!kind) return undefined;
    const { journal, limits, rateLimit } = this.options;
    const now = this.options.clock();
    this.forgetIdle(now);
    let use: CopyUse | undefined = await journal.use(hash, now, limits, rateLimit.windowMs);
    const known = this.entries.get(hash);
    let verified = false;
    if (!use || !known || known.incarnation !== use.incarnation || !known.verified) {
      if (token === undefined || !(await this.options.verify(hash, token))) return undefined;
      verified = true;
      if (!use) use = await this.create(hash, kind, now);
    }
    const entry = await this.current(hash, kind, use, verified ? token : undefined);
    entry.usedAt = now;
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    this.forgetBeyondCap(hash);
    return {
      store: entry.store,
      quota: countedDecision(rateLimit, use.windowStart, use.windowUsed, now),
      write: (request, run) => this.write(hash, kind, entry, request, run),
    };
  }

  /** A live copy's store as it is now, without counting a use (the CDN's image files); undefined when none. */
  async find(hash: string): Promise<SandboxStore | undefined> {
    const kind = demoCopyKind(hash);
    if (!kind) return undefined;
    const head = await this.options.journal.head(hash, this.options.clock(), this.limits.idleMs);
    if (!head) return undefined;
    return (await this.current(hash, kind, head, undefined)).store;
  }

  /** Drops a copy everywhere (a reset): it comes back from the seed on its next use. */
  async drop(hash: string): Promise<boolean> {
    const dropped = await this.options.journal.drop(hash);
    this.entries.delete(hash);
    return dropped;
  }

  /** Copies alive now, on every instance. */
  count(): Promise<number> {
    return this.options.journal.count(this.options.clock(), this.limits.idleMs);
  }

  private async create(hash: string, kind: StoreKind, now: number): Promise<CopyUse> {
    const { journal, limits, rateLimit } = this.options;
    const use = await journal.create(hash, kind, now, limits, rateLimit.windowMs);
    for (const evicted of use.evicted ?? []) this.entries.delete(evicted);
    return use;
  }

  /** This instance's copy at `head` or later: built from the seed, or brought up to date from the journal. */
  private async current(
    hash: string,
    kind: StoreKind,
    head: CopyHead,
    token: string | undefined,
  ): Promise<Entry> {
    const ready = this.entries.get(hash);
    if (ready && ready.incarnation === head.incarnation && ready.version >= head.version) {
      if (token !== undefined && !ready.verified) verifyEntry(ready, token);
      return ready;
    }
    return this.alone(hash, () => this.refresh(hash, kind, head, token));
  }

  /** `current` for a caller that already has the copy to itself on this instance. */
  private async refresh(
    hash: string,
    kind: StoreKind,
    head: CopyHead,
    token: string | undefined,
  ): Promise<Entry> {
    let entry = this.entries.get(hash);
    if (!entry || entry.incarnation !== head.incarnation) {
      entry = {
        // A copy built for an image file gets a token nobody has until a request proves it has the real one.
        store: this.options.build({ hash, kind, token: token ?? `unverified-${randomUUID()}` }),
        incarnation: head.incarnation,
        version: 0,
        verified: token !== undefined,
        usedAt: this.options.clock(),
      };
      this.entries.set(hash, entry);
    } else if (token !== undefined && !entry.verified) {
      verifyEntry(entry, token);
    }
    if (entry.version < head.version) await this.catchUp(hash, entry);
    return entry;
  }

  /** Replays what the journal holds after the entry's version (from its snapshot when the writes before are gone). */
  private async catchUp(hash: string, entry: Entry): Promise<void> {
    const changes = await this.options.journal.changes(hash, entry.incarnation, entry.version);
    if (!changes) {
      // Dropped meanwhile (a reset, an eviction): this request is served as if it came just before; the next one
      // starts the copy again.
      this.forget(hash, entry);
      return;
    }
    if (changes.snapshot) {
      loadStoreState(entry.store, changes.snapshot.bytes, this.options.content);
      entry.version = changes.snapshot.version;
    }
    for (const op of changes.ops) {
      if (op.version <= entry.version) continue;
      if (op.version !== entry.version + 1) {
        this.forget(hash, entry);
        throw new Error(`Demo copy journal gap: at version ${entry.version}, next write ${op.version}`);
      }
      await this.options.replay(entry.store, op);
      entry.store.budget.resume(op.tape.budget);
      entry.version = op.version;
    }
  }

  private async write(
    hash: string,
    kind: StoreKind,
    opened: Entry,
    request: CopyWrite,
    run: RunWrite,
  ): Promise<'done' | 'full'> {
    const { journal } = this.options;
    const outcome = await this.alone(hash, async () => {
      // This instance's copy now: another request may have rebuilt it since this one opened it.
      const latest = this.entries.get(hash);
      let entry = latest?.incarnation === opened.incarnation ? latest : opened;
      const { budgetBytes, ...op } = request;
      for (let attempt = 0; ; attempt++) {
        const target = entry;
        const budget = target.store.budget;
        if (budgetBytes > 0 && !budget.take(budgetBytes)) return { full: true } as const;
        const tape = RequestTape.recording();
        try {
          if (journal.shared) await runTaped(tape, () => run(target.store, attempt));
          else await run(target.store, attempt);
        } catch (error) {
          this.forget(hash, target);
          throw error;
        }
        let appended;
        try {
          appended = await journal.append(hash, target.incarnation, target.version, {
            ...op,
            tape: { ...tape.record, budget: budget.countedBytes },
          });
        } catch (error) {
          // The handler changed this copy but the journal did not take the write: forgotten, rebuilt when next used.
          this.forget(hash, target);
          throw error;
        }
        if (appended.ok) {
          target.version = appended.version;
          // Taken now, while no other write of this copy runs here, so the bytes are the state at this version.
          const kept = appended.logBytes + opBytes({ ...op, tape: { clock: [], uuids: [], budget: 0 } });
          const snapshot = this.snapshotDue(target, appended.version - appended.snapshotVersion, kept);
          return { full: false, entry: target, version: appended.version, snapshot } as const;
        }
        // Another instance wrote first, or the copy was dropped (a reset, an eviction): this copy holds a write the
        // journal did not take. Rebuilt from the journal (or the seed), and the write runs again.
        this.forget(hash, target);
        if (attempt + 1 >= WRITE_ATTEMPTS) {
          throw new Error(`A write to demo copy ${hash} lost the race ${WRITE_ATTEMPTS} times`);
        }
        const head = appended.head ?? (await this.create(hash, kind, this.options.clock()));
        entry = await this.refresh(hash, kind, head, target.verified ? target.store.spec.token : undefined);
      }
    });
    if (outcome.full) return 'full';
    if (outcome.snapshot) {
      await journal.saveSnapshot(hash, outcome.entry.incarnation, outcome.version, outcome.snapshot);
    }
    return 'done';
  }

  /** The copy's state as bytes when enough writes are kept since the last snapshot; else undefined. */
  private snapshotDue(entry: Entry, ops: number, bytes: number): Uint8Array | undefined {
    const { journal, content } = this.options;
    const after = this.options.snapshotAfter ?? SNAPSHOT_AFTER;
    if (!journal.shared || (content === undefined && entry.store.content !== undefined)) return undefined;
    if (ops < after.ops && bytes < after.bytes) return undefined;
    return saveStoreState(entry.store, content);
  }

  private forget(hash: string, entry: Entry) {
    if (this.entries.get(hash) === entry) this.entries.delete(hash);
  }

  /** Runs `work` when no other catch-up or write of this copy runs on this instance. */
  private alone<T>(hash: string, work: () => Promise<T>): Promise<T> {
    const before = this.exclusive.get(hash) ?? Promise.resolve();
    const run = before.then(work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.exclusive.set(hash, settled);
    void settled.then(() => {
      if (this.exclusive.get(hash) === settled) this.exclusive.delete(hash);
    });
    return run;
  }

  /** Copies not used here for `idleMs` are dead everywhere (the journal drops them): forget them. */
  private forgetIdle(now: number) {
    for (const [hash, entry] of this.entries) {
      if (now - entry.usedAt < this.limits.idleMs) break;
      this.entries.delete(hash);
    }
  }

  /**
   * At most `maxCopies` here too. With a shared journal, a copy evicted by another instance may still be held here:
   * the least recently used ones go (the journal can rebuild any of them). Alone, the journal told us what it evicted.
   */
  private forgetBeyondCap(keep: string) {
    if (!this.options.journal.shared) return;
    for (const hash of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxCopies) break;
      if (hash !== keep) this.entries.delete(hash);
    }
  }
}

function verifyEntry(entry: Entry, token: string) {
  entry.store.spec.token = token;
  entry.verified = true;
}
