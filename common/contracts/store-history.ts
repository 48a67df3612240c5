// Store History (issue 32): snapshots of a whole store (catalogue, categories, brands, Page Builder), kept item by
// item by content hash, and a field-level diff of any two. The paths and shapes are the issue's ("API"); a failure is
// the app's `{error, code}`. A snapshot runs as a job (`job`, followed at `/api/jobs/{id}` as every job is).
import { z } from 'zod';
import { jobViewSchema } from './jobs';
import { toolStoreCredentialsSchema } from './tool-result';

export const SNAPSHOTS_PATH = '/api/snapshots';
/** `GET ?against={otherId|live}&cursor=`: the changes from this snapshot to the other (or to the store now). */
export const SNAPSHOT_DIFF_PATH = `${SNAPSHOTS_PATH}/:id/diff`;
export const snapshotDiffPath = (id: string) => `${SNAPSHOTS_PATH}/${encodeURIComponent(id)}/diff`;

/**
 * What a snapshot can hold; all of them when `scope` is left out. `widgets`: widget templates, Page Builder pages and
 * the REST widgets and placements; `content`: web pages, blog posts and 301 redirects (issue 40).
 */
export const SNAPSHOT_SCOPES = ['catalog', 'categories', 'brands', 'widgets', 'content'] as const;
export const snapshotScopeSchema = z.enum(SNAPSHOT_SCOPES);
export type SnapshotScope = z.infer<typeof snapshotScopeSchema>;

export const SNAPSHOT_REASONS = ['manual', 'scheduled', 'before-job'] as const;
export type SnapshotReason = (typeof SNAPSHOT_REASONS)[number];

export const SNAPSHOT_STATES = ['running', 'done', 'failed', 'cancelled'] as const;
export type SnapshotState = (typeof SNAPSHOT_STATES)[number];

/** The kinds of item a diff lists (the issue's names). */
export const SNAPSHOT_ITEM_KINDS = [
  'product',
  'category',
  'brand',
  'page',
  'widget-template',
  'widget',
  'placement',
  'web-page',
  'blog-post',
  'redirect',
] as const;
export const snapshotItemKindSchema = z.enum(SNAPSHOT_ITEM_KINDS);
export type SnapshotItemKind = z.infer<typeof snapshotItemKindSchema>;

/** Snapshots a user (or a visitor) keeps at most, over all their stores; the oldest must be deleted first. */
export const MAX_SNAPSHOTS_PER_OWNER = 50;
/** Bytes a user's (or visitor's) snapshots may add to storage, compressed. */
export const MAX_SNAPSHOT_BYTES_PER_OWNER = 500 * 1024 * 1024;
/** A diff answers at most this many changes per page (`nextCursor` for the next). */
export const SNAPSHOT_DIFF_PAGE_SIZE = 50;

export const SNAPSHOT_LIMIT_MESSAGE = `You already keep ${MAX_SNAPSHOTS_PER_OWNER} snapshots. Delete older ones to take another.`;
export const SNAPSHOT_BYTES_MESSAGE =
  'Your snapshots already use all the storage they may (500 MB). Delete older ones to take another.';
export const SNAPSHOT_NOT_FOUND_MESSAGE = 'No such snapshot.';
export const SNAPSHOT_NOT_READY_MESSAGE = 'This snapshot is not complete, so it cannot be compared.';
export const SNAPSHOT_OTHER_STORE_MESSAGE = 'Snapshots of two different stores cannot be compared.';

/** Items of one kind a before-job snapshot keeps at most (a restore names 500 at most; a bulk edit's ids 10,000). */
export const MAX_SNAPSHOT_TARGETS = 10_000;

/**
 * What a write job will touch: a before-job snapshot keeps these items only. `productsWhere` names products by the
 * documented filters a bulk edit's scope uses (products_catalog.v3.yml getProducts: `categories:in` :9738, `brand_id` :9870,
 * `is_visible` :9929), for the scopes whose products are known only when the job lists them.
 */
