// One item of a snapshot (issue 32 "Diff": "page content as the treemap's compare view"): `GET
// /api/snapshots/{id}/item?kind=&key=` answers what the snapshot stored for that item, so the Store History screen can
// open a changed page's content, before and after, in the Widgets Visualization. The owner's snapshots only, as every
// other snapshot route (another owner's snapshot is as unknown as a missing one); one row is read, by its primary key.
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  SNAPSHOT_ITEM_NOT_FOUND_MESSAGE,
  SNAPSHOT_ITEM_PATH,
  snapshotItemQuerySchema,
  type SnapshotItemResponse,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import type { Db } from '../../db/database';
import { snapshotItem } from '../../db/schema';
import { AppError } from '../../errors';
import { readInput, readQuery } from '../../tool-route';
import { jobOwner } from '../jobs/job-owner';
import type { SnapshotRepository } from './snapshot-repository';
import { itemKeyText } from './snapshot-repository';
import type { StoreHistoryRoutesDeps } from './store-history.routes';
import { ownSnapshot } from './store-history.service';

export type SnapshotItemRoutesDeps = Pick<StoreHistoryRoutesDeps, 'getAuth'> & {
  snapshots: SnapshotRepository;
  database: { db: Db };
};

export function snapshotItemRoutes(deps: SnapshotItemRoutesDeps) {
  const ownerOf = (c: Context) => jobOwner(c, deps.getAuth, { create: false });

  return new Hono().get(SNAPSHOT_ITEM_PATH, async (c) => {
    const { kind, key } = await readInput(c, snapshotItemQuerySchema, { read: readQuery });
    const snapshot = await ownSnapshot(deps.snapshots, await ownerOf(c), c.req.param('id'));
    const [row] = await deps.database.db
      .select({ itemKey: snapshotItem.itemKey, name: snapshotItem.name, hash: snapshotItem.hash })
      .from(snapshotItem)
      .where(
        and(
          eq(snapshotItem.snapshotId, snapshot.id),
          eq(snapshotItem.kind, kind),
          eq(snapshotItem.itemKey, itemKeyText(key)),
        ),
      );
    const data = row ? await deps.snapshots.readBlob(snapshot.owner, row.hash) : null;
    if (!row || data === null) {
      throw new AppError(ERROR_CODES.snapshotNotFound, SNAPSHOT_ITEM_NOT_FOUND_MESSAGE);
    }
    const answer: SnapshotItemResponse = {
      item: { kind, key: JSON.parse(row.itemKey) as Record<string, unknown>, name: row.name, data },
    };
    return c.json(answer);
  });
}
