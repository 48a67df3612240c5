// What every new snapshot must pass besides its owner's count and bytes caps (issue 41, points 4 and 5), checked in the
// transaction that inserts its row (snapshot-repository.ts `create`), under one lock for all owners:
// - a signed-in owner's email address is verified (a sign-up with a throwaway address takes none);
// - the owner's bytes count its index rows too (`snapshot_item`, SNAPSHOT_ROW_BYTES each: a repeat snapshot of an
//   unchanged store adds rows and no blobs, and those rows are what it costs);
// - all owners' snapshots together stay under SNAPSHOTS_TOTAL_MB (blobs and rows) and SNAPSHOTS_TOTAL_ROWS;
// - a client address holds at most MAX_VISITOR_SNAPSHOTS_PER_ADDRESS of the visitors' pool at once, and starts at most
//   MAX_VISITOR_SNAPSHOT_STARTS_PER_HOUR an hour (counted in the database, so deleting and taking again does not
//   reset it): new visitor cookies from one address cannot fill the pool for everyone else.
import { eq, sql } from 'drizzle-orm';
import {
  MAX_SNAPSHOT_BYTES_PER_OWNER,
  SNAPSHOT_BYTES_MESSAGE,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import type { Tx } from '../../db/lock';
import { storeSnapshot, user } from '../../db/schema';
import { AppError } from '../../errors';
import { createAttemptCounter } from '../auth/attempts';

/** What an index row costs in the database, measured: a repeat snapshot of the demo store (about 1,400 rows) added 0.56 MB. */
export const SNAPSHOT_ROW_BYTES = 400;
export const MAX_VISITOR_SNAPSHOTS_PER_ADDRESS = 20;
export const MAX_VISITOR_SNAPSHOT_STARTS_PER_HOUR = 30;

export const SNAPSHOT_EMAIL_MESSAGE =
  'Snapshots need a verified email address. Open the link we mailed you, or send it again from Profile Settings.';
export const SNAPSHOTS_SERVER_FULL_MESSAGE =
  'Snapshots are full on this server for now. Delete older snapshots, or try again later.';
export const SNAPSHOTS_ADDRESS_FULL_MESSAGE = `Snapshots without an account are limited to ${MAX_VISITOR_SNAPSHOTS_PER_ADDRESS} at once and ${MAX_VISITOR_SNAPSHOT_STARTS_PER_HOUR} an hour from one address. Delete older ones, wait, or sign in to keep snapshots of your own.`;

export type SnapshotTotals = { totalBytes: number; totalRows: number };

/** An index row count of the snapshots a condition selects (their counts once done; the kinds that are rows). */
const ROWS = sql<number>`coalesce(sum(
  coalesce((${storeSnapshot.counts}->>'products')::bigint, 0) + coalesce((${storeSnapshot.counts}->>'categories')::bigint, 0)
  + coalesce((${storeSnapshot.counts}->>'brands')::bigint, 0) + coalesce((${storeSnapshot.counts}->>'pages')::bigint, 0)
  + coalesce((${storeSnapshot.counts}->>'widgetTemplates')::bigint, 0)
  + coalesce((${storeSnapshot.counts}->>'restWidgets')::bigint, 0) + coalesce((${storeSnapshot.counts}->>'placements')::bigint, 0)
  + coalesce((${storeSnapshot.counts}->>'webPages')::bigint, 0) + coalesce((${storeSnapshot.counts}->>'blogPosts')::bigint, 0)
  + coalesce((${storeSnapshot.counts}->>'redirects')::bigint, 0)), 0)::bigint`;
const BYTES = sql<number>`coalesce(sum(${storeSnapshot.newBytes}), 0)::bigint`;

export async function assertSnapshotBounds(
  tx: Tx,
  input: { owner: string; clientAddress: string | null },
  bounds: SnapshotTotals,
): Promise<void> {
  if (input.owner.startsWith('user:')) {
    const [found] = await tx
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, input.owner.slice('user:'.length)));
    if (!found?.emailVerified) throw new AppError(ERROR_CODES.emailNotVerified, SNAPSHOT_EMAIL_MESSAGE);
  }
  const [own] = await tx
    .select({ bytes: BYTES, rows: ROWS })
    .from(storeSnapshot)
    .where(eq(storeSnapshot.owner, input.owner));
  if (Number(own?.bytes ?? 0) + Number(own?.rows ?? 0) * SNAPSHOT_ROW_BYTES >= MAX_SNAPSHOT_BYTES_PER_OWNER) {
    throw new AppError(ERROR_CODES.tooManySnapshots, SNAPSHOT_BYTES_MESSAGE);
  }
  // One lock for every owner: two owners' snapshots must not pass the shared bound together.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('snapshots:all', 0))`);
  const [all] = await tx.select({ bytes: BYTES, rows: ROWS }).from(storeSnapshot);
  const rows = Number(all?.rows ?? 0);
  if (rows >= bounds.totalRows || Number(all?.bytes ?? 0) + rows * SNAPSHOT_ROW_BYTES >= bounds.totalBytes) {
    throw new AppError(ERROR_CODES.tooManySnapshots, SNAPSHOTS_SERVER_FULL_MESSAGE);
  }
  if (!input.owner.startsWith('visitor:') || input.clientAddress === null) return;
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(storeSnapshot)
    .where(
      sql`${storeSnapshot.owner} like 'visitor:%' and ${storeSnapshot.clientAddress} = ${input.clientAddress}`,
    );
  if ((held?.count ?? 0) >= MAX_VISITOR_SNAPSHOTS_PER_ADDRESS) {
    throw new AppError(ERROR_CODES.tooManySnapshots, SNAPSHOTS_ADDRESS_FULL_MESSAGE);
  }
  // Taken last and in this transaction, once every other bound passed: a refused snapshot uses none of the hour's.
  const starts = createAttemptCounter(tx, {
    limit: MAX_VISITOR_SNAPSHOT_STARTS_PER_HOUR,
    windowSeconds: 3600,
  });
  if ((await starts.take(`snapshot-starts:${input.clientAddress}`)) !== null) {
    throw new AppError(ERROR_CODES.tooManySnapshots, SNAPSHOTS_ADDRESS_FULL_MESSAGE);
  }
}
