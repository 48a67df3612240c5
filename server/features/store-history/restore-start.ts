// The start of a restore (issue 32): the one way a kept preview becomes a `snapshot-restore` job, used by
// `POST /api/snapshots/{id}/restore` {preview: false} and by the agents' `restore_snapshot` with its confirmation
// (issue 33). A preview starts one job: a second start of it (a double click, a retry) answers the first one's job.
import type { StoreCredentials } from '../../../common/contracts/stores';
import { RESTORE_PREVIEW_EXPIRED_MESSAGE } from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import { assertRoomForJob, type JobRow } from '../../jobs/job-store';
import { startJob, type JobRoutesDeps } from '../jobs/start-job';
import type { SnapshotRow } from './snapshot';
import { livePreview, type RestoreServiceDeps } from './restore-preview';
import type { RestorePlanItem } from './restore-plan';
import type { SnapshotTargets } from './snapshot-steps';
import { startSnapshot } from './snapshot-take';

export type RestoreStartDeps = RestoreServiceDeps &
  Pick<JobRoutesDeps, 'jobStore' | 'jobQueue' | 'getTokenCipher'>;

/** What a restore touches, as a before-job snapshot's targets. */
export function restoreTargets(items: readonly RestorePlanItem[]): SnapshotTargets {
  const ids = (kind: RestorePlanItem['kind']) =>
    items.filter((item) => item.kind === kind).map((item) => item.key.id);
  const numbers = (kind: RestorePlanItem['kind']) =>
    ids(kind).filter((id): id is number => typeof id === 'number');
  return {
    products: numbers('product'),
    categories: numbers('category'),
    brands: numbers('brand'),
    widgetTemplates: ids('widget-template').filter((id): id is string => typeof id === 'string'),
    widgets: ids('widget').filter((id): id is string => typeof id === 'string'),
    placements: ids('placement').filter((id): id is string => typeof id === 'string'),
    webPages: numbers('web-page'),
    blogPosts: numbers('blog-post'),
    redirects: numbers('redirect'),
    pages: items
      .filter((item) => item.kind === 'page')
      .map((item) => ({
        channelId: Number(item.key.channelId),
        templateFile: typeof item.key.templateFile === 'string' ? item.key.templateFile : null,
        entityId: typeof item.key.entityId === 'string' ? item.key.entityId : null,
      })),
  };
}

/** Starts the job of the owner's live preview `previewId` under `jobId`, or answers the job it already started. */
export async function startRestore(
  deps: RestoreStartDeps,
  input: {
    snapshot: SnapshotRow;
    credentials: StoreCredentials;
    client: BigCommerceClient;
    previewId: string;
    jobId: string;
    signal?: AbortSignal;
  },
): Promise<JobRow> {
  const { snapshot, credentials, client, jobId } = input;
  const preview = await livePreview(deps, snapshot, input.previewId);
  if (preview.jobId) {
    const started = await deps.jobStore.get(preview.jobId);
    if (started) return started;
  }
  await assertRoomForJob(deps.jobStore, snapshot.owner, snapshot.storeHash);
  // The store must answer to these credentials before the job is queued.
  await client.store.get({ signal: input.signal });
  if (!(await deps.previews.claim(preview.id, jobId))) {
    const again = await livePreview(deps, snapshot, input.previewId);
    const started = again.jobId ? await deps.jobStore.get(again.jobId) : undefined;
    if (started) return started;
    throw new AppError(ERROR_CODES.restorePreviewExpired, RESTORE_PREVIEW_EXPIRED_MESSAGE);
  }
  try {
    // Its own before-snapshot first (issue 32: every restore is undoable): what it touches, as the store holds it
    // now; the job writes once that snapshot is complete.
    const before = await startSnapshot(deps, {
      owner: snapshot.owner,
      credentials,
      reason: 'before-job',
      targets: restoreTargets(preview.items as RestorePlanItem[]),
      caller: snapshot.owner,
      ...(input.signal ? { signal: input.signal } : {}),
      now: new Date(),
    });
    return await startJob(deps, {
      id: jobId,
      kind: 'snapshot-restore',
      owner: snapshot.owner,
      input: {
        snapshotId: snapshot.id,
        previewId: preview.id,
        beforeSnapshotId: before.snapshot.id,
        items: preview.items,
      },
      credentials: { target: credentials },
      now: new Date(),
    });
  } catch (error) {
    if (!(await deps.jobStore.get(jobId))) await deps.previews.release(preview.id, jobId);
    throw error;
  }
}
