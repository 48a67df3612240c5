// One item of a snapshot (issue 32 "Diff": "page content as the treemap's compare view"): `GET
// /api/snapshots/{id}/item?kind=&key=` answers what the snapshot stored for that item, so the Store History screen can
// open a changed page's content, before and after, in the Widgets Visualization. The owner's snapshots only, as every
// other snapshot route (another owner's snapshot is as unknown as a missing one); one row is read, by its primary key
// (snapshot-read.ts).
import { Hono, type Context } from 'hono';
import {
  SNAPSHOT_ITEM_PATH,
  snapshotItemQuerySchema,
  type SnapshotItemResponse,
} from '../../../common/contracts/store-history';
import { readInput, readQuery } from '../../tool-route';
import { jobOwner } from '../jobs/job-owner';
import type { SnapshotRepository } from './snapshot-repository';
import type { StoreHistoryRoutesDeps } from './store-history.routes';
import { ownSnapshot, readSnapshotItem } from './snapshot-read';

export type SnapshotItemRoutesDeps = Pick<StoreHistoryRoutesDeps, 'getAuth'> & {
  snapshots: SnapshotRepository;
};

export function snapshotItemRoutes(deps: SnapshotItemRoutesDeps) {
  const ownerOf = (c: Context) => jobOwner(c, deps.getAuth, { create: false });

  return new Hono().get(SNAPSHOT_ITEM_PATH, async (c) => {
    const { kind, key } = await readInput(c, snapshotItemQuerySchema, { read: readQuery });
    const snapshot = await ownSnapshot(deps.snapshots, await ownerOf(c), c.req.param('id'));
    const answer: SnapshotItemResponse = await readSnapshotItem(deps.snapshots, snapshot, kind, key);
    return c.json(answer);
  });
}
