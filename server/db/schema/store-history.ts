// Store History (store_snapshot, snapshot_item, snapshot_blob, snapshot_schedule, restore_preview, store_id_map).
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { UnreadPages } from '../../../common/contracts/store-history';
import { user } from './auth';

/**
 * Store History (issue 32): a snapshot of a store, owned by a user or a visitor (`user:<id>` / `visitor:<id>`, as jobs
 * are). Its items are rows of `snapshot_item`; their contents are blobs in the object store, shared by content hash.
 */
export const storeSnapshot = pgTable(
  'store_snapshot',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    storeHash: text('store_hash').notNull(),
    /** `manual`, `scheduled` or `before-job`. */
    reason: text('reason').notNull(),
    /** The parts of the store it holds: `catalog`, `categories`, `brands`, `widgets`. */
    scope: jsonb('scope').$type<string[]>().notNull(),
    /** `running`, `done`, `failed`, `cancelled`. */
    state: text('state').notNull(),
    jobId: text('job_id'),
    /** Set when it is done: products, variants, categories, brands, pages, widgets, widgetTemplates. */
    counts: jsonb('counts').$type<Record<string, number>>(),
    /** Its items' bytes, uncompressed. */
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** The compressed bytes of the blobs it was the first of its owner's snapshots to hold. */
    newBytes: bigint('new_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A visitor's snapshot: the client address that took it (the per-address bound of the visitors' pool, issue 41). */
    clientAddress: text('client_address'),
    /** Pages it did not read, over its bound (issue 40; contract `unreadPagesSchema`); null: it read every page. */
    unreadPages: jsonb('unread_pages').$type<UnreadPages[]>(),
  },
  (table) => [index('store_snapshot_owner_idx').on(table.owner, table.storeHash, table.createdAt)],
);

/** One item of a snapshot: a product, category, brand, widget template or page, by its key, and its blob's hash. */
export const snapshotItem = pgTable(
  'snapshot_item',
  {
    snapshotId: text('snapshot_id')
      .notNull()
      .references(() => storeSnapshot.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The key as canonical JSON: `{"id":77}`, or a page's `{"channelId":1,"entityId":null,"templateFile":"pages/home"}`. */
    itemKey: text('item_key').notNull(),
    name: text('name').notNull(),
    /** What the diff's search looks in (name, SKU, template file), lower case. */
    search: text('search').notNull(),
    hash: text('hash').notNull(),
    bytes: integer('bytes').notNull(),
    /** A product's variants, a page's widgets (the snapshot's counts). */
    units: integer('units').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.kind, table.itemKey] })],
);

/**
 * A blob an owner's snapshots hold (`snapshots/<key owner digest>/<hash>.json.gz` in the object store), stored once.
 * `keyOwner` is the owner whose digest names the object when that is not `owner`: a visitor's blobs that moved to the
 * account made at sign-up (issue 44) keep their objects where they are (null: the owner; rows before issue 44).
 */
export const snapshotBlob = pgTable(
  'snapshot_blob',
  {
    owner: text('owner').notNull(),
    keyOwner: text('key_owner'),
    hash: text('hash').notNull(),
    bytes: integer('bytes').notNull(),
    storedBytes: integer('stored_bytes').notNull(),
    firstSnapshotId: text('first_snapshot_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.owner, table.hash] })],
);

/**
 * Store History's scheduled snapshots (issue 32): one row per signed-in user's cloud store (`storeId`, the Store
 * Manager's id, which survives the list being saved again), daily at `hour` (UTC), and the retention rule. `lastRunOn`
 * (the UTC day, `YYYY-MM-DD`) is set by a compare-and-set when a tick claims the day, so a day runs once whatever
 * instance or tick sees it.
 */
export const snapshotSchedule = pgTable(
  'snapshot_schedule',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    enabled: boolean('enabled').notNull(),
    hour: integer('hour').notNull(),
    keepDaily: integer('keep_daily').notNull(),
    keepWeekly: integer('keep_weekly').notNull(),
    keepMonthly: integer('keep_monthly').notNull(),
    lastRunOn: text('last_run_on'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastSnapshotId: text('last_snapshot_id'),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storeId] }),
    index('snapshot_schedule_due_idx').on(table.enabled, table.hour),
  ],
);

/**
 * A Store History restore's preview (issue 32): what a restore of some items of a snapshot would write, and the hash of
 * each field's live value when it was previewed, so the job it starts (on any instance) skips what changed since. It
 * can be started until `expires_at` (RESTORE_PREVIEW_TTL_MS), once: `job_id` is set by the start that claims it.
 */
export const restorePreview = pgTable(
  'restore_preview',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    snapshotId: text('snapshot_id')
      .notNull()
      .references(() => storeSnapshot.id, { onDelete: 'cascade' }),
    storeHash: text('store_hash').notNull(),
    /** The plan items: `[{kind, key, name, action, units: [{path, value, expect}]}]` (restore-plan.ts). */
    items: jsonb('items').notNull(),
    jobId: text('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('restore_preview_owner_idx').on(table.owner, table.createdAt),
    index('restore_preview_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Store History's old-to-new id map (issue 40): an item a restore made again gets a new id from BigCommerce, and every
 * reference to the old one (a child category's `parent_id`, a product's categories and brand, related products, a
 * page's entity) is re-pointed through this map, by that restore and by every later one of the store. One row per
 * item made again, written as soon as BigCommerce answers the new id; the undo that deletes the item removes its row.
 */
export const storeIdMap = pgTable(
  'store_id_map',
  {
    storeHash: text('store_hash').notNull(),
    /** `product`, `category`, `brand`… (the snapshot's item kinds). */
    kind: text('kind').notNull(),
    oldId: text('old_id').notNull(),
    newId: text('new_id').notNull(),
    /** The restore job that made it. */
    jobId: text('job_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.storeHash, table.kind, table.oldId] }),
    index('store_id_map_new_idx').on(table.storeHash, table.kind, table.newId),
  ],
);
