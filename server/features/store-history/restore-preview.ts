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
import { itemId, itemIdOfRow } from './item-id';
import type { SnapshotRow } from './snapshot';
import type { SnapshotRepository } from './snapshot-repository';
import { EMPTY_ID_MAP, type IdMap, type IdMapRepository } from './id-map';
import {
  entityKindOfTemplate,
  referencesOf,
  referenceToMadeAgain,
  repointItem,
  repointKey,
} from './restore-refs';
import { contentCreateBody } from './live-content-items';
import {
  comparable,
  findElement,
  jsonValue,
  sameUnitValue,
  sameValue,
  unitHash,
  unitOf,
  unitPath,
  unitsOfItem,
  unitValue,
  type WriteUnit,
} from './restore-paths';
import { repointModifiers } from './restore-parts';
import type { RestorePreviewRepository, RestorePreviewRow } from './restore-preview-repository';
import { readLive } from './live-items';
import { ANY_LIVE_VALUE, type RestorePlanItem } from './restore-plan';
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
    const id = itemId(item);
    const seen = byKey.get(id);
    if (!seen) byKey.set(id, { ...item });
    else if (!seen.fields || !item.fields) delete seen.fields;
    else seen.fields = [...new Set([...seen.fields, ...item.fields])];
  }
  return [...byKey.values()];
}

/**
 * A custom field named by id is written by that id while the store still holds it (two custom fields may share a
 * name: products_catalog.v3.yml:3252 createProductCustomField documents no unique name); only when the store no longer
 * has that id is it written by the name the snapshot (or the store) gives it.
 */
function byName(unit: WriteUnit, snapshot: unknown, live: unknown): WriteUnit {
  if (unit.type !== 'custom-field' || unit.select.key === 'name') return unit;
  if (findElement(isObj(live) ? live.custom_fields : undefined, unit.select)) return unit;
  const element =
    findElement(isObj(snapshot) ? snapshot.custom_fields : undefined, unit.select) ??
    findElement(isObj(live) ? live.custom_fields : undefined, unit.select);
  return typeof element?.name === 'string'
    ? { type: 'custom-field', select: { key: 'name', value: element.name } }
    : unit;
}

