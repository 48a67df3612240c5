// Store History's diff (issue 32): two snapshots of a store, item by item (added, removed, changed by content hash),
// and for the changed items of the page asked for, each field with its before and after (common/store-history).
// And `startSnapshot`, the one way a snapshot is started: the route (manual), the schedule, before a write job.
import { randomUUID } from 'node:crypto';
import {
  SNAPSHOT_SCOPES,
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
  type SnapshotReason,
  type SnapshotRetention,
  type SnapshotScope,
} from '../../../common/contracts/store-history';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import { fieldChanges } from '../../../common/store-history/field-diff';
import { AppError } from '../../errors';
import { assertRoomForJob, type JobRow } from '../../jobs/job-store';
import { startJob, type JobRoutesDeps } from '../jobs/start-job';
import type { SnapshotRepository, SnapshotRow } from './snapshot-repository';
import { scopeOfTargets, type SnapshotTargets } from './snapshot-steps';

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
    // A before-job snapshot holds what its job touched only: the rest of the store is not "added" or "removed".
    isFromPartial: from.reason === 'before-job',
    isToPartial: to.reason === 'before-job',
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

export type StartSnapshotDeps = Pick<JobRoutesDeps, 'jobStore' | 'jobQueue' | 'getTokenCipher'> & {
  /** Checks the store answers to the credentials; left out where the caller has just checked it (a restore). */
  clients?: JobRoutesDeps['clients'];
  snapshots: SnapshotRepository;
};

/** Before-job snapshots a store keeps (per owner): the newest, older ones are deleted as new ones are taken. */
export const KEEP_BEFORE_JOB_SNAPSHOTS = 10;

/** Before-job snapshots are kept for the last few jobs of a store only: they would fill the owner's cap otherwise. */
export async function pruneBeforeJob(
  snapshots: SnapshotRepository,
  owner: string,
  storeHash: string,
): Promise<void> {
  await snapshots.pruneReason(owner, storeHash, 'before-job', KEEP_BEFORE_JOB_SNAPSHOTS - 1);
}

/**
 * Starts a snapshot of a store as a `store-snapshot` job: the owner's and the store's room for a job, the store
 * answering to the credentials (before anything is kept for it), the snapshot row within the caps, then the job with
 * the credentials sealed. A scheduled snapshot carries its retention rule, applied when it is done.
 */
export async function startSnapshot(
  deps: StartSnapshotDeps,
  input: {
    owner: string;
    credentials: StoreCredentials;
    reason: SnapshotReason;
    scope?: readonly SnapshotScope[] | undefined;
    retention?: SnapshotRetention;
    /** A before-job snapshot: only what the job will touch (its scope follows from them). */
    targets?: SnapshotTargets;
    /** Whose requests these are for the store's scheduler (the client address, or the schedule). */
    caller: string;
    signal?: AbortSignal;
    now: Date;
  },
): Promise<{ snapshot: SnapshotRow; job: JobRow }> {
  const { owner, credentials, now } = input;
  // A before-job snapshot has a lane of its own in the limits: it is part of the write job that waits for it.
  const beforeJob = input.reason === 'before-job';
  await assertRoomForJob(deps.jobStore, owner, credentials.storeHash, beforeJob ? 'before-job' : 'work');
  await deps.clients
    ?.forStore(credentials, { caller: input.caller })
    .store.get(input.signal ? { signal: input.signal } : {});
  const scope = input.targets
    ? scopeOfTargets(input.targets)
    : input.scope
      ? [...new Set(input.scope)]
      : [...SNAPSHOT_SCOPES];
  if (beforeJob) await pruneBeforeJob(deps.snapshots, owner, credentials.storeHash);
  const jobId = randomUUID();
  const snapshot = await deps.snapshots.create({
    id: randomUUID(),
    owner,
    storeHash: credentials.storeHash,
    reason: input.reason,
    scope,
    jobId,
    now,
  });
  try {
    const job = await startJob(deps, {
      id: jobId,
      kind: 'store-snapshot',
      owner,
      input: {
        snapshotId: snapshot.id,
        scope,
        ...(input.retention ? { retention: input.retention } : {}),
        ...(input.targets ? { targets: input.targets } : {}),
        ...(beforeJob ? { beforeJob: true } : {}),
      },
      credentials: { target: credentials },
      now,
    });
    return { snapshot, job };
  } catch (error) {
    // No job, no snapshot: the row would stay "running" for ever.
    if (!(await deps.jobStore.get(jobId))) await deps.snapshots.delete(snapshot);
    throw error;
  }
}
