// Time source for the scheduler and retries. Injected so that tests drive time by hand and never sleep for real.

export interface Clock {
  /** Milliseconds, monotonic enough for scheduling (epoch or not does not matter). */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The error an aborted wait rejects with: the signal's own reason when it is an Error, else an AbortError. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The operation was aborted.', 'AbortError');
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortReason(signal!));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};

type Sleeper = { wakeAt: number; seq: number; resolve: () => void };

export interface FakeClock extends Clock {
  /** Moves time forward, waking every sleeper whose time has come (in order), letting promises settle between. */
  advance(ms: number): Promise<void>;
  /** Jumps straight to the next pending sleeper's wake time. Returns false when nobody sleeps. */
  runNext(): Promise<boolean>;
  /** Keeps jumping to the next sleeper until none are left, or `maxSteps` is reached (a guard against loops). */
  runAll(maxSteps?: number): Promise<number>;
  /** Number of sleepers not yet woken. */
  pending(): number;
  /** Every duration passed to sleep(), in call order. */
  readonly sleeps: number[];
}

/** Lets queued promise callbacks (and the work they start) run before the fake clock moves again. */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A clock for tests: time only moves when the test says so. */
export function createFakeClock(start = 1_000_000): FakeClock {
  let current = start;
  let seq = 0;
  const sleepers: Sleeper[] = [];
  const sleeps: number[] = [];

  function remove(sleeper: Sleeper) {
    const i = sleepers.indexOf(sleeper);
    if (i >= 0) sleepers.splice(i, 1);
  }

  function nextSleeper(): Sleeper | undefined {
    let best: Sleeper | undefined;
    for (const s of sleepers) {
      if (!best || s.wakeAt < best.wakeAt || (s.wakeAt === best.wakeAt && s.seq < best.seq)) best = s;
    }
    return best;
  }

  const clock: FakeClock = {
    sleeps,
    now: () => current,
    sleep(ms, signal) {
      sleeps.push(ms);
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const sleeper: Sleeper = {
          wakeAt: current + Math.max(0, ms),
          seq: seq++,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          remove(sleeper);
          reject(abortReason(signal!));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        sleepers.push(sleeper);
      });
    },
    async advance(ms) {
      const target = current + ms;
      await flushMicrotasks();
      for (;;) {
        const next = nextSleeper();
        if (!next || next.wakeAt > target) break;
        current = Math.max(current, next.wakeAt);
        remove(next);
        next.resolve();
        await flushMicrotasks();
      }
      current = target;
      await flushMicrotasks();
    },
    async runNext() {
      await flushMicrotasks();
      const next = nextSleeper();
      if (!next) return false;
      current = Math.max(current, next.wakeAt);
      remove(next);
      next.resolve();
      await flushMicrotasks();
      return true;
    },
    async runAll(maxSteps = 1000) {
      let steps = 0;
      while (steps < maxSteps && (await clock.runNext())) steps++;
      return steps;
    },
    pending: () => sleepers.length,
  };
  return clock;
}
