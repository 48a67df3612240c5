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
  type RestoreNotWritten,
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
import { EMPTY_ID_MAP, type IdMap, type IdMapRepository } from './id-map';
import { entityKindOfTemplate, REFERENCE_FIELDS, repointField, repointKey } from './restore-refs';
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
import { ANY_LIVE_VALUE, readLive, type RestorePlanItem } from './restore-store';
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

/**
 * The body that makes a deleted item again from the snapshot's blob (`RestorePlanItem.createFrom`): a product whole
 * (restore-create.ts makes it with its parts), a category or brand its writable fields; undefined for the kinds a
 * restore does not make again. The same body `planItem` gives as `create`.
 */
export function createBodyOf(kind: SnapshotItemKind, blob: unknown): Obj | undefined {
  const whole = canonicalItem(blob);
  if (!isObj(whole)) return undefined;
  if (kind === 'product') return whole;
  return createBody(
    kind,
    whole,
    unitsOfItem(kind, whole, null).filter((unit) => unit.type === 'field'),
  );
}

/**
 * The plan item as a preview row keeps it: an item made again names its snapshot blob (`createFrom`) instead of holding
 * its body, and holds no units (a create writes the body, never units). A row then grows by a hash per item made again,
 * however large the product (its description, variants and images stay in the object store, stored once).
 */
export function keptPlanItem(plan: RestorePlanItem, blobHash: string): RestorePlanItem {
  if (plan.action !== 'create' || plan.create === undefined) return plan;
  const { create: _body, ...rest } = plan;
  return { ...rest, units: [], createFrom: blobHash };
}

/** What a whole-item restore looks at beyond the fields: a product's parts that have their own endpoints. */
const PRODUCT_PARTS = [
  'images',
  'videos',
  'options',
  'modifiers',
  'bulk_pricing_rules',
  'reviews',
  'channels',
] as const;

/** Why a part of a product that exists is not written by a restore (it is named in the preview, never hidden). */
export const PART_NOT_RESTORED_REASON =
  'A restore does not write this part of a product that still exists yet; it is left as it is in the store';
export const STOCK_NOT_CHOSEN_REASON =
  'Stock levels are restored only when chosen: the store keeps its stock (sales since the snapshot included)';
export const VARIANT_GONE_REASON =
  'This variant is no longer in the store; a restore does not add variants to a product that exists';
export const VARIANT_ADDED_REASON =
  'This variant was added since the snapshot; a restore does not delete variants';

export type PlanOptions = {
  /** Write stock levels back too (issue 40: only when chosen explicitly). */
  stock?: boolean;
  /** The store's old-to-new ids: references in the snapshot are compared as re-pointed. */
  map?: IdMap;
};

const isStockUnit = (unit: WriteUnit) =>
  (unit.type === 'field' || unit.type === 'variant') && unit.field === 'inventory_level';

/** The parts of a product that differ and that a restore of a product that exists does not write, and why. */
function partsNotWritten(snapshot: unknown, live: unknown): RestoreNotWritten[] {
  if (!isObj(snapshot) || !isObj(live)) return [];
  const out: RestoreNotWritten[] = [];
  for (const part of PRODUCT_PARTS) {
    if (snapshot[part] === undefined) continue;
    if (!sameValue(snapshot[part] ?? [], live[part] ?? [])) {
      out.push({ path: part, code: 'part-not-restored', reason: PART_NOT_RESTORED_REASON });
    }
  }
  const name = (variant: Obj, bySku: boolean) =>
    bySku ? `sku=${String(variant.sku)}` : `id=${String(variant.id)}`;
  const before = Array.isArray(snapshot.variants) ? snapshot.variants.filter(isObj) : [];
  const after = Array.isArray(live.variants) ? live.variants.filter(isObj) : [];
  const bySku = [...before, ...after].every((v) => typeof v.sku === 'string' && v.sku !== '');
  const afterNames = new Set(after.map((v) => name(v, bySku)));
  const beforeNames = new Set(before.map((v) => name(v, bySku)));
  for (const variant of before) {
    if (!afterNames.has(name(variant, bySku))) {
      out.push({
        path: `variants[${name(variant, bySku)}]`,
        code: 'variant-gone',
        reason: VARIANT_GONE_REASON,
      });
    }
  }
  for (const variant of after) {
    if (!beforeNames.has(name(variant, bySku))) {
      out.push({
        path: `variants[${name(variant, bySku)}]`,
        code: 'variant-added',
        reason: VARIANT_ADDED_REASON,
      });
    }
  }
  return out;
}

