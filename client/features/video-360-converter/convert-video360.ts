// One 360 conversion (spec part 2 §4 "360 converter", §5, §9): read the file, find its duration, extract evenly
// spaced frames (Mediabunny and WebCodecs, or the ffmpeg.wasm fallback), merge them into one grid, shrink it to the
// max width when asked, and encode one JPEG that stays under BigCommerce's 8 MB. Everything it made is released at
// the end, whatever happens: the engine's files, the canvases, the input.
import {
  SPRITE_LIMITS,
  fitToMaxWidth,
  planSpriteGrid,
  regridForFrames,
  shrinkForMeasuredBytes,
  type SpritePlan,
} from '../../../common/video/sprite-grid';
import {
  durationToUse,
  frameLayout,
  frameTimestamps,
  pictureInCell,
  targetFrameRate,
  type Video360Options,
} from '../../../common/video/video360-options';
import type { FfmpegEngine } from '../../lib/video/ffmpeg-engine';
import { probeVideo, type VideoProbe } from '../../lib/video/media-probe';
import { analyseInput, extractWithFfmpeg, writeInput, type FfmpegInput } from './extract-with-ffmpeg';
import { extractWithMediabunny } from './extract-with-mediabunny';
import { createSprite, encodeJpeg, releaseCanvas, resample, type SpriteCanvas } from './sprite-canvas';
import { overallPercent, type ExtractionPath, type Video360Step } from './video360-steps';

export const MEDIABUNNY_LABEL = 'Mediabunny (WebCodecs)';

/** No frame came out of the video (spec part 2 §5: 'Could not extract any frames from video'). */
export class NoFramesError extends Error {
  override name = 'NoFramesError';
}

/** The ffmpeg.wasm engine a file needed did not load (the screen shows the load failure and Try Again). */
export class EngineLoadError extends Error {
  override name = 'EngineLoadError';
}

/** Why the frames came from ffmpeg.wasm rather than Mediabunny. */
export type FallbackReason = 'no-webcodecs' | 'cannot-read' | 'cannot-decode' | 'decode-failed';

export type Video360Progress = {
  step: Video360Step;
  percent: number;
  /** Frames done and asked, while frames are extracted or read. */
  frames?: { done: number; total: number };
};

export type Video360Result = {
  blob: Blob;
  plan: SpritePlan;
  /** Which engine extracted the frames, and how long it took. */
  engine: string;
  extractMs: number;
  duration: { seconds: number; isAssumed: boolean };
  framesAsked: number;
  /** The max width the final image was held to (when resize-final was on). */
  maxWidth: number;
  fallback: FallbackReason | null;
  /** The reason Mediabunny gave up, when it failed part-way. */
  fallbackDetail: string | null;
};

export type ConvertDeps = {
  /** Whether WebCodecs (and so Mediabunny's decoding) exists on this page. */
  hasWebCodecs: boolean;
  /** The ffmpeg.wasm engine, loaded on first need; rejects with an EngineLoadError. */
  getFfmpeg: () => Promise<FfmpegEngine>;
  onProgress: (progress: Video360Progress) => void;
  signal: AbortSignal;
  /** The clock, for the extraction time shown. */
  now?: () => number;
};

type Source = { width: number; height: number };

