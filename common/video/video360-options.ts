// The Video 360 Converter's options (spec part 2 §3, §5 "360 file and options", §9 "360"): what a person typed, read
// into the numbers a conversion uses, with every fallback or clamp named so the screen can say what it changed.

/** Bounds and fallbacks of the number fields (spec part 2 §5, §9). */
export const VIDEO360_BOUNDS = {
  frames: { min: 10, max: 200, fallback: 90 },
  frameWidth: { min: 100, max: 500, fallback: 500 },
  frameHeight: { min: 100, max: 500, fallback: 500 },
  maxWidth: { min: 100, max: 2000, fallback: 500 },
} as const;

export type Video360NumberField = keyof typeof VIDEO360_BOUNDS;

/** The frame edge used for scaling is capped at 500 (spec part 2 §5). */
export const FRAME_EDGE_CAP = 500;
/** Background colour default; an invalid colour becomes it too (spec part 2 §3, §5). */
export const DEFAULT_BACKGROUND = '#000000';
/** Assumed when the video's duration is not detected (spec part 2 §9). */
export const DEFAULT_DURATION_SECONDS = 20;
/** Quality of the merged JPEG (spec part 2 §9). */
export const JPEG_QUALITY = 0.92;

/** The fields as typed (numbers stay text until they are read, so an empty field can fall back). */
export type Video360Form = {
  frames: string;
  resizeFrames: boolean;
  frameWidth: string;
  frameHeight: string;
  background: string;
  resizeFinal: boolean;
  maxWidth: string;
};

export type Video360Options = {
  frames: number;
  resizeFrames: boolean;
  frameWidth: number;
  frameHeight: number;
  /** '#rrggbb', lower case. */
  background: string;
  resizeFinal: boolean;
  maxWidth: number;
};

// The spec gives no defaults for the two flags. Both start off: frames keep the video's own shape, and the final
// image keeps its size (a 90-frame grid shrunk to 500 px wide would hold frames of about 50 px).
export const initialVideo360Form: Video360Form = {
  frames: String(VIDEO360_BOUNDS.frames.fallback),
  resizeFrames: false,
  frameWidth: String(VIDEO360_BOUNDS.frameWidth.fallback),
  frameHeight: String(VIDEO360_BOUNDS.frameHeight.fallback),
  background: DEFAULT_BACKGROUND,
  resizeFinal: false,
  maxWidth: String(VIDEO360_BOUNDS.maxWidth.fallback),
};

/** What reading a field changed: the screen tells the person, and shows the value used in the field. */
export type OptionAdjustment =
  | {
      field: Video360NumberField;
      given: string;
      used: number;
      reason: 'empty' | 'invalid' | 'below-min' | 'above-max' | 'rounded';
    }
  | { field: 'background'; given: string; used: string; reason: 'empty' | 'invalid' };

type NumberAdjustment = Extract<OptionAdjustment, { used: number }>;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const HEX_COLOUR = /^#?([0-9a-f]{6})$/i;

/** A number field: empty or not a number -> the fallback; out of range -> the nearest bound; a fraction -> rounded. */
export function readNumberField(
  field: Video360NumberField,
  text: string,
): { value: number; adjustment: OptionAdjustment | null } {
  const { min, max, fallback } = VIDEO360_BOUNDS[field];
  const given = text.trim();
  const adjust = (value: number, reason: NumberAdjustment['reason']) => {
    const adjustment: NumberAdjustment = { field, given, used: value, reason };
    return { value, adjustment };
  };
  if (given === '') return adjust(fallback, 'empty');
  if (!DECIMAL.test(given)) return adjust(fallback, 'invalid');
  const parsed = Number(given);
  if (!Number.isFinite(parsed)) return adjust(fallback, 'invalid');
  const rounded = Math.round(parsed);
  if (rounded < min) return adjust(min, 'below-min');
  if (rounded > max) return adjust(max, 'above-max');
  if (rounded !== parsed) return adjust(rounded, 'rounded');
  return { value: rounded, adjustment: null };
}

/** A 6-digit hex colour with an optional '#'; anything else becomes black (spec part 2 §5). */
export function readBackground(text: string): { value: string; adjustment: OptionAdjustment | null } {
  const given = text.trim();
  const match = HEX_COLOUR.exec(given);
  if (match?.[1]) {
    const value = `#${match[1].toLowerCase()}`;
    return { value, adjustment: null };
  }
  return {
    value: DEFAULT_BACKGROUND,
    adjustment: {
      field: 'background',
      given,
      used: DEFAULT_BACKGROUND,
      reason: given === '' ? 'empty' : 'invalid',
    },
  };
}

/**
 * Reads the form. The frame size fields are read (and reported) only when frames are resized, the max width only when
 * the final image is: a field that is not used is not corrected.
 */
export function readVideo360Form(form: Video360Form): {
  options: Video360Options;
  adjustments: OptionAdjustment[];
} {
  const adjustments: OptionAdjustment[] = [];
  const take = <T>(read: { value: T; adjustment: OptionAdjustment | null }): T => {
    if (read.adjustment) adjustments.push(read.adjustment);
    return read.value;
  };
  const frames = take(readNumberField('frames', form.frames));
  const frameWidth = form.resizeFrames
    ? take(readNumberField('frameWidth', form.frameWidth))
    : readNumberField('frameWidth', form.frameWidth).value;
  const frameHeight = form.resizeFrames
    ? take(readNumberField('frameHeight', form.frameHeight))
    : readNumberField('frameHeight', form.frameHeight).value;
  const background = take(readBackground(form.background));
  const maxWidth = form.resizeFinal
    ? take(readNumberField('maxWidth', form.maxWidth))
    : readNumberField('maxWidth', form.maxWidth).value;
  return {
    options: {
      frames,
      resizeFrames: form.resizeFrames,
      frameWidth,
      frameHeight,
      background,
      resizeFinal: form.resizeFinal,
      maxWidth,
    },
    adjustments,
  };
}

