// Scheduled snapshots' API (issue 32): a signed-in user's schedules, one per cloud store (a visitor: the app's 401).
import { Hono } from 'hono';
import {
  DEFAULT_SNAPSHOT_RETENTION,
  putSnapshotScheduleRequestSchema,
  SNAPSHOT_SCHEDULE_PATH,
  SNAPSHOT_SCHEDULE_STORE_MESSAGE,
  SNAPSHOT_SCHEDULES_PATH,
  type ListSnapshotSchedulesResponse,
  type PutSnapshotScheduleResponse,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import { readInput } from '../../tool-route';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/session';
import type { CloudStoreCredentials } from './snapshot-schedule-tick';
import { toScheduleView, type SnapshotScheduleRepository } from './snapshot-schedules';

export type SnapshotScheduleRoutesDeps = {
  getAuth: () => Promise<Auth>;
  jobQueue: JobQueue;
  logger: Logger;
  snapshotSchedules: SnapshotScheduleRepository;
  /** The user's cloud stores (the Store Manager's list on the server). */
  cloudStoresOf: (userId: string) => Promise<CloudStoreCredentials[]>;
};

export function snapshotScheduleRoutes(deps: SnapshotScheduleRoutesDeps) {
  return new Hono()
    .get(SNAPSHOT_SCHEDULES_PATH, async (c) => {
      const user = await requireUser(await deps.getAuth(), c.req.raw.headers);
      const stores = new Map((await deps.cloudStoresOf(user.id)).map((s) => [s.id, s.storeHash]));
      const rows = await deps.snapshotSchedules.list(user.id);
      const answer: ListSnapshotSchedulesResponse = {
        schedules: rows.flatMap((row) => {
          const storeHash = stores.get(row.storeId);
          return storeHash ? [toScheduleView(row, storeHash)] : [];
        }),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    })
    .put(SNAPSHOT_SCHEDULE_PATH, async (c) => {
      const user = await requireUser(await deps.getAuth(), c.req.raw.headers);
      const request = await readInput(c, putSnapshotScheduleRequestSchema);
      const storeId = c.req.param('storeId');
      const store = (await deps.cloudStoresOf(user.id)).find((s) => s.id === storeId);
      if (!store) throw new AppError(ERROR_CODES.storeNotFound, SNAPSHOT_SCHEDULE_STORE_MESSAGE);
      const row = await deps.snapshotSchedules.put(
        user.id,
        store.id,
        {
          enabled: request.enabled,
          hour: request.hour,
          keepDaily: request.keepDaily ?? DEFAULT_SNAPSHOT_RETENTION.keepDaily,
          keepWeekly: request.keepWeekly ?? DEFAULT_SNAPSHOT_RETENTION.keepWeekly,
          keepMonthly: request.keepMonthly ?? DEFAULT_SNAPSHOT_RETENTION.keepMonthly,
        },
        new Date(),
      );
      // The hourly cron runs where pg-boss runs: an instance with a schedule on starts it.
      if (row.enabled) {
        deps.jobQueue
          .start()
          .catch((error: unknown) => deps.logger.error({ err: error }, 'the job queue did not start'));
      }
      const answer: PutSnapshotScheduleResponse = { schedule: toScheduleView(row, store.storeHash) };
      return c.json(answer);
    });
}
