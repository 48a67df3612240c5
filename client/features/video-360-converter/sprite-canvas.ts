// The sprite being painted: one canvas of the plan's size, filled with the background colour, each frame's picture
// drawn into its cell. Canvases are released (sized to 0) as soon as they are not needed, so a second conversion does
// not wait for the garbage collector to get the memory back.
import { JPEG_QUALITY, type Rect } from '../../../common/video/video360-options';
import { cellOf, type SpritePlan } from '../../../common/video/sprite-grid';

export type SpriteCanvas = {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
  plan: SpritePlan;
};

/** A canvas of the plan's size on the background colour; throws when the browser cannot make one that big. */
export function createSprite(plan: SpritePlan, background: string): SpriteCanvas {
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const context = canvas.getContext('2d', { alpha: false });
  if (!context || canvas.width !== plan.width || canvas.height !== plan.height) {
    releaseCanvas(canvas);
    throw new Error(`this browser could not make a ${plan.width} × ${plan.height} px canvas`);
  }
  context.fillStyle = background;
  context.fillRect(0, 0, plan.width, plan.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  return { canvas, context, plan };
}

/** Draws a decoded picture into frame `index`'s cell at `picture` (scaled to it). */
export function drawPicture(
  sprite: SpriteCanvas,
  index: number,
  source: CanvasImageSource,
  picture: Rect,
): void {
  const cell = cellOf(sprite.plan, index);
  sprite.context.drawImage(source, cell.x + picture.x, cell.y + picture.y, picture.width, picture.height);
}

/** Puts raw RGBA pixels (picture.width x picture.height) into frame `index`'s cell. */
export function putRgbaPicture(
  sprite: SpriteCanvas,
  index: number,
  rgba: Uint8ClampedArray,
  picture: Rect,
): void {
  const cell = cellOf(sprite.plan, index);
  // ImageData refuses a view on shared memory (the multi-thread engine's), so such pixels are copied first.
  const pixels =
    rgba.buffer instanceof ArrayBuffer
      ? (rgba as Uint8ClampedArray<ArrayBuffer>)
      : new Uint8ClampedArray(rgba);
  const image = new ImageData(pixels, picture.width, picture.height);
  sprite.context.putImageData(image, cell.x + picture.x, cell.y + picture.y);
}

/**
 * The same frames in another plan (fewer frames in a smaller grid, or smaller frames): each of the first
 * `plan.frames` cells is copied, scaled to the new cell size. The old canvas is released.
 */
export function resample(sprite: SpriteCanvas, plan: SpritePlan, background: string): SpriteCanvas {
  const next = createSprite(plan, background);
  const frames = Math.min(plan.frames, sprite.plan.frames);
  for (let index = 0; index < frames; index++) {
    const from = cellOf(sprite.plan, index);
    const to = cellOf(plan, index);
    next.context.drawImage(
      sprite.canvas,
      from.x,
      from.y,
      sprite.plan.frameWidth,
      sprite.plan.frameHeight,
      to.x,
      to.y,
      plan.frameWidth,
      plan.frameHeight,
    );
  }
  releaseCanvas(sprite.canvas);
  return next;
}

/** The sprite as a JPEG at quality 0.92 (spec part 2 §9). */
export function encodeJpeg(sprite: SpriteCanvas): Promise<Blob> {
  return new Promise((resolve, reject) => {
    sprite.canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else
          reject(
            new Error(`this browser could not encode a ${sprite.plan.width} × ${sprite.plan.height} px JPEG`),
          );
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}

/** Gives a canvas's memory back at once. */
export function releaseCanvas(canvas: HTMLCanvasElement): void {
  canvas.width = 0;
  canvas.height = 0;
}
