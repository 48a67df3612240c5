// How long an H.265 conversion will take on the server, and which x265 preset fits the 5-minute limit (issue 17).
// Pure: the server measures its speed per preset and frame size (megapixels encoded per second, relative to a short
// probe encode that shows the machine's load now: server/features/video-h265-converter/calibration.ts, corrected by every
// conversion it finishes, issue 29) and uses this to decide before the work starts.

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

/**
 * The decision before an encode: the preset chosen with `cautious` speeds (lowered for a busy machine), the time it
 * gives the likeliest (`likeliest` speeds at that preset: what the user is told and the bench measures). A refusal
 * keeps the cautious times (the message says why it was refused).
 */
export function decideConversion(
  media: MediaFacts,
  speeds: { cautious: EncoderSpeeds; likeliest: EncoderSpeeds },
  limitSeconds: number,
): ConversionEstimate {
  const chosen = estimateConversion(media, speeds.cautious, limitSeconds);
  const likeliest = chosen.preset ? (speeds.likeliest[chosen.preset] ?? 0) : 0;
  return likeliest > 0 ? { ...chosen, estimateSeconds: secondsAt(media, likeliest) } : chosen;
}

/** What one conversion really encoded, as ffmpeg reported it: frames written, their size, the encoder's seconds. */
export type EncodedWork = { frames: number; width: number; height: number; seconds: number };

// ---- What the server learns (issue 29) ----
// x265's speed depends on the preset, on the frame size (small frames give its threads less to share) and on what
// else the machine is running. The server keeps, per frame size and preset, its speed *relative to a short probe
// encode* (megapixels encoded in the time one probe takes): both slow down together when the machine is busy, so the
// speed now is that number over the probe's time now. What the probe does not capture (a busy machine slows a long
// encode more, or less, than a short one) is learnt per load level, from the conversions run at that level.

/** The frame sizes whose speeds are kept apart, by their pixels. */
export const FRAME_CLASSES = {
  '360p': 640 * 360,
  '480p': 854 * 480,
  '720p': 1280 * 720,
  '1080p': 1920 * 1080,
  '1440p': 2560 * 1440,
  '2160p': 3840 * 2160,
} as const;
export type FrameClass = keyof typeof FRAME_CLASSES;
const FRAME_CLASS_NAMES = Object.keys(FRAME_CLASSES) as FrameClass[];

/** The class of a frame: the nearest by pixels, on a log scale (portrait and landscape alike). */
export function frameClassOf(width: number, height: number): FrameClass {
  const pixels = Math.max(1, width * height);
  let best: FrameClass = '720p';
  let distance = Number.POSITIVE_INFINITY;
  for (const name of FRAME_CLASS_NAMES) {
    const away = Math.abs(Math.log(pixels / FRAME_CLASSES[name]));
    if (away < distance) {
      best = name;
      distance = away;
    }
  }
  return best;
}

/** A learnt number: where the calibration put it, the recent samples whose median it follows, the value in use. */
export type Learnt = { seed: number; value: number; recent: number[] };

/** What the server knows of its machine, shared by every instance on it (server/features/video-h265-converter/calibration.ts). */
export type SpeedModel = {
  /** The shortest probe times seen (seconds, ascending, at most PROBE_FLOOR_KEPT): the machine when idle. */
  probeFloor: number[];
  /** Per frame class and preset: megapixels encoded in one probe's time (speed x probe seconds). */
  speeds: Partial<Record<FrameClass, Partial<Record<X265Preset, Learnt>>>>;
  /** Per load level from 1 (`loadLevelOf`): how much slower a conversion runs than the probe's slowdown says. */
  load: Partial<Record<string, Learnt>>;
};

