// The layout of a 360 sprite: N frames of one size in a grid of columns x rows, in ONE JPEG (issue 16). The grid must
// stay inside what a browser can paint and encode, and inside BigCommerce's image limit:
// - Chromium's canvas: at most 32,767 px a side and 268,435,456 px in all; we keep to 16,384 a side (other browsers
//   and smaller devices refuse sooner);
// - JPEG: 65,535 px a side (the SOF header holds 16 bits);
// - BigCommerce: 8 MB per image (../shared/bigcommerce/API-NOTES.md, product images), estimated from the pixels
//   before painting and checked on the real file after.
// When a limit binds, the frames shrink (the grid stays), and the plan names the limit.

export type SpriteLimits = {
  maxCanvasSide: number;
  maxCanvasArea: number;
  maxJpegSide: number;
  maxBytes: number;
  /** Bytes a pixel takes in a JPEG at quality 0.92, for the estimate made before painting. */
  bytesPerPixel: number;
};

export const SPRITE_LIMITS: SpriteLimits = {
  maxCanvasSide: 16_384,
  maxCanvasArea: 268_435_456,
  maxJpegSide: 65_535,
  maxBytes: 8 * 1024 * 1024,
  bytesPerPixel: 0.25,
};

/** What shaped a sprite: a limit that shrank its frames, or the max width the final image was shrunk to. */
export type SpriteShaper = 'canvas-side' | 'canvas-area' | 'jpeg-side' | 'file-size' | 'max-width';

export type SpritePlan = {
  frames: number;
  columns: number;
  rows: number;
  frameWidth: number;
  frameHeight: number;
  /** columns x frameWidth */
  width: number;
  /** rows x frameHeight */
  height: number;
  estimatedBytes: number;
  /** What shrank the frames, in the order it happened; empty when the frames kept their size. */
  shapedBy: SpriteShaper[];
};

/**
 * The columns that keep the image nearest to a square (its longer side the shortest), so neither side meets a limit
 * first; between equals, fewer empty cells, then more columns.
 */
export function chooseColumns(frames: number, frameWidth: number, frameHeight: number): number {
  let best = 1;
  let bestSide = Infinity;
  let bestEmpty = Infinity;
  for (let columns = 1; columns <= frames; columns++) {
    const rows = Math.ceil(frames / columns);
    const side = Math.max(columns * frameWidth, rows * frameHeight);
    const empty = columns * rows - frames;
    if (side < bestSide || (side === bestSide && empty <= bestEmpty)) {
      best = columns;
      bestSide = side;
      bestEmpty = empty;
    }
  }
  return best;
}

function withFrameSize(
  plan: Omit<SpritePlan, 'width' | 'height' | 'estimatedBytes'>,
  limits: SpriteLimits,
): SpritePlan {
  const width = plan.columns * plan.frameWidth;
  const height = plan.rows * plan.frameHeight;
  return { ...plan, width, height, estimatedBytes: Math.round(width * height * limits.bytesPerPixel) };
}

/** The plan with its frames scaled by `scale` (< 1), rounded down to whole pixels, at least 1. */
export function shrinkFrames(
  plan: SpritePlan,
  scale: number,
  reason: SpriteShaper,
  limits: SpriteLimits = SPRITE_LIMITS,
): SpritePlan {
  return withFrameSize(
    {
      ...plan,
      frameWidth: Math.max(1, Math.floor(plan.frameWidth * scale)),
      frameHeight: Math.max(1, Math.floor(plan.frameHeight * scale)),
      shapedBy: [...plan.shapedBy, reason],
    },
    limits,
  );
}

/** How much the plan must shrink for each limit (1 when it fits), the tightest first. */
export function limitScales(
  plan: Pick<SpritePlan, 'width' | 'height'>,
  limits: SpriteLimits = SPRITE_LIMITS,
): Array<{ limit: SpriteShaper; scale: number }> {
  const side = Math.max(plan.width, plan.height);
  const area = plan.width * plan.height;
  const scales: Array<{ limit: SpriteShaper; scale: number }> = [
    { limit: 'canvas-side', scale: limits.maxCanvasSide / side },
    { limit: 'jpeg-side', scale: limits.maxJpegSide / side },
    { limit: 'canvas-area', scale: Math.sqrt(limits.maxCanvasArea / area) },
    { limit: 'file-size', scale: Math.sqrt(limits.maxBytes / (area * limits.bytesPerPixel)) },
  ];
  return scales
    .map(({ limit, scale }) => ({ limit, scale: Math.min(1, scale) }))
    .sort((a, b) => a.scale - b.scale);
}

/** The grid for `frames` frames of one size, shrunk (keeping their shape) until every limit holds. */
export function planSpriteGrid(
  { frames, frameWidth, frameHeight }: { frames: number; frameWidth: number; frameHeight: number },
  limits: SpriteLimits = SPRITE_LIMITS,
): SpritePlan {
  const count = Math.max(1, Math.floor(frames));
  const columns = chooseColumns(count, frameWidth, frameHeight);
  const plan = withFrameSize(
    { frames: count, columns, rows: Math.ceil(count / columns), frameWidth, frameHeight, shapedBy: [] },
    limits,
  );
  const tightest = limitScales(plan, limits)[0];
  return tightest && tightest.scale < 1 ? shrinkFrames(plan, tightest.scale, tightest.limit, limits) : plan;
}

/**
 * The same frames in the grid for fewer of them (a video that gave fewer frames than asked), keeping their size: a
 * smaller grid never meets a limit the larger one met.
 */
export function regridForFrames(
  plan: SpritePlan,
  frames: number,
  limits: SpriteLimits = SPRITE_LIMITS,
): SpritePlan {
  const count = Math.max(1, Math.floor(frames));
  if (count === plan.frames) return plan;
  const columns = chooseColumns(count, plan.frameWidth, plan.frameHeight);
  return withFrameSize({ ...plan, frames: count, columns, rows: Math.ceil(count / columns) }, limits);
}

/**
 * The final resize (spec part 2 §5): only when the image is wider than `maxWidth`, the frames shrink so the grid is at
 * most `maxWidth` wide, in whole pixels (so every frame stays a whole cell); null when it already fits.
 */
export function fitToMaxWidth(
  plan: SpritePlan,
  maxWidth: number,
  limits: SpriteLimits = SPRITE_LIMITS,
): SpritePlan | null {
  if (plan.width <= maxWidth) return null;
  const frameWidth = Math.max(1, Math.floor(maxWidth / plan.columns));
  const frameHeight = Math.max(1, Math.round((plan.frameHeight * frameWidth) / plan.frameWidth));
  return withFrameSize(
    { ...plan, frameWidth, frameHeight, shapedBy: [...plan.shapedBy, 'max-width'] },
    limits,
  );
}

/**
 * A plan whose real JPEG came out over the byte limit: its frames shrink by the square root of the excess, with a
 * 10% margin (JPEG size falls about with the pixel count).
 */
export function shrinkForMeasuredBytes(
  plan: SpritePlan,
  measuredBytes: number,
  limits: SpriteLimits = SPRITE_LIMITS,
): SpritePlan {
  const scale = Math.min(0.95, Math.sqrt((limits.maxBytes * 0.9) / measuredBytes));
  return shrinkFrames(plan, scale, 'file-size', limits);
}

/** The cell of frame `index` (row by row from the top left). */
export function cellOf(plan: Pick<SpritePlan, 'columns' | 'frameWidth' | 'frameHeight'>, index: number) {
  const column = index % plan.columns;
  const row = Math.floor(index / plan.columns);
  return { x: column * plan.frameWidth, y: row * plan.frameHeight, column, row };
}
