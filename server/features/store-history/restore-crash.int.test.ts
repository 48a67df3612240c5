// A restore whose worker dies (issue 32: "a restart never writes an item twice or loses one"): the slice stops for good
// after its wave landed and before it was settled, and is run again, as pg-boss's retry of an expired slice would. The
// retry finds the values in place, writes nothing again, and counts each item once.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobItemOutcome } from '../../../common/contracts/jobs';
import { createBigCommerceClientFactory } from '../../integrations/bigcommerce/client';
import { createJobStore, type JobStore } from '../../jobs/job-store';
import { sealCredentials } from '../../jobs/sealed-credentials';
import { createLogger } from '../../logger';
import { startSandboxServer, type RunningSandbox } from '../../sandbox/test-server';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/harness';
import { controlSandbox } from '../../test/sandbox-control';
import { createTokenCipher } from '../../token-cipher';
import { restoreJobKind } from './restore.job';
import { planItem } from './restore.service';
import { readLive } from './restore-store';

const logger = createLogger('silent');
const cipher = createTokenCipher(randomBytes(32));

describe.each(testDatabaseKinds())('a restore when its worker dies (%s)', (kind) => {
  let sb: RunningSandbox;
  let database: TestDatabase;
  let jobs: JobStore;
  const writes: string[] = [];
  const clients = () =>
    createBigCommerceClientFactory({
      baseUrl: sb.baseUrl,
      logger,
      fetch: (input, init) => {
        if (init?.method === 'PUT') writes.push(input instanceof Request ? input.url : input.toString());
        return fetch(input, init);
      },
    });

  beforeAll(async () => {
    sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
    database = await createTestDatabase(kind);
    jobs = createJobStore(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
    await sb?.close();
  });

  it('writes each item once and counts it once after a crash between the write and the settle', async () => {
    const hash = `restore${randomBytes(4).toString('hex')}`;
    const token = `token-${hash}`;
    await controlSandbox(sb, 'POST', '/stores', { hash, token, kind: 'demo' });
    const client = clients().forStore({ storeHash: hash, accessToken: token });
    const products = (await client.products.list({ limit: 3 })).items;
    // The "snapshot": each product as it is; then the store is edited, and the plan restores the descriptions.
    const items = [];
    for (const product of products) {
      const before = await readLive(client, 'product', { id: product.id });
      await client.products.update(product.id, { description: `<p>edited ${product.id}</p>` });
      const live = await readLive(client, 'product', { id: product.id });
      items.push(
        planItem(
          { kind: 'product', key: { id: product.id }, fields: ['description'] },
          product.name!,
          before,
          live,
        ).plan,
      );
    }
    const id = randomUUID();
    await jobs.createWithinLimits({
      id,
      kind: 'snapshot-restore',
      owner: `visitor:${hash}`,
      storeHash: hash,
      input: { items },
      credentialsSealed: sealCredentials(cipher, id, { target: { storeHash: hash, accessToken: token } }),
      now: new Date(),
    });
    writes.length = 0;

    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    const dying = restoreJobKind({
      jobs,
      clients: clients(),
      getCipher: () => Promise.resolve(cipher),
      logger,
      faults: async (point) => {
        if (point !== 'before-settle') return;
        died();
        await new Promise(() => undefined);
      },
    });
    void dying.slice(id);
    await dead;
    expect(writes).toHaveLength(products.length);

    const retry = restoreJobKind({
      jobs,
      clients: clients(),
      getCipher: () => Promise.resolve(cipher),
      logger,
    });
    expect(await retry.slice(id)).toBe('finished');
    // Nothing sent again: the retry read the products and found the snapshot's values there.
    expect(writes).toHaveLength(products.length);
    const row = (await jobs.get(id))!;
    expect(row).toMatchObject({
      state: 'done',
      total: products.length,
      succeeded: products.length,
      failed: 0,
    });
    expect((row.outcomes as JobItemOutcome[]).map((o) => [o.key.id, o.outcome])).toEqual(
      products.map((p) => [p.id, 'written']),
    );
    for (const product of products) {
      expect((await client.products.get(product.id)).description).toBe(product.description);
    }
  });
});
