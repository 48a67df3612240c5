// The Video Converter's rules, without the DOM (spec part 1 §2 "Video Converter", §5, §9; issue 16): which engine
// converts a file to a codec, the size a device can take, the output's name, the estimate from a measured sample.
import { formatNumber } from '../../lib/number-format';
import type { VideoProbe } from '../../lib/video/media-probe';
import type { FfmpegCore } from '../../lib/video/ffmpeg-engine';

export type TargetCodec = 'h264' | 'h265';

export type EngineKind = 'webcodecs' | 'ffmpeg-mt' | 'ffmpeg-st';

/** What this browser can do for one file and one codec. */
export type Capabilities = {
  /** WebCodecs can encode the target video codec at the file's size (Mediabunny's canEncodeVideo). */
  encodeVideo: boolean;
  /** AAC can be encoded (WebCodecs, or Mediabunny's AAC encoder extension). */
  encodeAac: boolean;
  /** The ffmpeg.wasm core that loaded (null: none). */
  ffmpegCore: FfmpegCore | null;
};

export type EnginePlan =
  { ok: true; engine: EngineKind } | { ok: false; reason: 'h265-unavailable' | 'no-engine' };

/**
 * Best first: WebCodecs through Mediabunny when it can decode the file and encode both tracks (hardware where the
 * machine has it); then ffmpeg.wasm's multi-thread core; then the single-thread core, for H.264 only (its libx265
 * never finishes).
 */
export function chooseEngine(codec: TargetCodec, probe: VideoProbe | null, caps: Capabilities): EnginePlan {
  const webCodecsReads = probe !== null && probe.canDecodeVideo && (!probe.hasAudio || probe.canDecodeAudio);
  if (webCodecsReads && caps.encodeVideo && (!probe.hasAudio || caps.encodeAac)) {
    return { ok: true, engine: 'webcodecs' };
  }
  if (caps.ffmpegCore === 'core-mt') return { ok: true, engine: 'ffmpeg-mt' };
  if (caps.ffmpegCore === 'core' && codec === 'h264') return { ok: true, engine: 'ffmpeg-st' };
  return { ok: false, reason: codec === 'h265' ? 'h265-unavailable' : 'no-engine' };
}

const MB = 1024 * 1024;
/** Memory assumed when the browser does not say (navigator.deviceMemory is Chromium-only). */
const UNKNOWN_MEMORY_GB = 4;

/**
 * The largest file an engine takes on this device. WebCodecs streams the input and keeps the output in memory:
 * 256 MB per GB of device memory, at most 2 GB. ffmpeg.wasm holds the input, the output and its own buffers in a
 * 32-bit WebAssembly memory: 128 MB per GB, at most 1 GB.
 */
export function maxFileBytes(engine: EngineKind, deviceMemoryGb: number | null): number {
  const gb = deviceMemoryGb ?? UNKNOWN_MEMORY_GB;
  return engine === 'webcodecs' ? Math.min(gb * 256 * MB, 2048 * MB) : Math.min(gb * 128 * MB, 1024 * MB);
}

/** Megabytes with one decimal in the reader's language: '1.5' in English, '1,5' in Vietnamese. */
export function megabytes(bytes: number, language = 'en'): string {
  return formatNumber(bytes / MB, language, 1);
}

/** '{base}-optimized.mp4' for H.264, '{base}-h265.mp4' for H.265 (spec part 1 §9). */
export function outputName(inputName: string, codec: TargetCodec): string {
  const dot = inputName.lastIndexOf('.');
  const base = dot > 0 ? inputName.slice(0, dot) : inputName;
  return codec === 'h264' ? `${base}-optimized.mp4` : `${base}-h265.mp4`;
}

/** A file is a video when its type says so (spec part 1 §5). */
export function isVideoFile(file: { type: string }): boolean {
  return file.type.startsWith('video/');
}

/** Seconds of media converted as the speed sample: the first 2 s (all of a shorter clip). */
export const SAMPLE_SECONDS = 2;

/**
 * The whole conversion's time from a measured sample: `sampleWallSeconds` to convert `sampleMediaSeconds` of this
 * file, scaled to its `durationSeconds`, plus the engine's start-up (the sample paid it too) counted once.
 */
export function estimateSeconds(sample: {
  sampleWallSeconds: number;
  sampleMediaSeconds: number;
  durationSeconds: number;
  startupSeconds?: number;
}): number {
  const { sampleWallSeconds, sampleMediaSeconds, durationSeconds, startupSeconds = 0 } = sample;
  if (sampleMediaSeconds <= 0 || durationSeconds <= 0) return Math.max(0, sampleWallSeconds);
  const perMediaSecond = Math.max(0, sampleWallSeconds - startupSeconds) / sampleMediaSeconds;
  return startupSeconds + perMediaSecond * durationSeconds;
}

/** The time left from the progress so far; null until there is enough to say. */
export function timeLeftSeconds(elapsedSeconds: number, progress: number): number | null {
  if (progress < 0.02 || elapsedSeconds < 0.5) return null;
  if (progress >= 1) return 0;
  return (elapsedSeconds * (1 - progress)) / progress;
}
