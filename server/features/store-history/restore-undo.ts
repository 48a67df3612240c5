// Undoing a restore (issue 32 "Every restore is itself undoable"): a restore of the job's backup, under the same rule
// against what the restore wrote (an item changed since is skipped); an item the restore made again (it had been
// deleted since the snapshot) is deleted again, unless it changed since the restore made it. The undo is the
// `snapshot-restore` kind run with `undoOf`: restore.job.ts works its items, `decideDelete` decides its deletes.
import {
  RESTORE_STALE_REASON,
  RESTORE_UNDO_ALREADY_DELETED_REASON,
  RESTORE_UNDO_DELETED_REASON,
  RESTORE_UNDO_UNCHECKED_REASON,
  type RestoreUndoPreviewItem,
} from '../../../common/contracts/store-history';
import { type BigCommerceClient } from '../../integrations/bigcommerce';
import type { JobUndo } from '../../jobs/job-kinds';
import type { JobRow } from '../../jobs/job-store';
import {
  comparable,
  jsonValue,
  sameUnitValue,
  unitHash,
  unitOf,
  unitValue,
  valueHash,
} from './restore-paths';
import { deleteItem, hasSubcategories, readLive } from './live-items';
import {
  backupKey,
  type RestoreBackup,
  type RestoreInput,
  type RestoreBackupEntry,
  type RestorePlanItem,
} from './restore-plan';
import { restoreTargets } from './restore-start';
import { mapBounded } from '../../../common/map-bounded';

import { outcome, RESTORE_WAVE, type Decision, type RestoreWriteContext } from './restore-decision';

/** Why an undo leaves an item the restore made again (`live`, as the store holds it now), or null to delete it. */
async function keepReason(
  client: BigCommerceClient,
  item: RestorePlanItem,
  live: unknown,
): Promise<string | null> {
  if (item.madeHash === undefined) return RESTORE_UNDO_UNCHECKED_REASON;
  if (valueHash(live) !== item.madeHash) return RESTORE_STALE_REASON;
  // A category made again that has categories under it now: deleting it would delete them too.
  if (item.kind === 'category' && (await hasSubcategories(client, Number(item.key.id)))) {
    return RESTORE_STALE_REASON;
  }
  return null;
}

/** An undo's delete of an item the restore made again: gone already (done), changed since (left), or deleted. */
export async function decideDelete(
  deps: RestoreWriteContext,
  item: RestorePlanItem,
  backedUp: RestoreBackupEntry | undefined,
): Promise<Decision> {
  const { client } = deps;
  const live = await readLive(client, item.kind, item.key);
  if (live === null) {
    // With a backup entry, an earlier attempt of this job sent the delete.
    return {
      end: outcome(
        item,
        'written',
        backedUp ? RESTORE_UNDO_DELETED_REASON : RESTORE_UNDO_ALREADY_DELETED_REASON,
      ),
    };
  }
  const keep = await keepReason(client, item, live);
  if (keep) return { end: outcome(item, 'skipped', keep) };
  return {
    item,
    ...(backedUp ? {} : { backup: { kind: item.kind, key: item.key, name: item.name, units: [] } }),
    write: async () => {
      const deleted = await deleteItem(client, item.kind, item.key);
      // Nothing refers to it any more: later restores make it again from the snapshot.
      await deps.forgetMade(item);
      return { reason: deleted ? RESTORE_UNDO_DELETED_REASON : RESTORE_UNDO_ALREADY_DELETED_REASON };
    },
  };
}

export function restoreUndo(): JobUndo {
  return {
    kind: 'snapshot-restore',
    preview: async (row, client) => ({ items: await previewUndo(client, undoItems(row)) }),
    input: (row): RestoreInput => ({ undoOf: row.id, items: undoItems(row) }),
    // What the undo touches, as the store holds it now (issue 32: every write job, an undo included).
    before: (row) => restoreTargets(undoItems(row)),
  };
}

/**
 * The items of a restore's undo: each item the restore wrote, back to the live values it saved, checked against
 * what the restore wrote (an item changed since is skipped); each item it made again, deleted, checked against the
 * hash of the item as it was made (one changed since is skipped, one gone already is done).
 */
export function undoItems(row: JobRow): RestorePlanItem[] {
  const plan = (row.plan as RestorePlanItem[] | null) ?? [];
  const backup = row.backup as RestoreBackup;
  const items = plan.flatMap((item): RestorePlanItem[] => {
    const saved = backup[backupKey(item)];
    if (!saved) return [];
    if (saved.createdId !== undefined) {
      return [
        {
          kind: item.kind,
          key: { id: saved.createdId },
          name: item.name,
          action: 'delete',
          units: [],
          ...(item.level === undefined ? {} : { level: item.level }),
          ...(saved.createdHash === undefined ? {} : { madeHash: saved.createdHash }),
        },
      ];
    }
    if (saved.units.length === 0) return [];
    const written = new Map(item.units.map((unit) => [unit.path, unit.value]));
    return [
      {
        kind: item.kind,
        // The key the restore wrote (a page of an item made again is on its new id; the undo re-points nothing).
        key: saved.key,
        name: item.name,
        action: 'update',
        units: saved.units.map((unit) => ({
          path: unit.path,
          value: unit.value,
          // A part is checked by its content: the elements the restore made have ids of their own.
          expect: unitHash(
            unitOf(item.kind, unit.path),
            'wrote' in unit ? unit.wrote : written.get(unit.path),
          ),
        })),
      },
    ];
  });
  // The reverse of the restore's order (issue 40): first every value written back (while the items made again that
  // they name still exist, so each is found as the restore left it), then the items made again deleted, children
  // before parents (a category with a category under it is not deleted).
  const updates = items.filter((item) => item.action !== 'delete').map((item) => ({ ...item, level: 0 }));
  const deletes = items
    .filter((item) => item.action === 'delete')
    .map((item) => ({ ...item, level: 1000 - (item.level ?? 0) }))
    .sort((a, b) => a.level - b.level);
  return [...updates.reverse(), ...deletes];
}

/** What an undo would change, from the store's live values (`POST /api/jobs/{id}/undo/preview`). */
async function previewUndo(
  client: BigCommerceClient,
  items: readonly RestorePlanItem[],
): Promise<RestoreUndoPreviewItem[]> {
  return mapBounded(items, RESTORE_WAVE, async (item): Promise<RestoreUndoPreviewItem> => {
    const live = await readLive(client, item.kind, item.key);
    const head = { kind: item.kind, key: item.key as RestoreUndoPreviewItem['key'], name: item.name };
    if (item.action === 'delete') {
      // An item the restore made again: deleted, unless it is gone already or changed since (then left as it is).
      const keep = live === null ? RESTORE_UNDO_ALREADY_DELETED_REASON : await keepReason(client, item, live);
      return keep
        ? { ...head, action: 'unchanged', fields: [], reason: keep }
        : { ...head, action: 'delete', fields: [] };
    }
    const fields = item.units.flatMap((planned) => {
      const unit = unitOf(item.kind, planned.path);
      const now = unit ? unitValue(live, unit) : undefined;
      if (sameUnitValue(unit, now, planned.value)) return [];
      // A part is shown as it is compared (restore-preview.ts planItem).
      return [
        {
          path: planned.path,
          live: jsonValue(comparable(unit, now)),
          restored: jsonValue(comparable(unit, planned.value)),
        },
      ];
    });
    return { ...head, action: fields.length === 0 ? 'unchanged' : 'update', fields };
  });
}
