import { describe, expect, it } from 'vitest';
import {
  FIXED_SECONDS,
  SAFETY,
  estimateConversion,
  estimateSize,
  foldSpeed,
  formatDuration,
  learnSpeed,
  megapixelsOf,
  secondsAt,
} from './h265-estimate';

const speeds = { ultrafast: 80, superfast: 60, veryfast: 55, faster: 45, fast: 38, medium: 31 };
const hd20 = { durationSeconds: 20, width: 1920, height: 1080, frameRate: 30, sizeBytes: 14_000_000 };

describe('the H.265 estimate', () => {
  it('counts megapixels from duration, frame rate and size (30 fps when unknown)', () => {
    expect(megapixelsOf(hd20)).toBeCloseTo(600 * 2.0736, 6);
    expect(megapixelsOf({ ...hd20, frameRate: undefined })).toBeCloseTo(600 * 2.0736, 6);
    expect(secondsAt(hd20, 31)).toBeCloseTo(FIXED_SECONDS + (600 * 2.0736) / 31, 6);
  });

  it('picks the best preset that fits the limit with its margin', () => {
    const fit = estimateConversion(hd20, speeds, 300);
    expect(fit.preset).toBe('medium');
    expect(fit.estimateSeconds).toBeCloseTo(secondsAt(hd20, 31), 6);
    expect(fit.fastestSeconds).toBeCloseTo(secondsAt(hd20, 80), 6);
    // Two minutes of 1080p: medium (~242 s, x 1.25 = 302 s) misses 300 s; fast (~198 s, 247 s) fits.
    const twoMinutes = { ...hd20, durationSeconds: 120 };
    const chosen = estimateConversion(twoMinutes, speeds, 300);
    expect(secondsAt(twoMinutes, 31) * SAFETY).toBeGreaterThan(300);
    expect(chosen.preset).toBe('fast');
    expect(secondsAt(twoMinutes, 38) * SAFETY).toBeLessThanOrEqual(300);
  });

  it('refuses a video the fastest preset cannot finish in time, with that estimate', () => {
    const long = { ...hd20, durationSeconds: 600 };
    const refused = estimateConversion(long, speeds, 300);
    expect(refused.preset).toBeNull();
    expect(refused.estimateSeconds).toBeCloseTo(secondsAt(long, 80), 6);
    expect(refused.fastestSeconds).toBeGreaterThan(300);
  });

  it('skips presets with no measured speed, and has no preset with none at all', () => {
    expect(estimateConversion(hd20, { ultrafast: 80 }, 300).preset).toBe('ultrafast');
    const none = estimateConversion(hd20, {}, 300);
    expect(none.preset).toBeNull();
    expect(none.fastestSeconds).toBe(Number.POSITIVE_INFINITY);
  });

  it('estimates a smaller file than the source, never below the audio', () => {
    const size = estimateSize(hd20);
    expect(size).toBeGreaterThan(20 * 16_000);
    expect(size).toBeLessThan(hd20.sizeBytes * 0.75 + 5000);
    // A source already tiny: the estimate is capped at three quarters of it (plus the container).
    expect(estimateSize({ ...hd20, sizeBytes: 1_000_000 })).toBeLessThanOrEqual(750_000 + 4096);
  });

  it('folds a measured speed into the book, ignoring nonsense', () => {
    expect(foldSpeed({ medium: 30 }, 'medium', 40).medium).toBeCloseTo(34, 6);
    expect(foldSpeed({}, 'fast', 20).fast).toBe(20);
    expect(foldSpeed({ fast: 20 }, 'fast', Number.NaN).fast).toBe(20);
    expect(foldSpeed({ fast: 20 }, 'fast', 0).fast).toBe(20);
  });

  it('learns only from what was encoded, ignores outliers and moves a speed by a bounded step (issue 26)', () => {
    const hd = { width: 1920, height: 1080 };
    // 300 frames of 1080p in 10 s: 62.2 MP/s against a known 70.
    const learnt = learnSpeed({ superfast: 70 }, 'superfast', { ...hd, frames: 300, seconds: 10 });
    expect(learnt.superfast).toBeCloseTo(70 * 0.6 + 62.2 * 0.4, 0);
    // The poisoned upload of the report: a file claiming 240 s, 24 frames encoded in 1 s: too short to teach.
    expect(learnSpeed({ superfast: 70.7 }, 'superfast', { ...hd, frames: 24, seconds: 1 }).superfast).toBe(
      70.7,
    );
    // A speed 10 times the known one is an outlier, whatever the file was.
    expect(learnSpeed({ superfast: 70 }, 'superfast', { ...hd, frames: 3000, seconds: 4 }).superfast).toBe(
      70,
    );
    // Twice as fast (inside the outlier bound): the step is capped at 1.25x.
    expect(learnSpeed({ fast: 20 }, 'fast', { ...hd, frames: 400, seconds: 20.7 }).fast).toBeCloseTo(25, 6);
    expect(learnSpeed({ fast: 20 }, 'fast', { ...hd, frames: 70, seconds: 20.7 }).fast).toBeCloseTo(16, 6);
    // Nothing known yet, nothing encoded: unchanged.
    expect(learnSpeed({}, 'fast', { ...hd, frames: 300, seconds: 10 })).toEqual({});
    expect(learnSpeed({ fast: 20 }, 'fast', { ...hd, frames: 0, seconds: 10 }).fast).toBe(20);
  });

  it('writes durations as a person reads them', () => {
    expect(formatDuration(40)).toBe('40 s');
    expect(formatDuration(95)).toBe('1 min 35 s');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(-3)).toBe('0 s');
  });
});
