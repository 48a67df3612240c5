import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BACKGROUND,
  FRAME_EDGE_CAP,
  MB,
  VIDEO360_BOUNDS,
  durationToUse,
  fitInside,
  formWithUsedValues,
  frameLayout,
  frameTimestamps,
  initialVideo360Form,
  maxFileBytes,
  megabytes,
  pictureInCell,
  readBackground,
  readNumberField,
  readVideo360Form,
  targetFrameRate,
} from './video360-options';

describe('360 options: number fields (spec part 2 §5)', () => {
  it('frame count: 10 to 200, 90 when empty or not a number', () => {
    expect(readNumberField('frames', '90')).toEqual({ value: 90, adjustment: null });
    expect(readNumberField('frames', ' 120 ')).toEqual({ value: 120, adjustment: null });
    expect(readNumberField('frames', '')).toEqual({
      value: 90,
      adjustment: { field: 'frames', given: '', used: 90, reason: 'empty' },
    });
    expect(readNumberField('frames', '   ').value).toBe(90);
    expect(readNumberField('frames', 'abc').adjustment?.reason).toBe('invalid');
    expect(readNumberField('frames', 'abc').value).toBe(90);
    expect(readNumberField('frames', '12abc').value).toBe(90);
    expect(readNumberField('frames', '1e3').value).toBe(90);
    expect(readNumberField('frames', '5')).toEqual({
      value: 10,
      adjustment: { field: 'frames', given: '5', used: 10, reason: 'below-min' },
    });
    expect(readNumberField('frames', '0').value).toBe(10);
    expect(readNumberField('frames', '-40').value).toBe(10);
    expect(readNumberField('frames', '500')).toEqual({
      value: 200,
      adjustment: { field: 'frames', given: '500', used: 200, reason: 'above-max' },
    });
    expect(readNumberField('frames', '10').adjustment).toBeNull();
    expect(readNumberField('frames', '200').adjustment).toBeNull();
    expect(readNumberField('frames', '45.6')).toEqual({
      value: 46,
      adjustment: { field: 'frames', given: '45.6', used: 46, reason: 'rounded' },
    });
  });

  it('frame width and height: 100 to 500, 500 when empty or invalid', () => {
    for (const field of ['frameWidth', 'frameHeight'] as const) {
      expect(readNumberField(field, '').value).toBe(500);
      expect(readNumberField(field, 'wide').value).toBe(500);
      expect(readNumberField(field, '50').value).toBe(100);
      expect(readNumberField(field, '800').value).toBe(500);
      expect(readNumberField(field, '320').value).toBe(320);
    }
  });

  it('max width: 100 to 2000, 500 when empty or invalid', () => {
    expect(readNumberField('maxWidth', '').value).toBe(500);
    expect(readNumberField('maxWidth', 'x').value).toBe(500);
    expect(readNumberField('maxWidth', '99').value).toBe(100);
    expect(readNumberField('maxWidth', '2001').value).toBe(2000);
    expect(readNumberField('maxWidth', '1500').value).toBe(1500);
  });

  it('always answers a whole number inside the bounds, whatever was typed', () => {
    const fields = Object.keys(VIDEO360_BOUNDS) as Array<keyof typeof VIDEO360_BOUNDS>;
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.string(), (field, text) => {
        const { value } = readNumberField(field, text);
        const { min, max } = VIDEO360_BOUNDS[field];
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(min);
        expect(value).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('360 options: background colour (spec part 2 §5)', () => {
  it('takes 6 hex digits with an optional hash, lower-cased', () => {
    expect(readBackground('#FFAA00')).toEqual({ value: '#ffaa00', adjustment: null });
    expect(readBackground('12ab3C')).toEqual({ value: '#12ab3c', adjustment: null });
    expect(readBackground(' #000000 ').value).toBe('#000000');
  });

  it('anything else becomes black', () => {
    for (const bad of ['red', '#fff', '#12345', '#1234567', '##123456', 'gggggg', 'rgb(0,0,0)']) {
      expect(readBackground(bad)).toEqual({
        value: DEFAULT_BACKGROUND,
        adjustment: { field: 'background', given: bad, used: '#000000', reason: 'invalid' },
      });
    }
    expect(readBackground('').adjustment?.reason).toBe('empty');
  });
});

describe('360 options: the form', () => {
  it('reads the defaults unchanged', () => {
    expect(readVideo360Form(initialVideo360Form)).toEqual({
      options: {
        frames: 90,
        resizeFrames: false,
        frameWidth: 500,
        frameHeight: 500,
        background: '#000000',
        resizeFinal: false,
        maxWidth: 500,
      },
      adjustments: [],
    });
  });

  it('reports only the fields it uses, and shows the used values back', () => {
    const form = {
      ...initialVideo360Form,
      frames: '5',
      frameWidth: '9000',
      background: 'blue',
      maxWidth: '',
    };
    const off = readVideo360Form(form);
    expect(off.adjustments.map((a) => a.field)).toEqual(['frames', 'background']);
    expect(off.options.frameWidth).toBe(500);

    const on = readVideo360Form({ ...form, resizeFrames: true, resizeFinal: true });
    expect(on.adjustments.map((a) => [a.field, a.used])).toEqual([
      ['frames', 10],
      ['frameWidth', 500],
      ['background', '#000000'],
      ['maxWidth', 500],
    ]);
    expect(formWithUsedValues(form, on.adjustments)).toEqual({
      ...form,
      frames: '10',
      frameWidth: '500',
      background: '#000000',
      maxWidth: '500',
    });
  });
});

describe('360 frames: size and place (spec part 2 §5)', () => {
  it('resized frames: the cell is the asked size and the picture fits in it, centred', () => {
    expect(
      frameLayout({ width: 1920, height: 1080 }, { resizeFrames: true, frameWidth: 500, frameHeight: 500 }),
    ).toEqual({ cellWidth: 500, cellHeight: 500, picture: { x: 0, y: 109, width: 500, height: 281 } });
    expect(
      frameLayout({ width: 1080, height: 1920 }, { resizeFrames: true, frameWidth: 400, frameHeight: 300 }),
    ).toEqual({ cellWidth: 400, cellHeight: 300, picture: { x: 115, y: 0, width: 169, height: 300 } });
  });

  it('frames as they are: the longer edge capped at 500, smaller videos kept', () => {
    const off = { resizeFrames: false, frameWidth: 200, frameHeight: 200 };
    expect(frameLayout({ width: 1920, height: 1080 }, off).cellWidth).toBe(500);
    expect(frameLayout({ width: 1920, height: 1080 }, off).cellHeight).toBe(281);
    expect(frameLayout({ width: 720, height: 1280 }, off)).toMatchObject({ cellWidth: 281, cellHeight: 500 });
    expect(frameLayout({ width: 320, height: 240 }, off)).toMatchObject({ cellWidth: 320, cellHeight: 240 });
  });

  it('never gives a cell over the cap, nor a picture outside its cell', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8000 }),
        fc.integer({ min: 1, max: 8000 }),
        fc.boolean(),
        fc.integer({ min: 100, max: 500 }),
        fc.integer({ min: 100, max: 500 }),
        (width, height, resizeFrames, frameWidth, frameHeight) => {
          const layout = frameLayout({ width, height }, { resizeFrames, frameWidth, frameHeight });
          expect(Math.max(layout.cellWidth, layout.cellHeight)).toBeLessThanOrEqual(FRAME_EDGE_CAP);
          const { picture } = layout;
          expect(picture.x).toBeGreaterThanOrEqual(0);
          expect(picture.y).toBeGreaterThanOrEqual(0);
          expect(picture.x + picture.width).toBeLessThanOrEqual(layout.cellWidth);
          expect(picture.y + picture.height).toBeLessThanOrEqual(layout.cellHeight);
        },
      ),
    );
  });

  it('fits a picture in a smaller cell, or fills the cell when frames keep their shape', () => {
    expect(fitInside({ width: 16, height: 9 }, 160, 160)).toEqual({ x: 0, y: 35, width: 160, height: 90 });
    expect(pictureInCell({ width: 640, height: 360 }, { width: 250, height: 250 }, true)).toEqual({
      x: 0,
      y: 54,
      width: 250,
      height: 141,
    });
    expect(pictureInCell({ width: 640, height: 360 }, { width: 250, height: 140 }, false)).toEqual({
      x: 0,
      y: 0,
      width: 250,
      height: 140,
    });
  });
});

