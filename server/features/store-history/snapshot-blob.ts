// A blob (issue 32): an item's content, its canonical JSON gzip-compressed, kept in the object storage once per owner
// and content hash at `snapshots/<owner digest>/<hash>.json.gz`, with a `snapshot_blob` row saying the owner holds it.
// An unchanged item costs a row and no bytes in the next snapshot. The key's spelling is persisted: never change it.
// A visitor's blobs moved to the account made at sign-up (issue 44) keep their objects: the row's `key_owner` names
// the owner whose digest is in the key (`keyOwnerOf`), so every object is found where it was written.
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { canonicalItem } from '../../../common/store-history/field-diff';
import type { Db } from '../../db/database';
import { snapshotBlob, snapshotItem, storeSnapshot } from '../../db/schema';
import type { ObjectStorage } from '../../storage/object-storage';

function ownerDigest(owner: string): string {
  return createHash('sha256').update(owner).digest('hex').slice(0, 32);
}

/** Where a blob lives in the object storage, by the owner whose digest names it (the row's `keyOwnerOf`). */
export function blobKey(owner: string, hash: string): string {
  return `snapshots/${ownerDigest(owner)}/${hash}.json.gz`;
}

/** The owner whose digest is in a blob row's object key: `key_owner` once the row moved (issue 44), else its owner. */
export const keyOwnerOf = sql<string>`coalesce(${snapshotBlob.keyOwner}, ${snapshotBlob.owner})`;

/** An item's content as a blob holds it: its canonical JSON, that text's sha256, and its length in bytes. */
export type BlobContent = { text: string; hash: string; bytes: number };

export function blobContent(data: unknown): BlobContent {
  const text = JSON.stringify(canonicalItem(data));
  return { text, hash: createHash('sha256').update(text).digest('hex'), bytes: Buffer.byteLength(text) };
}

export function createSnapshotBlobs(db: Db, storage: ObjectStorage) {
  return {
    /**
     * Writes the blobs the owner does not hold yet, each object before its row: a blob row always has its object (a
     * crash leaves at most an object without a row, written again, with the same bytes, by the next try). The row's
     * owner is the snapshot's as it is when the row is written, and `key_owner` the owner the object was written
     * under: a visitor who signs up while this snapshot is being taken gets its blobs too (issue 44).
     */
    async keep(
      owner: string,
      contents: readonly BlobContent[],
      firstSnapshotId: string,
      now: Date,
    ): Promise<void> {
      if (contents.length === 0) return;
      const hashes = [...new Set(contents.map((entry) => entry.hash))];
      const held = new Set(
        (
          await db
            .select({ hash: snapshotBlob.hash })
            .from(snapshotBlob)
            .where(and(eq(snapshotBlob.owner, owner), inArray(snapshotBlob.hash, hashes)))
        ).map((row) => row.hash),
      );
      for (const entry of contents) {
        if (held.has(entry.hash)) continue;
        held.add(entry.hash);
        const body = gzipSync(entry.text);
        await storage.putObject(blobKey(owner, entry.hash), body, {
          contentType: 'application/gzip',
          contentLength: body.length,
        });
        await db
          .insert(snapshotBlob)
          .values({
            owner: sql`coalesce((select ${storeSnapshot.owner} from ${storeSnapshot} where ${storeSnapshot.id} = ${firstSnapshotId}), ${owner})`,
            keyOwner: owner,
            hash: entry.hash,
            bytes: entry.bytes,
            storedBytes: body.length,
            firstSnapshotId,
            createdAt: now,
          })
          .onConflictDoNothing();
      }
    },

    /** An item's content, as it was stored (null when the object is gone). */
    async read(owner: string, hash: string): Promise<unknown> {
      const [row] = await db
        .select({ keyOwner: keyOwnerOf })
        .from(snapshotBlob)
        .where(and(eq(snapshotBlob.owner, owner), eq(snapshotBlob.hash, hash)))
        .limit(1);
      const object = await storage.getObjectStream(blobKey(row?.keyOwner ?? owner, hash));
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8')) as unknown;
    },

    /** The stored bytes of the blobs a snapshot was the first to keep (what it added). */
    async addedBy(snapshotId: string): Promise<number> {
      const [added] = await db
        .select({ bytes: sql<number>`coalesce(sum(${snapshotBlob.storedBytes}), 0)::bigint` })
        .from(snapshotBlob)
        .where(eq(snapshotBlob.firstSnapshotId, snapshotId));
      return Number(added?.bytes ?? 0);
    },

    /** Deletes the owner's blobs no snapshot of the owner holds any more: rows first, then their objects. */
    async deleteUnheld(owner: string): Promise<void> {
      const orphans = await db
        .delete(snapshotBlob)
        .where(
          and(
            eq(snapshotBlob.owner, owner),
            sql`not exists (select 1 from ${snapshotItem} join ${storeSnapshot} on ${storeSnapshot.id} = ${snapshotItem.snapshotId} where ${storeSnapshot.owner} = ${snapshotBlob.owner} and ${snapshotItem.hash} = ${snapshotBlob.hash})`,
          ),
        )
        .returning({ hash: snapshotBlob.hash, keyOwner: keyOwnerOf });
      for (const orphan of orphans) await storage.deleteObject(blobKey(orphan.keyOwner, orphan.hash));
    },
  };
}

export type SnapshotBlobs = ReturnType<typeof createSnapshotBlobs>;
