// A Store History restore as a job (issue 32): the `snapshot-restore` kind. Its plan is the preview's items; each slice
// works waves of them from the checkpoint. Per item: the store is read again; a unit already at the snapshot's value is
// done; one neither there nor at the value the preview saw was changed since, so the item is skipped and left as it
// is; the others are written, after their live values are saved in the job's backup. A wave's counts and outcomes are
// settled in one compare-and-set write (job-store.ts settleBatch), so a resumed slice (a restart, an expired lease)
// counts an item once, and finds what an earlier attempt wrote already in place rather than writing it twice.
// Undoing a restore is a restore of the backup, with the same rule against what the restore wrote; an item the restore
// made again (it had been deleted since the snapshot) is deleted again, unless it changed since the restore made it.
import type { JobItemOutcome } from '../../../common/contracts/jobs';
import { RESTORE_ALREADY_REASON, RESTORE_STALE_REASON } from '../../../common/contracts/store-history';
import { AppError } from '../../errors';
import {
  isBigCommerceError,
  type BigCommerceClient,
  type BigCommerceClientFactory,
} from '../../integrations/bigcommerce';
import type { JobKindDefinition } from '../../jobs/job-kinds';
import type { SliceOutcome } from '../../jobs/job-queue';
import type { JobRow, JobStore } from '../../jobs/job-store';
import { jobSlice, liveRow, planOnce, settleWave, sliceTimeUp } from '../../jobs/slice';
import { openCredentials, type Sealer } from '../../jobs/sealed-credentials';
import type { Logger } from '../../logger';
import { jsonValue, sameUnitValue, unitHash, unitOf, unitValue, valueHash } from './restore-paths';
import {
  DELETED_NOT_SUPPORTED,
  findByName,
  readLive,
  RestoreWriteError,
  writeCreate,
  writeUnits,
  writeUpdate,
} from './live-items';
import {
  ANY_LIVE_VALUE,
  backupKey,
  restoreInputSchema,
  type RestoreBackup,
  type RestoreBackupEntry,
  type RestorePlanItem,
} from './restore-plan';
import { itemId } from './item-id';
import { EMPTY_ID_MAP, type IdMap, type IdMapRepository } from './id-map';
import { createProductWhole } from './restore-create';
import { FOUND_BY_CONTENT } from './live-content-items';
import { createBodyOf } from './restore-preview';
import {
  cannotMakeText,
  droppedText,
  cannotMakeWithout,
  repointField,
  repointItem,
  repointKey,
  resolveReferences,
} from './restore-refs';
import {
  outcome,
  RESTORE_WAVE,
  type Decision,
  type RestoreFaultPoint,
  type RestoreWriteContext,
} from './restore-decision';
import { decideDelete, restoreUndo } from './restore-undo';
import { mapBounded } from '../../../common/map-bounded';

export type RestoreJobDeps = {
  jobs: JobStore;
  clients: BigCommerceClientFactory;
  getCipher: () => Promise<Sealer>;
  logger: Logger;
  now?: () => Date;
  /** The store's old-to-new ids (issue 40): recorded as items are made again, read to re-point references. */
  idMap?: IdMapRepository;
  /**
   * The snapshots' blobs (snapshot-repository.ts `readBlob`): the body of an item made again is read from its blob
   * (`RestorePlanItem.createFrom`) when the job makes it.
   */
  blobs?: { readBlob: (owner: string, hash: string) => Promise<unknown> };
  /**
   * Whether a snapshot holds an item of this kind and key (snapshot-repository.ts `holds`): an item it held existed at
   * the snapshot, so a retried create never takes it for the one an earlier attempt made.
   */
  snapshotHolds?: (
    snapshotId: string,
    kind: RestorePlanItem['kind'],
    key: Record<string, unknown>,
  ) => Promise<boolean>;
  /** The before-job snapshots' state (a restore waits for its own before it writes). */
  snapshotState?: (snapshotId: string) => Promise<string | undefined>;
  /** How long a slice waits for the before-job snapshot before it is queued again. Default 1 s. */
  snapshotWaitMs?: number;
  /** Tests only: where a worker may die (as bulk-edit.job.ts FaultPoint). */
  faults?: (point: RestoreFaultPoint, jobId: string) => Promise<void>;
};

/** Said when the snapshot an item is made again from was deleted between the preview and the job. */
export const RESTORE_BLOB_GONE_REASON =
  'The snapshot this item would be made again from has been deleted since the preview';

