// The video_conversion table (issue 17): one row per upload address given out, carried through its conversion to its
// result. Every read and write of the converter goes through here; which limits, states and times apply is the
// service's to say (it passes them in). A write meant for one attempt holds only while that attempt still owns the row.
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { withAdvisoryLocks } from '../../db/lock';
import { videoConversion } from '../../db/schema';

export type ConversionRow = typeof videoConversion.$inferSelect;

/** A new upload address, as recorded (its state is `uploading`). */
export type NewUpload = {
  id: string;
  uploadKey: string;
  owner: string;
  /** The client address it was given to. */
  clientKey: string;
  filename: string;
  contentType: string;
  createdAt: Date;
  expiresAt: Date;
};

/** The uploads waiting for their conversion: in all, the new upload's owner's, and its client address's. */
export type WaitingCounts = { total: number; mine: number; here: number };

/** How a conversion ended when it did not succeed. */
export type Ending = { errorCode: string; errorMessage: string; finishedAt: Date };

/** An ended row the sweep deletes, with the objects it held. */
export type ExpiredConversion = { id: string; uploadKey: string; outputKey: string | null };

/** An upload address past its expiry that the sweep has not seen used. */
export type UnseenUpload = { id: string; uploadKey: string; createdAt: Date };

/** What the requests read and write: the upload addresses, their start, their status, their end. */
type RequestOperations = {
  load(id: string): Promise<ConversionRow | undefined>;
  findByUploadKey(uploadKey: string): Promise<ConversionRow | undefined>;
  /**
   * Records an upload address, counted and taken in one step: under one lock for every caller (so concurrent requests
   * cannot pass it together) the waiting uploads are counted and given to `admit`, which throws to refuse; otherwise
   * the row is inserted. Waiting: `uploading`, and given after `countedSince` or with its file found.
   */
  addUpload(upload: NewUpload, countedSince: Date, admit: (counts: WaitingCounts) => void): Promise<void>;
  /** `uploading` -> `queued`; false when the row had already left `uploading`. */
  markQueued(id: string, values: { originalSize: number; filename: string }): Promise<boolean>;
  /**
   * Ends the row as failed unless it has ended already (with `attempt`, only while that attempt is the one working on
   * it); answers its upload key when it did, undefined otherwise.
   */
  markFailed(id: string, ending: Ending, attempt?: number): Promise<string | undefined>;
  /** Ends the row as cancelled unless it has ended already; false when it had. */
  markCancelled(id: string, ending: Ending & { expiresAt: Date }): Promise<boolean>;
  /** The conversions queued or active that were created before `createdAt`. */
  countAhead(createdAt: Date): Promise<number>;
  /** Whether any conversion is queued or active. */
  hasUnfinished(): Promise<boolean>;
};

/** What a conversion's attempt reads and writes: its claim, and writes that hold only while the row is its own. */
type AttemptOperations = {
  /**
   * Claims the row for a new attempt in one statement (`active`, one more attempt, progress 0): a queued row, or an
   * active one started before `staleBefore`. Answers the row as claimed, or undefined when it was not.
   */
  claim(id: string, startedAt: Date, staleBefore: Date): Promise<ConversionRow | undefined>;
  /** Whether `attempt` is still the one working on the row: active, and not taken over by a later attempt. */
  isOwnedBy(id: string, attempt: number): Promise<boolean>;
  /** Writes to the row while `attempt` owns it (as `isOwnedBy`); false (nothing written) once it does not. */
  writeIfOwned(id: string, attempt: number, values: Partial<ConversionRow>): Promise<boolean>;
};

/** What the sweep reads and deletes. */
type SweepOperations = {
  /** Rows expired at `at`, and uploads given out before `unconvertedBefore` and never converted (1000 at most). */
  findExpired(at: Date, unconvertedBefore: Date): Promise<ExpiredConversion[]>;
  deleteAll(ids: string[]): Promise<void>;
  /** Upload addresses given before `createdBefore` whose file has not been found (1000 at most). */
  findUnseenUploads(createdBefore: Date): Promise<UnseenUpload[]>;
  /** Notes that the sweep found the upload's file at `at`. */
  markUploaded(id: string, at: Date): Promise<void>;
  /** Deletes the row while it is still `uploading`; false when it was not. */
  deleteUnusedUpload(id: string): Promise<boolean>;
};

export type ConversionRepository = RequestOperations & AttemptOperations & SweepOperations;

/** The states a conversion has not ended in: it can still be cancelled, or end as failed. */
const UNENDED_STATES = ['uploading', 'queued', 'active'];

export function createConversionRepository(db: Db): ConversionRepository {
  return { ...requestOperations(db), ...attemptOperations(db), ...sweepOperations(db) };
}