/** The form showing the values a conversion used (the corrected fields), keeping fields it did not read as typed. */
export function formWithUsedValues(
  form: Video360Form,
  adjustments: readonly OptionAdjustment[],
): Video360Form {
  const next = { ...form };
  for (const adjustment of adjustments) next[adjustment.field] = String(adjustment.used);
  return next;
}

/** A rectangle in pixels. */
export type Rect = { x: number; y: number; width: number; height: number };

/**
 * One frame's cell and where the picture goes in it. Resized frames: the cell is frameWidth x frameHeight and the
 * picture is fitted inside it, centred, on the background colour. Not resized: the cell is the picture, its longer
 * edge capped at 500 (spec part 2 §5).
 */
export function frameLayout(
  source: { width: number; height: number },
  options: Pick<Video360Options, 'resizeFrames' | 'frameWidth' | 'frameHeight'>,
): { cellWidth: number; cellHeight: number; picture: Rect } {
  const width = Math.max(1, source.width);
  const height = Math.max(1, source.height);
  if (options.resizeFrames) {
    const cellWidth = Math.min(FRAME_EDGE_CAP, options.frameWidth);
    const cellHeight = Math.min(FRAME_EDGE_CAP, options.frameHeight);
    return { cellWidth, cellHeight, picture: fitInside({ width, height }, cellWidth, cellHeight) };
  }
  const scale = Math.min(1, FRAME_EDGE_CAP / Math.max(width, height));
  const cellWidth = Math.max(1, Math.round(width * scale));
  const cellHeight = Math.max(1, Math.round(height * scale));
  return { cellWidth, cellHeight, picture: { x: 0, y: 0, width: cellWidth, height: cellHeight } };
}

/** The largest picture of the source's shape inside a box, centred (whole pixels, at least 1). */
export function fitInside(
  source: { width: number; height: number },
  boxWidth: number,
  boxHeight: number,
): Rect {
  const scale = Math.min(boxWidth / source.width, boxHeight / source.height);
  const width = Math.max(1, Math.min(boxWidth, Math.round(source.width * scale)));
  const height = Math.max(1, Math.min(boxHeight, Math.round(source.height * scale)));
  return {
    x: Math.floor((boxWidth - width) / 2),
    y: Math.floor((boxHeight - height) / 2),
    width,
    height,
  };
}

/** The duration used: the detected one, or 20 s when none was (spec part 2 §9). */
export function durationToUse(detected: number | null | undefined): { seconds: number; isAssumed: boolean } {
  if (typeof detected === 'number' && Number.isFinite(detected) && detected > 0) {
    return { seconds: detected, isAssumed: false };
  }
  return { seconds: DEFAULT_DURATION_SECONDS, isAssumed: true };
}

/** The target frame rate: frames spread evenly over the duration (spec part 2 §9). */
export function targetFrameRate(frames: number, seconds: number): number {
  return frames / seconds;
}

/** The frames' times in seconds: frame i at i / rate, so `frames` of them cover the duration evenly. */
export function frameTimestamps(frames: number, seconds: number): number[] {
  const step = seconds / frames;
  return Array.from({ length: frames }, (_, i) => i * step);
}

/** Bytes in a megabyte, as the size guard and its messages count them. */
export const MB = 1024 * 1024;

/** The most any device takes: 2 GB (a wasm engine's memory cannot hold more, and no 360 clip needs it). */
export const MAX_FILE_MB = 2048;

/**
 * The largest file this device takes: a quarter of its memory (deviceMemory GB x 256 MB) up to 2 GB, or 2 GB when
 * the browser does not say. A guess to keep a small device from running out of memory, said up front.
 */
export function maxFileBytes(deviceMemoryGb: number | null): number {
  if (deviceMemoryGb === null || !Number.isFinite(deviceMemoryGb) || deviceMemoryGb <= 0)
    return MAX_FILE_MB * MB;
  return Math.min(MAX_FILE_MB, Math.round(deviceMemoryGb * 256)) * MB;
}

/** '12.3' MB, one decimal below 100 MB, whole above; in the reader's `language` ('12,3' in Vietnamese). */
export function megabytes(bytes: number, language = 'en'): string {
  const mb = bytes / MB;
  return new Intl.NumberFormat(language, {
    maximumFractionDigits: mb < 100 ? 1 : 0,
    minimumFractionDigits: mb < 100 ? 1 : 0,
  }).format(mb);
}

/**
 * Where the picture goes in a cell of the final size (after a limit or the max width shrank it): fitted and centred
 * when frames are resized, else the whole cell (the cell already has the picture's shape).
 */
export function pictureInCell(
  source: { width: number; height: number },
  cell: { width: number; height: number },
  resizeFrames: boolean,
): Rect {
  if (!resizeFrames) return { x: 0, y: 0, width: cell.width, height: cell.height };
  return fitInside(
    { width: Math.max(1, source.width), height: Math.max(1, source.height) },
    cell.width,
    cell.height,
  );
}
