// A restore's previews (issue 32), rows of `restore_preview`: kept in the database so any instance can start one, for
// RESTORE_PREVIEW_TTL_MS, and started once (the start that sets `job_id` claims it).
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { restorePreview } from '../../db/schema';
import type { RestorePlanItem } from './restore-plan';

export type RestorePreviewRow = typeof restorePreview.$inferSelect;

/** Previews an owner keeps at once (not yet started): a new one drops the owner's oldest beyond this. */
export const MAX_OPEN_PREVIEWS_PER_OWNER = 20;

export function createRestorePreviewRepository(db: Db) {
  return {
    /** Keeps a preview; the expired ones (anyone's) go at the same time, so the table stays small. */
    async insert(input: {
      id: string;
      owner: string;
      snapshotId: string;
      storeHash: string;
      items: RestorePlanItem[];
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.delete(restorePreview).where(lt(restorePreview.expiresAt, input.now));
      await db.insert(restorePreview).values({
        id: input.id,
        owner: input.owner,
        snapshotId: input.snapshotId,
        storeHash: input.storeHash,
        items: input.items,
        createdAt: input.now,
        expiresAt: input.expiresAt,
      });
      // Bounded per owner: the oldest previews not started go (a start of one then says it has expired).
      await db.execute(
        sql`delete from ${restorePreview} where ${restorePreview.owner} = ${input.owner} and ${restorePreview.jobId} is null and ${restorePreview.id} not in (select ${restorePreview.id} from ${restorePreview} where ${restorePreview.owner} = ${input.owner} and ${restorePreview.jobId} is null order by ${restorePreview.createdAt} desc limit ${MAX_OPEN_PREVIEWS_PER_OWNER})`,
      );
    },

    async get(id: string): Promise<RestorePreviewRow | undefined> {
      const [row] = await db.select().from(restorePreview).where(eq(restorePreview.id, id));
      return row;
    },

    /** Claims the preview for a job: true for the one start that sets it. */
    async claim(id: string, jobId: string): Promise<boolean> {
      const rows = await db
        .update(restorePreview)
        .set({ jobId })
        .where(and(eq(restorePreview.id, id), isNull(restorePreview.jobId)))
        .returning({ id: restorePreview.id });
      return rows.length > 0;
    },

    /** Gives a claim back (the job could not be started). */
    async release(id: string, jobId: string): Promise<void> {
      await db
        .update(restorePreview)
        .set({ jobId: null })
        .where(and(eq(restorePreview.id, id), eq(restorePreview.jobId, jobId)));
    },
  };
}

export type RestorePreviewRepository = ReturnType<typeof createRestorePreviewRepository>;
