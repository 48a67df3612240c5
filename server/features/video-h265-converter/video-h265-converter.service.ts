// The H.265 cloud converter (spec part 2; issue 17). An upload address is given to one owner (a user, or a visitor by
// their cookie) and recorded; `start` checks the uploaded object, counts the conversion against the caller's limit and
// queues a job (pg-boss queue `video-h265`); the job (`runConversion`) downloads the upload, probes it, picks the best
// x265 preset whose estimate fits the 5-minute limit (or refuses it up front), runs ffmpeg as a child process with its
// progress in the row, stores the result and deletes the upload. `waitFor` is how the spec's synchronous answer
// waits, from any instance. `cancel` (issue 29) ends a conversion that has not ended: the row says so at once, and the
// worker running it, on whichever instance, reads the row while it works and stops (ffmpeg killed, files deleted).
// `sweep` deletes what is 24 hours old.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  H265_MAX_BYTES,
  H265_MESSAGES,
  H265_NOT_CANCELLABLE,
  H265_RETENTION_HOURS,
  H265_TIME_LIMIT_SECONDS,
  fileTooLargeMessage,
  type ConversionState,
  type ConvertH265Result,
  type H265CancelResponse,
  type H265EstimateRequest,
  type H265EstimateResponse,
  type H265StatusResponse,
  type H265UploadUrlRequest,
  type H265UploadUrlResponse,
} from '../../../common/contracts/video-h265-converter';
import { ERROR_CODES, type ErrorCode } from '../../../common/errors';
import { estimateConversion, formatDuration, type X265Preset } from '../../../common/video/h265-estimate';
import type { Db } from '../../db/database';
import { withAdvisoryLocks } from '../../db/lock';
import { videoConversion } from '../../db/schema';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import type { ObjectStorage } from '../../storage/object-storage';
import type { AttemptCounter } from '../auth/attempts';
import type { SpeedBook } from './calibration';
import { refusalMessage, sniffContainer, SNIFF_BYTES } from './container';
import {
  encode,
  encodeArgs,
  MAX_OUTPUT_FRAMES,
  probe,
  ProbeError,
  type FfmpegBinary,
  type InputFile,
  type Probe,
} from './ffmpeg';

export const H265_QUEUE = 'video-h265';
/**
 * How long an upload address may be used: the upload must start within it (local disk and S3 both check the expiry
 * when the PUT begins, so a slow 100 MB upload still finishes). Short, so that addresses asked for and never used stop
 * counting against the waiting uploads within minutes (issue 26, point 5).
 */
export const UPLOAD_ADDRESS_SECONDS = 10 * 60;
/**
 * An address past its expiry whose file the sweep has not found stops counting as waiting this long after it was given
 * (an upload that started in time may still be arriving); its row is deleted at UNUSED_ROW_MS.
 */
export const UNUSED_ADDRESS_COUNTS_MS = (UPLOAD_ADDRESS_SECONDS + 5 * 60) * 1000;
export const UNUSED_ROW_MS = 40 * 60 * 1000;
/** Attempts of one conversion (a dead worker or a storage failure is retried, a bad video is not). */
export const MAX_ATTEMPTS = 3;
const RETENTION_MS = H265_RETENTION_HOURS * 60 * 60 * 1000;
/** An upload not given to a conversion within this time is deleted (its address lived 30 minutes). */
export const UNCONVERTED_UPLOAD_MS = 60 * 60 * 1000;
/** Uploads waiting for their conversion, at most, across every caller: a bound on the disk strangers can fill. */
export const MAX_WAITING_UPLOADS = 100;
/** Waiting uploads one owner (a user, or a visitor's cookie) may have, and one client address. */
export const MAX_WAITING_PER_OWNER = 3;
export const MAX_WAITING_PER_ADDRESS = 10;
/** The last slots of the shared pool, kept for callers who have no upload waiting. */
export const WAITING_RESERVED_FOR_NEWCOMERS = 20;
/**
 * How often a worker reads its row while it works, to notice a cancel made on any instance (issue 29): the longest a
 * cancelled ffmpeg keeps running.
 */