export const snapshotTargetsSchema = z.object({
  products: z.array(z.number().int()).max(MAX_SNAPSHOT_TARGETS).optional(),
  productsWhere: z
    .object({
      'categories:in': z.number().int().optional(),
      brand_id: z.number().int().optional(),
      is_visible: z.boolean().optional(),
    })
    .strict()
    .optional(),
  categories: z.array(z.number().int()).max(MAX_SNAPSHOT_TARGETS).optional(),
  brands: z.array(z.number().int()).max(MAX_SNAPSHOT_TARGETS).optional(),
  widgetTemplates: z.array(z.string()).max(MAX_SNAPSHOT_TARGETS).optional(),
  // Issue 40's kinds: REST widgets and placements by uuid, web pages, blog posts and redirects by id.
  widgets: z.array(z.string()).max(MAX_SNAPSHOT_TARGETS).optional(),
  placements: z.array(z.string()).max(MAX_SNAPSHOT_TARGETS).optional(),
  webPages: z.array(z.number().int()).max(MAX_SNAPSHOT_TARGETS).optional(),
  blogPosts: z.array(z.number().int()).max(MAX_SNAPSHOT_TARGETS).optional(),
  redirects: z.array(z.number().int()).max(MAX_SNAPSHOT_TARGETS).optional(),
  pages: z
    .array(
      z.object({
        channelId: z.number(),
        templateFile: z.string().nullable(),
        entityId: z.string().nullable(),
      }),
    )
    .max(MAX_SNAPSHOT_TARGETS)
    .optional(),
});
export type SnapshotTargets = z.infer<typeof snapshotTargetsSchema>;

export const takeSnapshotRequestSchema = z.object({
  storeCredentials: toolStoreCredentialsSchema,
  scope: z.array(snapshotScopeSchema).min(1).max(SNAPSHOT_SCOPES.length).optional(),
});
export type TakeSnapshotRequest = z.infer<typeof takeSnapshotRequestSchema>;

export const snapshotCountsSchema = z.object({
  products: z.number(),
  variants: z.number(),
  categories: z.number(),
  brands: z.number(),
  pages: z.number(),
  widgets: z.number(),
  widgetTemplates: z.number(),
  // Issue 40's kinds: a snapshot taken before them has none (read as 0).
  restWidgets: z.number().default(0),
  placements: z.number().default(0),
  webPages: z.number().default(0),
  blogPosts: z.number().default(0),
  redirects: z.number().default(0),
});
export type SnapshotCounts = z.infer<typeof snapshotCountsSchema>;
export const EMPTY_SNAPSHOT_COUNTS: SnapshotCounts = {
  products: 0,
  variants: 0,
  categories: 0,
  brands: 0,
  pages: 0,
  widgets: 0,
  widgetTemplates: 0,
  restWidgets: 0,
  placements: 0,
  webPages: 0,
  blogPosts: 0,
  redirects: 0,
};

/**
 * Page Builder pages a snapshot did not read (issue 40): BigCommerce lists no pages with content, so a snapshot reads
 * the page of each product, category, brand and web page on each of its channels, one request each, at most
 * MAX_PAGE_PROBES of them. Past the bound, each (channel, template file) whose pages were not all read is named here:
 * the `count` entities of ids `firstId` to `lastId` on that channel. Their content is neither compared nor restored.
 */
export const MAX_PAGE_PROBES = 5_000;
export const unreadPagesSchema = z.object({
  channelId: z.number(),
  templateFile: z.string(),
  count: z.number(),
  firstId: z.number(),
  lastId: z.number(),
});
export type UnreadPages = z.infer<typeof unreadPagesSchema>;

