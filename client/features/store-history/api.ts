// The Store History calls (common/contracts/store-history.ts): take a snapshot (a job, followed as every job is),
// list a store's snapshots, the diff of two, and a restore (preview, then a job). Every answer is checked with its contract.
import {
  listSnapshotsResponseSchema,
  restorePreviewResponseSchema,
  restoreStartResponseSchema,
  snapshotRestorePath,
  snapshotDiffPath,
  snapshotDiffResponseSchema,
  SNAPSHOTS_PATH,
  takeSnapshotResponseSchema,
  type RestoreItem,
  type RestorePreviewResponse,
  type Snapshot,
  type SnapshotDiffQuery,
  type SnapshotDiffResponse,
  type TakeSnapshotRequest,
  type TakeSnapshotResponse,
} from '../../../common/contracts/store-history';
import type { JobView } from '../../../common/contracts/jobs';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { apiPost, apiRequest } from '../../lib/api';

/** `POST /api/snapshots`: starts the snapshot job. */
export function takeSnapshot(body: TakeSnapshotRequest): Promise<TakeSnapshotResponse> {
  return apiPost(SNAPSHOTS_PATH, body, takeSnapshotResponseSchema);
}

/** `GET /api/snapshots?storeHash=`: the store's snapshots. */
export async function listSnapshots(storeHash: string, signal?: AbortSignal): Promise<Snapshot[]> {
  const answer = await apiRequest({
    path: `${SNAPSHOTS_PATH}?${new URLSearchParams({ storeHash }).toString()}`,
    schema: listSnapshotsResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return answer.snapshots;
}

/** `GET /api/snapshots/{id}/diff?against=&cursor=&kind=&search=`: one page of the changes from `id` to `against`. */
export function fetchSnapshotDiff(
  id: string,
  query: SnapshotDiffQuery,
  signal?: AbortSignal,
): Promise<SnapshotDiffResponse> {
  const params = new URLSearchParams({ against: query.against });
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.kind) params.set('kind', query.kind);
  if (query.search) params.set('search', query.search);
  return apiRequest({
    path: `${snapshotDiffPath(id)}?${params.toString()}`,
    schema: snapshotDiffResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** `POST /api/snapshots/{id}/restore` `{preview: true}`: what restoring these items would write, from the live store. */
export function previewRestore(
  snapshotId: string,
  body: { storeCredentials: StoreCredentials; items: RestoreItem[]; stock?: boolean },
): Promise<RestorePreviewResponse> {
  return apiPost(snapshotRestorePath(snapshotId), { ...body, preview: true }, restorePreviewResponseSchema);
}

/** `POST /api/snapshots/{id}/restore` `{preview: false, previewId}`: starts the restore job of that preview. */
export async function startRestore(
  snapshotId: string,
  body: { storeCredentials: StoreCredentials; previewId: string },
): Promise<JobView> {
  const answer = await apiPost(
    snapshotRestorePath(snapshotId),
    { ...body, preview: false },
    restoreStartResponseSchema,
  );
  return answer.job;
}