function requestOperations(db: Db): RequestOperations {
  return {
    async load(id) {
      return (await db.select().from(videoConversion).where(eq(videoConversion.id, id)).limit(1))[0];
    },

    async findByUploadKey(uploadKey) {
      const [row] = await db
        .select()
        .from(videoConversion)
        .where(eq(videoConversion.uploadKey, uploadKey))
        .limit(1);
      return row;
    },

    async addUpload(upload, countedSince, admit) {
      await withAdvisoryLocks(db, ['h265-waiting-uploads'], async (tx) => {
        const [counts] = await tx
          .select({
            total: sql<number>`count(*)::int`,
            mine: sql<number>`(count(*) filter (where ${videoConversion.owner} = ${upload.owner}))::int`,
            here: sql<number>`(count(*) filter (where ${videoConversion.clientKey} = ${upload.clientKey}))::int`,
          })
          .from(videoConversion)
          .where(
            and(
              eq(videoConversion.state, 'uploading'),
              or(gt(videoConversion.createdAt, countedSince), isNotNull(videoConversion.uploadedAt)),
            ),
          );
        const { total = 0, mine = 0, here = 0 } = counts ?? {};
        admit({ total, mine, here });
        await tx.insert(videoConversion).values({
          id: upload.id,
          uploadKey: upload.uploadKey,
          owner: upload.owner,
          clientKey: upload.clientKey,
          filename: upload.filename,
          contentType: upload.contentType,
          state: 'uploading',
          createdAt: upload.createdAt,
          expiresAt: upload.expiresAt,
        });
      });
    },

    async markQueued(id, values) {
      const moved = await db
        .update(videoConversion)
        .set({ state: 'queued', originalSize: values.originalSize, filename: values.filename })
        .where(and(eq(videoConversion.id, id), eq(videoConversion.state, 'uploading')))
        .returning({ id: videoConversion.id });
      return moved.length === 1;
    },

    async markFailed(id, ending, attempt) {
      const [row] = await db
        .update(videoConversion)
        .set({
          state: 'failed',
          errorCode: ending.errorCode,
          errorMessage: ending.errorMessage,
          finishedAt: ending.finishedAt,
        })
        .where(
          and(
            eq(videoConversion.id, id),
            inArray(videoConversion.state, UNENDED_STATES),
            attempt === undefined ? undefined : eq(videoConversion.attempts, attempt),
          ),
        )
        .returning({ uploadKey: videoConversion.uploadKey });
      return row?.uploadKey;
    },

    async markCancelled(id, ending) {
      const [cancelled] = await db
        .update(videoConversion)
        .set({
          state: 'cancelled',
          errorCode: ending.errorCode,
          errorMessage: ending.errorMessage,
          finishedAt: ending.finishedAt,
          expiresAt: ending.expiresAt,
        })
        .where(and(eq(videoConversion.id, id), inArray(videoConversion.state, UNENDED_STATES)))
        .returning({ id: videoConversion.id });
      return cancelled !== undefined;
    },

    async countAhead(createdAt) {
      const [ahead] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(videoConversion)
        .where(
          and(inArray(videoConversion.state, ['queued', 'active']), lt(videoConversion.createdAt, createdAt)),
        );
      return ahead?.n ?? 0;
    },

    async hasUnfinished() {
      const [row] = await db
        .select({ id: videoConversion.id })
        .from(videoConversion)
        .where(inArray(videoConversion.state, ['queued', 'active']))
        .limit(1);
      return row !== undefined;
    },
  };
}

function attemptOperations(db: Db): AttemptOperations {
  /** The row as long as this attempt is the one working on it: active, and not taken over by a later attempt. */
  const ownedBy = (id: string, attempt: number) =>
    and(
      eq(videoConversion.id, id),
      eq(videoConversion.state, 'active'),
      eq(videoConversion.attempts, attempt),
    );

  return {
    async claim(id, startedAt, staleBefore) {
      const [row] = await db
        .update(videoConversion)
        .set({
          state: 'active',
          attempts: sql`${videoConversion.attempts} + 1`,
          startedAt,
          progress: 0,
        })
        .where(
          and(
            eq(videoConversion.id, id),
            or(
              eq(videoConversion.state, 'queued'),
              and(eq(videoConversion.state, 'active'), lt(videoConversion.startedAt, staleBefore)),
            ),
          ),
        )
        .returning();
      return row;
    },

    async isOwnedBy(id, attempt) {
      const [mine] = await db
        .select({ id: videoConversion.id })
        .from(videoConversion)
        .where(ownedBy(id, attempt))
        .limit(1);
      return mine !== undefined;
    },

    async writeIfOwned(id, attempt, values) {
      const written = await db
        .update(videoConversion)
        .set(values)
        .where(ownedBy(id, attempt))
        .returning({ id: videoConversion.id });
      return written.length === 1;
    },
  };
}

function sweepOperations(db: Db): SweepOperations {
  return {
    async findExpired(at, unconvertedBefore) {
      return db
        .select({
          id: videoConversion.id,
          uploadKey: videoConversion.uploadKey,
          outputKey: videoConversion.outputKey,
        })
        .from(videoConversion)
        .where(
          or(
            lt(videoConversion.expiresAt, at),
            and(eq(videoConversion.state, 'uploading'), lt(videoConversion.createdAt, unconvertedBefore)),
          ),
        )
        .limit(1000);
    },

    async deleteAll(ids) {
      await db.delete(videoConversion).where(inArray(videoConversion.id, ids));
    },

    async findUnseenUploads(createdBefore) {
      return db
        .select({
          id: videoConversion.id,
          uploadKey: videoConversion.uploadKey,
          createdAt: videoConversion.createdAt,
        })
        .from(videoConversion)
        .where(
          and(
            eq(videoConversion.state, 'uploading'),
            isNull(videoConversion.uploadedAt),
            lt(videoConversion.createdAt, createdBefore),
          ),
        )
        .limit(1000);
    },

    async markUploaded(id, at) {
      await db.update(videoConversion).set({ uploadedAt: at }).where(eq(videoConversion.id, id));
    },

    async deleteUnusedUpload(id) {
      const gone = await db
        .delete(videoConversion)
        .where(and(eq(videoConversion.id, id), eq(videoConversion.state, 'uploading')))
        .returning({ id: videoConversion.id });
      return gone.length === 1;
    },
  };
}
