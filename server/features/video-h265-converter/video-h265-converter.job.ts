// The H.265 conversion job (pg-boss queue `video-h265`; issue 17): one attempt claims the row, downloads the upload,
// probes it, picks the best x265 preset whose estimate fits the 5-minute limit (or refuses it up front), runs ffmpeg as
// a child process with its progress in the row, stores the result and deletes the upload. While it works it reads its
// row, so that a cancel made on any instance stops it (issue 29).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { H265_MESSAGES } from '../../../common/contracts/video-h265-converter';
import { ERROR_CODES, type ErrorCode } from '../../../common/errors';
import { decideConversion, formatDuration, type X265Preset } from '../../../common/video/h265-estimate';
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
import {
  CANCEL_POLL_MS,
  failConversion,
  keySafeName,
  MAX_ATTEMPTS,
  MAX_FRAME_PIXELS,
  MAX_FRAME_SIDE,
  outputNameOf,
  PREFIX,
  RETENTION_MS,
  type ConverterContext,
  type ProbeRecord,
} from './video-h265-converter.context';
import type { ConversionRow } from './video-h265-converter.repository';

/** One attempt at a conversion: its row as claimed, and writes that hold only while the row is still its own. */
type Attempt = {
  row: ConversionRow;
  attempt: number;
  /** Aborts when the conversion is cancelled (on any instance) or the row is no longer this attempt's. */
  signal: AbortSignal;
  /** Writes to the row; false (nothing written) once it is no longer this attempt's. */
  write: (values: Partial<ConversionRow>) => Promise<boolean>;
  fail: (code: ErrorCode, message: string) => Promise<void>;
};

/** The downloaded upload as ffmpeg reads it, and what probing it found. */
type Inspected = { binary: FfmpegBinary; input: InputFile; probed: Probe; size: number };

/**
 * The job: one attempt at one conversion. A bad video, a refusal and the time limit end it as failed (not retried);
 * a worker that died or storage that failed throws, so pg-boss retries it (MAX_ATTEMPTS in all).
 */
export async function runConversion(context: ConverterContext, id: string): Promise<void> {
  const { repository, logger, now, running } = context;
  // Claimed in one statement: a queued row, or one whose attempt has outlived the job's expiry (its instance died).
  // A row another attempt is still working on is left to it: pg-boss gives up waiting on a handler at the expiry and
  // retries, so two attempts could otherwise run at once. A cancelled row is not claimed: its job completes here.
  const staleBefore = new Date(now() - context.deps.jobExpireSeconds * 1000);
  const row = await repository.claim(id, new Date(now()), staleBefore);
  if (!row) return;
  const attempt = row.attempts;
  if (attempt > MAX_ATTEMPTS) {
    await failConversion(context, id, ERROR_CODES.conversionFailed, H265_MESSAGES.failed, attempt);
    return;
  }
  const stop = new AbortController();
  running.set(id, stop);
  const watching = watchRow(context, id, attempt, stop);
  const work: Attempt = {
    row,
    attempt,
    signal: stop.signal,
    write: (values) => repository.writeIfOwned(id, attempt, values),
    fail: (code, message) => failConversion(context, id, code, message, attempt),
  };
  const dir = await mkdtemp(path.join(tmpdir(), `bct-h265-${id}-`));
  try {
    await convertIn(context, work, dir);
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

/**
 * Reads the row every CANCEL_POLL_MS while the attempt works, and stops it (`stop.abort()`: ffmpeg is killed, the
 * download cut) once the row is no longer its own: cancelled on any instance, or ended or taken over otherwise.
 * Answers when the attempt has stopped.
 */
async function watchRow(
  context: ConverterContext,
  id: string,
  attempt: number,
  stop: AbortController,
): Promise<void> {
  const { repository, logger } = context;
  const ended = new Promise<void>((resolve) =>
    stop.signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  while (!stop.signal.aborted) {
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, CANCEL_POLL_MS))]);
    if (stop.signal.aborted) return;
    try {
      if (!(await repository.isOwnedBy(id, attempt))) {
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

/** The attempt's work in `dir`: the upload inspected, its preset chosen, then encoded and stored. */
async function convertIn(context: ConverterContext, work: Attempt, dir: string): Promise<void> {
  const inspected = await inspectUpload(context, work, dir);
  if (!inspected) return;
  const preset = await choosePreset(context, work, inspected);
  if (!preset) return;
  await encodeAndStore(context, work, inspected, preset, dir);
}

/**
 * Downloads the upload into `dir`, checks what kind of file it is and probes it; null when the attempt is over (the
 * conversion ended as failed, or the attempt was stopped).
 */
async function inspectUpload(
  context: ConverterContext,
  work: Attempt,
  dir: string,
): Promise<Inspected | null> {
  const { row, signal } = work;
  const binary = await context.deps.getBinary();
  const object = await context.storage.getObjectStream(row.uploadKey);
  if (!object) {
    await work.fail(
      ERROR_CODES.uploadMissing,
      'The uploaded video is no longer there: please upload it again',
    );
    return null;
  }
  const file = path.join(dir, 'input');
  await pipeline(object.body, createWriteStream(file), { signal });
  // ffmpeg is never left to guess what the file is (issue 26, point 1): lists of other files are refused here.
  const sniffed = sniffContainer(await headOf(file));
  if (!sniffed.ok) {
    await work.fail(ERROR_CODES.videoFormatUnsupported, refusalMessage(sniffed.reason));
    return null;
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
    return null;
  }
  if (signal.aborted) return null;
  return { binary, input, probed, size: object.size };
}

/**
 * The best preset whose estimate fits the time limit, written to the row with the probe and the estimate; null when
 * the video is refused (too large, too long, too slow to convert here) or the row is no longer the attempt's.
 */
async function choosePreset(
  context: ConverterContext,
  work: Attempt,
  { probed, size }: Inspected,
): Promise<X265Preset | null> {
  const refusal = sizeRefusal(probed);
  if (refusal) {
    await work.write({ probe: probed });
    await work.fail(refusal.code, refusal.message);
    return null;
  }
  // Both from the same probe (the estimate reuses the one the decision just took): the preset chosen with the busy
  // machine's margin, the time recorded (and shown) the likeliest one.
  const cautious = await context.deps.speeds.speeds(probed, 'encode');
  const likeliest = await context.deps.speeds.speeds(probed, 'estimate');
  const facts = { ...probed, sizeBytes: size };
  const chosen = decideConversion(facts, { cautious, likeliest }, context.timeLimitSeconds);
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
        `${formatDuration(context.timeLimitSeconds)} limit. Please trim it or lower its resolution.`,
    );
    return null;
  }
  const preset: X265Preset = chosen.preset;
  if (!(await work.write({ probe: record, preset }))) return null;
  return preset;
}

/**
 * Runs ffmpeg with its progress in the row, stores the result, ends the row as done and deletes the upload; a
 * timeout or a video ffmpeg cannot convert ends it as failed, a killed ffmpeg throws (the attempt is retried).
 */
async function encodeAndStore(
  context: ConverterContext,
  work: Attempt,
  { binary, input, probed }: Inspected,
  preset: X265Preset,
  dir: string,
): Promise<void> {
  const { storage, logger, now, timeLimitSeconds } = context;
  const { row, signal } = work;
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
  context.deps.speeds.record(preset, {
    frames: outcome.frames,
    width: even(probed.width),
    height: even(probed.height),
    seconds: encodeSeconds,
  });
}
