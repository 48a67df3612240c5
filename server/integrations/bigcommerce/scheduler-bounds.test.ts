// Issue 9, points 7 and 8: a store's queue is bounded and shared fairly between callers, and idle schedulers are
// forgotten so that many store hashes do not stay in memory for good.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createBigCommerceClientFactory } from './client';
import { BigCommerceError } from './errors';
import { createFakeClock, flushMicrotasks } from './clock';
import { SchedulerBusyError, SchedulerRegistry, StoreScheduler } from './scheduler';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('a store’s queue', () => {
  it('refuses at once beyond 16 waiting requests of one caller, and beyond 64 in all', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock, concurrency: 1 });
    const gate = deferred();
    const first = scheduler.run(() => gate.promise, { caller: 'a' });
    await flushMicrotasks();
    const waiting: Promise<unknown>[] = [];
    for (let i = 0; i < 16; i++) waiting.push(scheduler.run(() => Promise.resolve(), { caller: 'a' }));
    const seventeenth = await rejectionOf(scheduler.run(() => Promise.resolve(), { caller: 'a' }));
    expect(seventeenth).toBeInstanceOf(SchedulerBusyError);
    expect((seventeenth as SchedulerBusyError).retryAfterMs).toBeGreaterThanOrEqual(1_000);
    for (const caller of ['b', 'c', 'd']) {
      for (let i = 0; i < 16; i++) waiting.push(scheduler.run(() => Promise.resolve(), { caller }));
    }
    expect(scheduler.stats().queued).toBe(64);
    expect(await rejectionOf(scheduler.run(() => Promise.resolve(), { caller: 'e' }))).toBeInstanceOf(
      SchedulerBusyError,
    );
    // A retry of an admitted request is never refused.
    waiting.push(scheduler.run(() => Promise.resolve(), { caller: 'a', priority: true }));
    gate.resolve();
    await first;
    await Promise.all(waiting);
    expect(scheduler.stats()).toMatchObject({ queued: 0, active: 0, started: 66 });
  });

  it('serves callers fairly: one caller’s backlog does not starve another', async () => {
    const clock = createFakeClock();
    const scheduler = new StoreScheduler({ clock, concurrency: 1 });
    const order: string[] = [];
    const gate = deferred();
    const runs = [scheduler.run(() => gate.promise.then(() => order.push('a0')), { caller: 'a' })];
    await flushMicrotasks();
    for (let i = 1; i <= 10; i++) {
      runs.push(scheduler.run(() => Promise.resolve(order.push(`a${i}`)), { caller: 'a' }));
    }
    runs.push(scheduler.run(() => Promise.resolve(order.push('b0')), { caller: 'b' }));
    gate.resolve();
    await Promise.all(runs);
    expect(order.slice(0, 3)).toEqual(['a0', 'b0', 'a1']);
    expect(order).toHaveLength(12);
  });

  it('answers a full queue through the client as bc_busy with a wait', async () => {
    const gate = deferred();
    let calls = 0;
    const clients = createBigCommerceClientFactory({
      concurrency: 1,
      fetch: async () => {
        calls++;
        await gate.promise;
        return Response.json({ id: 'abc', name: 'Shop' });
      },
    });
    const client = clients.forStore({ storeHash: 'abc', accessToken: 'token' }, { caller: 'a' });
    const pending = Array.from({ length: 17 }, () => client.store.get());
    await flushMicrotasks();
    const refused = await rejectionOf(client.store.get());
    expect(refused).toBeInstanceOf(BigCommerceError);
    expect(refused).toMatchObject({ code: 'bc_busy' });
    expect((refused as BigCommerceError).retryAfterMs).toBeGreaterThanOrEqual(1_000);
    expect((refused as BigCommerceError).message).toMatch(
      /^Too many requests are waiting for this store right now\. Please try again in \d+ seconds\.$/,
    );
    gate.resolve();
    await Promise.all(pending);
    expect(calls).toBe(17);
  });
});

describe('schedulers kept', () => {
  it('forgets idle schedulers after 10 minutes, and the least recently used beyond 1,000', async () => {
    const clock = createFakeClock();
    const registry = new SchedulerRegistry({ clock, maxSchedulers: 1_000, idleMs: 10 * 60_000 });
    for (let i = 0; i < 5_000; i++) registry.forStore(`store${i}`);
    expect(registry.size).toBe(1_000);
    await clock.advance(10 * 60_000);
    registry.forStore('fresh');
    expect(registry.size).toBe(1);
  });

  it('never forgets a busy one, and sends a holder of a forgotten one to the live one', async () => {
    const clock = createFakeClock();
    const registry = new SchedulerRegistry({ clock, concurrency: 1, maxSchedulers: 2, idleMs: 60_000 });
    const held = registry.forStore('busy');
    const gate = deferred();
    const running = held.run(() => gate.promise);
    await flushMicrotasks();
    for (let i = 0; i < 10; i++) registry.forStore(`other${i}`);
    expect(registry.forStore('busy')).toBe(held);
    gate.resolve();
    await running;

    // Now idle and pushed out by others; a client still holding it uses the store's live scheduler.
    for (let i = 0; i < 10; i++) registry.forStore(`more${i}`);
    const live = registry.forStore('busy');
    expect(live).not.toBe(held);
    const slow = deferred();
    const viaLive = live.run(() => slow.promise);
    let heldStarted = false;
    const viaHeld = held.run(() => {
      heldStarted = true;
      return Promise.resolve();
    });
    await flushMicrotasks();
    // One store, one concurrency cap: the old holder waits behind the live scheduler's request.
    expect(heldStarted).toBe(false);
    expect(live.stats()).toMatchObject({ active: 1, queued: 1 });
    slow.resolve();
    await Promise.all([viaLive, viaHeld]);
    expect(heldStarted).toBe(true);
  });

  it('keeps memory bounded through 100,000 store hashes (the probe’s test-connections)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const clients = createBigCommerceClientFactory({
      fetch: () => Promise.resolve(Response.json({ status: 404, title: 'Store not found' }, { status: 404 })),
    });
    const used = () => {
      for (let i = 0; i < 3; i++) gc();
      return process.memoryUsage().heapUsed;
    };
    const before = used();
    for (let i = 0; i < 100_000; i++) {
      const client = clients.forStore({ storeHash: `s${i.toString(36)}`, accessToken: 'token' });
      await rejectionOf(client.store.get());
    }
    const grown = used() - before;
    console.log(
      `schedulers: ${clients.schedulers.size} kept, heap grew ${(grown / 1024 / 1024).toFixed(1)} MB`,
    );
    expect(clients.schedulers.size).toBeLessThanOrEqual(1_000);
    // 1,000 schedulers of about 1 KB each, and room for the runtime's own caches.
    expect(grown).toBeLessThan(20 * 1024 * 1024);
  }, 600_000);
});
