// A deleted account's Store History (issue 41, point 6): its snapshots, their item rows, restore previews and the blobs
// only its snapshots held (blobs are stored per owner, so all of the owner's), objects first and rows after. Run before
// the account's row is deleted: a failure leaves the account, and deleting it again goes on from where this stopped
// (an object already gone is not an error), so nothing is left for ever. The id maps of the owner's demo copies go
// last (id-map.ts `forgetDemoCopies`).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { restorePreview, snapshotBlob, storeSnapshot } from '../../db/schema';
import type { ObjectStorage } from '../../storage/object-storage';
import { blobKey, keyOwnerOf } from './snapshot-blob';
import { createIdMapRepository } from './id-map';

export async function eraseOwnerSnapshots(db: Db, storage: ObjectStorage, owner: string): Promise<void> {
  const stores = await db
    .selectDistinct({ storeHash: storeSnapshot.storeHash })
    .from(storeSnapshot)
    .where(eq(storeSnapshot.owner, owner));
  const blobs = await db
    .select({ hash: snapshotBlob.hash, keyOwner: keyOwnerOf })
    .from(snapshotBlob)
    .where(eq(snapshotBlob.owner, owner));
  for (const blob of blobs) await storage.deleteObject(blobKey(blob.keyOwner, blob.hash));
  await db.transaction(async (tx) => {
    await tx.delete(restorePreview).where(eq(restorePreview.owner, owner));
    // Items (and any preview left) go with their snapshot (foreign keys with cascade).
    await tx.delete(storeSnapshot).where(eq(storeSnapshot.owner, owner));
    await tx.delete(snapshotBlob).where(eq(snapshotBlob.owner, owner));
  });
  await createIdMapRepository(db).forgetDemoCopies(stores.map((s) => s.storeHash));
}
