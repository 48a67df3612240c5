// The H.265 cloud converter (spec part 2; issue 17). An upload address is given to one owner (a user, or a visitor by
// their cookie) and recorded; `start` checks the uploaded object, counts the conversion against the caller's limit and
// queues a job (pg-boss queue `video-h265`); the job (`runConversion`, video-h265-converter.job.ts) downloads the
// upload, probes it, picks the best x265 preset whose estimate fits the 5-minute limit (or refuses it up front), runs
// ffmpeg as a child process with its progress in the row, stores the result and deletes the upload. `waitFor` is how
// the spec's synchronous answer waits, from any instance. `cancel` (issue 29) ends a conversion that has not ended:
// the row says so at once, and the worker running it, on whichever instance, reads the row while it works and stops
// (ffmpeg killed, files deleted). `sweep` (video-h265-converter.sweep.ts) deletes what is 24 hours old. The rows are
// read and written through video-h265-converter.repository.ts; the limits live in video-h265-converter.context.ts.
import { randomUUID } from 'node:crypto';
import {
  H265_MAX_BYTES,
  H265_MESSAGES,
  H265_NOT_CANCELLABLE,
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
import { estimateConversion } from '../../../common/video/h265-estimate';
import { AppError } from '../../errors';
import {
  CANCELLED_ROW_MS,
  createConverterContext,
  discardUpload,
  failConversion,
  keySafeName,
  MAX_ATTEMPTS,
  MAX_WAITING_PER_ADDRESS,
  MAX_WAITING_PER_OWNER,
  MAX_WAITING_UPLOADS,
  PREFIX,
  RETENTION_MS,
  UNUSED_ADDRESS_COUNTS_MS,
  UPLOAD_ADDRESS_SECONDS,
  WAITING_RESERVED_FOR_NEWCOMERS,
  type ConverterContext,
  type ConverterDeps,
  type ProbeRecord,
} from './video-h265-converter.context';
import { runConversion } from './video-h265-converter.job';
import type { ConversionRow } from './video-h265-converter.repository';
import { sweep } from './video-h265-converter.sweep';

export {
  CANCEL_POLL_MS,
  CANCELLED_ROW_MS,
  keySafeName,
  MAX_ATTEMPTS,
  MAX_FRAME_PIXELS,
  MAX_FRAME_SIDE,
  MAX_WAITING_PER_ADDRESS,
  MAX_WAITING_PER_OWNER,
  MAX_WAITING_UPLOADS,
  outputNameOf,
  UNCONVERTED_UPLOAD_MS,
  UNUSED_ADDRESS_COUNTS_MS,
  UNUSED_ROW_MS,
  UPLOAD_ADDRESS_SECONDS,
  WAITING_RESERVED_FOR_NEWCOMERS,
  type ConverterDeps,
} from './video-h265-converter.context';

export const H265_QUEUE = 'video-h265';

/** Who is asking: the owner key of their rows, and the key their conversions are counted under. */
export type Caller = { owner: string; loggedIn: boolean; rateKey: string };

export function createConverter(deps: ConverterDeps) {
  const context = createConverterContext(deps);
  return {
    estimate: (media: H265EstimateRequest) => estimate(context, media),
    createUpload: (caller: Caller, addressKey: string, request: H265UploadUrlRequest) =>
      createUpload(context, caller, addressKey, request),
    start: (caller: Caller | undefined, s3Key: string, filename: string) =>
      start(context, caller, s3Key, filename),
    waitFor: (id: string, signal: AbortSignal, maxWaitMs: number) => waitFor(context, id, signal, maxWaitMs),
    resultOf: (row: ConversionRow) => resultOf(context, row),
    status: (caller: Caller | undefined, s3Key: string) => status(context, caller, s3Key),
    cancel: (caller: Caller | undefined, s3Key: string) => cancel(context, caller, s3Key),
    runConversion: (id: string) => runConversion(context, id),
    sweep: () => sweep(context),
    hasUnfinished: () => context.repository.hasUnfinished(),
    load: (id: string) => context.repository.load(id),
  };
}

export type Converter = ReturnType<typeof createConverter>;

/** The caller's row for an upload key; another owner's key reads exactly as a key that does not exist. */
async function ownRow(
  context: ConverterContext,
  caller: Caller | undefined,
  s3Key: string,
): Promise<ConversionRow> {
  const row = await context.repository.findByUploadKey(s3Key);
  if (!row || !caller || row.owner !== caller.owner) {
    throw new AppError(
      ERROR_CODES.uploadNotFound,
      'This upload was not found: please choose the video and upload it again',
    );
  }
  return row;
}

async function estimate(
  context: ConverterContext,
  media: H265EstimateRequest,
): Promise<H265EstimateResponse> {
  const { timeLimitSeconds } = context;
  const speeds = await context.deps.speeds.speeds(media, 'estimate');
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

/**
 * Gives an upload address and records it, within the waiting uploads' limits: the caller's own (an owner and a client
 * address) and the shared pool, whose last slots are kept for callers with no upload waiting. The upload addresses
 * that count: live ones, and those with a file.
 */
async function createUpload(
  context: ConverterContext,
  caller: Caller,
  addressKey: string,
  request: H265UploadUrlRequest,
): Promise<H265UploadUrlResponse> {
  const wait = await context.deps.limits.uploads.take(addressKey);
  if (wait !== null) throw new AppError(ERROR_CODES.conversionRateLimited, H265_MESSAGES.rateLimited, wait);
  const id = randomUUID();
  const key = `${PREFIX}uploads/${id}/${keySafeName(request.filename)}`;
  const created = new Date(context.now());
  const upload = {
    id,
    uploadKey: key,
    owner: caller.owner,
    clientKey: addressKey,
    filename: request.filename,
    contentType: request.contentType,
    createdAt: created,
    expiresAt: new Date(created.getTime() + RETENTION_MS),
  };
  const countedSince = new Date(context.now() - UNUSED_ADDRESS_COUNTS_MS);
  await context.repository.addUpload(upload, countedSince, ({ total, mine, here }) => {
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
    if (total >= shared) throw new AppError(ERROR_CODES.conversionRateLimited, H265_MESSAGES.rateLimited, 60);
  });
  const address = await context.storage.presignedUploadUrl(key, {
    contentType: request.contentType,
    expiresInSeconds: UPLOAD_ADDRESS_SECONDS,
    maxBytes: H265_MAX_BYTES,
    // The exact size, signed: the store itself refuses a body of any other size (issue 29).
    contentLength: request.size,
  });
  return {
    uploadUrl: address.url,
    s3Key: key,
    headers: address.headers,
    expiresAt: address.expiresAt.toISOString(),
  };
}

/** Queues the conversion of an uploaded key (once: a second call for the same key follows the first). */
async function start(
  context: ConverterContext,
  caller: Caller | undefined,
  s3Key: string,
  filename: string,
): Promise<ConversionRow> {
  const { deps, repository, storage } = context;
  const row = await ownRow(context, caller, s3Key);
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
    await failConversion(context, row.id, ERROR_CODES.fileTooLarge, message);
    throw new AppError(ERROR_CODES.fileTooLarge, message);
  }
  const limit = caller.loggedIn ? deps.limits.user : deps.limits.guest;
  const wait = await limit.take(caller.rateKey);
  if (wait !== null) throw new AppError(ERROR_CODES.conversionRateLimited, H265_MESSAGES.rateLimited, wait);
  const moved = await repository.markQueued(row.id, {
    originalSize: info.size,
    filename: filename.slice(0, 255),
  });
  if (moved) {
    // The file is taken: its upload address may not replace it (or be used to store another one) from now on.
    await storage.revokeUploadUrl(s3Key);
    await deps.enqueue(row.id);
  }
  return (await repository.load(row.id)) ?? row;
}

/**
 * Whether a row left `active` by a dead instance will never end: its last attempt has outlived the job's expiry
 * (earlier attempts are retried by pg-boss, which restarts the row).
 */
function isLost(context: ConverterContext, row: ConversionRow): boolean {
  return (
    row.state === 'active' &&
    row.attempts >= MAX_ATTEMPTS &&
    row.startedAt !== null &&
    context.now() - row.startedAt.getTime() > (context.deps.jobExpireSeconds + 60) * 1000
  );
}

/** Waits until the conversion has ended (polling its row: any instance may run it); `maxWaitMs` bounds the wait. */
async function waitFor(
  context: ConverterContext,
  id: string,
  signal: AbortSignal,
  maxWaitMs: number,
): Promise<ConversionRow> {
  const until = Date.now() + maxWaitMs;
  for (;;) {
    const row = await context.repository.load(id);
    if (!row) throw new AppError(ERROR_CODES.uploadNotFound, 'This conversion was not found');
    if (row.state === 'done' || row.state === 'failed' || row.state === 'cancelled') return row;
    if (isLost(context, row)) {
      await failConversion(context, id, ERROR_CODES.conversionFailed, H265_MESSAGES.failed);
      continue;
    }
    if (Date.now() > until) throw new AppError(ERROR_CODES.conversionTimeout, H265_MESSAGES.timeout);
    if (signal.aborted) throw new AppError(ERROR_CODES.cancelled, 'The request was cancelled');
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

/** The spec's answer for an ended row: the result, or the failure as an AppError. */
async function resultOf(context: ConverterContext, row: ConversionRow): Promise<ConvertH265Result> {
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
  const seconds = Math.floor((row.expiresAt.getTime() - context.now()) / 1000);
  if (seconds < 1 || !(await context.storage.headObject(row.outputKey))) {
    throw new AppError(ERROR_CODES.linkExpired, 'The converted video has expired and was deleted');
  }
  const download = await context.storage.presignedDownloadUrl(row.outputKey, {
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

async function status(
  context: ConverterContext,
  caller: Caller | undefined,
  s3Key: string,
): Promise<H265StatusResponse> {
  const row = await ownRow(context, caller, s3Key);
  const record = row.probe as ProbeRecord | null;
  let secondsLeft: number | null = null;
  if (row.state === 'active' && row.startedAt) {
    const elapsed = (context.now() - row.startedAt.getTime()) / 1000;
    const share = row.progress / 100;
    if (share >= 0.03) secondsLeft = Math.max(0, Math.round((elapsed * (1 - share)) / share));
    else if (record) secondsLeft = Math.max(0, Math.round(record.estimateSeconds - elapsed));
  }
  const ahead = row.state === 'queued' ? await context.repository.countAhead(row.createdAt) : 0;
  return {
    state: row.state as ConversionState,
    progress: row.progress,
    preset: row.preset,
    secondsLeft,
    estimateSeconds: record ? Math.round(record.estimateSeconds) : null,
    ahead,
    attempts: row.attempts,
    message: row.state === 'failed' || row.state === 'cancelled' ? row.errorMessage : null,
  };
}

/**
 * Cancels the caller's conversion (issue 29) while it is uploading, queued or running: the row says so at once (its
 * job, when a worker takes it, finds nothing to do and completes); the upload is deleted and its address refused;
 * the worker running it, on whichever instance, reads its row at least every CANCEL_POLL_MS, kills its ffmpeg and
 * deletes its files. An ended conversion answers `conversion_ended` with the state it ended in.
 */
async function cancel(
  context: ConverterContext,
  caller: Caller | undefined,
  s3Key: string,
): Promise<H265CancelResponse> {
  const { repository, logger } = context;
  const row = await ownRow(context, caller, s3Key);
  const at = context.now();
  const cancelled = await repository.markCancelled(row.id, {
    errorCode: ERROR_CODES.conversionCancelled,
    errorMessage: H265_MESSAGES.cancelled,
    finishedAt: new Date(at),
    // Kept long enough for its status to say so, and swept then with whatever a late upload left at its key.
    expiresAt: new Date(Math.min(row.expiresAt.getTime(), at + CANCELLED_ROW_MS)),
  });
  if (!cancelled) {
    const state = (await repository.load(row.id))?.state ?? row.state;
    throw new AppError(
      ERROR_CODES.conversionEnded,
      state === 'done' || state === 'failed' || state === 'cancelled'
        ? H265_NOT_CANCELLABLE[state]
        : H265_NOT_CANCELLABLE.failed,
    );
  }
  context.running.get(row.id)?.abort();
  await discardUpload(context, row.id, row.uploadKey);
  logger.info({ conversion: row.id, state: row.state }, 'conversion cancelled');
  return { success: true, state: 'cancelled', message: H265_MESSAGES.cancelled };
}
