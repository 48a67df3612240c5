// The database schema (Drizzle). One schema and one migration set for PGlite and PostgreSQL.
// After a change: `npm run db:generate` writes a migration into server/db/migrations (commit it).
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { UnreadPages } from '../../common/contracts/store-history';

/** Bytes (PostgreSQL `bytea`): a Buffer from node-postgres, a Uint8Array from PGlite, either accepted. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Small instance-wide settings shared by every app instance (e.g. generated keys, feature state). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Better Auth's tables, written by hand (its CLI needs Node 22). Property names are Better Auth's field names (its
// Drizzle adapter maps by property); columns are snake_case. Field definitions: @better-auth/core
// dist/db/get-tables.mjs, plus the admin plugin's fields (better-auth dist/plugins/admin/schema.mjs).
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  // admin plugin
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // admin plugin: the admin's user id while impersonating
    impersonatedBy: text('impersonated_by'),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** Better Auth's rate-limit counters (`rateLimit.storage: 'database'`): shared by every instance, kept on restart. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Impersonation and every admin change (common/contracts/account.ts `auditActionSchema`). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    targetId: text('target_id'),
    targetEmail: text('target_email'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [index('audit_log_at_idx').on(table.at)],
);

/** The embedded mail default: every mail kept here (shown at /dev/outbox outside production). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
  },
  (table) => [index('mail_outbox_at_idx').on(table.at)],
);

/**
 * A user's cloud store list (spec part 1 §3 "Store (cloud record)"): `storeId` is the id the browser gave the store,
 * `position` keeps the user's order. The access token is sealed with AES-256-GCM (server/token-cipher.ts,
 * the user id as associated data) and never stored in the clear.
 */
export const userStore = pgTable(
  'user_store',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    name: text('name').notNull(),
    storeHash: text('store_hash').notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    position: integer('position').notNull(),
  },
  (table) => [unique('user_store_user_id_store_hash_unique').on(table.userId, table.storeHash)],
);

/**
 * Personal access tokens (issue 33): what an AI agent's MCP client presents. Only the SHA-256 of the secret is kept
 * (the token is shown once); a revoked token's row is deleted; `last_used_at` is what Profile Settings shows.
 */
