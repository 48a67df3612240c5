// A restore's decision for one item (issue 32): what a wave's item needs (the store, the id map as of this wave, the
// job's records) and what is decided for it: its end now (already there, changed since, gone), or a write to send
// (after its backup). The restore (restore.job.ts) and its undo (restore-undo.ts) decide through these.
import type { JobItemOutcome } from '../../../common/contracts/jobs';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import type { Logger } from '../../logger';
import type { IdMap } from './id-map';
import type { RestoreBackupEntry, RestorePlanItem } from './restore-plan';

/** Items worked at once (each one to a few requests, through the store's scheduler). */
export const RESTORE_WAVE = 8;
/**
 * Where a test makes the worker die: before the wave is sent; once an item's create is answered and before its id is
 * recorded (the id map and the backup's mark); once the wave is sent (the ids recorded, their hashes not yet saved);
 * and before the wave is settled.
 */
export type RestoreFaultPoint = 'before-send' | 'after-create' | 'after-send' | 'before-settle';

/** What an item's decision and write need: the store, the id map as of this wave, and the job's records. */
export type RestoreWriteContext = {
  client: BigCommerceClient;
  logger: Logger;
  /** The store's id map; empty for an undo, which writes back the values it saved as they were. */
  map: IdMap;
  /** An undo: its values are not re-pointed, and an entity it names is written back even if gone since. */
  isUndo: boolean;
  /** Records an item made again (the store's id map), as soon as its new id is known. */
  recordMade: (item: RestorePlanItem, newId: number | string) => Promise<void>;
  /** Saves a made-again mark in the job's backup at once (the undo then knows the item whatever happens next). */
  saveMark: (entry: RestoreBackupEntry) => Promise<void>;
  /** An item the undo deleted leaves the id map. */
  forgetMade: (item: RestorePlanItem) => Promise<void>;
  /** The body that makes an item again: the plan's own (older plans), or read from the snapshot's blob. */
  createBody: (item: RestorePlanItem) => Promise<Record<string, unknown> | undefined>;
  /** Tests only: the worker dies here (RestoreJobDeps.faults). */
  fault: (point: RestoreFaultPoint) => Promise<void>;
  /** Whether the item of this kind and id existed at the snapshot (the plan names it, or the snapshot holds it). */
  heldBefore: (kind: RestorePlanItem['kind'], id: string) => Promise<boolean>;
};

export type Decision =
  /** `mark`: the item an earlier attempt made again, whose id this one saves. */
  | { end: JobItemOutcome; mark?: RestoreBackupEntry }
  | {
      write: () => Promise<{ reason: string | null; mark?: RestoreBackupEntry }>;
      backup?: RestoreBackupEntry;
      item: RestorePlanItem;
    };

export const outcome = (
  item: RestorePlanItem,
  end: JobItemOutcome['outcome'],
  reason: string | null,
): JobItemOutcome => ({ kind: item.kind, key: item.key, name: item.name, outcome: end, reason });