export const snapshotSchema = z.object({
  id: z.string(),
  storeHash: z.string(),
  createdAt: z.string(),
  state: z.enum(SNAPSHOT_STATES),
  reason: z.enum(SNAPSHOT_REASONS),
  scope: z.array(snapshotScopeSchema),
  counts: snapshotCountsSchema,
  /** Its data, uncompressed. */
  bytes: z.number(),
  /** What it added to storage (compressed): items no earlier snapshot of its owner held. */
  newBytes: z.number(),
  /** The job that takes it. */
  jobId: z.string().nullable(),
  /** Pages it did not read (over MAX_PAGE_PROBES); empty when it read every page. */
  unreadPages: z.array(unreadPagesSchema).default([]),
  /** A before-job snapshot's job: the write it was taken before (null when unknown, or not a job: an import). */
  beforeJob: z.object({ id: z.string(), kind: z.string() }).nullable().default(null),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const takeSnapshotResponseSchema = z.object({ snapshotId: z.string(), job: jobViewSchema });
export type TakeSnapshotResponse = z.infer<typeof takeSnapshotResponseSchema>;

export const listSnapshotsQuerySchema = z.object({ storeHash: z.string().min(1).max(100) });
export const listSnapshotsResponseSchema = z.object({ snapshots: z.array(snapshotSchema) });
export type ListSnapshotsResponse = z.infer<typeof listSnapshotsResponseSchema>;

/** A page is keyed by where it is; every other item by its id. */
export const snapshotItemKeySchema = z.union([
  z.object({ id: z.union([z.number(), z.string()]) }),
  z.object({ channelId: z.number(), templateFile: z.string(), entityId: z.string().nullable() }),
]);
export type SnapshotItemKey = z.infer<typeof snapshotItemKeySchema>;

export const snapshotFieldChangeSchema = z.object({
  /** `name`, `variants[sku=ABC-1].price`, `custom_fields[name=Material].value`, `regions[header].widgets[0]`… */
  path: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type SnapshotFieldChange = z.infer<typeof snapshotFieldChangeSchema>;

export const snapshotChangeSchema = z.object({
  kind: snapshotItemKindSchema,
  key: snapshotItemKeySchema,
  name: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  /** For a changed item: each field that differs (empty for an added or removed one). */
  fields: z.array(snapshotFieldChangeSchema),
});
export type SnapshotChange = z.infer<typeof snapshotChangeSchema>;

export const snapshotDiffQuerySchema = z.object({
  against: z.string().min(1).max(100),
  cursor: z.string().max(200).optional(),
  kind: snapshotItemKindSchema.optional(),
  /** Part of a name, SKU or page (template file), any case. */
  search: z.string().max(100).optional(),
});
export type SnapshotDiffQuery = z.infer<typeof snapshotDiffQuerySchema>;

const changeCountsSchema = z.object({ added: z.number(), removed: z.number(), changed: z.number() });

/** `against=live`: the store now, as its freshest complete snapshot (one is taken when there is none). */
export const SNAPSHOT_DIFF_LIVE = 'live';
/**
 * `against=live` compares with a complete snapshot of the store that ended within this many minutes (and was taken
 * after the one compared); older, a new snapshot is taken and the answer is 202 `{snapshotId, job}`.
 */
export const LIVE_FRESH_MINUTES = 10;
/** `against=live` when the server holds no credentials of the store (a visitor's, or not a cloud store). */
export const SNAPSHOT_LIVE_NEEDS_SNAPSHOT_MESSAGE =
  "The store now can only be compared from a fresh snapshot of it, and no credentials for this store are kept on the server. Take a snapshot with the store's credentials (POST /api/snapshots), then ask again with against=live.";

/** Which snapshot stood for the store now (an `against=live` diff only). */
export const snapshotDiffAgainstSchema = z.object({ snapshotId: z.string(), createdAt: z.string() });
export type SnapshotDiffAgainst = z.infer<typeof snapshotDiffAgainstSchema>;

export const snapshotDiffResponseSchema = z.object({
  changes: z.array(snapshotChangeSchema),
  /** Changes in all (after the kind and search filters). */
  total: z.number(),
  nextCursor: z.string().nullable(),
  /** Per kind, before the filters: what the screen's kind filter shows. */
  counts: z.record(snapshotItemKindSchema, changeCountsSchema),
  /** With `against=live`: the snapshot that stood for the store now. */
  against: snapshotDiffAgainstSchema.optional(),
  /** Pages either snapshot did not read: not compared (never listed as added or removed). */
  unreadPages: z.array(unreadPagesSchema).default([]),
});
export type SnapshotDiffResponse = z.infer<typeof snapshotDiffResponseSchema>;

// ---- One item of a snapshot (issue 32 "Diff": a page's content opened in the Widgets Visualization's compare view). ----

/** `GET ?kind=&key=<JSON>`: one item of the owner's snapshot, its content as the snapshot stored it. */
export const SNAPSHOT_ITEM_PATH = `${SNAPSHOTS_PATH}/:id/item`;
/** The longest `key` (its JSON) an item is asked by: a page's key with a long template file fits many times over. */
export const MAX_SNAPSHOT_ITEM_KEY_LENGTH = 1_000;
export const SNAPSHOT_ITEM_NOT_FOUND_MESSAGE = 'This snapshot holds no such item.';
export const SNAPSHOT_ITEM_KEY_MESSAGE =
  'key must be the item\'s key as JSON: {"id":…}, or a page\'s {"channelId":…,"templateFile":…,"entityId":…}.';

/** A key as the diff names it; a page of the global regions has a null template file. */
const snapshotItemLookupKeySchema = z.union(
  [
    z.strictObject({ id: z.union([z.number(), z.string().max(200)]) }),
    z.strictObject({
      channelId: z.number().int(),
      templateFile: z.string().max(300).nullable(),
      entityId: z.string().max(100).nullable(),
    }),
  ],
  { error: SNAPSHOT_ITEM_KEY_MESSAGE },
);

export const snapshotItemQuerySchema = z.object({
  kind: snapshotItemKindSchema,
  key: z
    .string()
    .max(MAX_SNAPSHOT_ITEM_KEY_LENGTH)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: SNAPSHOT_ITEM_KEY_MESSAGE });
        return z.NEVER;
      }
    })
    .pipe(snapshotItemLookupKeySchema),
});
export type SnapshotItemQuery = z.input<typeof snapshotItemQuerySchema>;

