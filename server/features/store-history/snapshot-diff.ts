// Store History's diff (issue 32): two snapshots of a store, item by item (added, removed, changed by content hash),
// and for the changed items of the page asked for, each field with its before and after (common/store-history); a
// snapshot against the store now through a fresh snapshot of it (reused, being taken, or started: `compareWithLive`).
import { isFinalJobState } from '../../../common/contracts/jobs';
import {
  LIVE_FRESH_MINUTES,
  SNAPSHOT_DIFF_LIVE,
  SNAPSHOT_LIVE_NEEDS_SNAPSHOT_MESSAGE,
  SNAPSHOT_DIFF_PAGE_SIZE,
  SNAPSHOT_ITEM_KINDS,
  SNAPSHOT_NOT_READY_MESSAGE,
  SNAPSHOT_OTHER_STORE_MESSAGE,
  type SnapshotChange,
  type SnapshotDiffQuery,
  type SnapshotDiffResponse,
  type SnapshotItemKey,
  type SnapshotItemKind,
  type SnapshotScope,
  type UnreadPages,
  type TakeSnapshotResponse,
} from '../../../common/contracts/store-history';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import { fieldChanges } from '../../../common/store-history/field-diff';
import { AppError } from '../../errors';
import { toJobView } from '../../jobs/job-store';
import type { SnapshotRow } from './snapshot';
import type { SnapshotRepository } from './snapshot-repository';
import { startSnapshot, type StartSnapshotDeps } from './snapshot-take';
import { ownSnapshot } from './snapshot-read';

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
    // A page one snapshot did not read is not "added" or "removed" either (issue 40): both lists are shown.
    fromUnread: from.unreadPages ?? [],
    toUnread: to.unreadPages ?? [],
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
  return {
    changes,
    total: found.total,
    nextCursor: next < found.total ? String(next) : null,
    counts,
    unreadPages: unreadOfBoth(from.unreadPages ?? [], to.unreadPages ?? []),
  };
}

/** The pages either snapshot did not read, each named once. */
function unreadOfBoth(a: readonly UnreadPages[], b: readonly UnreadPages[]): UnreadPages[] {
  const byKey = new Map<string, UnreadPages>();
  for (const entry of [...a, ...b]) byKey.set(JSON.stringify(entry), entry);
  return [...byKey.values()];
}

/**
 * How `against=live` reaches the store now: what starting a snapshot needs, the credentials the server holds for the
 * owner's store (a signed-in user's cloud store; undefined for anyone else), and the clock.
 */
export type LiveSource = {
  deps: StartSnapshotDeps;
  credentialsOf: (storeHash: string) => Promise<StoreCredentials | undefined>;
  /** Whose requests these are for the store's scheduler (the client address, the agent). */
  caller: string;
  signal?: AbortSignal;
  now: Date;
  /** How recent a complete snapshot must be to stand for the store now; LIVE_FRESH_MINUTES unless told. */
  freshMs?: number;
};

/** A diff (200), or the snapshot of the store now being taken (202, followed as a job; then ask again). */
export type SnapshotCompareAnswer = SnapshotDiffResponse | TakeSnapshotResponse;

/**
 * The diff of two of the owner's snapshots (`GET /api/snapshots/{id}/diff` and the agents' `diff_snapshots`); with
 * `against=live`, of the snapshot and the store now (`compareWithLive`), which needs `live`.
 */
export async function compareSnapshots(
  repository: SnapshotRepository,
  owner: string | undefined,
  id: string | undefined,
  query: SnapshotDiffQuery,
  live?: LiveSource,
): Promise<SnapshotCompareAnswer> {
  const from = await ownSnapshot(repository, owner, id);
  if (query.against === SNAPSHOT_DIFF_LIVE) {
    if (from.state !== 'done') {
      throw new AppError(ERROR_CODES.snapshotNotComparable, SNAPSHOT_NOT_READY_MESSAGE);
    }
    if (!live) {
      throw new AppError(ERROR_CODES.snapshotNotComparable, SNAPSHOT_LIVE_NEEDS_SNAPSHOT_MESSAGE);
    }
    return compareWithLive(repository, from, query, live);
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

/** Whether `row` holds at least what `from` does: every part of its scope, the whole of each (not a before-job one). */
function covers(row: SnapshotRow, from: SnapshotRow): boolean {
  return row.reason !== 'before-job' && from.scope.every((part) => row.scope.includes(part));
}

/**
 * `against=live`: the store now is the owner's newest complete snapshot of the store taken after `from`, ended within
 * the freshness window, holding `from`'s scope: the diff against it, naming it. Else the owner's snapshot of that
 * scope being taken (202: follow its job, then ask again), else one started with the credentials the server holds
 * for the store (a signed-in user's cloud store), else a 409 saying how to take one.
 */
export async function compareWithLive(
  repository: SnapshotRepository,
  from: SnapshotRow,
  query: SnapshotDiffQuery,
  live: LiveSource,
): Promise<SnapshotCompareAnswer> {
  const freshSince = live.now.getTime() - (live.freshMs ?? LIVE_FRESH_MINUTES * 60_000);
  const later = (await repository.list(from.owner, from.storeHash)).filter(
    (row) => row.id !== from.id && row.createdAt > from.createdAt && covers(row, from),
  );
  // Newest first: the freshest "now". Freshness counts from its end, so a store that takes longer to read than the
  // window still gets an answer.
  const fresh = later.find(
    (row) => row.state === 'done' && (row.finishedAt ?? row.createdAt).getTime() >= freshSince,
  );
  if (fresh) {
    const diff = await diffSnapshots(repository, from, fresh, query);
    return { ...diff, against: { snapshotId: fresh.id, createdAt: fresh.createdAt.toISOString() } };
  }
  for (const row of later) {
    if (row.state !== 'running' || !row.jobId) continue;
    const job = await live.deps.jobStore.get(row.jobId);
    if (job && !isFinalJobState(job.state)) return { snapshotId: row.id, job: toJobView(job) };
  }
  const credentials = await live.credentialsOf(from.storeHash);
  if (!credentials) {
    throw new AppError(ERROR_CODES.snapshotNotComparable, SNAPSHOT_LIVE_NEEDS_SNAPSHOT_MESSAGE);
  }
  const { snapshot, job } = await startSnapshot(live.deps, {
    owner: from.owner,
    credentials,
    reason: 'manual',
    scope: from.scope as SnapshotScope[],
    caller: live.caller,
    ...(live.signal ? { signal: live.signal } : {}),
    now: live.now,
  });
  return { snapshotId: snapshot.id, job: toJobView(job) };
}
