// How long an H.265 conversion will take on the server, and which x265 preset fits the 5-minute limit (issue 17).
// Pure: the server measures its speed per preset (megapixels encoded per second, server/features/convert-h265/
// calibration.ts, corrected by every conversion it finishes) and both sides use this to decide before the work starts.

/** x265 presets, best compression first; the converter uses the first whose estimate fits the limit. */
export const X265_PRESETS = ['medium', 'fast', 'faster', 'veryfast', 'superfast', 'ultrafast'] as const;
export type X265Preset = (typeof X265_PRESETS)[number];

/** The rate factor used at every preset (x265's default). */
export const X265_CRF = 28;
export const AAC_BITRATE = 128_000;

/** Megapixels per second of wall time, per preset, on this machine. */
export type EncoderSpeeds = Partial<Record<X265Preset, number>>;

export type MediaFacts = {
  durationSeconds: number;
  width: number;
  height: number;
  /** 30 when unknown. */
  frameRate?: number;
  sizeBytes: number;
};

export type ConversionEstimate = {
  preset: X265Preset | null;
  estimateSeconds: number;
  fastestSeconds: number;
  estimatedSize: number;
};

/** What an encode costs beyond the frames: starting ffmpeg, reading and writing the files. */
export const FIXED_SECONDS = 1.5;
/** An estimate must fit the limit with this margin (the speed of one machine varies by 10-20% run to run). */
export const SAFETY = 1.25;

export function megapixelsOf(media: MediaFacts): number {
  const frames = Math.max(1, media.durationSeconds * (media.frameRate ?? 30));
  return (frames * media.width * media.height) / 1e6;
}

/** The seconds an encode at `speed` megapixels per second takes. */
export function secondsAt(media: MediaFacts, speed: number): number {
  return FIXED_SECONDS + megapixelsOf(media) / Math.max(0.01, speed);
}

/**
 * The output's likely size: x265 at CRF 28 spends about 0.045 bits per pixel per frame at 1080p (more per pixel on
 * smaller frames), never more than three quarters of what the source spent, plus 128 kb/s of AAC.
 */
export function estimateSize(media: MediaFacts): number {
  const pixels = media.width * media.height;
  const bitsPerPixel = 0.045 * Math.pow(2_073_600 / Math.max(1, pixels), 0.25);
  const duration = Math.max(0.1, media.durationSeconds);
  const videoBits = bitsPerPixel * pixels * (media.frameRate ?? 30) * duration;
  const audioBits = AAC_BITRATE * duration;
  const sourceBits = media.sizeBytes * 8;
  const bits = Math.min(videoBits + audioBits, Math.max(audioBits, sourceBits * 0.75));
  return Math.round(bits / 8 + 4096);
}

/** The best preset that finishes inside `limitSeconds` with the margin, or null; presets with no speed are skipped. */
export function estimateConversion(
  media: MediaFacts,
  speeds: EncoderSpeeds,
  limitSeconds: number,
): ConversionEstimate {
  const known = X265_PRESETS.filter((preset) => (speeds[preset] ?? 0) > 0);
  const fastest = known.reduce<X265Preset | null>(
    (best, preset) => (best === null || (speeds[preset] ?? 0) > (speeds[best] ?? 0) ? preset : best),
    null,
  );
  const fastestSeconds = fastest ? secondsAt(media, speeds[fastest] ?? 0) : Number.POSITIVE_INFINITY;
  for (const preset of known) {
    const seconds = secondsAt(media, speeds[preset] ?? 0);
    if (seconds * SAFETY <= limitSeconds) {
      return { preset, estimateSeconds: seconds, fastestSeconds, estimatedSize: estimateSize(media) };
    }
  }
  return {
    preset: null,
    estimateSeconds: fastestSeconds,
    fastestSeconds,
    estimatedSize: estimateSize(media),
  };
}

/** One measured encode folded into the speed of its preset (an exponential average; the newest weighs 0.4). */
export function foldSpeed(speeds: EncoderSpeeds, preset: X265Preset, measured: number): EncoderSpeeds {
  if (!(measured > 0) || !Number.isFinite(measured)) return speeds;
  const previous = speeds[preset];
  return { ...speeds, [preset]: previous ? previous * 0.6 + measured * 0.4 : measured };
}

/** What one conversion really encoded, as ffmpeg reported it: frames written, their size, the encoder's seconds. */
export type EncodedWork = { frames: number; width: number; height: number; seconds: number };

/** Encodes shorter than this teach nothing: ffmpeg's start-up and the file transfers weigh too much in them. */
export const MIN_LEARN_SECONDS = 2;
/** A measured speed further than this factor from the known one is an outlier and is ignored. */
export const OUTLIER_FACTOR = 3;
/** One conversion moves a preset's speed by at most this factor. */
export const MAX_STEP_FACTOR = 1.25;

/**
 * A finished conversion's speed folded into the preset's (issue 26, point 4): from the frames ffmpeg encoded (never the
 * duration a file's headers claim, which anyone can set), ignoring short encodes and outliers, and moving the speed by
 * at most MAX_STEP_FACTOR, so that no upload can teach the converter that it is much faster than it is.
 */
export function learnSpeed(speeds: EncoderSpeeds, preset: X265Preset, work: EncodedWork): EncoderSpeeds {
  const previous = speeds[preset];
  if (!previous || work.seconds < MIN_LEARN_SECONDS || work.frames < 1) return speeds;
  const measured = (work.frames * work.width * work.height) / 1e6 / work.seconds;
  if (!(measured > previous / OUTLIER_FACTOR && measured < previous * OUTLIER_FACTOR)) return speeds;
  const folded = foldSpeed(speeds, preset, measured)[preset] ?? previous;
  const bounded = Math.min(previous * MAX_STEP_FACTOR, Math.max(previous / MAX_STEP_FACTOR, folded));
  return { ...speeds, [preset]: bounded };
}

/** `95` -> "1 min 35 s"; `40` -> "40 s". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