/** The path of one item of a snapshot: `kind` and its `key` (as the diff names them). */
export const snapshotItemPath = (id: string, kind: SnapshotItemKind, key: Record<string, unknown>) =>
  `${SNAPSHOTS_PATH}/${encodeURIComponent(id)}/item?${new URLSearchParams({ kind, key: JSON.stringify(key) }).toString()}`;

export const snapshotItemResponseSchema = z.object({
  item: z.object({
    kind: snapshotItemKindSchema,
    key: z.record(z.string(), z.unknown()),
    name: z.string(),
    /** What the snapshot stored: a page's snapshot (`{regions}`), a product as BigCommerce answered it… */
    data: z.unknown(),
  }),
});
export type SnapshotItemResponse = z.infer<typeof snapshotItemResponseSchema>;

// ---- Restore (issue 32 "Restore"): preview first, then a job that skips what changed since the preview. ----

/** `POST` {storeCredentials, items, preview: true} → preview; {storeCredentials, previewId, preview: false} → `{job}`. */
export const SNAPSHOT_RESTORE_PATH = `${SNAPSHOTS_PATH}/:id/restore`;
export const snapshotRestorePath = (id: string) => `${SNAPSHOTS_PATH}/${encodeURIComponent(id)}/restore`;

/** Items one restore may name at most. */
export const MAX_RESTORE_ITEMS = 500;
/** Fields one item of a restore may name at most (none: the whole item). */
export const MAX_RESTORE_FIELDS = 200;
/** How long a preview can be started: after this the user previews again (the live values may have moved). */
export const RESTORE_PREVIEW_TTL_MS = 30 * 60 * 1000;

export const RESTORE_PREVIEW_EXPIRED_MESSAGE = 'This preview has expired. Preview the restore again.';

export const restoreItemSchema = z.object({
  kind: snapshotItemKindSchema,
  key: snapshotItemKeySchema,
  /** Paths as the diff names them (`description`, `variants[sku=ABC-1].price`); left out: every field of the item. */
  fields: z.array(z.string().min(1).max(300)).min(1).max(MAX_RESTORE_FIELDS).optional(),
});
export type RestoreItem = z.infer<typeof restoreItemSchema>;

export const restoreRequestSchema = z.discriminatedUnion('preview', [
  z.object({
    storeCredentials: toolStoreCredentialsSchema,
    preview: z.literal(true),
    items: z.array(restoreItemSchema).min(1).max(MAX_RESTORE_ITEMS),
    /**
     * Write stock levels (`inventory_level` of products and variants) back too. Left out: the store keeps its stock,
     * so what sold since the snapshot is not undone (issue 40); the preview names each level it leaves.
     */
    stock: z.boolean().optional(),
  }),
  z.object({
    storeCredentials: toolStoreCredentialsSchema,
    preview: z.literal(false),
    previewId: z.string().min(1).max(100),
  }),
]);
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;

export const restorePreviewFieldSchema = z.object({
  path: z.string(),
  /** The store's value now. */
  live: z.unknown(),
  /** The snapshot's value: what the restore writes. */
  restored: z.unknown(),
});
export type RestorePreviewField = z.infer<typeof restorePreviewFieldSchema>;

