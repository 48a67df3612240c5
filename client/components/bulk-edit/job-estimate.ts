// The rate and the time left of a running job, computed on the client from the progress updates it sees (the server
// sends counts only). A sliding window keeps the rate current when a job slows down (a 429 storm) or speeds up.

/** Products processed (written, skipped or failed) as seen at a moment (ms). */
export interface ProgressSample {
  at: number;
  processed: number;
}

export interface ProgressEstimate {
  /** Products per second over the window; undefined until the window spans a second. */
  ratePerSecond?: number;
  /** Seconds until every product is processed at that rate; undefined while nothing moves. */
  secondsLeft?: number;
}

/** How far back the rate looks. */
export const ESTIMATE_WINDOW_MS = 30_000;

/**
 * The samples to keep after `sample`: those of the last window (and the one before, when the window holds only the
 * new one). A count that went back (another job) starts again.
 */
export function addSample(
  samples: readonly ProgressSample[],
  sample: ProgressSample,
  windowMs: number = ESTIMATE_WINDOW_MS,
): ProgressSample[] {
  const last = samples.at(-1);
  if (last && (sample.processed < last.processed || sample.at < last.at)) return [sample];
  const all = [...samples, sample];
  const firstInWindow = all.findIndex((s) => sample.at - s.at <= windowMs);
  // Updates further apart than the window: the one before still gives a rate.
  const start = firstInWindow === all.length - 1 ? firstInWindow - 1 : firstInWindow;
  return all.slice(Math.max(0, start));
}

/** Rate from the oldest to the newest sample, and the time the rest takes at that rate. */
export function estimateProgress(samples: readonly ProgressSample[], total: number): ProgressEstimate {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last) return {};
  const seconds = (last.at - first.at) / 1000;
  if (seconds < 1) return {};
  const ratePerSecond = Math.max(0, last.processed - first.processed) / seconds;
  if (ratePerSecond === 0) return { ratePerSecond };
  return { ratePerSecond, secondsLeft: Math.max(0, total - last.processed) / ratePerSecond };
}
