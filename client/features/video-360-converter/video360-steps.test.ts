import { describe, expect, it } from 'vitest';
import { overallPercent } from './video360-steps';

describe('360 progress', () => {
  it('moves forward through the steps of each engine', () => {
    expect(overallPercent('mediabunny', 'reading-file', 0)).toBe(0);
    expect(overallPercent('mediabunny', 'extracting-frames', 0.5)).toBe(48);
    expect(overallPercent('mediabunny', 'final-resize', 1)).toBe(100);
    expect(overallPercent('ffmpeg', 'reading-frames', 0)).toBe(75);
    expect(overallPercent('ffmpeg', 'extracting-frames', 2)).toBe(75);
    expect(overallPercent('ffmpeg', 'merging', Number.NaN)).toBe(90);
    expect(overallPercent('mediabunny', 'loading-engine', 1)).toBe(5);
  });
});
