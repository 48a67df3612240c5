// Leases (server/db/lease.ts, issue 29) on PGlite and PostgreSQL: taken, refused while held, taken again after expiry,
// released, renewal lost after a takeover, and `withLeases` waiting, giving up with the caller's error, renewing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/harness';
import { leaseRunner, renewLease, tryLease, withLeases } from './lease';
import { lease } from './schema';

describe.each(testDatabaseKinds())('leases (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.dispose();
  });
  const db = () => database.db;
  const rowOf = async (key: string) => (await db().select().from(lease).where(eq(lease.key, key)))[0];
  const t0 = Date.parse('2030-01-01T00:00:00.000Z');
  const at = (ms: number) => () => new Date(t0 + ms);

  it('is taken when free, refused while held, taken again after it expires', async () => {
    const first = await tryLease(db(), 'k1', { ttlMs: 1_000, now: at(0) });
    expect(first).toBeDefined();
    expect(await rowOf('k1')).toMatchObject({ holder: first!.holder, expiresAt: new Date(t0 + 1_000) });
    expect(await tryLease(db(), 'k1', { ttlMs: 1_000, now: at(500) })).toBeUndefined();
    expect(await tryLease(db(), 'k1', { ttlMs: 1_000, now: at(999) })).toBeUndefined();
    // Another key is free.
    expect(await tryLease(db(), 'k1-other', { now: at(500) })).toBeDefined();
    // Run out: the next caller takes it over.
    const second = await tryLease(db(), 'k1', { ttlMs: 1_000, now: at(1_000) });
    expect(second).toBeDefined();
    expect(second!.holder).not.toBe(first!.holder);
    expect((await rowOf('k1'))?.holder).toBe(second!.holder);
  });

  it('is freed by its holder, and only by its holder', async () => {
    const first = await tryLease(db(), 'k2', { ttlMs: 1_000, now: at(0) });
    const second = await tryLease(db(), 'k2', { ttlMs: 1_000, now: at(2_000) });
    // The first holder's release after the takeover leaves the second's lease alone.
    await first!.release();
    expect((await rowOf('k2'))?.holder).toBe(second!.holder);
    await second!.release();
    expect(await rowOf('k2')).toBeUndefined();
    expect(await tryLease(db(), 'k2', { now: at(2_001) })).toBeDefined();
  });

  it('is renewed while held; a renewal after a takeover is lost and changes nothing', async () => {
    const first = await tryLease(db(), 'k3', { ttlMs: 1_000, now: at(0) });
    expect(await renewLease(db(), first!, 1_000, new Date(t0 + 800))).toBe(true);
    // Renewed to 1,800: still held at 1,500.
    expect(await tryLease(db(), 'k3', { ttlMs: 1_000, now: at(1_500) })).toBeUndefined();
    const second = await tryLease(db(), 'k3', { ttlMs: 1_000, now: at(1_800) });
    expect(second).toBeDefined();
    expect(await renewLease(db(), first!, 60_000, new Date(t0 + 1_900))).toBe(false);
    expect(await rowOf('k3')).toMatchObject({ holder: second!.holder, expiresAt: new Date(t0 + 2_800) });
  });

  it('withLeases: runs the work holding every key, and frees them after, also when the work fails', async () => {
    const seen = await withLeases(
      db(),
      ['k4-b', 'k4-a', 'k4-b'],
      async () =>
        (await db().select().from(lease)).filter((row) => row.key.startsWith('k4')).map((row) => row.key),
      { onBusy: () => new Error('busy') },
    );
    expect(seen.sort()).toEqual(['k4-a', 'k4-b']);
    expect(await rowOf('k4-a')).toBeUndefined();
    const failed = await withLeases(db(), ['k4-a'], () => Promise.reject(new Error('the work failed')), {
      onBusy: () => new Error('busy'),
    }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: 'the work failed' });
    expect(await rowOf('k4-a')).toBeUndefined();
  });

  it('withLeases: waits for a held key, then gives up with the caller’s error and keeps nothing', async () => {
    const held = await tryLease(db(), 'k5-b', { ttlMs: 60_000 });
    const waited: string[] = [];
    let ran = false;
    const started = Date.now();
    const refused = await withLeases(
      db(),
      ['k5-a', 'k5-b'],
      () => {
        ran = true;
        return Promise.resolve();
      },
      {
        waitMs: 300,
        pollMs: 50,
        onBusy: (key) => new Error(`busy: ${key}`),
        onWait: (key) => waited.push(key),
      },
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: 'busy: k5-b' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(ran).toBe(false);
    expect(waited).toEqual(['k5-b']);
    // The key it had taken first is freed again.
    expect(await rowOf('k5-a')).toBeUndefined();
    expect((await rowOf('k5-b'))?.holder).toBe(held!.holder);

    // Released meanwhile: the waiting caller goes ahead.
    setTimeout(() => void held!.release(), 150);
    const runner = leaseRunner(db(), { waitMs: 5_000, pollMs: 50 });
    expect(await runner(['k5-b'], () => Promise.resolve('ran'), { onBusy: () => new Error('busy') })).toBe(
      'ran',
    );
  });

  it('withLeases: renews the leases while the work runs past their time', async () => {
    const result = await withLeases(
      db(),
      ['k6'],
      async () => {
        const first = (await rowOf('k6'))!.expiresAt.getTime();
        await new Promise((resolve) => setTimeout(resolve, 1_800));
        const later = (await rowOf('k6'))!.expiresAt.getTime();
        // A 1.2 s lease renewed every second: still ahead of now, later than it was first.
        return { renewed: later > first, held: later > Date.now(), other: await tryLease(db(), 'k6') };
      },
      { ttlMs: 1_200, onBusy: () => new Error('busy') },
    );
    expect(result).toEqual({ renewed: true, held: true, other: undefined });
  });
});