/** The item as the snapshot holds it, its references re-pointed to the ids the store knows them by now. */
function repointed(kind: SnapshotItemKind, snapshot: unknown, map: IdMap | undefined): unknown {
  if (!map || !isObj(snapshot)) return snapshot;
  const out: Obj = { ...snapshot };
  for (const field of Object.keys(REFERENCE_FIELDS[kind] ?? {})) {
    if (field in out) out[field] = repointField(kind, field, out[field], map);
  }
  return out;
}

/** One item's preview (what the write would change) and its plan (what the job writes and checks). */
export function planItem(
  request: RestoreItem,
  name: string,
  snapshotData: unknown,
  liveData: unknown,
  options: PlanOptions = {},
): { preview: RestorePreviewItem; plan: RestorePlanItem } {
  const { kind } = request;
  const whole = canonicalItem(snapshotData);
  const snapshot = canonicalItem(repointed(kind, snapshotData, options.map));
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
    units = unitsOfItem(kind, snapshot, live, { stock: options.stock === true }).filter(
      (u) => !gone || u.type === 'field',
    );
  }
  const seen = new Set<string>();
  const kept: { unit: WriteUnit; live: unknown; restored: unknown }[] = [];
  const notWritten: RestoreNotWritten[] = [];
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
    if (
      !gone &&
      unit.type === 'variant' &&
      !findElement(isObj(live) ? live.variants : undefined, unit.select)
    ) {
      // The variant is gone: named once below (partsNotWritten), not written.
      continue;
    }
    if (!gone && isStockUnit(unit) && options.stock !== true) {
      notWritten.push({ path, code: 'stock-not-chosen', reason: STOCK_NOT_CHOSEN_REASON });
      continue;
    }
    kept.push({ unit, live: current, restored });
  }
  if (kind === 'product' && !gone && !request.fields) notWritten.push(...partsNotWritten(snapshot, live));
  const action = gone
    ? 'create'
    : kept.length > 0
      ? 'update'
      : notWritten.length > 0
        ? 'not-restorable'
        : 'unchanged';
  const key = request.key as Obj;
  const fields =
    kind === 'page' && !gone
      ? fieldChanges(live, snapshot).map((c) => ({ path: c.path, live: c.before, restored: c.after }))
      : kept.map((k) => ({
          path: unitPath(k.unit),
          live: jsonValue(k.live),
          restored: jsonValue(k.restored),
        }));
  // A product is made again whole from the snapshot (restore-create.ts), its references re-pointed when it is written.
  const create =
    gone && isObj(whole)
      ? kind === 'product'
        ? whole
        : createBody(
            kind,
            whole,
            kept.map((k) => k.unit),
          )
      : undefined;
  if (gone && kind === 'product' && isObj(whole) && Array.isArray(whole.variants)) {
    // Stock: a product made again has no stock of its own to keep, so it is made with the snapshot's (said here).
    if (options.stock !== true) {
      notWritten.push({ path: 'inventory_level', code: 'stock-made-again', reason: STOCK_MADE_AGAIN_REASON });
    }
  }
  return {
    preview: {
      kind,
      key: request.key,
      name,
      action,
      fields,
      ...(notWritten.length > 0 ? { notWritten } : {}),
    },
    plan: {
      kind,
      key,
      name,
      action: action === 'not-restorable' ? 'unchanged' : action,
      units: kept.map((k) => ({
        path: unitPath(k.unit),
        value: jsonValue(k.restored),
        expect: valueHash(k.live),
      })),
      ...(create ? { create } : {}),
    },
  };
}

export const STOCK_MADE_AGAIN_REASON =
  "Made again with the snapshot's stock levels: the product is gone, so there is no stock in the store to keep";

export type RestoreServiceDeps = {
  snapshots: SnapshotRepository;
  previews: RestorePreviewRepository;
  /** The store's old-to-new ids (issue 40); without it, ids are taken as they are. */
  idMap?: Pick<IdMapRepository, 'load'>;
  now?: () => Date;
};

/**
 * The order a restore writes in (issue 40): what others refer to first, so a reference to an item made again in the
 * same restore finds its new id: brands and widget templates, then categories parents before children, then products,
 * then pages (whose entity may be a product, category or brand made again). The job writes one level at a time.
 */