/** Encodes shorter than this teach nothing: ffmpeg's start-up and the file transfers weigh too much in them. */
export const MIN_LEARN_SECONDS = 2;
/** A sample further than this factor from the value in use is an outlier and is ignored. */
export const OUTLIER_FACTOR = 3;
/** One conversion moves a value by at most this factor. */
export const MAX_STEP_FACTOR = 1.25;
/** A value follows the median of this many recent samples. */
export const SAMPLE_WINDOW = 9;
/** The calibration counts as this many samples: a few odd conversions in a row do not move the median. */
export const SEED_WEIGHT = 3;
/**
 * How far learning may take a speed from its calibration: half as long an estimate at most (a clip of a still frame
 * encodes many times faster than real video), three times as long.
 */
export const SPEED_RANGE = { below: 3, above: 2 } as const;
/** How far a load level's correction may go from 1 (the probe's slowdown as it is). */
export const LOAD_RANGE = { below: 1.5, above: 4 } as const;
/** The shortest probe times kept (the shortest is the idle one). */
export const PROBE_FLOOR_KEPT = 5;
/** Load levels: half octaves of the probe's slowdown (level 2 = twice as slow as idle), up to this. */
export const MAX_LOAD_LEVEL = 6;

export const seedLearnt = (value: number, weight = SEED_WEIGHT): Learnt => ({
  seed: value,
  value,
  recent: Array.from({ length: weight }, () => value),
});

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * One sample folded into a learnt value: ignored when further than OUTLIER_FACTOR from it; otherwise the value moves
 * towards the median of the last SAMPLE_WINDOW samples, by at most MAX_STEP_FACTOR, and never out of `range` around its
 * seed. So no run of uploads, however crafted, moves an estimate more than the range allows, nor quickly.
 */
export function learnValue(current: Learnt, sample: number, range: { below: number; above: number }): Learnt {
  if (!(sample > 0) || !Number.isFinite(sample)) return current;
  if (sample > current.value * OUTLIER_FACTOR || sample < current.value / OUTLIER_FACTOR) return current;
  const recent = [...current.recent, sample].slice(-SAMPLE_WINDOW);
  const stepped = clamp(median(recent), current.value / MAX_STEP_FACTOR, current.value * MAX_STEP_FACTOR);
  const value = clamp(stepped, current.seed / range.below, current.seed * range.above);
  return { seed: current.seed, value, recent };
}

/**
 * The idle probe time: the shortest seen (a busy machine only makes the probe slower; its run-to-run spread on an idle
 * one, a few percent, stays inside load level 0).
 */
export function idleProbeSeconds(model: SpeedModel): number | undefined {
  return model.probeFloor[0];
}

/** How busy the machine is by a probe's time: 0 idle, then one level per half octave of slowdown. */
export function loadLevelOf(probeSeconds: number, idleSeconds: number): number {
  if (!(probeSeconds > 0) || !(idleSeconds > 0)) return 0;
  const level = Math.round(2 * Math.log2(probeSeconds / idleSeconds));
  return clamp(level, 0, MAX_LOAD_LEVEL);
}

/** A probe's time added to the idle ones when it is among the shortest. */
export function withProbe(model: SpeedModel, seconds: number): SpeedModel {
  if (!(seconds > 0) || !Number.isFinite(seconds)) return model;
  const floor = model.probeFloor;
  if (floor.length >= PROBE_FLOOR_KEPT && seconds >= (floor[floor.length - 1] ?? 0)) return model;
  return { ...model, probeFloor: [...floor, seconds].sort((a, b) => a - b).slice(0, PROBE_FLOOR_KEPT) };
}

/** The correction of a load level: its own when learnt, else the nearest learnt level's (the busier on a tie), else 1. */
export function loadCorrection(model: SpeedModel, level: number): number {
  if (level <= 0) return 1;
  for (let distance = 0; distance <= MAX_LOAD_LEVEL; distance += 1) {
    for (const candidate of [level + distance, level - distance]) {
      if (candidate < 1 || candidate > MAX_LOAD_LEVEL) continue;
      const learnt = model.load[String(candidate)];
      if (learnt) return learnt.value;
    }
  }
  return 1;
}

