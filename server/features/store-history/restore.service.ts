// Store History's restore (issue 32): the preview (each named item of a snapshot against the store now, unit by unit:
// restore-paths.ts), kept in the database for RESTORE_PREVIEW_TTL_MS, and the start of the job that writes it
// (restore.job.ts), which skips every item whose live value moved since the preview.
import { randomUUID } from 'node:crypto';
import {
  RESTORE_NOT_READY_MESSAGE,
  RESTORE_OTHER_STORE_MESSAGE,
  RESTORE_PREVIEW_EXPIRED_MESSAGE,
  RESTORE_PREVIEW_TTL_MS,
  restoreFieldNotRestorableMessage,
  restoreItemMissingMessage,
  type RestoreItem,
  type RestorePreviewItem,
  type RestorePreviewResponse,
  type SnapshotItemKey,
  type SnapshotItemKind,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import { canonicalItem, fieldChanges } from '../../../common/store-history/field-diff';
import { AppError } from '../../errors';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import { itemKeyText, type SnapshotRepository, type SnapshotRow } from './snapshot-repository';
import {
  findElement,
  jsonValue,
  sameValue,
  unitOf,
  unitPath,
  unitsOfItem,
  unitValue,
  valueHash,
  type WriteUnit,
} from './restore-paths';
import type { RestorePreviewRepository, RestorePreviewRow } from './restore-preview-repository';
import { readLive, type RestorePlanItem } from './restore-store';
import { mapBounded } from '../../../common/map-bounded';

/** Items read from the store at once while previewing (the store's scheduler paces them). */
const PREVIEW_CONCURRENCY = 8;

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The snapshot must be done and of the store the credentials open. */
export function assertRestorable(snapshot: SnapshotRow, storeHash: string): void {
  if (snapshot.state !== 'done')
    throw new AppError(ERROR_CODES.snapshotNotComparable, RESTORE_NOT_READY_MESSAGE);
  if (snapshot.storeHash !== storeHash) {
    throw new AppError(ERROR_CODES.snapshotNotComparable, RESTORE_OTHER_STORE_MESSAGE);
  }
}

/** The same item named twice is one item, with the fields of both (or whole when either is). */
export function mergeItems(items: readonly RestoreItem[]): RestoreItem[] {
  const byKey = new Map<string, RestoreItem>();
  for (const item of items) {
    const id = `${item.kind}\u0000${itemKeyText(item.key)}`;
    const seen = byKey.get(id);
    if (!seen) byKey.set(id, { ...item });
    else if (!seen.fields || !item.fields) delete seen.fields;
    else seen.fields = [...new Set([...seen.fields, ...item.fields])];
  }
  return [...byKey.values()];
}

/** A custom field is written by its name: a unit named by id takes the name the snapshot (or the store) gives it. */
function byName(unit: WriteUnit, snapshot: unknown, live: unknown): WriteUnit {
  if (unit.type !== 'custom-field' || unit.select.key === 'name') return unit;
  const element =
    findElement(isObj(snapshot) ? snapshot.custom_fields : undefined, unit.select) ??
    findElement(isObj(live) ? live.custom_fields : undefined, unit.select);
  return typeof element?.name === 'string'
    ? { type: 'custom-field', select: { key: 'name', value: element.name } }
    : unit;
}

/** The body that makes a deleted item again: its writable fields as the snapshot holds them. */
function createBody(kind: SnapshotItemKind, snapshot: Obj, units: readonly WriteUnit[]): Obj | undefined {
  if (kind !== 'product' && kind !== 'category' && kind !== 'brand') return undefined;
  const body: Obj = {};
  for (const unit of units) {
    if (unit.type !== 'field') continue;
    const value = snapshot[unit.field];
    if (value !== undefined && value !== null) body[unit.field] = value;
  }
  if (kind === 'product') {
    // A custom URL given back as it was would clash with nothing (the product is gone), but one BigCommerce made
    // itself (not customised) is left for it to make again.
    const url = body.custom_url as Obj | undefined;
    if (url && url.is_customized === false) delete body.custom_url;
    const fields = Array.isArray(snapshot.custom_fields) ? snapshot.custom_fields.filter(isObj) : [];
    if (fields.length > 0) body.custom_fields = fields.map((f) => ({ name: f.name, value: f.value }));
  }
  if (kind === 'category') {
    if (snapshot.tree_id !== undefined) body.tree_id = snapshot.tree_id;
    if (snapshot.parent_id !== undefined) body.parent_id = snapshot.parent_id;
    const url = body.url as Obj | undefined;
    if (url && url.is_customized === false) delete body.url;
  }
  return body;
}

/** One item's preview (what the write would change) and its plan (what the job writes and checks). */
export function planItem(
  request: RestoreItem,
  name: string,
  snapshotData: unknown,
  liveData: unknown,
): { preview: RestorePreviewItem; plan: RestorePlanItem } {
  const { kind } = request;
  const snapshot = canonicalItem(snapshotData);
  const live = liveData === null ? null : canonicalItem(liveData);
  const gone = live === null;
  let units: WriteUnit[];
  if (request.fields && !gone) {
    units = request.fields.map((path) => {
      const unit = unitOf(kind, path);
      if (!unit) throw new AppError(ERROR_CODES.invalidInput, restoreFieldNotRestorableMessage(path));
      return unit;
    });
  } else {
    // Every field; for an item gone from the store, every field it is made again with.
    units = unitsOfItem(kind, snapshot, live).filter((u) => !gone || u.type === 'field');
  }
  const seen = new Set<string>();
  const kept: { unit: WriteUnit; live: unknown; restored: unknown }[] = [];
  for (const raw of units) {
    const unit = byName(raw, snapshot, live);
    const path = unitPath(unit);
    if (seen.has(path)) continue;
    seen.add(path);
    const restored = unitValue(snapshot, unit);
    // A field the snapshot does not hold (or a variant it did not have) has nothing to be restored to.
    if (restored === undefined && unit.type !== 'custom-field') continue;
    const current = unitValue(live, unit);
    if (!gone && sameValue(current, restored)) continue;
    kept.push({ unit, live: current, restored });
  }
  const action = gone ? 'create' : kept.length === 0 ? 'unchanged' : 'update';
  const key = request.key as Obj;
  const fields =
    kind === 'page' && !gone
      ? fieldChanges(live, snapshot).map((c) => ({ path: c.path, live: c.before, restored: c.after }))
      : kept.map((k) => ({
          path: unitPath(k.unit),
          live: jsonValue(k.live),
          restored: jsonValue(k.restored),
        }));
  const create =
    gone && isObj(snapshot)
      ? createBody(
          kind,
          snapshot,
          kept.map((k) => k.unit),
        )
      : undefined;
  return {
    preview: { kind, key: request.key, name, action, fields },
    plan: {
      kind,
      key,
      name,
      action,
      units: kept.map((k) => ({
        path: unitPath(k.unit),
        value: jsonValue(k.restored),
        expect: valueHash(k.live),
      })),
      ...(create ? { create } : {}),
    },
  };
}

export type RestoreServiceDeps = {
  snapshots: SnapshotRepository;
  previews: RestorePreviewRepository;
  now?: () => Date;
};

/** `POST /api/snapshots/{id}/restore` with `preview: true`: reads each item live, keeps the preview, answers it. */
export async function previewRestore(
  deps: RestoreServiceDeps,
  client: BigCommerceClient,
  snapshot: SnapshotRow,
  items: readonly RestoreItem[],
): Promise<RestorePreviewResponse> {
  const rows = await deps.snapshots.items(snapshot.id);
  const byKey = new Map(rows.map((row) => [`${row.kind}\u0000${row.itemKey}`, row]));
  const merged = mergeItems(items);
  const found = merged.map((item) => {
    const row = byKey.get(`${item.kind}\u0000${itemKeyText(item.key)}`);
    if (!row) {
      throw new AppError(ERROR_CODES.invalidInput, restoreItemMissingMessage(item.kind, item.key));
    }
    return { item, row };
  });
  const planned = await mapBounded(found, PREVIEW_CONCURRENCY, async ({ item, row }) => {
    const [data, live] = await Promise.all([
      deps.snapshots.readBlob(snapshot.owner, row.hash),
      readLive(client, item.kind, item.key as Obj),
    ]);
    // The row's key as the snapshot wrote it (a number stays a number).
    return planItem({ ...item, key: JSON.parse(row.itemKey) as SnapshotItemKey }, row.name, data, live);
  });
  const now = (deps.now ?? (() => new Date()))();
  const expiresAt = new Date(now.getTime() + RESTORE_PREVIEW_TTL_MS);
  const previewId = randomUUID();
  await deps.previews.insert({
    id: previewId,
    owner: snapshot.owner,
    snapshotId: snapshot.id,
    storeHash: snapshot.storeHash,
    items: planned.map((p) => p.plan),
    now,
    expiresAt,
  });
  return {
    previewId,
    preview: { items: planned.map((p) => p.preview) },
    expiresAt: expiresAt.toISOString(),
  };
}

/** The owner's preview of this snapshot, not expired; anything else is the one "expired" answer. */
export async function livePreview(
  deps: RestoreServiceDeps,
  snapshot: SnapshotRow,
  previewId: string,
): Promise<RestorePreviewRow> {
  const now = (deps.now ?? (() => new Date()))();
  const row = await deps.previews.get(previewId);
  if (!row || row.owner !== snapshot.owner || row.snapshotId !== snapshot.id || row.expiresAt <= now) {
    throw new AppError(ERROR_CODES.restorePreviewExpired, RESTORE_PREVIEW_EXPIRED_MESSAGE);
  }
  return row;
}