export function restoreLevel(kind: SnapshotItemKind, categoryDepth = 0): number {
  switch (kind) {
    case 'brand':
    case 'widget-template':
      return 0;
    case 'category':
      return 1 + Math.min(categoryDepth, 40);
    case 'product':
      return 50;
    case 'page':
      return 60;
  }
}

/** Each category's depth among the categories restored together (its parent's depth plus one, when restored too). */
function categoryDepths(items: readonly { id: string; parent: string | null }[]): Map<string, number> {
  const parentOf = new Map(items.map((item) => [item.id, item.parent]));
  const depths = new Map<string, number>();
  for (const item of items) {
    let depth = 0;
    let parent = item.parent;
    while (parent !== null && parentOf.has(parent) && depth < items.length) {
      depth++;
      parent = parentOf.get(parent) ?? null;
    }
    depths.set(item.id, depth);
  }
  return depths;
}

/** `POST /api/snapshots/{id}/restore` with `preview: true`: reads each item live, keeps the preview, answers it. */
export async function previewRestore(
  deps: RestoreServiceDeps,
  client: BigCommerceClient,
  snapshot: SnapshotRow,
  items: readonly RestoreItem[],
  options: { stock?: boolean } = {},
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
  const map: IdMap = deps.idMap ? await deps.idMap.load(snapshot.storeHash) : EMPTY_ID_MAP;
  const planned = await mapBounded(found, PREVIEW_CONCURRENCY, async ({ item, row }) => {
    // The row's key as the snapshot wrote it (a number stays a number); the store may know the item by a new id.
    const snapshotKey = JSON.parse(row.itemKey) as SnapshotItemKey;
    const liveKey = repointKey(item.kind, snapshotKey, map);
    const [data, live] = await Promise.all([
      deps.snapshots.readBlob(snapshot.owner, row.hash),
      readLive(client, item.kind, liveKey),
    ]);
    const result = planItem({ ...item, key: liveKey as SnapshotItemKey }, row.name, data, live, {
      ...options,
      map,
    });
    const parent = isObj(data) && item.kind === 'category' ? data.parent_id : undefined;
    return {
      ...result,
      data,
      blobHash: row.hash,
      parent: typeof parent === 'number' && parent > 0 ? String(parent) : null,
    };
  });
  // A page of an item this restore makes again is published on the new item whatever the old page holds now
  // (issue 40: "its Page Builder pages on the new id"): nothing of the new item's can be lost.
  const madeAgain = new Set(
    planned.filter((p) => p.plan.action === 'create').map((p) => `${p.plan.kind}:${String(p.plan.key.id)}`),
  );
  for (const p of planned) {
    if (p.plan.kind !== 'page') continue;
    const entityKind = entityKindOfTemplate(p.plan.key.templateFile);
    if (!entityKind || !madeAgain.has(`${entityKind}:${String(p.plan.key.entityId)}`)) continue;
    const regions = isObj(p.data) ? p.data.regions : undefined;
    p.plan.action = 'update';
    p.plan.units = [{ path: 'regions', value: jsonValue(regions), expect: ANY_LIVE_VALUE }];
    p.preview.action = 'update';
  }
  const depths = categoryDepths(
    planned
      .filter((p) => p.plan.kind === 'category')
      .map((p) => ({ id: String(p.plan.key.id), parent: p.parent })),
  );
  for (const p of planned) {
    p.plan.level = restoreLevel(p.plan.kind, depths.get(String(p.plan.key.id)) ?? 0);
  }
  // Stable: the order asked for within a level.
  const ordered = planned
    .map((p, index) => ({ p, index }))
    .sort((a, b) => (a.p.plan.level ?? 0) - (b.p.plan.level ?? 0) || a.index - b.index)
    .map(({ p }) => p);
  const now = (deps.now ?? (() => new Date()))();
  const expiresAt = new Date(now.getTime() + RESTORE_PREVIEW_TTL_MS);
  const previewId = randomUUID();
  await deps.previews.insert({
    id: previewId,
    owner: snapshot.owner,
    snapshotId: snapshot.id,
    storeHash: snapshot.storeHash,
    items: ordered.map((p) => keptPlanItem(p.plan, p.blobHash)),
    now,
    expiresAt,
  });
  return {
    previewId,
    preview: { items: ordered.map((p) => p.preview) },
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