export const CANCEL_POLL_MS = 1_000;
/** A cancelled conversion's row is kept this long (its status says it was cancelled), then swept with its keys. */
export const CANCELLED_ROW_MS = UNCONVERTED_UPLOAD_MS;
/** The states a conversion can still be cancelled in. */
const CANCELLABLE_STATES = ['uploading', 'queued', 'active'];
/** The largest frame converted: 4096 pixels on a side and 4096 x 2304 in all (4K; issue 26, point 2). */
export const MAX_FRAME_SIDE = 4096;
export const MAX_FRAME_PIXELS = 4096 * 2304;
const PREFIX = 'h265/';

type Row = typeof videoConversion.$inferSelect;
/** One attempt at a conversion: its row as claimed, and writes that hold only while the row is still its own. */
type Attempt = {
  row: Row;
  attempt: number;
  /** Aborts when the conversion is cancelled (on any instance) or the row is no longer this attempt's. */
  signal: AbortSignal;
  /** Writes to the row; false (nothing written) once it is no longer this attempt's. */
  write: (values: Partial<Row>) => Promise<boolean>;
  fail: (code: ErrorCode, message: string) => Promise<void>;
};
type ProbeRecord = Probe & { estimateSeconds: number; fastestSeconds: number; estimatedSize: number };

export type ConverterDeps = {
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
  /** The ffmpeg to use; rejects with `converter_unavailable` when there is none with libx265 and AAC. */
  getBinary: () => Promise<FfmpegBinary>;
  speeds: SpeedBook;
  enqueue: (id: string) => Promise<void>;
  limits: { user: AttemptCounter; guest: AttemptCounter; uploads: AttemptCounter };
  /** A job not finished this long after it started is taken as lost (its instance died). */
  jobExpireSeconds: number;
  now?: () => number;
  /** The spec's 5 minutes; shorter in tests. */
  timeLimitSeconds?: number;
};

/** Who is asking: the owner key of their rows, and the key their conversions are counted under. */
export type Caller = { owner: string; loggedIn: boolean; rateKey: string };

/** A file name's safe form for an object key: letters, digits, `.`, `_`, `-`; never starting with a dot. */
export function keySafeName(filename: string): string {
  const cleaned = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-100);
  return cleaned === '' ? 'video' : cleaned;
}

/** `clip.final.mov` -> `clip.final-h265.mp4` (spec part 1 §9's naming, as the in-browser converter). */
export function outputNameOf(filename: string): string {
  const base = path.basename(filename.replace(/\\/g, '/')).replace(/\.[^.]*$/, '');
  return `${base === '' ? 'video' : base}-h265.mp4`;
}

