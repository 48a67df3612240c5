import { describe, expect, it } from 'vitest';
import {
  FIXED_SECONDS,
  MAX_STEP_FACTOR,
  SAFETY,
  SPEED_RANGE,
  decideConversion,
  estimateConversion,
  estimateSize,
  formatDuration,
  frameClassOf,
  idleProbeSeconds,
  learnConversion,
  learnValue,
  loadLevelOf,
  megapixelsOf,
  secondsAt,
  seedLearnt,
  seedModel,
  speedsAt,
  speedsFromCalibration,
  withProbe,
  type SpeedModel,
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

  it('decides with the cautious speeds and tells the likeliest time of the preset chosen', () => {
    const twoMinutes = { ...hd20, durationSeconds: 120 };
    // Busy, with its margin: medium no longer fits, fast does; the time told is fast's likeliest.
    const cautious = Object.fromEntries(
      Object.entries(speeds).map(([preset, speed]) => [preset, speed / 1.2]),
    );
    const decided = decideConversion(twoMinutes, { cautious, likeliest: speeds }, 300);
    expect(decided.preset).toBe(estimateConversion(twoMinutes, cautious, 300).preset);
    expect(decided.preset).not.toBe('medium');
    expect(decided.estimateSeconds).toBeCloseTo(secondsAt(twoMinutes, speeds[decided.preset ?? 'fast']), 6);
    // Refused: the cautious fastest time, which is why.
    const long = { ...hd20, durationSeconds: 600 };
    const refused = decideConversion(long, { cautious, likeliest: speeds }, 300);
    expect(refused.preset).toBeNull();
    expect(refused.fastestSeconds).toBeCloseTo(secondsAt(long, 80 / 1.2), 6);
  });

  it('estimates a smaller file than the source, never below the audio', () => {
    const size = estimateSize(hd20);
    expect(size).toBeGreaterThan(20 * 16_000);
    expect(size).toBeLessThan(hd20.sizeBytes * 0.75 + 5000);
    // A source already tiny: the estimate is capped at three quarters of it (plus the container).
    expect(estimateSize({ ...hd20, sizeBytes: 1_000_000 })).toBeLessThanOrEqual(750_000 + 4096);
  });

  it('keeps speeds per frame class, the nearest by pixels', () => {
    expect(frameClassOf(1920, 1080)).toBe('1080p');
    expect(frameClassOf(1080, 1920)).toBe('1080p');
    expect(frameClassOf(854, 480)).toBe('480p');
    expect(frameClassOf(720, 480)).toBe('480p');
    expect(frameClassOf(320, 240)).toBe('360p');
    expect(frameClassOf(4096, 2304)).toBe('2160p');
  });

  it('learns a value from the median of its recent samples, bounded per step and around its seed', () => {
    const seeded = seedLearnt(10);
    // One sample, even at twice the value, does not move a median of the calibration's three.
    expect(learnValue(seeded, 20, SPEED_RANGE).value).toBe(10);
    // An outlier is ignored altogether (not even kept among the samples).
    expect(learnValue(seeded, 31, SPEED_RANGE)).toBe(seeded);
    expect(learnValue(seeded, Number.NaN, SPEED_RANGE)).toBe(seeded);
    // A run of samples at 12 moves it there, a bounded step at a time.
    let value = seeded;
    for (let i = 0; i < 4; i += 1) value = learnValue(value, 12, SPEED_RANGE);
    expect(value.value).toBeCloseTo(12, 6);
    // A run at 3 times: at most MAX_STEP_FACTOR per sample, never past the range above its seed.
    value = seeded;
    const seen: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const previous = value.value;
      value = learnValue(value, value.value * 2.9, SPEED_RANGE);
      expect(value.value).toBeLessThanOrEqual(previous * MAX_STEP_FACTOR + 1e-9);
      seen.push(value.value);
    }
    expect(Math.max(...seen)).toBeCloseTo(10 * SPEED_RANGE.above, 6);
  });

  it('reads the load from the probe: level 0 idle, one level per half octave of slowdown', () => {
    expect(loadLevelOf(0.5, 0.5)).toBe(0);
    expect(loadLevelOf(0.55, 0.5)).toBe(0);
    expect(loadLevelOf(0.71, 0.5)).toBe(1);
    expect(loadLevelOf(1, 0.5)).toBe(2);
    expect(loadLevelOf(2, 0.5)).toBe(4);
    expect(loadLevelOf(100, 0.5)).toBe(6);
    expect(loadLevelOf(0.2, 0.5)).toBe(0);
    // The idle probe is the shortest seen; the few shortest are kept.
    let model = seedModel(0.5, { '720p': { medium: 10 } });
    for (const seconds of [0.6, 0.4, 0.55, 0.52, 0.9]) model = withProbe(model, seconds);
    expect(model.probeFloor).toEqual([0.4, 0.5, 0.52, 0.55, 0.6]);
    expect(idleProbeSeconds(model)).toBe(0.4);
    expect(withProbe(model, 0.7)).toBe(model);
  });

  it('scales the calibration to every frame class and fills the presets between', () => {
    const speeds = speedsFromCalibration([
      { width: 1280, height: 720, preset: 'ultrafast', speed: 80 },
      { width: 1280, height: 720, preset: 'faster', speed: 45 },
      { width: 1280, height: 720, preset: 'medium', speed: 20 },
      { width: 640, height: 360, preset: 'faster', speed: 45 / 1.2 },
      { width: 1920, height: 1080, preset: 'faster', speed: 45 * 1.1 },
    ]);
    expect(speeds['720p']).toMatchObject({ ultrafast: 80, faster: 45, medium: 20 });
    expect(speeds['720p']?.fast).toBeCloseTo(Math.sqrt(45 * 20), 6);
    // Larger frames are faster per megapixel here (more rows for x265's threads), and the fit says by how much.
    expect(speeds['1080p']?.faster).toBeGreaterThan(45 * 1.05);
    expect(speeds['1080p']?.faster).toBeLessThan(45 * 1.15);
    expect(speeds['360p']?.faster).toBeLessThan(45 / 1.1);
    expect(speeds['2160p']?.medium).toBeGreaterThan(20);
    expect(speedsFromCalibration([])).toEqual({});
  });

  describe('a model of the machine', () => {
    const hd = { width: 1920, height: 1080 };
    const model = (): SpeedModel =>
      seedModel(0.5, { '1080p': { medium: 20, ultrafast: 80 }, '480p': { medium: 15 } });
    /** `seconds` of 1080p encoding at `speed` megapixels per second. */
    const work = (speed: number, seconds = 20) => ({
      ...hd,
      frames: (speed * seconds * 1e6) / (1920 * 1080),
      seconds,
    });

    it('answers speeds relative to the probe: twice the probe time, half the speed', () => {
      expect(speedsAt(model(), hd, 0.5)).toEqual({ medium: 20, ultrafast: 80 });
      expect(speedsAt(model(), hd, 1).medium).toBeCloseTo(10, 6);
      // A probe faster than the idle one is luck: the speed stays the idle one.
      expect(speedsAt(model(), hd, 0.25).medium).toBeCloseTo(20, 6);
      // A class with no speeds of its own takes the nearest one's.
      expect(speedsAt(model(), { width: 2560, height: 1440 }, 0.5).medium).toBe(20);
      expect(speedsAt(model(), { width: 640, height: 360 }, 0.5).medium).toBe(15);
    });

    it('learns an idle conversion into its own frame class and preset only', () => {
      let learnt = model();
      for (let i = 0; i < 4; i += 1) {
        learnt = learnConversion(learnt, { preset: 'medium', work: work(24), probeSeconds: 0.5 });
      }
      expect(speedsAt(learnt, hd, 0.5).medium).toBeCloseTo(24, 6);
      expect(speedsAt(learnt, hd, 0.5).ultrafast).toBe(80);
      expect(speedsAt(learnt, { width: 854, height: 480 }, 0.5).medium).toBe(15);
    });

    it('learns a busy conversion into the correction of its load level, not into the idle speeds', () => {
      let learnt = model();
      // The probe says twice as slow (level 2); the conversions ran 2.5 times as slow.
      for (let i = 0; i < 3; i += 1) {
        learnt = learnConversion(learnt, { preset: 'medium', work: work(8), probeSeconds: 1 });
      }
      expect(learnt.speeds).toEqual(model().speeds);
      expect(learnt.load['2']?.value).toBeCloseTo(1.25, 6);
      expect(speedsAt(learnt, hd, 1).medium).toBeCloseTo(8, 6);
      expect(speedsAt(learnt, hd, 0.5).medium).toBe(20);
      // Levels not learnt yet borrow the nearest learnt one's correction.
      expect(speedsAt(learnt, hd, 1.4).medium).toBeCloseTo(20 / (1.4 / 0.5) / 1.25, 6);
    });

    it('learns nothing from short encodes, empty ones, or a preset it has no speed for', () => {
      const start = model();
      expect(learnConversion(start, { preset: 'medium', work: work(24, 1.5), probeSeconds: 0.5 })).toBe(
        start,
      );
      expect(
        learnConversion(start, { preset: 'medium', work: { ...work(24), frames: 0 }, probeSeconds: 0.5 }),
      ).toBe(start);
      expect(learnConversion(start, { preset: 'fast', work: work(24), probeSeconds: 0.5 })).toBe(start);
      expect(learnConversion(start, { preset: 'medium', work: work(24), probeSeconds: 0 })).toBe(start);
    });

    it('is not dragged down by crafted uploads: a still frame encoding 2.5 times as fast, again and again', () => {
      let learnt = model();
      const estimates: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        learnt = learnConversion(learnt, { preset: 'medium', work: work(50), probeSeconds: 0.5 });
        estimates.push(secondsAt(hd20, speedsAt(learnt, hd, 0.5).medium ?? 0));
      }
      // Two in a row move nothing; then a bounded step each; never below half the calibrated estimate.
      const calibrated = secondsAt(hd20, 20);
      expect(estimates.slice(0, 2)).toEqual([calibrated, calibrated]);
      expect(estimates[2]).toBeGreaterThanOrEqual(calibrated / MAX_STEP_FACTOR - 1e-9);
      expect(Math.min(...estimates)).toBeGreaterThanOrEqual(
        FIXED_SECONDS + (calibrated - FIXED_SECONDS) / 2 - 1e-9,
      );
      // Ten times as fast is an outlier, ignored.
      expect(learnConversion(model(), { preset: 'medium', work: work(200), probeSeconds: 0.5 })).toEqual(
        model(),
      );
    });
  });

  it('writes durations as a person reads them', () => {
    expect(formatDuration(40)).toBe('40 s');
    expect(formatDuration(95)).toBe('1 min 35 s');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(-3)).toBe('0 s');
  });
});