/**
 * Why a part of an item that differs is not written (issue 40: named, never hidden): `stock-not-chosen` (stock is
 * written only when asked), `stock-made-again` (a product made again gets the snapshot's stock), `part-not-restored`
 * (a variant's image: BigCommerce sets it only by an upload and documents no way to remove it). Every other part of a
 * product (options, variants, custom fields, images, videos, bulk pricing, modifiers, reviews, channels) is written.
 */
export const RESTORE_NOT_WRITTEN_CODES = [
  'stock-not-chosen',
  'stock-made-again',
  'part-not-restored',
] as const;
export const restoreNotWrittenSchema = z.object({
  path: z.string(),
  code: z.enum(RESTORE_NOT_WRITTEN_CODES),
  /** The reason in English (the screen shows the code's text in the reader's language). */
  reason: z.string(),
});
export type RestoreNotWritten = z.infer<typeof restoreNotWrittenSchema>;

export const restorePreviewItemSchema = z.object({
  kind: snapshotItemKindSchema,
  key: snapshotItemKeySchema,
  name: z.string(),
  /**
   * What the write does to the item: `update` (it exists, some fields differ), `create` (gone from the store: made
   * again, whole), `unchanged` (the store already holds the snapshot's values: nothing is written),
   * `not-restorable` (it differs only in parts a restore does not write: see `notWritten`; nothing is written).
   */
  action: z.enum(['update', 'create', 'unchanged', 'not-restorable']),
  fields: z.array(restorePreviewFieldSchema),
  /** The parts that differ and are not written, each with why. */
  notWritten: z.array(restoreNotWrittenSchema).optional(),
});
export type RestorePreviewItem = z.infer<typeof restorePreviewItemSchema>;

/**
 * One item of a restore's undo preview (`POST /api/jobs/{id}/undo/preview`): as a restore's preview item, and also
 * `delete`, an item the restore made again (it had been deleted since the snapshot), which the undo deletes again.
 * `reason` says why the undo leaves an item as it is (it changed since the restore).
 */
export const restoreUndoPreviewItemSchema = restorePreviewItemSchema.extend({
  action: z.enum(['update', 'create', 'unchanged', 'not-restorable', 'delete']),
  reason: z.string().optional(),
});
export type RestoreUndoPreviewItem = z.infer<typeof restoreUndoPreviewItemSchema>;
export const restoreUndoPreviewResponseSchema = z.object({
  preview: z.object({ items: z.array(restoreUndoPreviewItemSchema) }),
});

export const restorePreviewResponseSchema = z.object({
  previewId: z.string(),
  preview: z.object({ items: z.array(restorePreviewItemSchema) }),
  /** When the preview can no longer be started (ISO time). */
  expiresAt: z.string(),
  /** Pages the snapshot did not read: it cannot restore them. */
  unreadPages: z.array(unreadPagesSchema).default([]),
});
export type RestorePreviewResponse = z.infer<typeof restorePreviewResponseSchema>;

export const restoreStartResponseSchema = z.object({ job: jobViewSchema });
export type RestoreStartResponse = z.infer<typeof restoreStartResponseSchema>;

/** One item's end in a restore job (the job view's `outcomes`): written, skipped (changed since the preview), failed. */
export { jobItemOutcomeSchema as restoreOutcomeSchema, type JobItemOutcome as RestoreOutcome } from './jobs';

// ---- Scheduled snapshots (issue 32 "Snapshots"): daily, at a chosen hour, for a signed-in user's cloud stores. ----

/** `GET` → the caller's schedules (signed-in only). */
export const SNAPSHOT_SCHEDULES_PATH = '/api/snapshot-schedules';
/** `PUT` {enabled, hour, keepDaily?, keepWeekly?, keepMonthly?}: the schedule of one of the caller's cloud stores. */
export const SNAPSHOT_SCHEDULE_PATH = `${SNAPSHOT_SCHEDULES_PATH}/:storeId`;
export const snapshotSchedulePath = (storeId: string) =>
  `${SNAPSHOT_SCHEDULES_PATH}/${encodeURIComponent(storeId)}`;

/** The schedules' hours are hours of the day in UTC (the app knows no user's time zone). */
export const SNAPSHOT_SCHEDULE_TIME_ZONE = 'UTC';

