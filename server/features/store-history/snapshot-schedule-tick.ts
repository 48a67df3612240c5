// The hourly tick of Store History (issue 32), fired by a pg-boss cron on one instance (server/jobs/job-queue.ts
// `registerCron`), and callable with any clock (tests): it starts the scheduled snapshots due this UTC hour that have
// not run today (each day claimed by a compare-and-set, so twice the tick, or two instances, start one snapshot), and
// deletes the snapshots of visitors idle longer than the demo stores' expiry, blobs included.
import { isFinalJobState } from '../../../common/contracts/jobs';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { isBigCommerceError } from '../../integrations/bigcommerce';
import type { Logger } from '../../logger';
import type { IdMapRepository } from './id-map';
import { retentionOf, utcDay, type SnapshotScheduleRepository } from './snapshot-schedules';
import { startSnapshot, type StartSnapshotDeps } from './snapshot-take';

/** A signed-in user's cloud store, its credentials unsealed (the Store Manager's list, server/features/stores/). */
export type CloudStoreCredentials = StoreCredentials & { id: string };

export type ScheduleTickDeps = StartSnapshotDeps & {
  schedules: SnapshotScheduleRepository;
  cloudStoresOf: (userId: string) => Promise<CloudStoreCredentials[]>;
  /** A visitor's snapshots are deleted once the visitor has taken none for this long (the demo stores' idle expiry). */
  visitorExpiryMs: number;
  /** The stores' id maps: a visitor's demo copy's goes with the visitor's snapshots (issue 40). */
  idMaps?: Pick<IdMapRepository, 'forgetDemoCopies'>;
  logger: Logger;
};

export type ScheduleTickResult = {
  /** Snapshot ids started, by store id. */
  started: { storeId: string; snapshotId: string }[];
  failed: { storeId: string; error: string }[];
  /** Visitors' snapshots deleted. */
  expired: number;
};

export const STORE_GONE_MESSAGE = 'This store is no longer in your Store Manager.';

function messageOf(error: unknown): string {
  return error instanceof AppError || isBigCommerceError(error)
    ? error.message
    : 'The scheduled snapshot could not start. It will be tried again tomorrow.';
}

export async function runScheduleTick(deps: ScheduleTickDeps, now: Date): Promise<ScheduleTickResult> {
  const result: ScheduleTickResult = { started: [], failed: [], expired: 0 };
  const day = utcDay(now);
  const storesByUser = new Map<string, Promise<CloudStoreCredentials[]>>();
  for (const schedule of await deps.schedules.due(now.getUTCHours(), day)) {
    if (!(await deps.schedules.claim(schedule, day, now))) continue;
    try {
      if (!storesByUser.has(schedule.userId)) {
        storesByUser.set(schedule.userId, deps.cloudStoresOf(schedule.userId));
      }
      const store = (await storesByUser.get(schedule.userId)!).find((s) => s.id === schedule.storeId);
      if (!store) throw new AppError(ERROR_CODES.storeNotFound, STORE_GONE_MESSAGE);
      const { snapshot } = await startSnapshot(deps, {
        owner: `user:${schedule.userId}`,
        credentials: {
          storeHash: store.storeHash,
          accessToken: store.accessToken,
          ...(store.clientId ? { clientId: store.clientId } : {}),
        },
        reason: 'scheduled',
        retention: retentionOf(schedule),
        caller: `schedule:${schedule.userId}`,
        now,
      });
      await deps.schedules.recordRun(schedule, { snapshotId: snapshot.id });
      result.started.push({ storeId: schedule.storeId, snapshotId: snapshot.id });
    } catch (error) {
      const message = messageOf(error);
      if (!(error instanceof AppError) && !isBigCommerceError(error)) {
        deps.logger.error({ err: error, storeId: schedule.storeId }, 'a scheduled snapshot did not start');
      }
      await deps.schedules.recordRun(schedule, { error: message });
      result.failed.push({ storeId: schedule.storeId, error: message });
    }
  }
  result.expired = await expireVisitorSnapshots(deps, now);
  return result;
}

/**
 * Deletes the snapshots of visitors idle for `visitorExpiryMs`; one still being taken stays until its job ends. The id
 * map of each demo copy they were of goes with them once no snapshot of it is left (id-map.ts `forgetDemoCopies`).
 */
export async function expireVisitorSnapshots(
  deps: Pick<ScheduleTickDeps, 'snapshots' | 'jobStore' | 'visitorExpiryMs' | 'idMaps'>,
  now: Date,
): Promise<number> {
  let deleted = 0;
  const stores = new Set<string>();
  for (const row of await deps.snapshots.ofIdleVisitors(new Date(now.getTime() - deps.visitorExpiryMs))) {
    if (row.state === 'running' && row.jobId) {
      const job = await deps.jobStore.get(row.jobId);
      if (job && !isFinalJobState(job.state)) continue;
    }
    await deps.snapshots.delete(row);
    stores.add(row.storeHash);
    deleted += 1;
  }
  await deps.idMaps?.forgetDemoCopies(stores);
  return deleted;
}
