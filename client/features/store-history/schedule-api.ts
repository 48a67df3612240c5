// The scheduled snapshots' calls (common/contracts/store-history.ts, signed-in users only): the caller's schedules,
// and one cloud store's schedule saved.
import {
  listSnapshotSchedulesResponseSchema,
  putSnapshotScheduleResponseSchema,
  SNAPSHOT_SCHEDULES_PATH,
  snapshotSchedulePath,
  type PutSnapshotScheduleRequest,
  type SnapshotSchedule,
} from '../../../common/contracts/store-history';
import { apiRequest } from '../../lib/api';

export const snapshotSchedulesKey = ['snapshot-schedules'] as const;

/** `GET /api/snapshot-schedules`. */
export async function listSnapshotSchedules(signal?: AbortSignal): Promise<SnapshotSchedule[]> {
  const answer = await apiRequest({
    path: SNAPSHOT_SCHEDULES_PATH,
    schema: listSnapshotSchedulesResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return answer.schedules;
}

/** `PUT /api/snapshot-schedules/{storeId}`. */
export async function saveSnapshotSchedule(
  storeId: string,
  body: PutSnapshotScheduleRequest,
): Promise<SnapshotSchedule> {
  const answer = await apiRequest({
    method: 'PUT',
    path: snapshotSchedulePath(storeId),
    body,
    schema: putSnapshotScheduleResponseSchema,
  });
  return answer.schedule;
}