/** The words of a failure the user reads: BigCommerce's message, ours, or a plain one for anything else. */
function reasonOf(error: unknown, logger: Logger, jobId: string): string {
  if (isBigCommerceError(error) || error instanceof AppError || error instanceof RestoreWriteError) {
    return error.message;
  }
  logger.error({ err: error, jobId }, 'restore item failed');
  return 'The item could not be written because of an unexpected error';
}

/**
 * The planned units' values with the references they make re-pointed (an item made again earlier in this restore),
 * read in the item as the store holds it with the planned fields over it (a placement's entity by its template file).
 */
function repointUnits(
  kind: RestorePlanItem['kind'],
  units: RestorePlanItem['units'],
  map: IdMap,
  live: unknown,
): RestorePlanItem['units'] {
  const fields: Record<string, unknown> = {};
  for (const unit of units) {
    const field = unitOf(kind, unit.path);
    if (field?.type === 'field') fields[field.field] = unit.value;
  }
  const whole = repointItem(kind, { ...(isObject(live) ? live : {}), ...fields }, map);
  return units.map((unit) => {
    const field = unitOf(kind, unit.path);
    return field?.type === 'field' ? { ...unit, value: whole[field.field] } : unit;
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads an item again and decides: already there, changed since the preview, or what to write (and back up). */

async function decide(
  deps: RestoreWriteContext,
  item: RestorePlanItem,
  backedUp: RestoreBackupEntry | undefined,
): Promise<Decision> {
  const { client, map } = deps;
  if (item.action === 'create') return decideCreate(deps, item, backedUp);
  if (item.action === 'delete') return decideDelete(deps, item, backedUp);
  // The store may know the item by a new id (made again by this restore or an earlier one), a page by its entity's.
  const key = repointKey(item.kind, item.key, map);
  const live = await readLive(client, item.kind, key);
  if (live === null) return { end: outcome(item, 'skipped', RESTORE_STALE_REASON) };
  const pending: typeof item.units = [];
  const current: unknown[] = [];
  for (const planned of repointUnits(item.kind, item.units, map, live)) {
    const unit = unitOf(item.kind, planned.path);
    if (!unit) continue;
    const value = unitValue(live, unit);
    if (sameUnitValue(unit, value, planned.value)) continue;
    if (planned.expect !== ANY_LIVE_VALUE && unitHash(unit, value) !== planned.expect) {
      return { end: outcome(item, 'skipped', RESTORE_STALE_REASON) };
    }
    pending.push(planned);
    current.push(value);
  }
  if (pending.length === 0) {
    return { end: outcome(item, 'written', item.action === 'unchanged' ? RESTORE_ALREADY_REASON : null) };
  }
  // A reference to an item gone since is left out and named, never the whole write's failure.
  const fields = Object.fromEntries(
    pending.flatMap((p) => {
      const unit = unitOf(item.kind, p.path);
      return unit?.type === 'field' ? [[unit.field, p.value]] : [];
    }),
  );
  const { body, dropped } = await resolveReferences(
    client,
    item.kind,
    fields,
    map,
    isObject(live) ? live : {},
    { keepEntities: deps.isUndo },
  );
  // A field whose reference is gone since (a uuid, an entity) leaves the body: it is not written.
  const writing = pending.flatMap((p) => {
    const unit = unitOf(item.kind, p.path);
    if (unit?.type !== 'field') return [p];
    return unit.field in body ? [{ ...p, value: body[unit.field] }] : [];
  });
  if (writing.length === 0) {
    return { end: outcome(item, 'written', droppedText(dropped) || null) };
  }
  // What is written, beside the value before: the undo checks the store still holds what this restore wrote.
  const saved = writing.map((p, index) => ({
    path: p.path,
    value: jsonValue(current[index]),
    wrote: jsonValue(p.value),
  }));
  return {
    item,
    // A resumed wave keeps the backup the first attempt saved (the values before anything was written).
    ...(backedUp ? {} : { backup: { kind: item.kind, key, name: item.name, units: saved } }),
    write: async () => {
      const notes = await writeUpdate(client, item.kind, key, live, writeUnits(item.kind, writing), map);
      const said = [...(dropped.length > 0 ? [droppedText(dropped)] : []), ...notes];
      return { reason: said.length > 0 ? said.join('; ') : null };
    },
  };
}

const madeAgainReason = (id: number | string) => `Made again as #${id}`;
/** Said of a product made again by an attempt that stopped before its parts were all sent (no part is sent twice). */
export const PARTS_UNFINISHED_NOTE =
  'the restore stopped while it made its parts (images, videos, modifiers, reviews, channels), so some may be missing: compare it with the snapshot';

/**
 * What the backup keeps of an item the restore made again: its id and a hash of it as the store holds it now, which
 * its undo compares with the item then. When it cannot be read back, the id alone (the undo then leaves the item).
 */
async function madeMark(
  client: BigCommerceClient,
  item: RestorePlanItem,
  id: number | string,
  logger: Logger,
): Promise<RestoreBackupEntry> {
  const mark: RestoreBackupEntry = {
    kind: item.kind,
    key: item.key,
    name: item.name,
    units: [],
    createdId: id,
  };
  try {
    const made = await readLive(client, item.kind, { id });
    return made === null ? mark : { ...mark, createdHash: valueHash(made) };
  } catch (error) {
    logger.warn({ err: error, kind: item.kind, id }, 'restore could not read back an item it made');
    return mark;
  }
}

/**
 * A widget, placement or widget template an earlier attempt of this job made and did not live to record (its backup
 * entry is saved just before the create is sent: without one, no create was sent and nothing is looked for), found by
 * its content: the body as that attempt sent it (references re-pointed, those gone left out), on an item the snapshot did
 * not hold and the id map does not name the new id of another item.
 */
async function madeByEarlierAttempt(
  deps: RestoreWriteContext,
  item: RestorePlanItem,
  body: Record<string, unknown>,
  backedUp: RestoreBackupEntry | undefined,
): Promise<Record<string, unknown> | null> {
  if (!backedUp) return null;
  const own = String(item.key.id);
  return findByName(deps.client, item.kind, item.name, body, {
    notOurs: async (id) =>
      deps.map.madeFrom(item.kind, id).some((old) => old !== own) || (await deps.heldBefore(item.kind, id)),
  });
}

async function decideCreate(
  deps: RestoreWriteContext,
  item: RestorePlanItem,
  backedUp: RestoreBackupEntry | undefined,
): Promise<Decision> {
  const { client, logger, map } = deps;
  if (!item.create && !item.createFrom) {
    return { end: outcome(item, 'failed', DELETED_NOT_SUPPORTED(item.kind)) };
  }
  const create = await deps.createBody(item);
  if (!create) return { end: outcome(item, 'failed', RESTORE_BLOB_GONE_REASON) };
  const live = await readLive(client, item.kind, item.key);
  if (live !== null) return { end: outcome(item, 'skipped', RESTORE_STALE_REASON) };
  // Names are unique (products, brands; categories among their siblings; web pages, blog post URLs, redirect paths):
  // one there now was made by an earlier attempt of this job, or by someone. Widgets, placements and templates have
  // none: only a retried create looks for one, by its content (madeByEarlierAttempt).
  const name = typeof create.name === 'string' ? create.name : item.name;
  const parent =
    item.kind === 'category' ? repointField('category', 'parent_id', create.parent_id, map) : undefined;
  // What the create sends (a product's own parts resolve theirs): references re-pointed, those gone since left out.
  const resolved =
    item.kind === 'product' ? undefined : await resolveReferences(client, item.kind, create, map);
  // An earlier attempt that saved the id of what it made (saveMark): that item, if the store still holds it.
  const marked =
    backedUp?.createdId !== undefined &&
    (await readLive(client, item.kind, { id: backedUp.createdId })) !== null
      ? { id: backedUp.createdId }
      : null;
  const existing =
    marked ??
    (FOUND_BY_CONTENT.includes(item.kind) && resolved
      ? await madeByEarlierAttempt(deps, item, resolved.body, backedUp)
      : await findByName(client, item.kind, name, {
          ...create,
          ...(parent === undefined ? {} : { parent_id: parent }),
        }));
  if (existing) {
    // A backup entry is saved just before the create is sent: with one, the item there is this job's.
    if (!backedUp) return { end: outcome(item, 'skipped', RESTORE_STALE_REASON) };
    const id =
      typeof existing.id === 'string' && !/^\d+$/.test(existing.id) ? existing.id : Number(existing.id);
    await deps.recordMade(item, id);
    // A product whose finished state was not saved: the attempt stopped while it made its parts (its id saved), or
    // before it sent any (found by name, no id saved).
    const unfinished =
      item.kind === 'product' &&
      backedUp.createdHash === undefined &&
      (backedUp.createdId === undefined || backedUp.createdId === id)
        ? `; ${PARTS_UNFINISHED_NOTE}`
        : '';
    const end = outcome(item, 'written', madeAgainReason(id) + unfinished);
    // The attempt that made it stopped before it saved its id: saved now, so the undo knows the item.
    // (A product's id is saved the moment it is made, its hash only once it is whole: taken now when missing.)
    return backedUp.createdId === id && backedUp.createdHash !== undefined
      ? { end }
      : { end, mark: await madeMark(client, item, id, logger) };
  }
  const snapshot = create;
  // A placement whose widget or page is gone since, a widget whose template is: nothing to make it on, nothing sent.
  if (resolved && cannotMakeWithout(item.kind, resolved.body, resolved.dropped)) {
    return {
      end: outcome(item, 'skipped', `${droppedText(resolved.dropped)}; ${cannotMakeText(item.kind)}`),
    };
  }
  return {
    item,
    ...(backedUp ? {} : { backup: { kind: item.kind, key: item.key, name: item.name, units: [] } }),
    write: async () => {
      if (item.kind === 'product') {
        // The id is recorded (map and backup) the moment BigCommerce answers it, before any part is sent.
        const made = await createProductWhole(client, snapshot, map, async (id) => {
          await deps.fault('after-create');
          await deps.recordMade(item, id);
          await deps.saveMark({ kind: item.kind, key: item.key, name: item.name, units: [], createdId: id });
        });
        const notes = made.notes.length > 0 ? `; ${made.notes.join('; ')}` : '';
        return {
          reason: madeAgainReason(made.id) + notes,
          mark: await madeMark(client, item, made.id, logger),
        };
      }
      const { body, dropped } = resolved ?? (await resolveReferences(client, item.kind, snapshot, map));
      const createdId = await writeCreate(client, item.kind, body);
      await deps.fault('after-create');
      // Recorded at once (map and backup), so a resumed attempt finds it rather than making it twice.
      await deps.recordMade(item, createdId);
      await deps.saveMark({ kind: item.kind, key: item.key, name: item.name, units: [], createdId });
      const notes = dropped.length > 0 ? `; ${droppedText(dropped)}` : '';
      return {
        reason: madeAgainReason(createdId) + notes,
        mark: await madeMark(client, item, createdId, logger),
      };
    },
  };
}

export function restoreJobKind(deps: RestoreJobDeps): JobKindDefinition {
  const now = deps.now ?? (() => new Date());
  return {
    kind: 'snapshot-restore',
    input: restoreInputSchema,
    backup: (row) => ({
      jobId: row.id,
      storeHash: row.storeHash,
      items: Object.values(row.backup as RestoreBackup),
    }),
    undo: restoreUndo(),
    slice: jobSlice(
      {
        jobs: deps.jobs,
        logger: deps.logger,
        now,
        ...(deps.snapshotState
          ? {
              before: {
                state: deps.snapshotState,
                failed: BEFORE_SNAPSHOT_FAILED,
                ...(deps.snapshotWaitMs ? { waitMs: deps.snapshotWaitMs } : {}),
              },
            }
          : {}),
      },
      {
        unexpected: 'The restore stopped on an unexpected error. Please try again.',
        logged: 'restore slice failed',
      },
      (row) => runSlice(deps, row, now),
    ),
  };
}

/** Said when the snapshot taken before a restore did not complete: the restore writes nothing without it. */
export const BEFORE_SNAPSHOT_FAILED =
  'The snapshot of these items taken before the restore did not complete, so nothing was written. Please try again.';

async function runSlice(deps: RestoreJobDeps, row: JobRow, now: () => Date): Promise<SliceOutcome> {
  if (!row.credentialsSealed) throw new Error('The job has no store credentials left');
  const input = restoreInputSchema.parse(row.input);
  const credentials = openCredentials(await deps.getCipher(), row.id, row.credentialsSealed);
  const client = deps.clients.forStore(credentials.target, { caller: row.owner });

  const planned = await planOnce<RestorePlanItem>(deps.jobs, row, now, () =>
    Promise.resolve({ items: input.items, total: input.items.length, skipped: 0, outcomes: [] }),
  );
  if (!planned) return 'finished';
  const { plan } = planned;
  let checkpoint = planned.checkpoint;

  const isUndo = input.undoOf !== undefined;
  // The plan's keys are the snapshot's: each item they name existed at the snapshot.
  const snapshotKeys = new Set(plan.map((item) => itemId(item)));
  const context = async (): Promise<RestoreWriteContext> => ({
    client,
    logger: deps.logger,
    // An undo writes back what the store held before the restore: the ids as they were then (the backup saved them).
    map: deps.idMap && !isUndo ? await deps.idMap.load(row.storeHash) : EMPTY_ID_MAP,
    isUndo,
    recordMade: async (item, newId) => {
      const oldId = item.key.id;
      if (!deps.idMap || (typeof oldId !== 'number' && typeof oldId !== 'string')) return;
      await deps.idMap.record({
        storeHash: row.storeHash,
        kind: item.kind,
        oldId,
        newId,
        jobId: row.id,
        now: now(),
      });
    },
    saveMark: async (entry) => {
      await deps.jobs.addBackup(row.id, { [backupKey(entry)]: entry });
    },
    forgetMade: async (item) => {
      const id = item.key.id;
      if (deps.idMap && (typeof id === 'number' || typeof id === 'string')) {
        await deps.idMap.forget(row.storeHash, item.kind, id);
      }
    },
    createBody: async (item) => {
      if (item.create) return item.create;
      if (!item.createFrom || !deps.blobs) return undefined;
      const blob = await deps.blobs.readBlob(row.owner, item.createFrom);
      return blob === null ? undefined : createBodyOf(item.kind, blob);
    },
    fault: async (point) => {
      await deps.faults?.(point, row.id);
    },
    heldBefore: async (kind, id) => {
      const key = { id };
      if (snapshotKeys.has(itemId({ kind, key }))) return true;
      const snapshotId = input.snapshotId;
      return snapshotId !== undefined && deps.snapshotHolds !== undefined
        ? deps.snapshotHolds(snapshotId, kind, key)
        : false;
    },
  });

  const started = Date.now();
  while (checkpoint < plan.length) {
    const fresh = await liveRow(deps.jobs, row.id, (over) => deps.jobs.finish(over.id, 'cancelled', now()));
    if (!fresh) return 'finished';
    const backup = fresh.backup as RestoreBackup;
    const wave = levelWave(plan, checkpoint);
    // Read once a wave: items made again by the waves before (their parents) are re-pointed to.
    const ctx = await context();
    const decided = await mapBounded(wave, RESTORE_WAVE, async (item) => {
      try {
        return await decide(ctx, item, backup[backupKey(item)]);
      } catch (error) {
        return { end: outcome(item, 'failed', reasonOf(error, deps.logger, row.id)) } satisfies Decision;
      }
    });
    const entries: RestoreBackup = {};
    for (const decision of decided) {
      if ('backup' in decision && decision.backup) entries[backupKey(decision.item)] = decision.backup;
    }
    // Saved before anything of the wave is sent: a write never lands without its way back.
    if (Object.keys(entries).length > 0) await deps.jobs.addBackup(row.id, entries);
    await deps.faults?.('before-send', row.id);
    const marks: RestoreBackup = {};
    const ends = await mapBounded(decided, RESTORE_WAVE, async (decision): Promise<JobItemOutcome> => {
      if ('end' in decision) {
        if (decision.mark) marks[backupKey(decision.mark)] = decision.mark;
        return decision.end;
      }
      const { item } = decision;
      try {
        const { reason, mark } = await decision.write();
        if (mark) marks[backupKey(item)] = mark;
        return outcome(item, 'written', reason);
      } catch (error) {
        return outcome(item, 'failed', reasonOf(error, deps.logger, row.id));
      }
    });
    await deps.faults?.('after-send', row.id);
    // The items made again with their hashes (each id was saved the moment it was made), saved before the wave is
    // settled: a worker that stops in between leaves the wave unsettled, and the attempt that works it again finds each
    // such item by its saved id (one whose id was never saved: by its name, or its content) and saves it then.
    if (Object.keys(marks).length > 0) await deps.jobs.addBackup(row.id, marks);
    await deps.faults?.('before-settle', row.id);
    const from = checkpoint;
    checkpoint += wave.length;
    const next = await settleWave(deps.jobs, row.id, {
      from,
      checkpoint,
      succeeded: ends.filter((e) => e.outcome === 'written').length,
      failed: ends.filter((e) => e.outcome === 'failed').length,
      skipped: ends.filter((e) => e.outcome === 'skipped').length,
      outcomes: ends,
    });
    if (!next) return 'finished';
    checkpoint = next.checkpoint;
    if (!next.settled) continue;
    if (checkpoint < plan.length && sliceTimeUp(started)) return 'more';
  }
  await deps.jobs.finish(row.id, 'done', now());
  return 'finished';
}

/** The next wave: up to RESTORE_WAVE items from the checkpoint, all of one level (parents before children). */
export function levelWave(plan: readonly RestorePlanItem[], checkpoint: number): RestorePlanItem[] {
  const level = plan[checkpoint]?.level ?? 0;
  const wave: RestorePlanItem[] = [];
  for (let at = checkpoint; at < plan.length && wave.length < RESTORE_WAVE; at++) {
    const item = plan[at]!;
    if ((item.level ?? 0) !== level) break;
    wave.push(item);
  }
  return wave;
}