describe('360 timing (spec part 2 §9)', () => {
  it('uses the detected duration, or 20 s', () => {
    expect(durationToUse(3.2)).toEqual({ seconds: 3.2, isAssumed: false });
    for (const none of [null, undefined, 0, -1, Number.NaN, Infinity]) {
      expect(durationToUse(none)).toEqual({ seconds: 20, isAssumed: true });
    }
  });

  it('spaces frames evenly at frames / duration', () => {
    expect(targetFrameRate(90, 3)).toBe(30);
    expect(targetFrameRate(90, 20)).toBe(4.5);
    expect(frameTimestamps(4, 2)).toEqual([0, 0.5, 1, 1.5]);
    const times = frameTimestamps(90, 20);
    expect(times).toHaveLength(90);
    expect(times.at(-1)).toBeCloseTo(20 - 20 / 90);
  });
});

describe('360 size guard', () => {
  it('a quarter of the device memory up to 2 GB, or 2 GB when unknown', () => {
    expect(maxFileBytes(16)).toBe(2048 * MB);
    expect(maxFileBytes(8)).toBe(2048 * MB);
    expect(maxFileBytes(4)).toBe(1024 * MB);
    expect(maxFileBytes(0.5)).toBe(128 * MB);
    expect(maxFileBytes(0.25)).toBe(64 * MB);
    expect(maxFileBytes(null)).toBe(2048 * MB);
    expect(maxFileBytes(Number.NaN)).toBe(2048 * MB);
  });

  it('writes megabytes for people', () => {
    expect(megabytes(1.5 * MB)).toBe('1.5');
    expect(megabytes(2048 * MB)).toBe('2,048');
  });
});
