// Reading snapshots (issue 32): the owner's snapshot by id (another owner's is as unknown as a missing one), a store's
// snapshots with the ones whose job ended unseen ended from it, and one item as a snapshot stored it.
import { isFinalJobState } from '../../../common/contracts/jobs';
import {
  SNAPSHOT_ITEM_NOT_FOUND_MESSAGE,
  SNAPSHOT_NOT_FOUND_MESSAGE,
  type SnapshotItemResponse,
  type SnapshotItemKind,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { type JobStore } from '../../jobs/job-store';
import type { SnapshotRow } from './snapshot';
import type { SnapshotRepository } from './snapshot-repository';

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

/**
 * The owner's snapshots of a store, newest first. A job cancelled before it started (or lost) never ran the slice that
 * ends its snapshot: such a snapshot is ended here, from its job.
 */
export async function listSnapshots(
  deps: { snapshots: SnapshotRepository; jobStore: Pick<JobStore, 'get'> },
  owner: string | undefined,
  storeHash: string,
): Promise<SnapshotRow[]> {
  const rows = owner ? await deps.snapshots.list(owner, storeHash) : [];
  for (const [index, row] of rows.entries()) {
    if (row.state !== 'running' || !row.jobId) continue;
    const job = await deps.jobStore.get(row.jobId);
    const state = !job ? 'failed' : isFinalJobState(job.state) ? job.state : null;
    if (state === 'done' || state === 'failed' || state === 'cancelled') {
      await deps.snapshots.finish(row.id, state, new Date());
      rows[index] = (await deps.snapshots.get(row.id)) ?? row;
    }
  }
  return rows;
}

/** One item as the snapshot stored it: its key, name and content (404 when the snapshot does not hold it). */
export async function readSnapshotItem(
  snapshots: SnapshotRepository,
  snapshot: SnapshotRow,
  kind: SnapshotItemKind,
  key: Record<string, unknown>,
): Promise<SnapshotItemResponse> {
  const row = await snapshots.item(snapshot.id, kind, key);
  const data = row ? await snapshots.readBlob(snapshot.owner, row.hash) : null;
  if (!row || data === null) {
    throw new AppError(ERROR_CODES.snapshotNotFound, SNAPSHOT_ITEM_NOT_FOUND_MESSAGE);
  }
  return { item: { kind, key: JSON.parse(row.itemKey) as Record<string, unknown>, name: row.name, data } };
}
