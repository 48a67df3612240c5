// What the parts of the H.265 converter share: the requests (video-h265-converter.service.ts), the job
// (video-h265-converter.job.ts) and the sweep (video-h265-converter.sweep.ts). Its limits, its dependencies, the names
// of its objects, and the one way a conversion ends as failed.
import path from 'node:path';
import {
  H265_RETENTION_HOURS,
  H265_TIME_LIMIT_SECONDS,
} from '../../../common/contracts/video-h265-converter';
import type { ErrorCode } from '../../../common/errors';
import type { Db } from '../../db/database';
import type { Logger } from '../../logger';
import type { ObjectStorage } from '../../storage/object-storage';
import type { AttemptCounter } from '../auth/attempts';
import type { SpeedBook } from './calibration';
import type { FfmpegBinary, Probe } from './ffmpeg';
import { createConversionRepository, type ConversionRepository } from './video-h265-converter.repository';

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
export const RETENTION_MS = H265_RETENTION_HOURS * 60 * 60 * 1000;
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
/** The largest frame converted: 4096 pixels on a side and 4096 x 2304 in all (4K; issue 26, point 2). */
export const MAX_FRAME_SIDE = 4096;
export const MAX_FRAME_PIXELS = 4096 * 2304;
/** Where the converter's objects live in the store: `uploads/<id>/<name>` and `converted/<id>/<name>`. */
export const PREFIX = 'h265/';

export type ProbeRecord = Probe & { estimateSeconds: number; fastestSeconds: number; estimatedSize: number };

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

/** One converter's dependencies with their defaults, its repository, and what its instance is running. */
export type ConverterContext = {
  deps: ConverterDeps;
  repository: ConversionRepository;
  storage: ObjectStorage;
  logger: Logger;
  now: () => number;
  timeLimitSeconds: number;
  /** The attempts running on this instance, by conversion: a cancel made here stops its ffmpeg without waiting. */
  running: Map<string, AbortController>;
};

export function createConverterContext(deps: ConverterDeps): ConverterContext {
  return {
    deps,
    repository: createConversionRepository(deps.db),
    storage: deps.storage,
    logger: deps.logger,
    now: deps.now ?? Date.now,
    timeLimitSeconds: deps.timeLimitSeconds ?? H265_TIME_LIMIT_SECONDS,
    running: new Map(),
  };
}

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

/** Deletes an upload that will not be converted, and refuses its address from now on (local store). */
export async function discardUpload(context: ConverterContext, id: string, uploadKey: string): Promise<void> {
  const { storage, logger } = context;
  await storage.revokeUploadUrl(uploadKey).catch(() => undefined);
  await storage
    .deleteObject(uploadKey)
    .catch((error: unknown) => logger.warn({ err: error, conversion: id }, 'an upload was not deleted'));
}

/**
 * Ends a conversion as failed, unless it has already ended (a cancel comes first); its upload is deleted at once (it
 * will not be converted again). With `attempt`, only while that attempt is the one working on it.
 */
export async function failConversion(
  context: ConverterContext,
  id: string,
  code: ErrorCode,
  message: string,
  attempt?: number,
): Promise<void> {
  const ending = { errorCode: code, errorMessage: message, finishedAt: new Date(context.now()) };
  const uploadKey = await context.repository.markFailed(id, ending, attempt);
  if (uploadKey !== undefined) await discardUpload(context, id, uploadKey);
}