/** The speeds of a frame class, or of the nearest class that has some. */
function speedsOfClass(model: SpeedModel, frameClass: FrameClass): Partial<Record<X265Preset, Learnt>> {
  const pixels = FRAME_CLASSES[frameClass];
  const known = FRAME_CLASS_NAMES.filter((name) => Object.keys(model.speeds[name] ?? {}).length > 0).sort(
    (a, b) => Math.abs(Math.log(FRAME_CLASSES[a] / pixels)) - Math.abs(Math.log(FRAME_CLASSES[b] / pixels)),
  );
  const nearest = known[0];
  return nearest ? (model.speeds[nearest] ?? {}) : {};
}

/** The load a probe shows: its time (never below the idle one: a faster probe is luck), level and correction. */
export function loadOf(model: SpeedModel, probeSeconds: number) {
  const idle = idleProbeSeconds(model) ?? probeSeconds;
  const seconds = Math.max(probeSeconds, idle);
  const level = loadLevelOf(seconds, idle);
  return { seconds, level, correction: loadCorrection(model, level) };
}

/**
 * The decision before an encode allows for more spread on a busy machine (how long the load lasts, how it shares the
 * cores, is less certain): its speeds are lowered by this share per load level (level 4, four times as slow: 20%), on
 * top of the estimate's own SAFETY margin. The estimate shown before uploading, and the time a conversion records
 * (`decideConversion`), keep the likeliest time.
 */
export const DECISION_MARGIN_PER_LEVEL = 0.05;

/**
 * The speeds (megapixels per second) for a frame of this size, the machine's load being what the probe took now;
 * lowered by the busy machine's margin for the decision before an encode.
 */
export function speedsAt(
  model: SpeedModel,
  frame: { width: number; height: number },
  probeSeconds: number,
  purpose: 'estimate' | 'encode' = 'estimate',
): EncoderSpeeds {
  const load = loadOf(model, probeSeconds);
  const margin = purpose === 'encode' ? 1 + DECISION_MARGIN_PER_LEVEL * load.level : 1;
  const speeds: EncoderSpeeds = {};
  for (const [preset, learnt] of Object.entries(
    speedsOfClass(model, frameClassOf(frame.width, frame.height)),
  )) {
    speeds[preset as X265Preset] = learnt.value / load.seconds / load.correction / margin;
  }
  return speeds;
}

/**
 * A finished conversion folded into the model (issues 26 and 29): its speed from the frames ffmpeg encoded (never the
 * duration a file's headers claim, which anyone can set), short encodes ignored. On an idle machine it teaches the
 * speed of its frame class and preset; on a busy one, the correction of that load level. Either way through
 * `learnValue`: outliers ignored, each step bounded, the whole within a range of the calibration.
 */
export function learnConversion(
  model: SpeedModel,
  input: { preset: X265Preset; work: EncodedWork; probeSeconds: number },
): SpeedModel {
  const { preset, work } = input;
  if (work.seconds < MIN_LEARN_SECONDS || !(work.frames >= 1) || !(input.probeSeconds > 0)) return model;
  const frameClass = frameClassOf(work.width, work.height);
  const table = model.speeds[frameClass];
  const current = table?.[preset];
  if (!current) return model;
  const measured = (work.frames * work.width * work.height) / 1e6 / work.seconds;
  const load = loadOf(model, input.probeSeconds);
  if (load.level === 0) {
    const learnt = learnValue(current, measured * load.seconds, SPEED_RANGE);
    if (learnt === current) return model;
    return { ...model, speeds: { ...model.speeds, [frameClass]: { ...table, [preset]: learnt } } };
  }
  const key = String(load.level);
  // A level not learnt yet starts from the correction in use for it (the nearest level's), within the range around 1.
  const correction = model.load[key] ?? { seed: 1, value: load.correction, recent: [load.correction] };
  const predicted = current.value / load.seconds;
  const learnt = learnValue(correction, predicted / measured, LOAD_RANGE);
  if (learnt === correction) return model;
  return { ...model, load: { ...model.load, [key]: learnt } };
}

