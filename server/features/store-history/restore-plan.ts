// A restore's plan (issue 32): the items a preview found to write, each with its units (a field or part, the value to
// put back and the hash of the live value the preview saw), kept in `restore_preview.items` and then in the job's
// plan; and the job's input and backup. These shapes are persisted: a field may be added, never renamed.
import { z } from 'zod';
import { snapshotItemKindSchema, type SnapshotItemKind } from '../../../common/contracts/store-history';
import { itemId } from './item-id';

/** One unit of a planned item: its path, the value to write, and the hash of the live value the preview saw. */
export type RestoreUnit = { path: string; value: unknown; expect: string };

/** One item of a restore (or of its undo), as previewed and then worked by the job. */
export type RestorePlanItem = {
  kind: SnapshotItemKind;
  key: Record<string, unknown>;
  name: string;
  /** `delete` (an undo only): an item the restore made again, deleted again unless it changed since. */
  action: 'update' | 'create' | 'unchanged' | 'delete';
  units: RestoreUnit[];
  /**
   * For `create`, in plans kept before the body moved out (still read): the body that makes the item again (the
   * snapshot's writable fields; a product's whole snapshot).
   */
  create?: Record<string, unknown>;
  /**
   * For `create`: the hash of the snapshot's blob the item is made again from (snapshot-repository.ts `readBlob`), read
   * when the job makes it (`createBodyOf`). A plan row then holds a hash per item, not a whole product.
   */
  createFrom?: string;
  /** For `delete`: the hash (valueHash) of the item as the restore made it; left out when the restore kept none. */
  madeHash?: string;
  /** The order of writing (restoreLevel): the job writes a level's items before the next level's. */
  level?: number;
};

/** `expect` of a unit written whatever the store holds: a page of an item the restore makes again (nothing to lose). */
export const ANY_LIVE_VALUE = '*';

const unitSchema = z.object({ path: z.string(), value: z.unknown(), expect: z.string() });
export const restorePlanItemSchema = z.object({
  kind: snapshotItemKindSchema,
  key: z.record(z.string(), z.unknown()),
  name: z.string(),
  action: z.enum(['update', 'create', 'unchanged', 'delete']),
  units: z.array(unitSchema),
  create: z.record(z.string(), z.unknown()).optional(),
  createFrom: z.string().optional(),
  madeHash: z.string().optional(),
  level: z.number().optional(),
}) satisfies z.ZodType<RestorePlanItem>;

/** What a restore job's `input` holds: the items, and what they come from (a preview, or the restore it undoes). */
export const restoreInputSchema = z.object({
  snapshotId: z.string().optional(),
  previewId: z.string().optional(),
  undoOf: z.string().optional(),
  /** The snapshot of what the restore touches, taken first: the restore writes once it is complete. */
  beforeSnapshotId: z.string().optional(),
  items: z.array(restorePlanItemSchema),
});
export type RestoreInput = z.infer<typeof restoreInputSchema>;

/**
 * A backed-up item: the live values of the units the restore wrote, or the item it made again. An entry is saved
 * before the item's write is sent (with no units for a create or a delete: the mark that this job sent it), and the id
 * of an item made again once it is made, before the wave is settled.
 */
export type RestoreBackupEntry = {
  kind: RestorePlanItem['kind'];
  key: Record<string, unknown>;
  name: string;
  /** Each unit's live value before the restore, and what the restore wrote (re-pointed references). */
  units: { path: string; value: unknown; wrote?: unknown }[];
  /** The item was gone and made again with this id (a uuid for widgets, placements, templates): its undo deletes it. */
  createdId?: number | string;
  /** The hash (valueHash) of the item made again as the store held it then: its undo deletes it only if unchanged. */
  createdHash?: string;
};
export type RestoreBackup = Record<string, RestoreBackupEntry>;

/** An entry's key in the backup: the item's id (item-id.ts), a persisted spelling. */
export const backupKey = (item: { kind: string; key: Record<string, unknown> }): string => itemId(item);
