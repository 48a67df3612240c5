// Store History's diff (issue 32): two snapshots of a store, item by item (added, removed, changed by content hash),
// and for the changed items of the page asked for, each field with its before and after (common/store-history).
import {
  SNAPSHOT_DIFF_PAGE_SIZE,
  SNAPSHOT_ITEM_KINDS,
  SNAPSHOT_NOT_FOUND_MESSAGE,
  SNAPSHOT_NOT_READY_MESSAGE,
  SNAPSHOT_OTHER_STORE_MESSAGE,
  type SnapshotChange,
  type SnapshotDiffQuery,
  type SnapshotDiffResponse,
  type SnapshotItemKey,
  type SnapshotItemKind,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import { fieldChanges } from '../../../common/store-history/field-diff';
import { AppError } from '../../errors';
import type { SnapshotRepository, SnapshotRow } from './snapshot-repository';

/** The changes from one snapshot to another, a page at a time: the database finds the items that differ. */
export async function diffSnapshots(
  repository: SnapshotRepository,
  from: SnapshotRow,
  to: SnapshotRow,
  query: SnapshotDiffQuery,
): Promise<SnapshotDiffResponse> {
  const offset = Math.max(0, Number.parseInt(query.cursor ?? '0', 10) || 0);
  const found = await repository.differing(from.id, to.id, {
    kind: query.kind,
    search: query.search?.trim().toLowerCase() ?? '',
    offset,
    limit: SNAPSHOT_DIFF_PAGE_SIZE,
  });
  const counts = Object.fromEntries(
    SNAPSHOT_ITEM_KINDS.map((kind) => [kind, { added: 0, removed: 0, changed: 0 }]),
  ) as SnapshotDiffResponse['counts'];
  for (const row of found.counts) {
    const kind = counts[row.kind as SnapshotItemKind] as
      SnapshotDiffResponse['counts'][SnapshotItemKind] | undefined;
    if (kind) kind[row.change] += row.n;
  }
  const changes = await Promise.all(
    found.rows.map(async (row): Promise<SnapshotChange> => ({
      kind: row.kind,
      key: JSON.parse(row.itemKey) as SnapshotItemKey,
      name: row.name,
      change: row.change,
      fields:
        row.change === 'changed' && row.beforeHash && row.afterHash
          ? fieldChanges(
              await repository.readBlob(from.owner, row.beforeHash),
              await repository.readBlob(to.owner, row.afterHash),
            )
          : [],
    })),
  );
  const next = offset + found.rows.length;
  return { changes, total: found.total, nextCursor: next < found.total ? String(next) : null, counts };
}

/** The owner's snapshot `id`; another owner's is as unknown as a missing one. */
export async function ownSnapshot(
  repository: SnapshotRepository,
  owner: string | undefined,
  id: string | undefined,
): Promise<SnapshotRow> {
  const row = id && id.length <= 100 ? await repository.get(id) : undefined;
  if (!row || !owner || row.owner !== owner) {
    throw new AppError(ERROR_CODES.snapshotNotFound, SNAPSHOT_NOT_FOUND_MESSAGE);
  }
  return row;
}

/** The diff of two of the owner's snapshots (`GET /api/snapshots/{id}/diff` and the agents' `diff_snapshots`). */
export async function compareSnapshots(
  repository: SnapshotRepository,
  owner: string | undefined,
  id: string | undefined,
  query: SnapshotDiffQuery,
): Promise<SnapshotDiffResponse> {
  const from = await ownSnapshot(repository, owner, id);
  if (query.against === 'live') {
    // Not yet: the store now is compared by taking a snapshot of it first.
    throw new AppError(
      ERROR_CODES.snapshotNotComparable,
      'Comparing with the store now needs a snapshot of it: take one, then compare the two.',
    );
  }
  const to = await ownSnapshot(repository, owner, query.against);
  if (from.state !== 'done' || to.state !== 'done') {
    throw new AppError(ERROR_CODES.snapshotNotComparable, SNAPSHOT_NOT_READY_MESSAGE);
  }
  if (from.storeHash !== to.storeHash) {
    throw new AppError(ERROR_CODES.snapshotNotComparable, SNAPSHOT_OTHER_STORE_MESSAGE);
  }
  return diffSnapshots(repository, from, to, query);
}