/** The body that makes a deleted item again: its writable fields as the snapshot holds them. */
function createBody(kind: SnapshotItemKind, snapshot: Obj, units: readonly WriteUnit[]): Obj | undefined {
  if (kind === 'page') return undefined;
  // Widget templates and issue 40's kinds: live-content-items.ts.
  if (kind !== 'product' && kind !== 'category' && kind !== 'brand') return contentCreateBody(kind, snapshot);
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

/** Why a variant's image that differs is not written (issue 40: named in the preview, never hidden). */
export const VARIANT_IMAGE_REASON =
  "A restore does not write a variant's image: BigCommerce sets it only by uploading one (product-variants_catalog.v3.yml createProductVariantImage) and documents no way to remove it, so it stays as it is in the store";

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

export const STOCK_NOT_CHOSEN_REASON =
  'Stock levels are restored only when chosen: the store keeps its stock (sales since the snapshot included)';
export type PlanOptions = {
  /** Write stock levels back too (issue 40: only when chosen explicitly). */
  stock?: boolean;
  /** The store's old-to-new ids: references in the snapshot are compared as re-pointed. */
  map?: IdMap;
};

const isStockUnit = (unit: WriteUnit) =>
  (unit.type === 'field' || unit.type === 'variant') && unit.field === 'inventory_level';

/** The variants, there now as in the snapshot, whose image differs: named, as no restore writes them. */
function variantImagesNotWritten(snapshot: unknown, live: unknown): RestoreNotWritten[] {
  if (!isObj(snapshot) || !isObj(live) || !Array.isArray(snapshot.variants)) return [];
  const variants = snapshot.variants.filter(isObj);
  // Named as unitsOfItem names them: by SKU when they all have one, else by id.
  const key = variants.every((v) => typeof v.sku === 'string' && v.sku !== '') ? 'sku' : 'id';
  const out: RestoreNotWritten[] = [];
  for (const was of variants) {
    const select = { key, value: String(was[key]) };
    const now = findElement(live.variants, select);
    if (!now || (was.image_url ?? '') === (now.image_url ?? '')) continue;
    out.push({
      path: `variants[${key}=${select.value}].image_url`,
      code: 'part-not-restored',
      reason: VARIANT_IMAGE_REASON,
    });
  }
  return out;
}

/** The item as the snapshot holds it, its references re-pointed to the ids the store knows them by now. */
function repointed(kind: SnapshotItemKind, snapshot: unknown, map: IdMap | undefined): unknown {
  if (!map || !isObj(snapshot)) return snapshot;
  const out = repointItem(kind, snapshot, map);
  // A product-list modifier's values name products (`value_data.product_id`), compared as the store knows them now.
  if (kind === 'product' && Array.isArray(out.modifiers))
    out.modifiers = repointModifiers(out.modifiers, map);
  return out;
}

/**
 * Why a redirect's site or path is not written: they are its key (redirects.v3.yml 301RedirectUpsert 476-489: "If
 * there's a conflict on the from_path and site_id, the redirect will be overwritten"), so writing them makes another
 * redirect instead of changing this one.
 */
export const REDIRECT_KEY_REASON =
  "A redirect's site and path are what BigCommerce knows it by: writing them back would make another redirect, so they are left as they are";

function redirectKeyNotWritten(snapshot: unknown, live: unknown): RestoreNotWritten[] {
  if (!isObj(snapshot) || !isObj(live)) return [];
  return (['site_id', 'from_path'] as const)
    .filter((field) => snapshot[field] !== undefined && !sameValue(snapshot[field], live[field]))
    .map((path) => ({ path, code: 'part-not-restored', reason: REDIRECT_KEY_REASON }));
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
    if (!gone && sameUnitValue(unit, current, restored)) continue;
    if (
      !gone &&
      unit.type === 'variant' &&
      !findElement(isObj(live) ? live.variants : undefined, unit.select)
    ) {
      // The variant is gone: the `variants` part makes it again with the snapshot's fields (a whole-item restore).
      continue;
    }
    if (!gone && isStockUnit(unit) && options.stock !== true) {
      notWritten.push({ path, code: 'stock-not-chosen', reason: STOCK_NOT_CHOSEN_REASON });
      continue;
    }
    kept.push({ unit, live: current, restored });
  }
  if (kind === 'product' && !gone && !request.fields)
    notWritten.push(...variantImagesNotWritten(snapshot, live));
  if (kind === 'redirect' && !gone && !request.fields)
    notWritten.push(...redirectKeyNotWritten(snapshot, live));
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
          // A part is shown as it is compared: each element's fields, without the ids BigCommerce gives.
          live: jsonValue(comparable(k.unit, k.live)),
          restored: jsonValue(comparable(k.unit, k.restored)),
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
        expect: unitHash(k.unit, k.live),
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
 * same restore finds its new id: brands and widget templates, then categories parents before children, then products
 * and blog posts, then web pages parents before children, then pages (whose entity may be a product, category, brand
 * or web page made again), then REST widgets (on their templates), their placements (on a widget and an entity), and
 * last redirects (to a product, category, brand, web page or blog post). The job writes one level at a time.
 */
export function restoreLevel(kind: SnapshotItemKind, depth = 0): number {
  switch (kind) {
    case 'brand':
    case 'widget-template':
      return 0;
    case 'category':
      return 1 + Math.min(depth, 40);
    case 'product':
      return 50;
    case 'blog-post':
      return 51;
    case 'web-page':
      return 60 + Math.min(depth, 40);
    case 'page':
      return 110;
    case 'widget':
      return 120;
    case 'placement':
      return 130;
    case 'redirect':
      return 140;
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
  const byKey = new Map(rows.map((row) => [itemIdOfRow(row.kind, row.itemKey), row]));
  const merged = mergeItems(items);
  const found = merged.map((item) => {
    const row = byKey.get(itemId(item));
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
    const parent =
      isObj(data) && (item.kind === 'category' || item.kind === 'web-page') ? data.parent_id : undefined;
    return {
      ...result,
      data,
      live,
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
  // A placement or a redirect not asked for that still names, by its old id, an item this restore makes again (one to a
  // product deleted since is unchanged, so no diff names it): added, to write that reference alone, re-pointed below.
  // Read only when something is made again: each placement and redirect of the snapshot, one store read for those
  // that name an item made again.
  const asked = new Set(found.map(({ row }) => itemIdOfRow(row.kind, row.itemKey)));
  const unasked = rows.filter(
    (row) =>
      madeAgain.size > 0 &&
      (row.kind === 'placement' || row.kind === 'redirect') &&
      !asked.has(itemIdOfRow(row.kind, row.itemKey)),
  );
  const referrers = await mapBounded(unasked, PREVIEW_CONCURRENCY, async (row) => {
    if (row.kind !== 'placement' && row.kind !== 'redirect') return null;
    const data = await deps.snapshots.readBlob(snapshot.owner, row.hash);
    if (!isObj(data)) return null;
    const held = repointItem(row.kind, data, map);
    const field = referenceToMadeAgain(row.kind, held, madeAgain);
    if (!field) return null;
    const liveKey = repointKey(row.kind, JSON.parse(row.itemKey) as SnapshotItemKey, map);
    const live = await readLive(client, row.kind, liveKey);
    // Gone, or pointed elsewhere since: the store's own, left as it is.
    if (!isObj(live) || !sameValue(live[field], held[field])) return null;
    const request: RestoreItem = { kind: row.kind, key: liveKey as SnapshotItemKey, fields: [field] };
    return {
      ...planItem(request, row.name, data, live, { ...options, map }),
      data,
      live,
      blobHash: row.hash,
      parent: null,
    };
  });
  for (const referrer of referrers) if (referrer) planned.push(referrer);
  // An item that names one this restore makes again is pointed at the new one, even when it holds the snapshot's
  // values now (a redirect to a web page deleted since still names the old id): the job re-points the unit it writes.
  for (const p of planned) {
    if (p.plan.kind === 'page' || p.plan.action === 'create' || !isObj(p.data) || !isObj(p.live)) continue;
    const snapshotItem = repointItem(p.plan.kind, p.data, map);
    const live = canonicalItem(p.live) as Obj;
    for (const ref of referencesOf(p.plan.kind, snapshotItem)) {
      if (!madeAgain.has(`${ref.kind}:${String(ref.id)}`)) continue;
      if (p.plan.units.some((unit) => unit.path === ref.field)) continue;
      const value = jsonValue(snapshotItem[ref.field]);
      p.plan.units.push({
        path: ref.field,
        value,
        expect: unitHash(unitOf(p.plan.kind, ref.field), live[ref.field]),
      });
      p.preview.fields.push({ path: ref.field, live: jsonValue(live[ref.field]), restored: value });
      p.plan.action = 'update';
      p.preview.action = 'update';
    }
  }
  // Parents before children: categories, and web pages (`parent_id`, pages.v3.yml:788-793).
  const depthsOf = (kind: SnapshotItemKind) =>
    categoryDepths(
      planned
        .filter((p) => p.plan.kind === kind)
        .map((p) => ({ id: String(p.plan.key.id), parent: p.parent })),
    );
  const depths = { category: depthsOf('category'), 'web-page': depthsOf('web-page') };
  for (const p of planned) {
    const byKind = p.plan.kind === 'category' || p.plan.kind === 'web-page' ? depths[p.plan.kind] : undefined;
    p.plan.level = restoreLevel(p.plan.kind, byKind?.get(String(p.plan.key.id)) ?? 0);
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
    // Pages the snapshot did not read (over its bound): named, since a restore cannot put them back (issue 40).
    unreadPages: snapshot.unreadPages ?? [],
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