/** Turns a video file into one 360 JPEG. Throws NoFramesError, EngineLoadError, an AbortError, or any other failure. */
export async function convertVideo360(
  file: File,
  options: Video360Options,
  deps: ConvertDeps,
): Promise<Video360Result> {
  const { signal } = deps;
  const now = deps.now ?? (() => performance.now());
  let path: ExtractionPath = 'mediabunny';
  const report = (step: Video360Step, fraction: number, frames?: { done: number; total: number }) =>
    deps.onProgress({ step, percent: overallPercent(path, step, fraction), ...(frames ? { frames } : {}) });

  report('reading-file', 0);
  const probe = await probeVideo(file);
  signal.throwIfAborted();
  let fallback: FallbackReason | null = fallbackReasonOf(probe, deps.hasWebCodecs);
  let fallbackDetail: string | null = null;

  let sprite: SpriteCanvas | null = null;
  let ffmpegInput: FfmpegInput | null = null;
  try {
    let extracted: Extracted | null = null;
    if (fallback === null && probe) {
      report('analysing-duration', 0);
      const duration = durationToUse(probe.duration);
      const started = now();
      const planned = planFrames(probe, options);
      sprite = createSprite(planned.plan, options.background);
      try {
        const drawn = await extractWithMediabunny(file, {
          times: frameTimestamps(options.frames, duration.seconds),
          sprite,
          picture: planned.picture,
          signal,
          onFrame: (done, total) => report('extracting-frames', done / total, { done, total }),
        });
        extracted = { drawn, duration, engine: MEDIABUNNY_LABEL, extractMs: now() - started };
      } catch (error) {
        if (signal.aborted) throw error;
        // A file WebCodecs said it could decode but could not after all: ffmpeg.wasm tries it.
        fallback = 'decode-failed';
        fallbackDetail = error instanceof Error ? error.message : String(error);
        releaseCanvas(sprite.canvas);
        sprite = null;
      }
    }

    if (extracted === null) {
      path = 'ffmpeg';
      report('loading-engine', 0);
      const engine = await deps.getFfmpeg();
      signal.throwIfAborted();
      report('reading-file', 0);
      ffmpegInput = await writeInput(engine, file);
      signal.throwIfAborted();
      report('analysing-duration', 0);
      let info: (Source & { duration: number | null }) | null = probe
        ? { width: probe.width, height: probe.height, duration: probe.duration }
        : null;
      if (info === null || info.duration === null) {
        const analysed = await analyseInput(ffmpegInput, signal);
        if (analysed) info = info ? { ...info, duration: analysed.duration } : analysed;
      }
      if (!info) throw new NoFramesError('ffmpeg found no video stream in this file');
      const duration = durationToUse(info.duration);
      const planned = planFrames(info, options);
      sprite = createSprite(planned.plan, options.background);
      const started = now();
      const drawn = await extractWithFfmpeg(ffmpegInput, {
        frames: options.frames,
        rate: targetFrameRate(options.frames, duration.seconds),
        sprite,
        picture: planned.picture,
        signal,
        onExtracting: (ratio) => report('extracting-frames', ratio),
        onReading: (done, total) => report('reading-frames', done / total, { done, total }),
      });
      extracted = { drawn, duration, engine: engine.label, extractMs: now() - started };
    }
    if (!sprite || extracted.drawn === 0) throw new NoFramesError('no frame came out of the video');

    report('merging', 0);
    let plan = regridForFrames(sprite.plan, extracted.drawn);
    if (plan !== sprite.plan) sprite = resample(sprite, plan, options.background);
    if (options.resizeFinal) {
      const fitted = fitToMaxWidth(plan, options.maxWidth);
      if (fitted) {
        report('final-resize', 0);
        plan = fitted;
        sprite = resample(sprite, plan, options.background);
      }
    }
    let blob = await encodeJpeg(sprite);
    // The estimate is a guess: a busy picture makes a bigger JPEG. Shrink and encode again while it is over 8 MB.
    for (let attempt = 0; blob.size > SPRITE_LIMITS.maxBytes && attempt < 4; attempt++) {
      signal.throwIfAborted();
      plan = shrinkForMeasuredBytes(plan, blob.size);
      sprite = resample(sprite, plan, options.background);
      blob = await encodeJpeg(sprite);
    }
    report(options.resizeFinal ? 'final-resize' : 'merging', 1);
    return {
      blob,
      plan,
      engine: extracted.engine,
      extractMs: extracted.extractMs,
      duration: extracted.duration,
      framesAsked: options.frames,
      maxWidth: options.maxWidth,
      fallback,
      fallbackDetail,
    };
  } finally {
    if (sprite) releaseCanvas(sprite.canvas);
    await ffmpegInput?.release().catch(() => undefined);
  }
}

type Extracted = {
  drawn: number;
  duration: { seconds: number; isAssumed: boolean };
  engine: string;
  extractMs: number;
};

function fallbackReasonOf(probe: VideoProbe | null, hasWebCodecs: boolean): FallbackReason | null {
  if (!hasWebCodecs) return 'no-webcodecs';
  if (!probe) return 'cannot-read';
  if (!probe.canDecodeVideo) return 'cannot-decode';
  return null;
}

/** The grid for the asked frames and where each picture goes in its (possibly shrunk) cell. */
function planFrames(source: Source, options: Video360Options) {
  const layout = frameLayout(source, options);
  const plan = planSpriteGrid({
    frames: options.frames,
    frameWidth: layout.cellWidth,
    frameHeight: layout.cellHeight,
  });
  const picture = pictureInCell(
    source,
    { width: plan.frameWidth, height: plan.frameHeight },
    options.resizeFrames,
  );
  return { plan, picture };
}
