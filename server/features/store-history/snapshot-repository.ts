// Store History's data (issue 32): the snapshot rows (snapshot.ts), their items (snapshot-item.ts) and the blobs the
// items point at (snapshot-blob.ts), composed into the one repository the verbs use. README.md states the model.
import type {
  SnapshotCounts,
  SnapshotItemKind,
  SnapshotReason,
} from '../../../common/contracts/store-history';
import type { Db } from '../../db/database';
import type { ObjectStorage } from '../../storage/object-storage';
import { itemKeyText } from './item-id';
import { createSnapshotRows, type SnapshotRow } from './snapshot';
import { blobContent, createSnapshotBlobs } from './snapshot-blob';
import { createSnapshotItems } from './snapshot-item';
import type { SnapshotTotals } from './snapshot-bounds';
import type { SnapshotReadItem } from './snapshot-steps';

export function createSnapshotRepository(
  db: Db,
  storage: ObjectStorage,
  totals: SnapshotTotals = { totalBytes: 20 * 1024 ** 3, totalRows: 10_000_000 },
) {
  const rows = createSnapshotRows(db, totals);
  const items = createSnapshotItems(db);
  const blobs = createSnapshotBlobs(db, storage);
  return {
    // The rows' and the index's own operations, as they are (their `delete`, `end` and `add` are wrapped below).
    ...rows,
    ...items,
    /** An item's content, as it was stored. */
    readBlob: (owner: string, hash: string) => blobs.read(owner, hash),

    /**
     * Deletes the owner's ended snapshots of a store taken for this reason, but the newest `keep` (their blobs go with
     * them when no other snapshot holds them). A snapshot still being taken is never deleted.
     */
    async pruneReason(
      owner: string,
      storeHash: string,
      reason: SnapshotReason,
      keep: number,
    ): Promise<number> {
      const old = (await rows.list(owner, storeHash))
        .filter((row) => row.reason === reason && row.state !== 'running')
        .slice(Math.max(0, keep));
      for (const row of old) await this.delete(row);
      return old.length;
    },

    /**
     * Keeps a step's items: each blob not yet held by the owner is written to the object storage, then recorded; the
     * item rows are inserted once (a step read again after a restart adds nothing). Answers the items kept.
     */
    async addItems(snapshot: SnapshotRow, read: readonly SnapshotReadItem[], now: Date): Promise<number> {
      if (read.length === 0) return 0;
      const prepared = read.map((item) => ({ item, content: blobContent(item.data) }));
      await blobs.keep(
        snapshot.owner,
        prepared.map((entry) => entry.content),
        snapshot.id,
        now,
      );
      await items.add(
        snapshot.id,
        prepared.map(({ item, content }) => ({
          kind: item.kind,
          itemKey: itemKeyText(item.key),
          name: item.name.slice(0, 500),
          search: item.search.slice(0, 2_000),
          hash: content.hash,
          bytes: content.bytes,
          units: item.units,
        })),
      );
      return read.length;
    },

    /** Ends a snapshot: its counts, bytes and the bytes it added, from its rows. */
    async finish(id: string, state: 'done' | 'failed' | 'cancelled', now: Date): Promise<void> {
      const perKind = await items.perKind(id);
      const of = (kind: SnapshotItemKind) => perKind.find((row) => row.kind === kind);
      const counts: SnapshotCounts = {
        products: of('product')?.items ?? 0,
        variants: of('product')?.units ?? 0,
        categories: of('category')?.items ?? 0,
        brands: of('brand')?.items ?? 0,
        pages: of('page')?.items ?? 0,
        widgets: of('page')?.units ?? 0,
        widgetTemplates: of('widget-template')?.items ?? 0,
        restWidgets: of('widget')?.items ?? 0,
        placements: of('placement')?.items ?? 0,
        webPages: of('web-page')?.items ?? 0,
        blogPosts: of('blog-post')?.items ?? 0,
        redirects: of('redirect')?.items ?? 0,
      };
      await rows.end(
        id,
        {
          state,
          counts,
          bytes: perKind.reduce((sum, row) => sum + row.bytes, 0),
          newBytes: await blobs.addedBy(id),
        },
        now,
      );
    },

    /** Deletes a snapshot and the blobs no other snapshot of its owner holds. */
    async delete(row: SnapshotRow): Promise<void> {
      await rows.delete(row.id);
      await blobs.deleteUnheld(row.owner);
    },
  };
}

export type SnapshotRepository = ReturnType<typeof createSnapshotRepository>;
