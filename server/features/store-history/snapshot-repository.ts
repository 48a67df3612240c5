// Store History's data (issue 32): snapshot rows, their items, and the blobs the items point at. A blob is an item's
// canonical JSON, gzip-compressed, kept in the object store once per owner and content hash
// (`snapshots/<owner digest>/<hash>.json.gz`), so an unchanged item costs a row and no bytes in the next snapshot.
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { and, asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  EMPTY_SNAPSHOT_COUNTS,
  MAX_SNAPSHOT_BYTES_PER_OWNER,
  MAX_SNAPSHOTS_PER_OWNER,
  SNAPSHOT_BYTES_MESSAGE,
  SNAPSHOT_ITEM_KINDS,
  SNAPSHOT_LIMIT_MESSAGE,
  type Snapshot,
  type SnapshotCounts,
  type SnapshotItemKind,
  type SnapshotReason,
  type SnapshotScope,
  type UnreadPages,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import { canonicalItem } from '../../../common/store-history/field-diff';
import type { Db } from '../../db/database';
import { withAdvisoryLocks } from '../../db/lock';
import { snapshotBlob, snapshotItem, storeSnapshot } from '../../db/schema';
import { AppError } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { assertSnapshotBounds, type SnapshotTotals } from './snapshot-bounds';
import type { SnapshotReadItem } from './snapshot-steps';

export type SnapshotRow = typeof storeSnapshot.$inferSelect;

/** Snapshots all visitors (no account) keep together, and the bytes they may add. */
export const MAX_VISITOR_SNAPSHOTS = 500;
export const MAX_VISITOR_SNAPSHOT_BYTES = 2 * 1024 * 1024 * 1024;
const VISITOR_SNAPSHOTS_FULL_MESSAGE =
  'Snapshots without an account are full for now. Sign in to keep snapshots of your own, or delete older ones.';
export type SnapshotItemRow = typeof snapshotItem.$inferSelect;
type DiffChange = 'added' | 'removed' | 'changed';
/** One item that differs between two snapshots: its hash in each (null where it is not in that one). */
export type DifferingItem = {
  kind: SnapshotItemKind;
  itemKey: string;
  change: DiffChange;
  name: string;
  beforeHash: string | null;
  afterHash: string | null;
};

/** A key as stored: canonical JSON (sorted keys), so the same item has the same key in every snapshot. */
export function itemKeyText(key: Record<string, unknown>): string {
  return JSON.stringify(canonicalItem(key));
}

function ownerDigest(owner: string): string {
  return createHash('sha256').update(owner).digest('hex').slice(0, 32);
}

export function blobKey(owner: string, hash: string): string {
  return `snapshots/${ownerDigest(owner)}/${hash}.json.gz`;
}

export function toSnapshotView(row: SnapshotRow): Snapshot {
  return {
    id: row.id,
    storeHash: row.storeHash,
    createdAt: row.createdAt.toISOString(),
    state: row.state as Snapshot['state'],
    reason: row.reason as SnapshotReason,
    scope: row.scope as SnapshotScope[],
    counts: { ...EMPTY_SNAPSHOT_COUNTS, ...(row.counts ?? {}) },
    bytes: row.bytes,
    newBytes: row.newBytes,
    jobId: row.jobId,
    unreadPages: row.unreadPages ?? [],
  };
}

/**
 * Whether a page's key (its JSON text: channelId, templateFile, entityId) is among pages a snapshot did not read. The
 * entity id is compared as a number only when it is one (a CASE, since SQL does not promise to stop at a false AND).
 */
function unreadCovers(itemKey: SQLWrapper, unread: readonly UnreadPages[]): SQL {
  const key = sql`(${itemKey})::jsonb`;
  const entity = sql`case when ${key}->>'entityId' ~ '^[0-9]{1,15}$' then (${key}->>'entityId')::bigint end`;
  // Never null (an item of another kind has no channelId): `not (… and null)` would drop the row from the diff.
  return sql`coalesce((${sql.join(
    unread.map(
      (u) =>
        sql`(${key}->>'channelId' = ${String(u.channelId)} and ${key}->>'templateFile' = ${u.templateFile} and ${entity} between ${u.firstId} and ${u.lastId})`,
    ),
    sql` or `,
  )}), false)`;
}

export function createSnapshotRepository(
  db: Db,
  storage: ObjectStorage,
  totals: SnapshotTotals = { totalBytes: 20 * 1024 ** 3, totalRows: 10_000_000 },
) {
  return {
    /**
     * A new snapshot row, if its owner is under both caps: checked and taken under the owner's advisory lock, so
     * concurrent requests cannot pass the cap together.
     */
    async create(input: {
      id: string;
      owner: string;
      storeHash: string;
      reason: SnapshotReason;
      scope: SnapshotScope[];
      jobId: string | null;
      now: Date;
      /** Who asked (the client address, or `schedule`): kept for a visitor's snapshot (snapshot-bounds.ts). */
      caller?: string;
    }): Promise<SnapshotRow> {
      const { caller, ...values } = input;
      const isVisitor = input.owner.startsWith('visitor:');
      const keys = isVisitor
        ? [`snapshots:${input.owner}`, 'snapshots:visitors']
        : [`snapshots:${input.owner}`];
      const clientAddress = isVisitor ? (caller ?? null) : null;
      return withAdvisoryLocks(db, keys, async (tx) => {
        await assertSnapshotBounds(tx, { owner: input.owner, clientAddress }, totals);
        if (isVisitor) {
          // Anyone can be a new visitor (a new cookie): all visitors together are bounded too.
          const [all] = await tx
            .select({
              count: sql<number>`count(*)::int`,
              bytes: sql<number>`coalesce(sum(${storeSnapshot.newBytes}), 0)::bigint`,
            })
            .from(storeSnapshot)
            .where(sql`${storeSnapshot.owner} like 'visitor:%'`);
          if (
            (all?.count ?? 0) >= MAX_VISITOR_SNAPSHOTS ||
            Number(all?.bytes ?? 0) >= MAX_VISITOR_SNAPSHOT_BYTES
          ) {
            throw new AppError(ERROR_CODES.tooManySnapshots, VISITOR_SNAPSHOTS_FULL_MESSAGE);
          }
        }
        const [usage] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            bytes: sql<number>`coalesce(sum(${storeSnapshot.newBytes}), 0)::bigint`,
          })
          .from(storeSnapshot)
          .where(eq(storeSnapshot.owner, input.owner));
        if ((usage?.count ?? 0) >= MAX_SNAPSHOTS_PER_OWNER) {
          throw new AppError(ERROR_CODES.tooManySnapshots, SNAPSHOT_LIMIT_MESSAGE);
        }
        if (Number(usage?.bytes ?? 0) >= MAX_SNAPSHOT_BYTES_PER_OWNER) {
          throw new AppError(ERROR_CODES.tooManySnapshots, SNAPSHOT_BYTES_MESSAGE);
        }
        const [row] = await tx
          .insert(storeSnapshot)
          .values({ ...values, clientAddress, state: 'running', createdAt: input.now })
          .returning();
        return row!;
      });
    },

    async get(id: string): Promise<SnapshotRow | undefined> {
      const [row] = await db.select().from(storeSnapshot).where(eq(storeSnapshot.id, id));
      return row;
    },

    async setJob(id: string, jobId: string): Promise<void> {
      await db.update(storeSnapshot).set({ jobId }).where(eq(storeSnapshot.id, id));
    },

    async byJob(jobId: string): Promise<SnapshotRow | undefined> {
      const [row] = await db.select().from(storeSnapshot).where(eq(storeSnapshot.jobId, jobId));
      return row;
    },

    async list(owner: string, storeHash: string): Promise<SnapshotRow[]> {
      return db
        .select()
        .from(storeSnapshot)
        .where(and(eq(storeSnapshot.owner, owner), eq(storeSnapshot.storeHash, storeHash)))
        .orderBy(desc(storeSnapshot.createdAt), desc(storeSnapshot.id));
    },

    /**
     * Deletes the owner's ended snapshots of a store taken for this reason, but the newest `keep` (their blobs go with
     * them when no other snapshot holds them). A snapshot still being taken is never deleted.
     */
    async pruneReason(
      owner: string,
      storeHash: string,
      reason: SnapshotReason,
      keep: number,
    ): Promise<number> {
      const rows = (await this.list(owner, storeHash)).filter(
        (row) => row.reason === reason && row.state !== 'running',
      );
      const old = rows.slice(Math.max(0, keep));
      for (const row of old) await this.delete(row);
      return old.length;
    },

    /**
     * Keeps a step's items: each blob not yet held by the owner is written to the object store, then recorded; the
     * item rows are inserted once (a step read again after a restart adds nothing). Answers the items kept.
     */
    async addItems(snapshot: SnapshotRow, items: readonly SnapshotReadItem[], now: Date): Promise<number> {
      if (items.length === 0) return 0;
      const prepared = items.map((item) => {
        const text = JSON.stringify(canonicalItem(item.data));
        const hash = createHash('sha256').update(text).digest('hex');
        return { item, text, hash, bytes: Buffer.byteLength(text) };
      });
      const hashes = [...new Set(prepared.map((entry) => entry.hash))];
      const held = new Set(
        (
          await db
            .select({ hash: snapshotBlob.hash })
            .from(snapshotBlob)
            .where(and(eq(snapshotBlob.owner, snapshot.owner), inArray(snapshotBlob.hash, hashes)))
        ).map((row) => row.hash),
      );
      const written = new Set<string>();
      for (const entry of prepared) {
        if (held.has(entry.hash) || written.has(entry.hash)) continue;
        written.add(entry.hash);
        const body = gzipSync(entry.text);
        // Written before its row: a blob row always has its object (a crash leaves at most an object without a row,
        // written again, with the same bytes, by the next try).
        await storage.putObject(blobKey(snapshot.owner, entry.hash), body, {
          contentType: 'application/gzip',
          contentLength: body.length,
        });
        await db
          .insert(snapshotBlob)
          .values({
            owner: snapshot.owner,
            hash: entry.hash,
            bytes: entry.bytes,
            storedBytes: body.length,
            firstSnapshotId: snapshot.id,
            createdAt: now,
          })
          .onConflictDoNothing();
      }
      await db
        .insert(snapshotItem)
        .values(
          prepared.map(({ item, hash, bytes }) => ({
            snapshotId: snapshot.id,
            kind: item.kind,
            itemKey: itemKeyText(item.key),
            name: item.name.slice(0, 500),
            search: item.search.slice(0, 2_000),
            hash,
            bytes,
            units: item.units,
          })),
        )
        .onConflictDoNothing();
      return items.length;
    },

    /** The pages a snapshot will not read (its plan's, over MAX_PAGE_PROBES). */
    async setUnreadPages(id: string, unread: readonly UnreadPages[]): Promise<void> {
      await db
        .update(storeSnapshot)
        .set({ unreadPages: unread.length > 0 ? [...unread] : null })
        .where(eq(storeSnapshot.id, id));
    },

    /** Ends a snapshot: its counts, bytes and the bytes it added, from its rows. */
    async finish(id: string, state: 'done' | 'failed' | 'cancelled', now: Date): Promise<void> {
      const perKind = await db
        .select({
          kind: snapshotItem.kind,
          items: sql<number>`count(*)::int`,
          units: sql<number>`coalesce(sum(${snapshotItem.units}), 0)::int`,
          bytes: sql<number>`coalesce(sum(${snapshotItem.bytes}), 0)::bigint`,
        })
        .from(snapshotItem)
        .where(eq(snapshotItem.snapshotId, id))
        .groupBy(snapshotItem.kind);
      const of = (kind: SnapshotItemKind) => perKind.find((row) => row.kind === kind);
      const counts: SnapshotCounts = {
        products: of('product')?.items ?? 0,
        variants: of('product')?.units ?? 0,
        categories: of('category')?.items ?? 0,
        brands: of('brand')?.items ?? 0,
        pages: of('page')?.items ?? 0,
        widgets: of('page')?.units ?? 0,
        widgetTemplates: of('widget-template')?.items ?? 0,
        restWidgets: of('widget')?.items ?? 0,
        placements: of('placement')?.items ?? 0,
        webPages: of('web-page')?.items ?? 0,
        blogPosts: of('blog-post')?.items ?? 0,
        redirects: of('redirect')?.items ?? 0,
      };
      const [added] = await db
        .select({ bytes: sql<number>`coalesce(sum(${snapshotBlob.storedBytes}), 0)::bigint` })
        .from(snapshotBlob)
        .where(eq(snapshotBlob.firstSnapshotId, id));
      await db
        .update(storeSnapshot)
        .set({
          state,
          counts,
          bytes: perKind.reduce((sum, row) => sum + Number(row.bytes), 0),
          newBytes: Number(added?.bytes ?? 0),
          finishedAt: now,
        })
        .where(eq(storeSnapshot.id, id));
    },

    /** Whether a snapshot holds an item of this kind and key (false once the snapshot is deleted). */
    async holds(id: string, kind: string, key: Record<string, unknown>): Promise<boolean> {
      const rows = await db
        .select({ kind: snapshotItem.kind })
        .from(snapshotItem)
        .where(
          and(
            eq(snapshotItem.snapshotId, id),
            eq(snapshotItem.kind, kind),
            eq(snapshotItem.itemKey, itemKeyText(key)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The item rows of a snapshot, in key order (the diff walks two of them side by side). */
    async items(id: string): Promise<SnapshotItemRow[]> {
      return db
        .select()
        .from(snapshotItem)
        .where(eq(snapshotItem.snapshotId, id))
        .orderBy(asc(snapshotItem.kind), asc(snapshotItem.itemKey));
    },

    /**
     * The items that differ between two snapshots, worked out by the database (a full join of their item rows on
     * kind and key, different where the hashes differ), so a diff holds one page in memory whatever the store's size:
     * the counts per kind and change, and one page of the differing items in kind order (products first), then key.
     */
    async differing(
      fromId: string,
      toId: string,
      page: {
        kind?: SnapshotItemKind | undefined;
        search?: string;
        offset: number;
        limit: number;
        /** The snapshot holds some items only (a before-job one): an item missing from it is not known to differ. */
        isFromPartial?: boolean;
        isToPartial?: boolean;
        /** Pages a snapshot did not read: one only the other holds is not known to differ. */
        fromUnread?: readonly UnreadPages[];
        toUnread?: readonly UnreadPages[];
      },
    ): Promise<{
      counts: { kind: string; change: DiffChange; n: number }[];
      total: number;
      rows: DifferingItem[];
    }> {
      const columns = {
        kind: snapshotItem.kind,
        itemKey: snapshotItem.itemKey,
        hash: snapshotItem.hash,
        name: snapshotItem.name,
        search: snapshotItem.search,
      };
      const before = db
        .select(columns)
        .from(snapshotItem)
        .where(eq(snapshotItem.snapshotId, fromId))
        .as('before');
      const after = db
        .select(columns)
        .from(snapshotItem)
        .where(eq(snapshotItem.snapshotId, toId))
        .as('after');
      const kind = sql<string>`coalesce(${before.kind}, ${after.kind})`;
      const itemKey = sql<string>`coalesce(${before.itemKey}, ${after.itemKey})`;
      const change = sql<DiffChange>`case when ${before.itemKey} is null then 'added' when ${after.itemKey} is null then 'removed' else 'changed' end`;
      const differs = and(
        sql`${before.hash} is distinct from ${after.hash}`,
        page.isFromPartial ? sql`${before.itemKey} is not null` : undefined,
        page.isToPartial ? sql`${after.itemKey} is not null` : undefined,
        page.fromUnread?.length
          ? sql`not (${before.itemKey} is null and ${unreadCovers(after.itemKey, page.fromUnread)})`
          : undefined,
        page.toUnread?.length
          ? sql`not (${after.itemKey} is null and ${unreadCovers(before.itemKey, page.toUnread)})`
          : undefined,
      );
      const search = page.search ?? '';
      const shown = and(
        differs,
        page.kind ? sql`${kind} = ${page.kind}` : undefined,
        search === ''
          ? undefined
          : sql`(strpos(coalesce(${before.search}, ''), ${search}) > 0 or strpos(coalesce(${after.search}, ''), ${search}) > 0)`,
      );
      const sameItem = and(eq(before.kind, after.kind), eq(before.itemKey, after.itemKey));
      const kindOrder = sql`array_position(array[${sql.join(
        SNAPSHOT_ITEM_KINDS.map((each) => sql`${each}`),
        sql`, `,
      )}]::text[], ${kind})`;
      const rows = await db
        .select({
          kind,
          itemKey,
          change,
          name: sql<string>`coalesce(${after.name}, ${before.name})`,
          beforeHash: sql<string | null>`${before.hash}`,
          afterHash: sql<string | null>`${after.hash}`,
        })
        .from(before)
        .fullJoin(after, sameItem)
        .where(shown)
        // Keys in byte order (collation "C"), as JavaScript compares them, whatever the database's locale.
        .orderBy(kindOrder, sql`${itemKey} collate "C"`)
        .limit(page.limit)
        .offset(page.offset);
      const counts = await db
        .select({ kind, change, n: sql<number>`count(*)` })
        .from(before)
        .fullJoin(after, sameItem)
        .where(differs)
        .groupBy(kind, change);
      const [total] = await db
        .select({ n: sql<number>`count(*)` })
        .from(before)
        .fullJoin(after, sameItem)
        .where(shown);
      return {
        counts: counts.map((row) => ({ ...row, n: Number(row.n) })),
        total: Number(total?.n ?? 0),
        rows: rows.map((row) => ({ ...row, kind: row.kind as SnapshotItemKind })),
      };
    },

    /** An item's content, as it was stored. */
    async readBlob(owner: string, hash: string): Promise<unknown> {
      const object = await storage.getObjectStream(blobKey(owner, hash));
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8')) as unknown;
    },

    /**
     * The snapshots of visitors idle since `before`: whose newest snapshot was taken and ended before it (their
     * expiry, as a demo copy's).
     */
    async ofIdleVisitors(before: Date): Promise<SnapshotRow[]> {
      const idle = db
        .select({ owner: storeSnapshot.owner })
        .from(storeSnapshot)
        .where(sql`${storeSnapshot.owner} like 'visitor:%'`)
        .groupBy(storeSnapshot.owner)
        .having(
          sql`max(coalesce(${storeSnapshot.finishedAt}, ${storeSnapshot.createdAt})) < ${before.toISOString()}::timestamptz`,
        );
      return db
        .select()
        .from(storeSnapshot)
        .where(inArray(storeSnapshot.owner, idle))
        .orderBy(asc(storeSnapshot.owner), asc(storeSnapshot.createdAt));
    },

    /** Whether any visitor keeps a snapshot (the hourly tick that expires them must run). */
    async anyOfVisitors(): Promise<boolean> {
      const [row] = await db
        .select({ id: storeSnapshot.id })
        .from(storeSnapshot)
        .where(sql`${storeSnapshot.owner} like 'visitor:%'`)
        .limit(1);
      return row !== undefined;
    },

    /** Deletes a snapshot and the blobs no other snapshot of its owner holds. */
    async delete(row: SnapshotRow): Promise<void> {
      await db.delete(storeSnapshot).where(eq(storeSnapshot.id, row.id));
      const orphans = await db
        .delete(snapshotBlob)
        .where(
          and(
            eq(snapshotBlob.owner, row.owner),
            sql`not exists (select 1 from ${snapshotItem} join ${storeSnapshot} on ${storeSnapshot.id} = ${snapshotItem.snapshotId} where ${storeSnapshot.owner} = ${snapshotBlob.owner} and ${snapshotItem.hash} = ${snapshotBlob.hash})`,
          ),
        )
        .returning({ hash: snapshotBlob.hash });
      for (const orphan of orphans) await storage.deleteObject(blobKey(row.owner, orphan.hash));
    },
  };
}

export type SnapshotRepository = ReturnType<typeof createSnapshotRepository>;
