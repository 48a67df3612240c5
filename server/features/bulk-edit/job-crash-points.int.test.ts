// Issue 29: a job's counts equal what happened to its products whatever the point at which its worker dies. A worker
// "dies" here the way a killed process does: the slice stops for good at a crash point (its promise never settles)
// and the slice is run again, as pg-boss's retry of an expired slice would, on the same database. Points: before a
// wave is sent (its backup saved), after it landed but before it was settled, after it was settled, twice over, and
// a "dead" slice that comes back to life after its retry went on (an expired slice on a slow instance).
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBigCommerceClientFactory } from '../../integrations/bigcommerce/client';
import { createJobStore, type JobStore, type ProgressStep } from '../../jobs/job-store';
import type { SliceOutcome } from '../../jobs/job-queue';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { createLogger } from '../../logger';
import { startSandboxServer, type RunningSandbox } from '../../sandbox/test-server';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/harness';
import { controlSandbox } from '../../test/sandbox-control';
import { createTokenCipher } from '../../token-cipher';
import { sealCredentials } from '../../jobs/sealed-credentials';
import { bulkEditSlice, WAVE_SIZE, type FaultPoint } from './bulk-edit.job';

const logger = createLogger('silent');
const cipher = createTokenCipher(randomBytes(32));

/** A crash plan: die at the n-th time (1-based) a slice passes `point`. */
type Crash = { point: FaultPoint; at: number };

