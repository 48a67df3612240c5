// A snapshot's items (issue 32): the index of what a snapshot holds, one `snapshot_item` row per item (its kind, key,
// name, search text, and the hash of the blob with its content). The diff of two snapshots is a query on this index
// (`differing`), so it holds one page in memory whatever the store's size.
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  SNAPSHOT_ITEM_KINDS,
  type SnapshotItemKind,
  type UnreadPages,
} from '../../../common/contracts/store-history';
import type { Db } from '../../db/database';
import { snapshotItem } from '../../db/schema';
import { itemKeyText } from './item-id';

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
/** An index row to add: the item's identity, what is shown and searched, and its blob's hash and size. */
export type NewSnapshotItem = Omit<SnapshotItemRow, 'snapshotId'>;

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

export function createSnapshotItems(db: Db) {
  return {
    /** Adds a snapshot's index rows once (a step read again after a restart adds nothing). */
    async add(snapshotId: string, rows: readonly NewSnapshotItem[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(snapshotItem)
        .values(rows.map((row) => ({ ...row, snapshotId })))
        .onConflictDoNothing();
    },

    /** A snapshot's items and units per kind, and the bytes of their content (the snapshot's counts). */
    async perKind(
      snapshotId: string,
    ): Promise<{ kind: string; items: number; units: number; bytes: number }[]> {
      const rows = await db
        .select({
          kind: snapshotItem.kind,
          items: sql<number>`count(*)::int`,
          units: sql<number>`coalesce(sum(${snapshotItem.units}), 0)::int`,
          bytes: sql<number>`coalesce(sum(${snapshotItem.bytes}), 0)::bigint`,
        })
        .from(snapshotItem)
        .where(eq(snapshotItem.snapshotId, snapshotId))
        .groupBy(snapshotItem.kind);
      return rows.map((row) => ({ ...row, bytes: Number(row.bytes) }));
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

    /** One item's row: its key as stored, name and blob hash (undefined when the snapshot does not hold it). */
    async item(
      id: string,
      kind: string,
      key: Record<string, unknown>,
    ): Promise<Pick<SnapshotItemRow, 'itemKey' | 'name' | 'hash'> | undefined> {
      const [row] = await db
        .select({ itemKey: snapshotItem.itemKey, name: snapshotItem.name, hash: snapshotItem.hash })
        .from(snapshotItem)
        .where(
          and(
            eq(snapshotItem.snapshotId, id),
            eq(snapshotItem.kind, kind),
            eq(snapshotItem.itemKey, itemKeyText(key)),
          ),
        );
      return row;
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
      const id = sql`(${itemKey})::jsonb->>'id'`;
      const numericId = sql`case when ${id} ~ '^[0-9]{1,18}$' then (${id})::bigint end nulls last`;
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
        // A numeric id in numeric order (#109 before #1061, issue 44); then keys in byte order (collation "C"), as
        // JavaScript compares them, whatever the database's locale.
        .orderBy(kindOrder, numericId, sql`${itemKey} collate "C"`)
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
  };
}

export type SnapshotItems = ReturnType<typeof createSnapshotItems>;
