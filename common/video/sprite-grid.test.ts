import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SPRITE_LIMITS,
  cellOf,
  chooseColumns,
  fitToMaxWidth,
  limitScales,
  planSpriteGrid,
  regridForFrames,
  shrinkForMeasuredBytes,
  type SpriteLimits,
} from './sprite-grid';

describe('sprite grid: columns', () => {
  it('keeps the image near a square', () => {
    expect(chooseColumns(90, 500, 500)).toBe(10);
    expect(chooseColumns(90, 500, 281)).toBe(7);
    expect(chooseColumns(90, 281, 500)).toBe(13);
    expect(chooseColumns(1, 500, 500)).toBe(1);
    expect(chooseColumns(10, 100, 100)).toBe(4);
  });
});

describe('sprite grid: plan', () => {
  it('lays out 90 frames of a 640x360 video (frames as they are) without shrinking', () => {
    const plan = planSpriteGrid({ frames: 90, frameWidth: 500, frameHeight: 281 });
    expect(plan).toEqual({
      frames: 90,
      columns: 7,
      rows: 13,
      frameWidth: 500,
      frameHeight: 281,
      width: 3500,
      height: 3653,
      estimatedBytes: Math.round(3500 * 3653 * 0.25),
      shapedBy: [],
    });
  });

  it('shrinks 200 frames of 500x500 to stay under 8 MB', () => {
    const plan = planSpriteGrid({ frames: 200, frameWidth: 500, frameHeight: 500 });
    expect(plan.shapedBy).toEqual(['file-size']);
    expect(plan.columns * plan.rows).toBeGreaterThanOrEqual(200);
    expect(plan.estimatedBytes).toBeLessThanOrEqual(SPRITE_LIMITS.maxBytes);
    expect(plan.frameWidth).toBe(plan.frameHeight);
    expect(plan.frameWidth).toBeLessThan(500);
    expect(plan.frameWidth).toBeGreaterThan(380);
  });

  it('names the limit that binds: canvas side, JPEG side, canvas area', () => {
    const roomy: SpriteLimits = { ...SPRITE_LIMITS, maxBytes: Number.MAX_SAFE_INTEGER };
    const side = planSpriteGrid(
      { frames: 200, frameWidth: 500, frameHeight: 500 },
      { ...roomy, maxCanvasSide: 4000 },
    );
    expect(side.shapedBy).toEqual(['canvas-side']);
    expect(Math.max(side.width, side.height)).toBeLessThanOrEqual(4000);

    const jpeg = planSpriteGrid(
      { frames: 200, frameWidth: 500, frameHeight: 500 },
      { ...roomy, maxJpegSide: 3000 },
    );
    expect(jpeg.shapedBy).toEqual(['jpeg-side']);
    expect(Math.max(jpeg.width, jpeg.height)).toBeLessThanOrEqual(3000);

    const area = planSpriteGrid(
      { frames: 200, frameWidth: 500, frameHeight: 500 },
      { ...roomy, maxCanvasArea: 10_000_000 },
    );
    expect(area.shapedBy).toEqual(['canvas-area']);
    expect(area.width * area.height).toBeLessThanOrEqual(10_000_000);
  });

  it('always fits every limit and holds every frame in a whole cell', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        (frames, frameWidth, frameHeight, bytesPerPixel) => {
          const limits = { ...SPRITE_LIMITS, bytesPerPixel };
          const plan = planSpriteGrid({ frames, frameWidth, frameHeight }, limits);
          expect(plan.columns * plan.rows).toBeGreaterThanOrEqual(frames);
          expect((plan.columns - 1) * plan.rows).toBeLessThan(frames);
          expect(plan.width).toBe(plan.columns * plan.frameWidth);
          expect(plan.height).toBe(plan.rows * plan.frameHeight);
          expect(Math.max(plan.width, plan.height)).toBeLessThanOrEqual(limits.maxCanvasSide);
          expect(plan.width * plan.height).toBeLessThanOrEqual(limits.maxCanvasArea);
          if (plan.frameWidth > 1 && plan.frameHeight > 1) {
            expect(plan.estimatedBytes).toBeLessThanOrEqual(limits.maxBytes);
          }
          expect(plan.frameWidth).toBeLessThanOrEqual(frameWidth);
          expect(plan.frameHeight).toBeLessThanOrEqual(frameHeight);
          expect(plan.shapedBy.length).toBe(
            plan.frameWidth < frameWidth || plan.frameHeight < frameHeight ? 1 : 0,
          );
        },
      ),
    );
  });

  it('reports a scale of 1 for every limit a small grid meets', () => {
    expect(limitScales({ width: 1000, height: 1000 }).every((s) => s.scale === 1)).toBe(true);
    expect(limitScales({ width: 32_768, height: 100 }, { ...SPRITE_LIMITS, maxBytes: 1e12 })[0]).toEqual({
      limit: 'canvas-side',
      scale: 0.5,
    });
  });
});

describe('sprite grid: fewer frames, max width, measured size', () => {
  it('re-grids fewer frames at the same size', () => {
    const plan = planSpriteGrid({ frames: 90, frameWidth: 500, frameHeight: 281 });
    const fewer = regridForFrames(plan, 60);
    expect(fewer).toMatchObject({ frames: 60, columns: 6, rows: 10, frameWidth: 500, frameHeight: 281 });
    expect(regridForFrames(plan, 90)).toBe(plan);
  });

  it('shrinks the image only when it is wider than the max width, in whole cells', () => {
    const plan = planSpriteGrid({ frames: 90, frameWidth: 500, frameHeight: 281 });
    expect(fitToMaxWidth(plan, 5000)).toBeNull();
    expect(fitToMaxWidth(plan, 3500)).toBeNull();
    const fitted = fitToMaxWidth(plan, 2000);
    expect(fitted).toMatchObject({ columns: 7, rows: 13, frameWidth: 285, frameHeight: 160, width: 1995 });
    expect(fitted?.shapedBy).toEqual(['max-width']);
    expect(fitToMaxWidth(plan, 100)).toMatchObject({ frameWidth: 14, frameHeight: 8, width: 98 });
  });

  it('shrinks a JPEG that came out over 8 MB below it with a margin', () => {
    const plan = planSpriteGrid({ frames: 90, frameWidth: 500, frameHeight: 500 });
    const smaller = shrinkForMeasuredBytes(plan, 12 * 1024 * 1024);
    expect(smaller.shapedBy).toEqual(['file-size']);
    const expectedBytes = (12 * 1024 * 1024 * (smaller.width * smaller.height)) / (plan.width * plan.height);
    expect(expectedBytes).toBeLessThan(SPRITE_LIMITS.maxBytes * 0.9);
    expect(shrinkForMeasuredBytes(plan, SPRITE_LIMITS.maxBytes + 1).frameWidth).toBeLessThanOrEqual(475);
  });

  it('places frames row by row', () => {
    const plan = { columns: 7, frameWidth: 500, frameHeight: 281 };
    expect(cellOf(plan, 0)).toEqual({ x: 0, y: 0, column: 0, row: 0 });
    expect(cellOf(plan, 6)).toEqual({ x: 3000, y: 0, column: 6, row: 0 });
    expect(cellOf(plan, 7)).toEqual({ x: 0, y: 281, column: 0, row: 1 });
    expect(cellOf(plan, 89)).toEqual({ x: 2500, y: 281 * 12, column: 5, row: 12 });
  });
});
