import { describe, expect, it } from 'vitest';
import { addSample, estimateProgress, type ProgressSample } from './job-estimate';

const feed = (points: Array<[number, number]>, windowMs?: number): ProgressSample[] =>
  points.reduce<ProgressSample[]>(
    (samples, [at, processed]) => addSample(samples, { at, processed }, windowMs),
    [],
  );

describe('estimateProgress', () => {
  it('knows nothing from one update, or from updates less than a second apart', () => {
    expect(estimateProgress([], 100)).toEqual({});
    expect(estimateProgress(feed([[0, 10]]), 100)).toEqual({});
    expect(
      estimateProgress(
        feed([
          [0, 10],
          [500, 20],
        ]),
        100,
      ),
    ).toEqual({});
  });

  it('gives products per second and the time the rest takes at that rate', () => {
    const samples = feed([
      [0, 0],
      [2_000, 10],
      [4_000, 20],
    ]);
    expect(estimateProgress(samples, 100)).toEqual({ ratePerSecond: 5, secondsLeft: 16 });
  });

  it('gives a rate of 0 and no time left while nothing moves (waiting for BigCommerce)', () => {
    expect(
      estimateProgress(
        feed([
          [0, 40],
          [5_000, 40],
        ]),
        100,
      ),
    ).toEqual({ ratePerSecond: 0 });
  });

  it('never promises negative time when more was processed than the total said', () => {
    expect(
      estimateProgress(
        feed([
          [0, 0],
          [1_000, 12],
        ]),
        10,
      ),
    ).toEqual({ ratePerSecond: 12, secondsLeft: 0 });
  });

  it('follows the recent rate, not the average since the start', () => {
    // 10 a second for a minute, then 1 a second for 30 s.
    const points: Array<[number, number]> = [];
    for (let s = 0; s <= 60; s += 5) points.push([s * 1000, s * 10]);
    for (let s = 65; s <= 90; s += 5) points.push([s * 1000, 600 + (s - 60)]);
    const estimate = estimateProgress(feed(points, 30_000), 1_000);
    expect(estimate.ratePerSecond).toBeCloseTo((630 - 600) / 30, 5);
  });
});

describe('addSample', () => {
  it('keeps the last window', () => {
    const samples = feed(
      [
        [0, 0],
        [10_000, 1],
        [20_000, 2],
        [45_000, 3],
      ],
      30_000,
    );
    expect(samples.map((s) => s.at)).toEqual([20_000, 45_000]);
  });

  it('keeps the sample before the window when updates are further apart than it', () => {
    const samples = feed(
      [
        [0, 0],
        [40_000, 10],
        [80_000, 20],
      ],
      30_000,
    );
    expect(samples.map((s) => s.at)).toEqual([40_000, 80_000]);
    expect(estimateProgress(samples, 30)).toEqual({ ratePerSecond: 0.25, secondsLeft: 40 });
  });

  it('starts again when the count goes back', () => {
    expect(
      feed([
        [0, 50],
        [1_000, 60],
        [2_000, 3],
      ]),
    ).toEqual([{ at: 2_000, processed: 3 }]);
  });
});
