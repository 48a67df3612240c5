import { describe, expect, it } from 'vitest';
import { createFakeClock, flushMicrotasks } from './clock';
import { autoConcurrency, rateLimitWaitMs, readRateLimitHeaders, StoreScheduler } from './scheduler';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const WINDOW = { quota: 150, windowMs: 30_000 };

describe('StoreScheduler', () => {
  it('never runs more than `concurrency` tasks at once, and runs them all', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock, concurrency: 3 });
    const gates = Array.from({ length: 10 }, deferred);
    let running = 0;
    let peak = 0;
    const done = gates.map((gate, i) =>
      scheduler.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await gate.promise;
        running--;
        return i;
      }),
    );
    await flushMicrotasks();
    expect(scheduler.stats()).toMatchObject({ active: 3, queued: 7 });
    for (const gate of gates) {
      gate.resolve();
      await flushMicrotasks();
    }
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(3);
    expect(scheduler.stats()).toMatchObject({ active: 0, queued: 0, started: 10, maxActive: 3 });
    expect(clock.sleeps).toEqual([]);
  });

  it('does not pace while plenty of the quota is left', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock });
    scheduler.observe({ left: 140, resetMs: 20_000, ...WINDOW });
    for (let i = 0; i < 5; i++) await scheduler.run(() => Promise.resolve());
    expect(clock.sleeps).toEqual([]);
  });

  it('waits for the window to reset when requests-left runs out', async () => {
    const clock = createFakeClock();
    // Spreading off, to see the hard stop alone.
    const scheduler = new StoreScheduler({ clock, concurrency: 3, paceBelowRatio: 0 });
    scheduler.observe({ left: 2, resetMs: 5_000, ...WINDOW });
    const started: number[] = [];
    const runs = [0, 1, 2].map((i) =>
      scheduler.run(() => {
        started.push(i);
        return Promise.resolve();
      }),
    );
    await flushMicrotasks();
    expect(started).toEqual([0, 1]);
    expect(clock.sleeps).toEqual([5_000]);
    await clock.advance(4_999);
    expect(started).toEqual([0, 1]);
    await clock.advance(1);
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2]);
  });

  it('subtracts the other requests in flight from the header (they have not been counted yet)', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock, concurrency: 3, paceBelowRatio: 0 });
    const gates = [deferred(), deferred(), deferred()];
    const runs = gates.map((gate, i) =>
      scheduler.run(async () => {
        if (i === 0) scheduler.observe({ left: 2, resetMs: 8_000, ...WINDOW });
        await gate.promise;
      }),
    );
    await flushMicrotasks();
    // 3 in flight when the first answer said 2 left: 2 - 2 others = 0 left for anyone new.
    expect(scheduler.stats().left).toBe(0);
    const fourth = scheduler.run(() => Promise.resolve('fourth'));
    for (const gate of gates) gate.resolve();
    await Promise.all(runs);
    await flushMicrotasks();
    expect(clock.sleeps).toEqual([8_000]);
    await clock.advance(8_000);
    expect(await fourth).toBe('fourth');
  });

  it('spreads starts over the rest of the window once below half the quota', async () => {
    const clock = createFakeClock(0);
    const scheduler = new StoreScheduler({ clock, concurrency: 3 });
    scheduler.observe({ left: 11, resetMs: 10_000, ...WINDOW });
    const startTimes: number[] = [];
    const runs = Array.from({ length: 4 }, () =>
      scheduler.run(() => {
        startTimes.push(clock.now());
        return Promise.resolve();
      }),
    );
    await clock.runAll();
    await Promise.all(runs);
    expect(startTimes[0]).toBe(0);
    // 10 left after the first start, 10 s to go: one start per second.
    const gaps = startTimes.slice(1).map((t, i) => t - startTimes[i]!);
    expect(gaps).toEqual([1_000, 1_000, 1_000]);
    expect(startTimes[3]).toBeLessThan(10_000);
  });

  it.each([
    ['a number of requests', { reserve: 5 }, 6],
    // BC_QUOTA_RESERVE: 20% of 150 is 30, so with 31 left one more request may start.
    ['a share of the quota (BC_QUOTA_RESERVE)', { reserveRatio: 0.2 }, 31],
  ])('keeps a reserve for the other apps on the store: %s', async (_name, reserve, left) => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock, ...reserve, paceBelowRatio: 0 });
    scheduler.observe({ left, resetMs: 4_000, ...WINDOW });
    await scheduler.run(() => Promise.resolve());
    const second = scheduler.run(() => Promise.resolve('second'));
    await flushMicrotasks();
    expect(clock.sleeps).toEqual([4_000]);
    await clock.advance(4_000);
    expect(await second).toBe('second');
  });

  it('sizes its concurrency from the quota and the measured latency', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock, reserveRatio: 0.2 });
    expect(scheduler.concurrency).toBe(3);
    scheduler.observe({ left: 150, resetMs: 30_000, ...WINDOW });
    const run = scheduler.run(() => clock.sleep(100));
    await flushMicrotasks();
    await clock.advance(100);
    await run;
    // Standard plan, 100 ms: 120 usable per 30 s, at most an eighth of it at once.
    expect(scheduler.concurrency).toBe(8);
    scheduler.observe({ left: 450, resetMs: 30_000, quota: 450, windowMs: 30_000 });
    expect(scheduler.concurrency).toBe(24);
    // A fixed concurrency stays fixed.
    expect(new StoreScheduler({ clock, concurrency: 1 }).concurrency).toBe(1);
  });

  it('autoConcurrency: quick on a large quota, gentle on a small one, 2 to 32', () => {
    expect(autoConcurrency(150, 30_000, 0.2, 100)).toBe(8);
    expect(autoConcurrency(150, 30_000, 0.2, 20)).toBe(2);
    expect(autoConcurrency(150, 30_000, 0.2, 1_000)).toBe(15);
    expect(autoConcurrency(450, 30_000, 0.2, 100)).toBe(24);
    expect(autoConcurrency(10_000, 30_000, 0.2, 300)).toBe(32);
    expect(autoConcurrency(10, 300, 0, 1)).toBe(2);
  });

  it('assumes a fresh quota once the window has passed', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock });
    scheduler.observe({ left: 0, resetMs: 1_000, ...WINDOW });
    await clock.advance(1_500);
    await scheduler.run(() => Promise.resolve());
    expect(clock.sleeps).toEqual([]);
    expect(scheduler.stats().left).toBe(149);
  });

  it('pause() holds every request for the store (after a 429)', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock });
    scheduler.pause(15_000);
    let ran = false;
    const run = scheduler.run(() => {
      ran = true;
      return Promise.resolve();
    });
    await flushMicrotasks();
    expect(ran).toBe(false);
    await clock.advance(14_999);
    expect(ran).toBe(false);
    await clock.advance(1);
    await run;
    expect(ran).toBe(true);
  });

  it('a waiting request that is cancelled never starts, and others still do', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock, concurrency: 1 });
    const gate = deferred();
    const first = scheduler.run(() => gate.promise);
    const controller = new AbortController();
    let cancelledRan = false;
    const cancelled = scheduler.run(
      () => {
        cancelledRan = true;
        return Promise.resolve();
      },
      { signal: controller.signal },
    );
    const third = scheduler.run(() => Promise.resolve('third'));
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    gate.resolve();
    await first;
    expect(await third).toBe('third');
    expect(cancelledRan).toBe(false);
  });

  it('an already-aborted signal is refused at once', async () => {
    const scheduler = new StoreScheduler({ clock: createFakeClock() });
    await expect(
      scheduler.run(() => Promise.resolve(), { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('rate-limit headers', () => {
  it('reads the four X-Rate-Limit headers, case-insensitively', () => {
    const headers = new Headers({
      'X-Rate-Limit-Requests-Left': '35',
      'x-rate-limit-requests-quota': '150',
      'X-Rate-Limit-Time-Window-Ms': '30000',
      'X-RATE-LIMIT-TIME-RESET-MS': '15000',
    });
    expect(readRateLimitHeaders(headers)).toEqual({
      left: 35,
      quota: 150,
      windowMs: 30_000,
      resetMs: 15_000,
    });
    expect(readRateLimitHeaders(new Headers())).toBeUndefined();
    expect(readRateLimitHeaders(new Headers({ 'x-rate-limit-requests-left': 'x' }))).toBeUndefined();
  });

  it('429 wait: the reset header, or the longer of it and X-Retry-After', () => {
    expect(rateLimitWaitMs(new Headers({ 'x-rate-limit-time-reset-ms': '7000' }))).toBe(7_000);
    expect(
      rateLimitWaitMs(new Headers({ 'x-rate-limit-time-reset-ms': '7000', 'x-retry-after': '15' })),
    ).toBe(15_000);
    expect(
      rateLimitWaitMs(new Headers({ 'x-rate-limit-time-reset-ms': '20000', 'x-retry-after': '15' })),
    ).toBe(20_000);
    expect(rateLimitWaitMs(new Headers())).toBeUndefined();
  });
});

describe('the quota in use (issue 31)', () => {
  it('is what the last answer reported: used = quota − left, with the window; nothing used once it has reset', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock });
    expect(scheduler.rateLimitUse()).toBeUndefined();
    scheduler.observe(undefined);
    expect(scheduler.rateLimitUse()).toBeUndefined();
    scheduler.observe({ left: 102, resetMs: 12_000, ...WINDOW });
    expect(scheduler.rateLimitUse()).toEqual({ used: 48, quota: 150, windowMs: 30_000 });
    // Requests started since do not change what was reported.
    scheduler.observe({ left: 101, resetMs: 11_000, ...WINDOW });
    expect(scheduler.rateLimitUse()).toEqual({ used: 49, quota: 150, windowMs: 30_000 });
    await clock.advance(11_000);
    expect(scheduler.rateLimitUse()).toEqual({ used: 0, quota: 150, windowMs: 30_000 });
  });
});
