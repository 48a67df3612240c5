// "Compare in Widgets Visualization" (issue 32 "Diff": "page content as the treemap's compare view"): a changed, added
// or removed page of the diff is read from both snapshots (`GET /api/snapshots/{id}/item`), made into two widgets
// dumps (page-dumps.ts) and handed to the Widgets Visualization (client/lib/dump-handoff.ts), which opens the older
// snapshot's page as its dump and the newer one's as the dump compared with it.
import { useMutation } from '@tanstack/react-query';
import {
  snapshotItemPath,
  snapshotItemResponseSchema,
  type Snapshot,
  type SnapshotChange,
} from '../../../common/contracts/store-history';
import type { LocalStore } from '../../../common/contracts/stores';
import { ApiError, apiRequest } from '../../lib/api';
import { useHandOffDump } from '../../lib/dump-handoff';
import { pageCompareDumps, pageKeyOf, readPageSide, type ItemReader } from './page-dumps';

/** The pair compared: the older snapshot ("from": before), the newer ("to": after), and the store they are of. */
export type PagePair = { from: Snapshot; to: Snapshot; store: LocalStore };

/** The item's content; null when the snapshot does not hold it (404). */
const readItem: ItemReader = async (snapshotId, kind, key) => {
  try {
    const answer = await apiRequest({
      path: snapshotItemPath(snapshotId, kind, key),
      schema: snapshotItemResponseSchema,
    });
    return answer.item.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && kind === 'widget-template') return null;
    throw error;
  }
};

/** Whether a change of the diff can be opened in the Widgets Visualization (a page's). */
export function isComparablePage(change: SnapshotChange): boolean {
  return change.kind === 'page' && pageKeyOf(change.key) !== null;
}

/** Reads the page of `change` from both snapshots of the pair, then opens the Widgets Visualization comparing them. */
export function usePageCompare(pair: PagePair) {
  const handOff = useHandOffDump();
  return useMutation({
    mutationFn: async (change: SnapshotChange) => {
      const key = pageKeyOf(change.key);
      if (!key) throw new Error('Not a page');
      const [before, after] = await Promise.all([
        readPageSide(readItem, pair.from, key, change.change !== 'added'),
        readPageSide(readItem, pair.to, key, change.change !== 'removed'),
      ]);
      return pageCompareDumps(pair.from.storeHash, key, before, after);
    },
    onSuccess: ({ main, compare }) =>
      handOff('widgets-visualization', { ...main, sourceStore: pair.store, compare }),
  });
}
