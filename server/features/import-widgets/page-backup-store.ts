// Import Widgets' way back (issue 13): the rows of `page_widgets_backup` (server/db/schema.ts). Before an import or a
// restore overwrites a page, the page's snapshot is saved here; its owner can download it or publish it back.
// Bounded: rows older than 30 days are pruned (server/server.ts, with the ended jobs), an owner keeps at most the
// newest MAX_BACKUPS_PER_OWNER, and a store at most the newest MAX_BACKUPS_PER_STORE (a visitor who drops its cookie
// between imports is a new owner each time, but writes to the same stores).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pageWidgetsBackup } from '../../db/schema';

export type PageBackupRow = typeof pageWidgetsBackup.$inferSelect;

/** How long a backup is kept (the same as an ended job and its backup). */
export const PAGE_BACKUP_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Backups one owner keeps at most; the oldest go first. Four imports of the largest size fit. */
export const MAX_BACKUPS_PER_OWNER = 2_000;
/** Backups kept per store hash, whoever made them; the oldest go first. */
export const MAX_BACKUPS_PER_STORE = 5_000;

export type NewPageBackup = {
  owner: string;
  storeHash: string;
  channelId: number;
  templateFile: string | null;
  entityId: string | null;
  regions: unknown[];
  now: Date;
};

export function createPageBackupStore(
  db: Db,
  limits: { maxPerOwner: number; maxPerStore?: number } = { maxPerOwner: MAX_BACKUPS_PER_OWNER },
) {
  /** Keeps the newest `max` rows where `column` is `value` and deletes the rest. */
  const keepNewest = async (
    column: typeof pageWidgetsBackup.owner | typeof pageWidgetsBackup.storeHash,
    value: string,
    max: number,
  ) => {
    const newest = db
      .select({ id: pageWidgetsBackup.id })
      .from(pageWidgetsBackup)
      .where(eq(column, value))
      .orderBy(desc(pageWidgetsBackup.createdAt), desc(pageWidgetsBackup.id))
      .limit(max);
    await db
      .delete(pageWidgetsBackup)
      .where(and(eq(column, value), notInArray(pageWidgetsBackup.id, newest)));
  };

  return {
    async save(input: NewPageBackup): Promise<PageBackupRow> {
      const [row] = await db
        .insert(pageWidgetsBackup)
        .values({
          id: randomUUID(),
          owner: input.owner,
          storeHash: input.storeHash,
          channelId: input.channelId,
          templateFile: input.templateFile,
          entityId: input.entityId,
          regions: input.regions,
          createdAt: input.now,
        })
        .returning();
      if (!row) throw new Error('the page backup was not written');
      return row;
    },

    /** The backup with this id if `owner` owns it; another owner's backup is not found either. */
    async getOwned(id: string, owner: string): Promise<PageBackupRow | undefined> {
      const [row] = await db
        .select()
        .from(pageWidgetsBackup)
        .where(and(eq(pageWidgetsBackup.id, id), eq(pageWidgetsBackup.owner, owner)))
        .limit(1);
      return row;
    },

    /** Keeps the owner's newest `maxPerOwner` backups and deletes the rest. */
    trimOwner: (owner: string) => keepNewest(pageWidgetsBackup.owner, owner, limits.maxPerOwner),

    /** Keeps the store's newest `maxPerStore` backups, whoever made them, and deletes the rest. */
    trimStore: (storeHash: string) =>
      keepNewest(pageWidgetsBackup.storeHash, storeHash, limits.maxPerStore ?? MAX_BACKUPS_PER_STORE),

    /** Deletes every backup made before `before`. */
    async pruneOlderThan(before: Date): Promise<void> {
      await db.delete(pageWidgetsBackup).where(lt(pageWidgetsBackup.createdAt, before));
    },

    /** How many backups the owner has. */
    async countOwned(owner: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pageWidgetsBackup)
        .where(eq(pageWidgetsBackup.owner, owner));
      return row?.n ?? 0;
    },
  };
}

export type PageBackupStore = ReturnType<typeof createPageBackupStore>;
