// Store History's API (issue 32): take a snapshot (a job), list a store's snapshots, compare two, or one with the store
// now (the diff against a fresh snapshot, or 202 and the job taking one). A snapshot belongs to its taker (the
// signed-in user, or the visitor's cookie, as jobs do); no one else can list, compare or delete it.
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  listSnapshotsQuerySchema,
  restoreRequestSchema,
  SNAPSHOT_DIFF_LIVE,
  SNAPSHOT_DIFF_PATH,
  SNAPSHOT_RESTORE_PATH,
  SNAPSHOT_RUNNING_MESSAGE,
  SNAPSHOTS_PATH,
  snapshotDiffQuerySchema,
  takeSnapshotRequestSchema,
  type ListSnapshotsResponse,
  type RestoreStartResponse,
  type TakeSnapshotResponse,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { toJobView } from '../../jobs/job-store';
import { callerSignal, readInput, readQuery } from '../../tool-route';
import { jobOwner } from '../jobs/job-owner';
import type { JobRoutesDeps } from '../jobs/start-job';
import type { SnapshotRepository } from './snapshot-repository';
import type { CloudStoreCredentials } from './snapshot-schedule-tick';
import { toSnapshotView } from './snapshot';
import { compareSnapshots } from './snapshot-diff';
import { listSnapshots, ownSnapshot } from './snapshot-read';
import { startSnapshot } from './snapshot-take';
import type { RestorePreviewRepository } from './restore-preview-repository';
import type { IdMapRepository } from './id-map';
import { assertRestorable, previewRestore } from './restore-preview';
import { startRestore } from './restore-start';

export type StoreHistoryRoutesDeps = JobRoutesDeps & {
  snapshots: SnapshotRepository;
  /** A signed-in user's cloud stores, credentials unsealed: how `against=live` reads the store now. */
  cloudStoresOf: (userId: string) => Promise<CloudStoreCredentials[]>;
  restorePreviews: RestorePreviewRepository;
  /** The stores' old-to-new ids (issue 40). */
  storeIdMaps: IdMapRepository;
};

const SNAPSHOT_PATH = `${SNAPSHOTS_PATH}/:id`;

export function storeHistoryRoutes(deps: StoreHistoryRoutesDeps) {
  const ownerOf = (c: Context) => jobOwner(c, deps.getAuth, { create: false });

  return new Hono()
    .post(SNAPSHOTS_PATH, async (c) => {
      const request = await readInput(c, takeSnapshotRequestSchema);
      const owner = (await jobOwner(c, deps.getAuth, { create: true })) ?? 'visitor:unknown';
      const { snapshot, job } = await startSnapshot(deps, {
        owner,
        credentials: request.storeCredentials,
        reason: 'manual',
        scope: request.scope,
        caller: deps.callerOf(c),
        signal: callerSignal(c),
        now: new Date(),
      });
      const answer: TakeSnapshotResponse = { snapshotId: snapshot.id, job: toJobView(job) };
      return c.json(answer, 202);
    })
    .get(SNAPSHOTS_PATH, async (c) => {
      const { storeHash } = await readInput(c, listSnapshotsQuerySchema, { read: readQuery });
      const owner = await jobOwner(c, deps.getAuth, { create: false });
      const rows = await listSnapshots(deps, owner, storeHash);
      // A before-job snapshot names the write that followed it (issue 44).
      const beforeIds = rows.filter((row) => row.reason === 'before-job').map((row) => row.id);
      const following = owner ? await deps.jobStore.followingSnapshots(owner, beforeIds) : [];
      const answer: ListSnapshotsResponse = {
        snapshots: rows.map((row) => {
          const next = following.find((found) => found.beforeSnapshotId === row.id);
          return toSnapshotView(row, next ? { id: next.id, kind: next.kind } : null);
        }),
      };
      return c.json(answer);
    })
    .get(SNAPSHOT_DIFF_PATH, async (c) => {
      const query = await readInput(c, snapshotDiffQuerySchema, { read: readQuery });
      const owner = await ownerOf(c);
      const answer = await compareSnapshots(deps.snapshots, owner, c.req.param('id'), query, {
        deps,
        // The store now is read only with credentials the server keeps: the signed-in user's cloud stores.
        credentialsOf: async (storeHash) => {
          if (!owner?.startsWith('user:')) return undefined;
          const store = (await deps.cloudStoresOf(owner.slice('user:'.length))).find(
            (s) => s.storeHash === storeHash,
          );
          return store
            ? {
                storeHash: store.storeHash,
                accessToken: store.accessToken,
                ...(store.clientId ? { clientId: store.clientId } : {}),
              }
            : undefined;
        },
        caller: deps.callerOf(c),
        signal: callerSignal(c),
        now: new Date(),
      });
      // against=live: the answer depends on the store's snapshots of the moment.
      if (query.against === SNAPSHOT_DIFF_LIVE) c.header('Cache-Control', 'no-store');
      return 'job' in answer ? c.json(answer satisfies TakeSnapshotResponse, 202) : c.json(answer);
    })
    .post(SNAPSHOT_RESTORE_PATH, async (c) => {
      const request = await readInput(c, restoreRequestSchema);
      const snapshot = await ownSnapshot(deps.snapshots, await ownerOf(c), c.req.param('id'));
      const credentials = request.storeCredentials;
      assertRestorable(snapshot, credentials.storeHash);
      const serviceDeps = {
        snapshots: deps.snapshots,
        previews: deps.restorePreviews,
        idMap: deps.storeIdMaps,
      };
      const client = deps.clients.forStore(credentials, { caller: deps.callerOf(c) });
      if (request.preview) {
        return c.json(
          await previewRestore(serviceDeps, client, snapshot, request.items, {
            stock: request.stock === true,
          }),
        );
      }
      const job = await startRestore(
        {
          ...serviceDeps,
          jobStore: deps.jobStore,
          jobQueue: deps.jobQueue,
          getTokenCipher: deps.getTokenCipher,
        },
        {
          snapshot,
          credentials,
          client,
          previewId: request.previewId,
          jobId: randomUUID(),
          signal: callerSignal(c),
        },
      );
      return c.json({ job: toJobView(job) } satisfies RestoreStartResponse, 202);
    })
    .delete(SNAPSHOT_PATH, async (c) => {
      const row = await ownSnapshot(deps.snapshots, await ownerOf(c), c.req.param('id'));
      if (row.state === 'running') {
        throw new AppError(ERROR_CODES.snapshotRunning, SNAPSHOT_RUNNING_MESSAGE);
      }
      await deps.snapshots.delete(row);
      return c.body(null, 204);
    });
}