/** One calibration encode: its frame size, preset and measured speed (megapixels per second). */
export type CalibrationEncode = { width: number; height: number; preset: X265Preset; speed: number };

/** Presets not measured, the two measured ones they lie between, and how far towards the slower (log scale). */
const BETWEEN: readonly (readonly [X265Preset, X265Preset, X265Preset, number])[] = [
  ['fast', 'faster', 'medium', 0.5],
  ['superfast', 'ultrafast', 'faster', 1 / 3],
  ['veryfast', 'ultrafast', 'faster', 2 / 3],
];

/**
 * The speeds of every frame class and preset from a few calibration encodes: the class measured with the most presets
 * is the reference; a preset measured at several sizes gives how speed follows the frame's pixels (a power law, its
 * exponent bounded); presets not measured are interpolated between their neighbours on a log scale.
 */
export function speedsFromCalibration(
  encodes: CalibrationEncode[],
): Partial<Record<FrameClass, EncoderSpeeds>> {
  const valid = encodes.filter((one) => one.speed > 0 && Number.isFinite(one.speed));
  const byClass = new Map<FrameClass, CalibrationEncode[]>();
  for (const one of valid) {
    const name = frameClassOf(one.width, one.height);
    byClass.set(name, [...(byClass.get(name) ?? []), one]);
  }
  const reference = [...byClass.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  if (!reference) return {};
  const [referenceClass, referenceEncodes] = reference;
  // The exponent: a least-squares slope of log(speed) on log(pixels), over presets measured at several sizes.
  let xx = 0;
  let xy = 0;
  for (const preset of X265_PRESETS) {
    const points = valid.filter((one) => one.preset === preset);
    if (points.length < 2) continue;
    const xs = points.map((one) => Math.log(one.width * one.height));
    const ys = points.map((one) => Math.log(one.speed));
    const mx = xs.reduce((sum, x) => sum + x, 0) / xs.length;
    const my = ys.reduce((sum, y) => sum + y, 0) / ys.length;
    xs.forEach((x, i) => {
      xx += (x - mx) ** 2;
      xy += (x - mx) * ((ys[i] ?? my) - my);
    });
  }
  const exponent = xx > 0 ? clamp(xy / xx, -0.3, 0.5) : 0;
  const base: EncoderSpeeds = {};
  for (const one of referenceEncodes) base[one.preset] = one.speed;
  for (const [preset, faster, slower, towards] of BETWEEN) {
    const a = base[faster];
    const b = base[slower];
    if (base[preset] === undefined && a && b) base[preset] = Math.pow(a, 1 - towards) * Math.pow(b, towards);
  }
  const result: Partial<Record<FrameClass, EncoderSpeeds>> = {};
  for (const name of FRAME_CLASS_NAMES) {
    const scale = Math.pow(FRAME_CLASSES[name] / FRAME_CLASSES[referenceClass], exponent);
    const speeds: EncoderSpeeds = {};
    for (const [preset, speed] of Object.entries(base)) speeds[preset as X265Preset] = speed * scale;
    result[name] = speeds;
  }
  return result;
}

/**
 * A model from a calibration: its speeds relative to the probe they were measured with (`probeSeconds`, in the same
 * unit as the speeds' seconds), the idle probe time `floorSeconds` (by default that probe).
 */
export function seedModel(
  probeSeconds: number,
  speeds: Partial<Record<FrameClass, EncoderSpeeds>>,
  floorSeconds = probeSeconds,
): SpeedModel {
  const table: SpeedModel['speeds'] = {};
  for (const [name, perPreset] of Object.entries(speeds)) {
    const learnt: Partial<Record<X265Preset, Learnt>> = {};
    for (const [preset, speed] of Object.entries(perPreset)) {
      if (speed > 0) learnt[preset as X265Preset] = seedLearnt(speed * probeSeconds);
    }
    table[name as FrameClass] = learnt;
  }
  return { probeFloor: floorSeconds > 0 ? [floorSeconds] : [], speeds: table, load: {} };
}

/** `95` -> "1 min 35 s"; `40` -> "40 s". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