export function createConverter(deps: ConverterDeps) {
  const { db, storage, logger } = deps;
  const now = deps.now ?? Date.now;
  const timeLimitSeconds = deps.timeLimitSeconds ?? H265_TIME_LIMIT_SECONDS;

  const load = async (id: string): Promise<Row | undefined> =>
    (await db.select().from(videoConversion).where(eq(videoConversion.id, id)).limit(1))[0];

  const update = (id: string, values: Partial<Row>) =>
    db.update(videoConversion).set(values).where(eq(videoConversion.id, id));

  /** Deletes an upload that will not be converted, and refuses its address from now on (local store). */
  const discardUpload = async (id: string, uploadKey: string) => {
    await storage.revokeUploadUrl(uploadKey).catch(() => undefined);
    await storage
      .deleteObject(uploadKey)
      .catch((error: unknown) => logger.warn({ err: error, conversion: id }, 'an upload was not deleted'));
  };

  /**
   * Ends a conversion as failed, unless it has already ended (a cancel comes first); its upload is deleted at once (it
   * will not be converted again). With `attempt`, only while that attempt is the one working on it.
   */
  const fail = async (id: string, code: ErrorCode, message: string, attempt?: number) => {
    const [row] = await db
      .update(videoConversion)
      .set({ state: 'failed', errorCode: code, errorMessage: message, finishedAt: new Date(now()) })
      .where(
        and(
          eq(videoConversion.id, id),
          inArray(videoConversion.state, CANCELLABLE_STATES),
          attempt === undefined ? undefined : eq(videoConversion.attempts, attempt),
        ),
      )
      .returning({ uploadKey: videoConversion.uploadKey });
    if (row) await discardUpload(id, row.uploadKey);
  };

  const ownRow = async (caller: Caller | undefined, s3Key: string): Promise<Row> => {
    const [row] = await db
      .select()
      .from(videoConversion)
      .where(eq(videoConversion.uploadKey, s3Key))
      .limit(1);
    // Another owner's key reads exactly as a key that does not exist.
    if (!row || !caller || row.owner !== caller.owner) {
      throw new AppError(
        ERROR_CODES.uploadNotFound,
        'This upload was not found: please choose the video and upload it again',
      );
    }
    return row;
  };

  const speedsNow = async (...args: Parameters<SpeedBook['speeds']>) => {
    const speeds = await deps.speeds.speeds(...args);
    return speeds;
  };

  async function estimate(media: H265EstimateRequest): Promise<H265EstimateResponse> {
    const speeds = await speedsNow(media, 'estimate');
    const facts = {
      durationSeconds: media.durationSeconds,
      width: media.width,
      height: media.height,
      sizeBytes: media.size,
      ...(media.frameRate !== undefined ? { frameRate: media.frameRate } : {}),
    };
    const result = estimateConversion(facts, speeds, timeLimitSeconds);
    return {
      preset: result.preset,
      estimateSeconds: Math.round(result.estimateSeconds * 10) / 10,
      fastestSeconds: Math.round(result.fastestSeconds * 10) / 10,
      limitSeconds: timeLimitSeconds,
      estimatedSize: result.estimatedSize,
      speeds: Object.fromEntries(
        Object.entries(speeds).map(([preset, speed]) => [preset, Math.round(speed * 10) / 10]),
      ),
    };
  }

  /** The upload addresses given out and not yet converted that still count: live ones, and those with a file. */
  const waiting = () =>
    and(
      eq(videoConversion.state, 'uploading'),
      or(
        gt(videoConversion.createdAt, new Date(now() - UNUSED_ADDRESS_COUNTS_MS)),
        isNotNull(videoConversion.uploadedAt),
      ),
    );

  async function createUpload(
    caller: Caller,
    addressKey: string,
    request: H265UploadUrlRequest,
  ): Promise<H265UploadUrlResponse> {
    const wait = await deps.limits.uploads.take(addressKey);
    if (wait !== null) throw new AppError(ERROR_CODES.conversionRateLimited, H265_MESSAGES.rateLimited, wait);
    const id = randomUUID();
    const key = `${PREFIX}uploads/${id}/${keySafeName(request.filename)}`;
    const created = new Date(now());
    // Counted and taken in one step: the same lock for every caller, so concurrent requests cannot pass it together.
    await withAdvisoryLocks(db, ['h265-waiting-uploads'], async (tx) => {
      const [counts] = await tx
        .select({
          total: sql<number>`count(*)::int`,
          mine: sql<number>`(count(*) filter (where ${videoConversion.owner} = ${caller.owner}))::int`,
          here: sql<number>`(count(*) filter (where ${videoConversion.clientKey} = ${addressKey}))::int`,
        })
        .from(videoConversion)
        .where(waiting());
      const { total = 0, mine = 0, here = 0 } = counts ?? {};
      if (mine >= MAX_WAITING_PER_OWNER || here >= MAX_WAITING_PER_ADDRESS) {
        throw new AppError(
          ERROR_CODES.conversionRateLimited,
          `You already have ${Math.max(mine, here)} videos uploading or waiting to be converted. Please convert ` +
            `them first, or try again in ${UNUSED_ADDRESS_COUNTS_MS / 60_000} minutes (unused upload addresses expire).`,
          60,
        );
      }
      const shared =
        mine + here > 0 ? MAX_WAITING_UPLOADS - WAITING_RESERVED_FOR_NEWCOMERS : MAX_WAITING_UPLOADS;
      if (total >= shared)
        throw new AppError(ERROR_CODES.conversionRateLimited, H265_MESSAGES.rateLimited, 60);
      await tx.insert(videoConversion).values({
        id,
        uploadKey: key,
        owner: caller.owner,
        clientKey: addressKey,
        filename: request.filename,
        contentType: request.contentType,
        state: 'uploading',
        createdAt: created,
        expiresAt: new Date(created.getTime() + RETENTION_MS),
      });
    });
    const upload = await storage.presignedUploadUrl(key, {
      contentType: request.contentType,
      expiresInSeconds: UPLOAD_ADDRESS_SECONDS,
      maxBytes: H265_MAX_BYTES,
      // The exact size, signed: the store itself refuses a body of any other size (issue 29).
      contentLength: request.size,
    });
    return {
      uploadUrl: upload.url,
      s3Key: key,
      headers: upload.headers,
      expiresAt: upload.expiresAt.toISOString(),
    };
  }

  /** Queues the conversion of an uploaded key (once: a second call for the same key follows the first). */
  async function start(caller: Caller | undefined, s3Key: string, filename: string): Promise<Row> {
    const row = await ownRow(caller, s3Key);
    if (!caller) return row;
    if (row.state !== 'uploading') return row;
    const info = await storage.headObject(s3Key);
    if (!info) {
      throw new AppError(
        ERROR_CODES.uploadMissing,
        'The video has not been uploaded yet: please upload it again',
      );
    }
    // The address allowed the size asked for, at most 100 MB; what is there now is checked again all the same (a
    // file put there another way, or a store that did not hold to the signed size): refused, deleted, and its row
    // ended, so that asking again answers the same and it no longer counts as waiting.
    if (info.size > H265_MAX_BYTES) {
      const message = fileTooLargeMessage(info.size);
      await fail(row.id, ERROR_CODES.fileTooLarge, message);
      throw new AppError(ERROR_CODES.fileTooLarge, message);
    }
    const limit = caller.loggedIn ? deps.limits.user : deps.limits.guest;
    const wait = await limit.take(caller.rateKey);
    if (wait !== null) throw new AppError(ERROR_CODES.conversionRateLimited, H265_MESSAGES.rateLimited, wait);
    const moved = await db
      .update(videoConversion)
      .set({ state: 'queued', originalSize: info.size, filename: filename.slice(0, 255) })
      .where(and(eq(videoConversion.id, row.id), eq(videoConversion.state, 'uploading')))
      .returning({ id: videoConversion.id });
    if (moved.length === 1) {
      // The file is taken: its upload address may not replace it (or be used to store another one) from now on.
      await storage.revokeUploadUrl(s3Key);
      await deps.enqueue(row.id);
    }
    return (await load(row.id)) ?? row;
  }

  /**
   * Whether a row left `active` by a dead instance will never end: its last attempt has outlived the job's expiry
   * (earlier attempts are retried by pg-boss, which restarts the row).
   */
  const isLost = (row: Row) =>
    row.state === 'active' &&
    row.attempts >= MAX_ATTEMPTS &&
    row.startedAt !== null &&
    now() - row.startedAt.getTime() > (deps.jobExpireSeconds + 60) * 1000;

  /** Waits until the conversion has ended (polling its row: any instance may run it); `maxWaitMs` bounds the wait. */
  async function waitFor(id: string, signal: AbortSignal, maxWaitMs: number): Promise<Row> {
    const until = Date.now() + maxWaitMs;
    for (;;) {
      const row = await load(id);
      if (!row) throw new AppError(ERROR_CODES.uploadNotFound, 'This conversion was not found');
      if (row.state === 'done' || row.state === 'failed' || row.state === 'cancelled') return row;
      if (isLost(row)) {
        await fail(id, ERROR_CODES.conversionFailed, H265_MESSAGES.failed);
        continue;
      }
      if (Date.now() > until) throw new AppError(ERROR_CODES.conversionTimeout, H265_MESSAGES.timeout);
      if (signal.aborted) throw new AppError(ERROR_CODES.cancelled, 'The request was cancelled');
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  }

  /** The spec's answer for an ended row: the result, or the failure as an AppError. */
  async function resultOf(row: Row): Promise<ConvertH265Result> {
    if (row.state === 'cancelled') {
      throw new AppError(ERROR_CODES.conversionCancelled, row.errorMessage ?? H265_MESSAGES.cancelled);
    }
    if (row.state === 'failed') {
      throw new AppError(
        (row.errorCode as ErrorCode | null) ?? ERROR_CODES.conversionFailed,
        row.errorMessage ?? H265_MESSAGES.failed,
      );
    }
    if (!row.outputKey || !row.outputName || row.convertedSize === null || row.originalSize === null) {
      throw new AppError(ERROR_CODES.conversionFailed, H265_MESSAGES.failed);
    }
    const seconds = Math.floor((row.expiresAt.getTime() - now()) / 1000);
    if (seconds < 1 || !(await storage.headObject(row.outputKey))) {
      throw new AppError(ERROR_CODES.linkExpired, 'The converted video has expired and was deleted');
    }
    const download = await storage.presignedDownloadUrl(row.outputKey, {
      expiresInSeconds: Math.min(seconds, 7 * 24 * 60 * 60),
      filename: row.outputName,
    });
    const ratio = row.originalSize > 0 ? (1 - row.convertedSize / row.originalSize) * 100 : 0;
    return {
      success: true,
      message: H265_MESSAGES.success,
      download_url: download.url,
      filename: row.outputName,
      original_size: row.originalSize,
      converted_size: row.convertedSize,
      compression_ratio: Math.round(ratio * 10) / 10,
      expires_at: row.expiresAt.toISOString(),
      preset: row.preset ?? '',
      encode_seconds: row.encodeSeconds ?? 0,
    };
  }

  async function status(caller: Caller | undefined, s3Key: string): Promise<H265StatusResponse> {
    const row = await ownRow(caller, s3Key);
    const record = row.probe as ProbeRecord | null;
    let secondsLeft: number | null = null;
    if (row.state === 'active' && row.startedAt) {
      const elapsed = (now() - row.startedAt.getTime()) / 1000;
      const share = row.progress / 100;
      if (share >= 0.03) secondsLeft = Math.max(0, Math.round((elapsed * (1 - share)) / share));
      else if (record) secondsLeft = Math.max(0, Math.round(record.estimateSeconds - elapsed));
    }
    const [ahead] =
      row.state === 'queued'
        ? await db
            .select({ n: sql<number>`count(*)::int` })
            .from(videoConversion)
            .where(
              and(
                inArray(videoConversion.state, ['queued', 'active']),
                lt(videoConversion.createdAt, row.createdAt),
              ),
            )
        : [{ n: 0 }];
    return {
      state: row.state as ConversionState,
      progress: row.progress,
      preset: row.preset,
      secondsLeft,
      estimateSeconds: record ? Math.round(record.estimateSeconds) : null,
      ahead: ahead?.n ?? 0,
      attempts: row.attempts,
      message: row.state === 'failed' || row.state === 'cancelled' ? row.errorMessage : null,
    };
  }

  /** The attempts running on this instance, by conversion: a cancel made here stops its ffmpeg without waiting. */
  const running = new Map<string, AbortController>();

  /**
   * Cancels the caller's conversion (issue 29) while it is uploading, queued or running: the row says so at once (its
   * job, when a worker takes it, finds nothing to do and completes); the upload is deleted and its address refused;
   * the worker running it, on whichever instance, reads its row at least every CANCEL_POLL_MS, kills its ffmpeg and
   * deletes its files. An ended conversion answers `conversion_ended` with the state it ended in.
   */
  async function cancel(caller: Caller | undefined, s3Key: string): Promise<H265CancelResponse> {
    const row = await ownRow(caller, s3Key);
    const at = now();
    const [cancelled] = await db
      .update(videoConversion)
      .set({
        state: 'cancelled',
        errorCode: ERROR_CODES.conversionCancelled,
        errorMessage: H265_MESSAGES.cancelled,
        finishedAt: new Date(at),
        // Kept long enough for its status to say so, and swept then with whatever a late upload left at its key.
        expiresAt: new Date(Math.min(row.expiresAt.getTime(), at + CANCELLED_ROW_MS)),
      })
      .where(and(eq(videoConversion.id, row.id), inArray(videoConversion.state, CANCELLABLE_STATES)))
      .returning({ id: videoConversion.id });
    if (!cancelled) {
      const state = (await load(row.id))?.state ?? row.state;
      throw new AppError(
        ERROR_CODES.conversionEnded,
        state === 'done' || state === 'failed' || state === 'cancelled'
          ? H265_NOT_CANCELLABLE[state]
          : H265_NOT_CANCELLABLE.failed,
      );
    }
    running.get(row.id)?.abort();
    await discardUpload(row.id, row.uploadKey);
    logger.info({ conversion: row.id, state: row.state }, 'conversion cancelled');
    return { success: true, state: 'cancelled', message: H265_MESSAGES.cancelled };
  }

  /**
   * The job: one attempt at one conversion. A bad video, a refusal and the time limit end it as failed (not retried);
   * a worker that died or storage that failed throws, so pg-boss retries it (MAX_ATTEMPTS in all).
   */
  async function runConversion(id: string): Promise<void> {
    // Claimed in one statement: a queued row, or one whose attempt has outlived the job's expiry (its instance died).
    // A row another attempt is still working on is left to it: pg-boss gives up waiting on a handler at the expiry and
    // retries, so two attempts could otherwise run at once. A cancelled row is not claimed: its job completes here.
    const staleBefore = new Date(now() - deps.jobExpireSeconds * 1000);
    const [row] = await db
      .update(videoConversion)
      .set({
        state: 'active',
        attempts: sql`${videoConversion.attempts} + 1`,
        startedAt: new Date(now()),
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
    if (!row) return;
    const attempt = row.attempts;
    if (attempt > MAX_ATTEMPTS) {
      await fail(id, ERROR_CODES.conversionFailed, H265_MESSAGES.failed, attempt);
      return;
    }
    const stop = new AbortController();
    running.set(id, stop);
    const watching = watchRow(id, attempt, stop);
    const work: Attempt = {
      row,
      attempt,
      signal: stop.signal,
      write: async (values) =>
        (
          await db
            .update(videoConversion)
            .set(values)
            .where(ownedBy(id, attempt))
            .returning({ id: videoConversion.id })
        ).length === 1,
      fail: (code, message) => fail(id, code, message, attempt),
    };
    const dir = await mkdtemp(path.join(tmpdir(), `bct-h265-${id}-`));
    try {
      await convertIn(work, dir);
    } catch (error) {
      // Cancelled (or taken over): whatever failed was stopped on purpose, and the job is over for this attempt.
      if (stop.signal.aborted) return;
      if (attempt >= MAX_ATTEMPTS) {
        logger.error({ err: error, conversion: id }, 'conversion failed on its last attempt');
        await work.fail(ERROR_CODES.conversionFailed, H265_MESSAGES.failed);
        return;
      }
      logger.warn({ err: error, conversion: id, attempt }, 'conversion attempt failed; it will be retried');
      if (!(await work.write({ state: 'queued', progress: 0 }))) return;
      throw error;
    } finally {
      stop.abort();
      running.delete(id);
      await watching;
      // The input and any partial output go with the work folder.
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The row as long as this attempt is the one working on it: active, and not taken over by a later attempt. */
  const ownedBy = (id: string, attempt: number) =>
    and(
      eq(videoConversion.id, id),
      eq(videoConversion.state, 'active'),
      eq(videoConversion.attempts, attempt),
    );

  /**
   * Reads the row every CANCEL_POLL_MS while the attempt works, and stops it (`stop.abort()`: ffmpeg is killed, the
   * download cut) once the row is no longer its own: cancelled on any instance, or ended or taken over otherwise.
   * Answers when the attempt has stopped.
   */
  async function watchRow(id: string, attempt: number, stop: AbortController): Promise<void> {
    const ended = new Promise<void>((resolve) =>
      stop.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    while (!stop.signal.aborted) {
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, CANCEL_POLL_MS))]);
      if (stop.signal.aborted) return;
      try {
        const [mine] = await db
          .select({ id: videoConversion.id })
          .from(videoConversion)
          .where(ownedBy(id, attempt))
          .limit(1);
        if (!mine) {
          logger.info({ conversion: id, attempt }, 'the conversion was cancelled: stopping its work');
          stop.abort();
        }
      } catch (error) {
        // The database did not answer this time: the next look may; the work goes on meanwhile.
        logger.warn({ err: error, conversion: id }, 'the conversion row could not be read');
      }
    }
  }

  /** The first bytes of a file (what `sniffContainer` reads). */
  async function headOf(file: string): Promise<Uint8Array> {
    const handle = await open(file, 'r');
    try {
      const buffer = new Uint8Array(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** Why a probed video is refused before its conversion starts (issue 26, point 2), or null. */
  function sizeRefusal(probed: Probe): { code: ErrorCode; message: string } | null {
    const { width, height } = probed;
    if (width > MAX_FRAME_SIDE || height > MAX_FRAME_SIDE || width * height > MAX_FRAME_PIXELS) {
      return {
        code: ERROR_CODES.videoFrameTooLarge,
        message:
          `This video is ${width} × ${height} pixels; the converter accepts at most ${MAX_FRAME_SIDE} pixels on a ` +
          `side and ${MAX_FRAME_SIDE} × ${MAX_FRAME_PIXELS / MAX_FRAME_SIDE} in all (4K). Please lower its resolution.`,
      };
    }
    const frames = Math.ceil(probed.durationSeconds * probed.frameRate);
    if (frames > MAX_OUTPUT_FRAMES) {
      return {
        code: ERROR_CODES.conversionTooLong,
        message:
          `This video has about ${frames.toLocaleString('en-US')} frames; the converter accepts at most ` +
          `${MAX_OUTPUT_FRAMES.toLocaleString('en-US')} (30 minutes at 30 fps). Please trim it.`,
      };
    }
    return null;
  }

  async function convertIn(work: Attempt, dir: string): Promise<void> {
    const { row, signal } = work;
    const binary = await deps.getBinary();
    const object = await storage.getObjectStream(row.uploadKey);
    if (!object) {
      await work.fail(
        ERROR_CODES.uploadMissing,
        'The uploaded video is no longer there: please upload it again',
      );
      return;
    }
    const file = path.join(dir, 'input');
    await pipeline(object.body, createWriteStream(file), { signal });
    // ffmpeg is never left to guess what the file is (issue 26, point 1): lists of other files are refused here.
    const sniffed = sniffContainer(await headOf(file));
    if (!sniffed.ok) {
      await work.fail(ERROR_CODES.videoFormatUnsupported, refusalMessage(sniffed.reason));
      return;
    }
    const input: InputFile = { path: file, container: sniffed.container };
    let probed: Probe;
    try {
      probed = await probe(binary, input, signal);
    } catch (error) {
      if (!(error instanceof ProbeError) || signal.aborted) throw error;
      if (error.kind === 'not_video') await work.fail(ERROR_CODES.notVideo, H265_MESSAGES.notVideo);
      else {
        await work.fail(
          ERROR_CODES.videoUnreadable,
          'The video could not be read: the file may be damaged or in a format the converter does not know',
        );
      }
      return;
    }
    if (signal.aborted) return;
    const refusal = sizeRefusal(probed);
    if (refusal) {
      await work.write({ probe: probed });
      await work.fail(refusal.code, refusal.message);
      return;
    }
    const speeds = await speedsNow(probed, 'encode');
    const facts = { ...probed, sizeBytes: object.size };
    const chosen = estimateConversion(facts, speeds, timeLimitSeconds);
    const record: ProbeRecord = {
      ...probed,
      estimateSeconds: chosen.estimateSeconds,
      fastestSeconds: chosen.fastestSeconds,
      estimatedSize: chosen.estimatedSize,
    };
    if (!chosen.preset) {
      await work.write({ probe: record });
      await work.fail(
        ERROR_CODES.conversionTooLong,
        `This video would take about ${formatDuration(chosen.fastestSeconds)} to convert here, more than the ` +
          `${formatDuration(timeLimitSeconds)} limit. Please trim it or lower its resolution.`,
      );
      return;
    }
    const preset: X265Preset = chosen.preset;
    if (!(await work.write({ probe: record, preset }))) return;
    const output = path.join(dir, 'output.mp4');
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const started = performance.now();
    const outcome = await encode(binary, encodeArgs(input, output, preset, probed), {
      durationSeconds: probed.durationSeconds,
      timeoutMs: timeLimitSeconds * 1000,
      signal,
      onProgress: (share) => {
        const at = Date.now();
        if (at - lastWrite < 1000) return;
        lastWrite = at;
        const progress = Math.min(99, Math.floor(share * 100));
        writing = writing.then(() => work.write({ progress })).catch(() => undefined);
      },
    });
    await writing;
    const encodeSeconds = (performance.now() - started) / 1000;
    // Cancelled: ffmpeg was killed; its partial output goes with the work folder.
    if (signal.aborted) return;
    if (!outcome.ok) {
      if (outcome.reason === 'timeout') {
        await work.fail(ERROR_CODES.conversionTimeout, H265_MESSAGES.timeout);
        return;
      }
      if (outcome.reason === 'killed') throw new Error(`attempt ${work.attempt}: ${outcome.detail}`);
      logger.warn({ conversion: row.id, detail: outcome.detail }, 'ffmpeg could not convert the video');
      if (outcome.reason === 'memory') {
        await work.fail(
          ERROR_CODES.videoFrameTooLarge,
          'This video needs more memory to convert than the converter allows. Please lower its resolution.',
        );
        return;
      }
      await work.fail(ERROR_CODES.conversionFailed, H265_MESSAGES.failed);
      return;
    }
    const size = (await stat(output)).size;
    const outputKey = `${PREFIX}converted/${row.id}/${keySafeName(outputNameOf(row.filename))}`;
    await storage.putObject(outputKey, createReadStream(output), {
      contentType: 'video/mp4',
      contentLength: size,
    });
    const finished = new Date(now());
    const saved = await work.write({
      state: 'done',
      progress: 100,
      convertedSize: size,
      outputKey,
      outputName: outputNameOf(row.filename),
      encodeSeconds: Math.max(1, Math.round(encodeSeconds)),
      finishedAt: finished,
      expiresAt: new Date(finished.getTime() + RETENTION_MS),
    });
    if (!saved) {
      // Cancelled while the result was being stored: it is not kept.
      await storage.deleteObject(outputKey).catch(() => undefined);
      return;
    }
    // The original is not needed once converted (the spec keeps the converted file for 24 hours).
    await storage.deleteObject(row.uploadKey).catch(() => undefined);
    // The speed is learnt from the frames ffmpeg says it encoded, not from the file's headers (issue 26, point 4).
    const even = (n: number) => n - (n % 2);
    deps.speeds.record(preset, {
      frames: outcome.frames,
      width: even(probed.width),
      height: even(probed.height),
      seconds: encodeSeconds,
    });
  }

  /**
   * Deletes conversions (their rows, uploads and outputs) past their expiry, uploads never converted within an hour,
   * and stray objects over 24 hours old.
   */
  async function sweep(): Promise<{ rows: number; objects: number }> {
    const at = new Date(now());
    const unused = await sweepUnusedAddresses(at);
    const expired = await db
      .select({
        id: videoConversion.id,
        uploadKey: videoConversion.uploadKey,
        outputKey: videoConversion.outputKey,
      })
      .from(videoConversion)
      .where(
        or(
          lt(videoConversion.expiresAt, at),
          and(
            eq(videoConversion.state, 'uploading'),
            lt(videoConversion.createdAt, new Date(at.getTime() - UNCONVERTED_UPLOAD_MS)),
          ),
        ),
      )
      .limit(1000);
    let objects = 0;
    for (const row of expired) {
      for (const key of [row.uploadKey, row.outputKey]) {
        if (!key) continue;
        if (await storage.headObject(key)) objects += 1;
        await storage.deleteObject(key);
      }
    }
    if (expired.length > 0) {
      await db.delete(videoConversion).where(
        inArray(
          videoConversion.id,
          expired.map((row) => row.id),
        ),
      );
    }
    objects += await storage.deleteOlderThan(PREFIX, new Date(at.getTime() - RETENTION_MS));
    return { rows: unused + expired.length, objects };
  }

  /**
   * Upload addresses past their expiry that the sweep has not seen used: a file there marks the row uploaded (it keeps
   * counting as waiting until converted or an hour old); none after UNUSED_ROW_MS deletes the row (issue 26, point 5).
   */
  async function sweepUnusedAddresses(at: Date): Promise<number> {
    const unseen = await db
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
          lt(videoConversion.createdAt, new Date(at.getTime() - UPLOAD_ADDRESS_SECONDS * 1000)),
        ),
      )
      .limit(1000);
    let deleted = 0;
    for (const row of unseen) {
      if (await storage.headObject(row.uploadKey)) {
        await update(row.id, { uploadedAt: at });
      } else if (row.createdAt.getTime() < at.getTime() - UNUSED_ROW_MS) {
        const gone = await db
          .delete(videoConversion)
          .where(and(eq(videoConversion.id, row.id), eq(videoConversion.state, 'uploading')))
          .returning({ id: videoConversion.id });
        deleted += gone.length;
      }
    }
    return deleted;
  }

  async function hasUnfinished(): Promise<boolean> {
    const [row] = await db
      .select({ id: videoConversion.id })
      .from(videoConversion)
      .where(inArray(videoConversion.state, ['queued', 'active']))
      .limit(1);
    return row !== undefined;
  }

  return {
    estimate,
    createUpload,
    start,
    waitFor,
    resultOf,
    status,
    cancel,
    runConversion,
    sweep,
    hasUnfinished,
    load,
  };
}

export type Converter = ReturnType<typeof createConverter>;
