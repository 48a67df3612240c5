// What a visitor made moves to the account they sign up for in that browser (issue 44): every row owned by
// `visitor:<id>` is owned by `user:<new id>` instead, in one transaction, so the account finds its snapshots, its jobs
// (their backups and Undo), Import Widgets' page backups, Spreadsheet Edit's exports and previews and its H.265
// conversions as the visitor left them. Nothing is copied:
// - a snapshot blob's object stays under the visitor's key (`snapshots/<visitor digest>/…`): the row keeps that owner
//   in `key_owner` (store-history/snapshot-blob.ts `keyOwnerOf`), which reads, deletes and erasure all go by;
// - exports, conversions and uploads name their objects in their rows (no owner in the key).
// Rows keyed by the user's id (schedules, agent dumps, access tokens) have no visitor counterpart: a visitor can make
// none. The per-owner bounds (snapshots' count and bytes, 3 unfinished jobs, 20 exports and 20 previews, 20 open
// restore previews, 2,000 page backups, 3 waiting conversions) are the same numbers for a visitor and a user, and the
// account is new and holds nothing: what moves into it is within each of them. The visitors' shared pool and
// per-address bound count `visitor:%` rows only, so the moved snapshots leave it.
// Only a sign-up moves anything: signing in to an existing account merges nothing.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  job,
  pageWidgetsBackup,
  restorePreview,
  snapshotBlob,
  spreadsheetExport,
  spreadsheetPreview,
  storeSnapshot,
  videoConversion,
} from '../../db/schema';

/** The tables whose rows carry an `owner` key, by the name the counts give them (the snapshot blobs apart). */
const OWNED = {
  jobs: job,
  snapshots: storeSnapshot,
  restorePreviews: restorePreview,
  pageBackups: pageWidgetsBackup,
  spreadsheetExports: spreadsheetExport,
  spreadsheetPreviews: spreadsheetPreview,
  videoConversions: videoConversion,
} as const;

/** How many rows of each kind moved. */
export type VisitorMoveCounts = Record<keyof typeof OWNED | 'snapshotBlobs', number>;

export async function moveVisitorWork(db: Db, visitorId: string, userId: string): Promise<VisitorMoveCounts> {
  const from = `visitor:${visitorId}`;
  const to = `user:${userId}`;
  return db.transaction(async (tx) => {
    const counts = {} as VisitorMoveCounts;
    for (const [name, table] of Object.entries(OWNED) as [
      keyof typeof OWNED,
      (typeof OWNED)[keyof typeof OWNED],
    ][]) {
      const moved = await tx
        .update(table)
        .set({ owner: to })
        .where(eq(table.owner, from))
        .returning({ owner: table.owner });
      counts[name] = moved.length;
    }
    // The object keeps its key: `key_owner` says whose digest names it (a row that moved before keeps its own).
    const blobs = await tx
      .update(snapshotBlob)
      .set({ owner: to, keyOwner: sql`coalesce(${snapshotBlob.keyOwner}, ${from})` })
      .where(eq(snapshotBlob.owner, from))
      .returning({ hash: snapshotBlob.hash });
    counts.snapshotBlobs = blobs.length;
    return counts;
  });
}