export const accessToken = pgTable(
  'access_token',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('access_token_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Full dumps kept for AI agents (issue 33): a dump tool's answer is sized for a model and links its whole dump as an
 * MCP resource (`bct://dumps/{id}`), read back here by its owner only, until `expires_at`. Bounded in size per row and
 * in rows per user (server/agent-tools/agent-dumps.ts).
 */
export const agentDump = pgTable(
  'agent_dump',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The tool that made it (`dump_widgets`). */
    tool: text('tool').notNull(),
    /** The file name the screens would download it as. */
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The dump as JSON text. */
    body: text('body').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('agent_dump_user_idx').on(table.userId, table.createdAt),
    index('agent_dump_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Confirmations of AI agents' writes that answer at once (issue 41, point 9): the row is written when the write starts,
 * under the confirmation's nonce, and holds the answer once it ends; a second use of the confirmation answers it, and
 * never writes again, whatever happened to the agent's kept dumps since. Kept until the confirmation expires.
 */
export const agentConfirmation = pgTable(
  'agent_confirmation',
  {
    nonce: text('nonce').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    /** `{result}` once the write ended; null while it runs (or if its instance died while it ran). */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('agent_confirmation_expires_idx').on(table.expiresAt)],
);

/**
 * Long work (STYLE.md §5, issue 12): one row per job. pg-boss carries the job to a worker; this row holds what the
 * screens and the spec endpoints read (state, counts, per-item errors), what a worker needs to resume (the plan and
 * the checkpoint), the backup of every value it overwrote, and the store credentials, sealed with the store-token
 * cipher (the job id as associated data) and erased when the job ends. `version` grows with every change, so Server-
 * Sent Events from any instance can resume with `Last-Event-ID`.
 */
export const job = pgTable(
  'job',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** `user:<id>` or `visitor:<id>`. */
    owner: text('owner').notNull(),
    storeHash: text('store_hash').notNull(),
    state: text('state').notNull(),
    /** The validated command (scope, source product, the value to write); never a secret. */
    input: jsonb('input').notNull(),
    credentialsSealed: text('credentials_sealed'),
    total: integer('total').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: jsonb('errors').notNull().default([]),
    /** The products to write, in order: `[{id, name, current, next}]` (resolved once, when the job starts). */
    plan: jsonb('plan'),
    /** Index in `plan` of the first product not yet settled. */
    checkpoint: integer('checkpoint').notNull().default(0),
    /** Previous values of the products about to be or already written: `{[id]: {name, value}}`. */
    backup: jsonb('backup').notNull().default({}),
    waiting: jsonb('waiting'),
    message: text('message'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    undoOf: text('undo_of'),
    version: integer('version').notNull().default(0),
    /**
     * The job's progress steps (the plan made, each wave settled): `[{version, succeeded, failed, skipped}]`, the version
     * each one gave the row. A follower's stream sends every step after the last one it sent, however close together
     * they came (issue 29, L1). One per wave, so bounded by the plan.
     */
    progress: jsonb('progress').notNull().default([]),
    /**
     * For a job that writes items of several kinds (a Store History restore): each settled item's end, `[{kind, key,
     * name, outcome, reason}]`, appended by the same compare-and-set write that counts it. Null for the other kinds.
     */
    outcomes: jsonb('outcomes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('job_owner_created_idx').on(table.owner, table.createdAt)],
);

/**
 * Import Widgets' way back (issue 13): a target page as it was just before an import (or a restore) wrote it, so it can
 * be downloaded or published back. `owner` is the job owner key (`user:<id>` or `visitor:<id>`); `regions` is the page
 * snapshot's regions as BigCommerce answered them. Rows older than 30 days are pruned, and an owner keeps at most
 * the newest 2,000 (server/features/import-widgets/page-backup-store.ts).
 */
export const pageWidgetsBackup = pgTable(
  'page_widgets_backup',
  {
    id: text('id').primaryKey(),
    owner: text('owner').notNull(),
    storeHash: text('store_hash').notNull(),
    channelId: integer('channel_id').notNull(),
    /** Null for the global regions (the snapshot without template_file). */
    templateFile: text('template_file'),
    entityId: text('entity_id'),
    regions: jsonb('regions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('page_widgets_backup_owner_created_idx').on(table.owner, table.createdAt),
    index('page_widgets_backup_created_idx').on(table.createdAt),
  ],
);

/**
 * H.265 cloud conversions (issue 17): one row per upload address given out, so a key is usable only by the owner it
 * was given to (`user:<id>` or `visitor:<id>`). The row follows the upload and its conversion (a pg-boss job on the
 * `video-h265` queue): `uploading` -> `queued` -> `active` -> `done` or `failed`. The upload, the converted file and
 * the row are deleted 24 hours after the address was given (`expires_at`) by the sweep in
 * server/features/video-h265-converter/.
 */
export const videoConversion = pgTable(
  'video_conversion',
  {
    id: text('id').primaryKey(),
    /** The upload's object key (the spec's `s3Key`). */
    uploadKey: text('upload_key').notNull().unique(),
    owner: text('owner').notNull(),
    /** The client address the upload address was given to (issue 26: waiting uploads are counted per caller). */
    clientKey: text('client_key'),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    state: text('state').notNull(),
    /** The encoder's progress, 0-100, while active. */
    progress: integer('progress').notNull().default(0),
    preset: text('preset'),
    /** The probe and the estimate: `{durationSeconds, width, height, videoCodec, audioCodec, estimateSeconds}`. */
    probe: jsonb('probe'),
    originalSize: bigint('original_size', { mode: 'number' }),
    convertedSize: bigint('converted_size', { mode: 'number' }),
    outputKey: text('output_key'),
    outputName: text('output_name'),
    /** Seconds the encoder ran (the last attempt). */
    encodeSeconds: integer('encode_seconds'),
    attempts: integer('attempts').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the sweep found the upload's file (its address expired, the conversion not asked for yet). */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('video_conversion_owner_created_idx').on(table.owner, table.createdAt),
    index('video_conversion_expires_idx').on(table.expiresAt),
    index('video_conversion_state_created_idx').on(table.state, table.createdAt),
  ],
);

/**
 * AI Assistant conversations (issue 18, spec part 2 §3): one row per chat session, private to its user (an admin
 * viewing as a user sees theirs). `title` comes from the first question; `message_count` and `updated_at` follow each
 * answered message, and the history sidebar lists a user's newest 50.
 */
export const chatSession = pgTable(
  'chat_session',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('chat_session_user_updated_idx').on(table.userId, table.updatedAt)],
);

/** The messages of a chat session, in order (`position`); deleted with their session. */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSession.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('chat_message_session_position_unique').on(table.sessionId, table.position)],
);

/**
 * Leases (issue 29): a named piece of work held by one caller, on any instance, until it ends or its lease runs out
 * (`server/db/lease.ts`). Import Product holds `import-product:<store>:sku:<sku>` so two imports of one product into
 * one store never both create it; Import Widgets holds one page (`import-widgets:<store>:page:…`) or one missing
 * template name (`import-widgets:<store>:template:…`) at a time. A lease outlives no crash by more than its `expires_at`.
 */
export const lease = pgTable('lease', {
  key: text('key').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The built-in sandbox's demo copies (issue 29), so that every instance serves the same copy: one row per live copy
 * (`server/sandbox/copy-journal.ts`). `incarnation` changes when the copy starts again from its seed (a reset, an
 * eviction); `version` counts its writes, kept in `demo_store_op` after the last `snapshot` (its state at
 * `snapshot_version`, null while that is the seed). The rate-limit window and the write budget counted here are the
 * copy's, whichever instance serves it. Both tables are UNLOGGED (migration 0009): every request updates its row, and a
 * copy lost in a database crash comes back from its seed, as after an idle expiry.
 */
export const demoStore = pgTable('demo_store', {
  hash: text('hash').primaryKey(),
  kind: text('kind').notNull(),
  incarnation: text('incarnation').notNull(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  snapshotVersion: bigint('snapshot_version', { mode: 'number' }).notNull().default(0),
  snapshot: bytea('snapshot'),
  /** Bytes of the writes kept since the snapshot. */
  logBytes: bigint('log_bytes', { mode: 'number' }).notNull().default(0),
  budgetCounted: bigint('budget_counted', { mode: 'number' }).notNull().default(0),
  /** Milliseconds since the epoch. */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  windowUsed: integer('window_used').notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The writes of a demo copy since its snapshot, to replay in `version` order; deleted with the copy. */
export const demoStoreOp = pgTable(
  'demo_store_op',
  {
    hash: text('hash')
      .notNull()
      .references(() => demoStore.hash, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    contentType: text('content_type'),
    body: bytea('body'),
    /** The clock readings and UUIDs the write took (server/sandbox/request-tape.ts), and the budget counted after it. */
    tape: jsonb('tape').$type<{ clock: number[]; uuids: string[]; budget: number }>().notNull(),
    size: integer('size').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hash, table.version] })],
);

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

/** A blob an owner's snapshots hold (`snapshots/<owner digest>/<hash>.json.gz` in the object store), stored once. */
export const snapshotBlob = pgTable(
  'snapshot_blob',
  {
    owner: text('owner').notNull(),
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

