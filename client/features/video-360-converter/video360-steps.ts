// The steps of a 360 conversion (spec part 2 §4 "360 converter") and how far along the whole conversion each one is,
// so one bar moves forward through them.

export type Video360Step =
  | 'loading-engine'
  | 'reading-file'
  | 'analysing-duration'
  | 'extracting-frames'
  | 'reading-frames'
  | 'merging'
  | 'final-resize';

/** Which engine extracts the frames: Mediabunny (WebCodecs) or the ffmpeg.wasm fallback. */
export type ExtractionPath = 'mediabunny' | 'ffmpeg';

type Span = readonly [from: number, to: number];

// Percent of the whole each step covers. Decoding dominates with Mediabunny; ffmpeg also spends time writing the
// file into its memory and reading the raw frames back.
const SPANS: Record<ExtractionPath, Partial<Record<Video360Step, Span>>> = {
  mediabunny: {
    'reading-file': [0, 3],
    'analysing-duration': [3, 5],
    'extracting-frames': [5, 90],
    merging: [90, 97],
    'final-resize': [97, 100],
  },
  ffmpeg: {
    'loading-engine': [0, 5],
    'reading-file': [5, 10],
    'analysing-duration': [10, 12],
    'extracting-frames': [12, 75],
    'reading-frames': [75, 90],
    merging: [90, 97],
    'final-resize': [97, 100],
  },
};

/** The whole conversion's percent (0..100, whole) at `fraction` (0..1) of `step`. */
export function overallPercent(path: ExtractionPath, step: Video360Step, fraction: number): number {
  const span = SPANS[path][step] ?? SPANS.ffmpeg[step] ?? [0, 0];
  const part = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return Math.round(span[0] + (span[1] - span[0]) * part);
}
