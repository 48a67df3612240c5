import { describe, expect, it } from 'vitest';
import { frameAtFraction, spriteBackgroundPosition, spriteBackgroundSize, stepFrame } from './spin';

describe('360 viewer arithmetic', () => {
  it('picks the frame under the pointer', () => {
    expect(frameAtFraction(0, 90)).toBe(0);
    expect(frameAtFraction(0.5, 90)).toBe(45);
    expect(frameAtFraction(0.999, 90)).toBe(89);
    expect(frameAtFraction(1, 90)).toBe(89);
    expect(frameAtFraction(-0.2, 90)).toBe(0);
    expect(frameAtFraction(Number.NaN, 90)).toBe(0);
    expect(frameAtFraction(0.7, 1)).toBe(0);
  });

  it('steps round past both ends', () => {
    expect(stepFrame(0, -1, 90)).toBe(89);
    expect(stepFrame(89, 1, 90)).toBe(0);
    expect(stepFrame(10, 5, 90)).toBe(15);
  });

  it('places the sprite so the frame fills the box', () => {
    expect(spriteBackgroundSize(7, 13)).toBe('700% 1300%');
    expect(spriteBackgroundPosition(0, 7, 13)).toBe('0% 0%');
    expect(spriteBackgroundPosition(6, 7, 13)).toBe('100% 0%');
    expect(spriteBackgroundPosition(7, 7, 13)).toBe('0% 8.3333%');
    expect(spriteBackgroundPosition(89, 7, 13)).toBe('83.3333% 100%');
    expect(spriteBackgroundPosition(3, 1, 10)).toBe('0% 33.3333%');
  });
});
