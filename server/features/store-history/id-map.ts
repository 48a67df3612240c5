// Store History's old-to-new id map (issue 40), rows of `store_id_map`: an item a restore made again answers to a new
// id, and every reference to its old one is re-pointed through this map, by that restore and by every later restore of
// the store (a snapshot older than the one restored names the old id too). One map per store, whoever restored it:
// ids are the store's, not an owner's.
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { storeIdMap, storeSnapshot } from '../../db/schema';
import type { SnapshotItemKind } from '../../../common/contracts/store-history';
import { isDemoCopyHash } from '../../../common/contracts/demo-stores';

/** How many times an id may have been made again in a row before the chain is taken as broken (a loop). */
const MAX_HOPS = 20;

/** The store's map, read once: `resolve` follows old → new → newer. */
export type IdMap = {
  resolve: (kind: SnapshotItemKind, id: number | string) => number | string;
  /** Whether the id was made again (it names an item that is gone, under a new id). */
  has: (kind: SnapshotItemKind, id: number | string) => boolean;
  /** The old ids the map names this id the new id of (an item made again as it); none for an id never made again. */
  madeFrom: (kind: SnapshotItemKind, id: number | string) => string[];
};

export const EMPTY_ID_MAP: IdMap = { resolve: (_kind, id) => id, has: () => false, madeFrom: () => [] };

/** A map of pairs (tests and the pure code's callers). */
export function idMapOf(pairs: Iterable<[SnapshotItemKind, number | string, number | string]>): IdMap {
  const map = new Map<string, string>();
  const from = new Map<string, string[]>();
  for (const [kind, oldId, newId] of pairs) {
    map.set(`${kind}:${String(oldId)}`, String(newId));
    const key = `${kind}:${String(newId)}`;
    from.set(key, [...(from.get(key) ?? []), String(oldId)]);
  }
  return {
    has: (kind, id) => map.has(`${kind}:${String(id)}`),
    madeFrom: (kind, id) => from.get(`${kind}:${String(id)}`) ?? [],
    resolve: (kind, id) => {
      let current = String(id);
      for (let hop = 0; hop < MAX_HOPS; hop++) {
        const next = map.get(`${kind}:${current}`);
        if (next === undefined) break;
        current = next;
      }
      if (current === String(id)) return id;
      // A number stays a number (product, category and brand ids).
      return typeof id === 'number' ? Number(current) : current;
    },
  };
}

export function createIdMapRepository(db: Db) {
  return {
    /** The store's whole map. Small: a row per item a restore ever made again. */
    async load(storeHash: string): Promise<IdMap> {
      const rows = await db
        .select({ kind: storeIdMap.kind, oldId: storeIdMap.oldId, newId: storeIdMap.newId })
        .from(storeIdMap)
        .where(eq(storeIdMap.storeHash, storeHash));
      return idMapOf(rows.map((row) => [row.kind as SnapshotItemKind, row.oldId, row.newId]));
    },
    /** Records that `oldId` was made again as `newId` (a second record of the same pair is harmless). */
    async record(input: {
      storeHash: string;
      kind: SnapshotItemKind;
      oldId: number | string;
      newId: number | string;
      jobId: string;
      now: Date;
    }): Promise<void> {
      const values = {
        storeHash: input.storeHash,
        kind: input.kind,
        oldId: String(input.oldId),
        newId: String(input.newId),
        jobId: input.jobId,
        createdAt: input.now,
      };
      await db
        .insert(storeIdMap)
        .values(values)
        .onConflictDoUpdate({
          target: [storeIdMap.storeHash, storeIdMap.kind, storeIdMap.oldId],
          set: { newId: values.newId, jobId: values.jobId, createdAt: values.createdAt },
        });
    },
    /**
     * The maps of these stores that are demo copies (`sandbox-demo-…`) and of which no snapshot is left, deleted: a
     * demo copy comes back from its seed with its first ids once it is dropped, so its map would re-point to ids that
     * are not its any more, and with no snapshot nothing is left to restore through it. Run where a visitor's
     * snapshots expire or an owner's are erased; a real store's map stays (its ids are the store's, whoever restored
     * it). Answers how many rows went.
     */
    async forgetDemoCopies(storeHashes: Iterable<string>): Promise<number> {
      const copies = [...new Set(storeHashes)].filter(isDemoCopyHash);
      if (copies.length === 0) return 0;
      const gone = await db
        .delete(storeIdMap)
        .where(
          and(
            inArray(storeIdMap.storeHash, copies),
            notExists(
              db
                .select({ id: storeSnapshot.id })
                .from(storeSnapshot)
                .where(eq(storeSnapshot.storeHash, storeIdMap.storeHash)),
            ),
          ),
        )
        .returning({ storeHash: storeIdMap.storeHash });
      return gone.length;
    },
    /** A demo copy dropped (reset): it comes back from its seed, so none of its old ids was made again any more. */
    async forgetStore(storeHash: string): Promise<void> {
      await db.delete(storeIdMap).where(eq(storeIdMap.storeHash, storeHash));
    },
    /** The undo deleted an item made again: nothing refers to it any more. */
    async forget(storeHash: string, kind: SnapshotItemKind, newId: number | string): Promise<void> {
      await db
        .delete(storeIdMap)
        .where(
          and(
            eq(storeIdMap.storeHash, storeHash),
            eq(storeIdMap.kind, kind),
            eq(storeIdMap.newId, String(newId)),
          ),
        );
    },
  };
}

export type IdMapRepository = ReturnType<typeof createIdMapRepository>;