describe.each(testDatabaseKinds())('bulk-edit counts when a worker dies (%s)', (kind) => {
  let sb: RunningSandbox;
  let database: TestDatabase;
  let store: JobStore;
  const clients = () => createBigCommerceClientFactory({ baseUrl: sbBase(), logger });
  const sbBase = () => sb.baseUrl;

  beforeAll(async () => {
    sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
    database = await createTestDatabase(kind);
    store = createJobStore(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
    await sb?.close();
  });

  const control = (method: string, route: string, body?: unknown) => controlSandbox(sb, method, route, body);

  /** A fresh demo store and a Reset Page Title job of all its products on it. */
  const newJob = async () => {
    const hash = `crash${randomBytes(4).toString('hex')}`;
    const token = `token-${hash}`;
    await control('POST', '/stores', { hash, token, kind: 'demo' });
    const id = randomUUID();
    await store.createWithinLimits({
      id,
      kind: 'reset-page-title',
      owner: `visitor:${hash}`,
      storeHash: hash,
      input: { kind: 'reset-page-title', field: 'page_title', scope: { kind: 'all' } },
      credentialsSealed: sealCredentials(cipher, id, { target: { storeHash: hash, accessToken: token } }),
      now: new Date(),
    });
    return { id, hash };
  };

  /**
   * A slice handler that dies at `crash` (never settles from there on). `died` resolves when it has;
   * `release` lets a "dead" slice go on (a slow instance whose slice had expired).
   */
  const dyingSlice = (crash: Crash | undefined) => {
    let passed = 0;
    let onDied!: () => void;
    const died = new Promise<void>((resolve) => (onDied = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const handler = bulkEditSlice({
      store,
      clients: clients(),
      getCipher: () => Promise.resolve(cipher),
      logger,
      faults: async (point) => {
        if (!crash || point !== crash.point || ++passed !== crash.at) return;
        onDied();
        await released;
      },
    });
    return { handler, died, release };
  };

  /** Runs slices of the job (as the queue would: again while there is more) until it is finished. */
  const runToEnd = async (handler: (id: string) => Promise<SliceOutcome>, id: string) => {
    for (let slices = 0; slices < 100; slices++) {
      if ((await handler(id)) === 'finished') return;
    }
    throw new Error('the job did not finish in 100 slices');
  };

  /** Starts a slice that dies at `crash`, waits until it has, and returns it (its promise left pending). */
  const dieAt = async (id: string, crash: Crash) => {
    const dying = dyingSlice(crash);
    const run = runToEnd(dying.handler, id);
    await Promise.race([
      dying.died,
      run.then(() => {
        throw new Error(`the slice finished without reaching ${crash.point} #${crash.at}`);
      }),
    ]);
    return { ...dying, run };
  };

  const expectExact = async (id: string, hash: string) => {
    const row = (await store.get(id))!;
    const products = [...sb.sandbox.stores.get(hash)!.data.products.values()].filter(
      (p) => p.fields.is_visible,
    );
    expect(row.state).toBe('done');
    expect(row.total).toBe(products.length);
    // Succeeded counts the products that already held the value (skipped) too: Success + Failed = Total.
    expect({ succeeded: row.succeeded, failed: row.failed }).toEqual({ succeeded: row.total, failed: 0 });
    expect(row.checkpoint).toBe((row.plan as unknown[]).length);
    // One progress step for the plan and one per wave settled, whatever slice settled it: never one twice.
    const steps = (row.progress as ProgressStep[]).map((step) => step.succeeded + step.failed);
    expect(steps).toEqual([...new Set(steps)].sort((x, y) => x - y));
    expect(steps.at(-1)).toBe(row.total);
    expect(products.every((p) => p.fields.page_title === '')).toBe(true);
    const stats = (await control('GET', `/stores/${hash}/stats`)).data as {
      productWrites: Record<string, number>;
    };
    return { row, writes: stats.productWrites };
  };

  const points: Crash[] = [
    { point: 'before-send', at: 1 },
    { point: 'before-send', at: 2 },
    { point: 'before-settle', at: 2 },
    { point: 'after-settle', at: 2 },
  ];

  it.each(points)(
    'dies at $point of wave $at: every product is counted once and written once',
    async (crash) => {
      const { id, hash } = await newJob();
      await dieAt(id, crash);
      await runToEnd(dyingSlice(undefined).handler, id);
      const { row, writes } = await expectExact(id, hash);
      expect(Object.keys(writes).length).toBe(row.total - row.skipped);
      expect(Object.values(writes).every((n) => n === 1)).toBe(true);
    },
  );

  it('dies twice over (before settling a wave, then again on the resumed wave), then a third worker ends it', async () => {
    const { id, hash } = await newJob();
    await dieAt(id, { point: 'before-settle', at: 2 });
    await dieAt(id, { point: 'before-settle', at: 1 });
    await runToEnd(dyingSlice(undefined).handler, id);
    const { row, writes } = await expectExact(id, hash);
    expect(row.total).toBeGreaterThan(2 * WAVE_SIZE);
    expect(Object.values(writes).every((n) => n === 1)).toBe(true);
  });

  it('an expired slice that comes back after its retry settled the same wave does not count it again', async () => {
    const { id, hash } = await newJob();
    const stale = await dieAt(id, { point: 'before-settle', at: 2 });
    // The retry works the job to its end while the "dead" slice holds a settled-elsewhere wave.
    await runToEnd(dyingSlice(undefined).handler, id);
    const before = await expectExact(id, hash);
    stale.release();
    await stale.run;
    const after = await expectExact(id, hash);
    expect(after.row.succeeded).toBe(before.row.succeeded);
    expect(after.row.version).toBe(before.row.version);
  });

  it.each([
    {
      thrown: new Error('relation "job_plan" does not exist (SELECT * FROM job_plan WHERE id = $1)'),
      shown: 'The job stopped on an unexpected error. Please try again.',
    },
    {
      thrown: new AppError(
        ERROR_CODES.internal,
        'The store’s credentials could not be read. Please start the job again.',
      ),
      shown: 'The store’s credentials could not be read. Please start the job again.',
    },
  ])('a job stopped by an error shows its owner "$shown", never the internals', async ({ thrown, shown }) => {
    const { id } = await newJob();
    const handler = bulkEditSlice({
      store,
      clients: clients(),
      getCipher: () => Promise.resolve(cipher),
      logger,
      faults: (point) => (point === 'before-send' ? Promise.reject(thrown) : Promise.resolve()),
    });
    expect(await handler(id)).toBe('finished');
    expect(await store.get(id)).toMatchObject({ state: 'failed', message: shown, credentialsSealed: null });
  });

  it('two slices working the same job at once count each product once', async () => {
    const { id, hash } = await newJob();
    const first = dyingSlice(undefined);
    const second = dyingSlice(undefined);
    await Promise.all([runToEnd(first.handler, id), runToEnd(second.handler, id)]);
    const { row } = await expectExact(id, hash);
    expect(row.succeeded + row.failed).toBe(row.total);
  });
});