/** The retention rule when none is given: the newest of each of 7 days, 4 ISO weeks and 12 months. */
export const DEFAULT_SNAPSHOT_RETENTION = { keepDaily: 7, keepWeekly: 4, keepMonthly: 12 } as const;

export const snapshotRetentionSchema = z.object({
  keepDaily: z.number().int().min(0).max(366),
  keepWeekly: z.number().int().min(0).max(260),
  keepMonthly: z.number().int().min(0).max(120),
});
export type SnapshotRetention = z.infer<typeof snapshotRetentionSchema>;

export const SNAPSHOT_SCHEDULE_HOUR_MESSAGE = 'The hour must be a whole number from 0 to 23.';

export const putSnapshotScheduleRequestSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
  hour: z
    .number({ error: SNAPSHOT_SCHEDULE_HOUR_MESSAGE })
    .int(SNAPSHOT_SCHEDULE_HOUR_MESSAGE)
    .min(0, SNAPSHOT_SCHEDULE_HOUR_MESSAGE)
    .max(23, SNAPSHOT_SCHEDULE_HOUR_MESSAGE),
  keepDaily: snapshotRetentionSchema.shape.keepDaily.optional(),
  keepWeekly: snapshotRetentionSchema.shape.keepWeekly.optional(),
  keepMonthly: snapshotRetentionSchema.shape.keepMonthly.optional(),
});
export type PutSnapshotScheduleRequest = z.infer<typeof putSnapshotScheduleRequestSchema>;

export const snapshotScheduleSchema = snapshotRetentionSchema.extend({
  /** The Store Manager's id of the cloud store. */
  storeId: z.string(),
  storeHash: z.string(),
  enabled: z.boolean(),
  /** 0-23, in `timeZone`. */
  hour: z.number().int(),
  timeZone: z.literal(SNAPSHOT_SCHEDULE_TIME_ZONE),
  /** When the schedule last started a snapshot (ISO time), and that snapshot. */
  lastRunAt: z.string().nullable(),
  lastSnapshotId: z.string().nullable(),
  /** Why the last scheduled snapshot could not start (the store refused, the caps were reached…), else null. */
  lastError: z.string().nullable(),
});
export type SnapshotSchedule = z.infer<typeof snapshotScheduleSchema>;

export const listSnapshotSchedulesResponseSchema = z.object({ schedules: z.array(snapshotScheduleSchema) });
export type ListSnapshotSchedulesResponse = z.infer<typeof listSnapshotSchedulesResponseSchema>;
export const putSnapshotScheduleResponseSchema = z.object({ schedule: snapshotScheduleSchema });
export type PutSnapshotScheduleResponse = z.infer<typeof putSnapshotScheduleResponseSchema>;

export const SNAPSHOT_RUNNING_MESSAGE = 'A snapshot being taken cannot be deleted; cancel it first.';
export const SNAPSHOT_SCHEDULE_STORE_MESSAGE = 'This store is not one of your cloud stores.';
/** A restore's messages (issue 32): refusals of the request, and the reasons the job's outcomes give. */
export const RESTORE_NOT_READY_MESSAGE = 'This snapshot is not complete, so it cannot be restored.';
export const RESTORE_OTHER_STORE_MESSAGE = 'This snapshot is of another store than the one selected.';
export const restoreItemMissingMessage = (kind: SnapshotItemKind, key: SnapshotItemKey) =>
  `This snapshot holds no ${kind} ${JSON.stringify(key)}.`;
export const restoreFieldNotRestorableMessage = (path: string) =>
  `The field "${path}" cannot be restored (it is read-only, computed or not a field of this item).`;
/** An item whose live value changed between the preview and the write: left as it is. */
export const RESTORE_STALE_REASON = 'Changed in the store since the preview';
/** An item that already held the snapshot's values: nothing written. */
export const RESTORE_ALREADY_REASON = "Already held the snapshot's values";
/** The undo of a restore deleted an item the restore had made again. */
export const RESTORE_UNDO_DELETED_REASON = 'Deleted: the restore had made it again';
/** The undo found an item the restore had made again already deleted: nothing to do. */
export const RESTORE_UNDO_ALREADY_DELETED_REASON = 'Already deleted from the store';
/** An item the restore made again whose state then was not kept (an older restore): the undo leaves it. */
export const RESTORE_UNDO_UNCHECKED_REASON =
  'Made again by the restore, which kept no copy of it to compare with, so it is left in the store';
