// A restore whose worker dies (issue 32: "a restart never writes an item twice or loses one"): the slice stops for good
// after its wave landed and before it was settled, and is run again, as pg-boss's retry of an expired slice would. The
// retry finds the values in place, writes nothing again, and counts each item once. An item made again (deleted since
// the snapshot) whose worker dies after the create (its id saved, its hash not yet) is found by that id, not made twice,
// and its hash is saved then, so the undo deletes it; an undo that dies after its delete counts it deleted, once.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobItemOutcome } from '../../../common/contracts/jobs';
import { RESTORE_UNDO_DELETED_REASON } from '../../../common/contracts/store-history';
import { createBigCommerceClientFactory } from '../../integrations/bigcommerce/client';
import { createJobStore, type JobStore } from '../../jobs/job-store';
import { sealCredentials } from '../../jobs/sealed-credentials';
import { createLogger } from '../../logger';
import { startSandboxServer, type RunningSandbox } from '../../sandbox/test-server';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/harness';
import { controlSandbox } from '../../test/sandbox-control';
import { createTokenCipher } from '../../token-cipher';
import type { RestoreBackup } from './restore-plan';
import { restoreJobKind } from './restore.job';
import { planItem } from './restore-preview';
import { readLive } from './live-items';

const logger = createLogger('silent');
const cipher = createTokenCipher(randomBytes(32));

describe.each(testDatabaseKinds())('a restore when its worker dies (%s)', (kind) => {
  let sb: RunningSandbox;
  let database: TestDatabase;
  let jobs: JobStore;
  const writes: string[] = [];
  const creates: string[] = [];
  const deletes: string[] = [];
  const clients = () =>
    createBigCommerceClientFactory({
      baseUrl: sb.baseUrl,
      logger,
      fetch: (input, init) => {
        const url = input instanceof Request ? input.url : input.toString();
        if (init?.method === 'PUT') writes.push(url);
        // The creates of items themselves (a product made again also posts its images, modifiers and reviews).
        if (init?.method === 'POST' && /\/v3\/catalog\/(products|trees\/categories)(\?|$)/.test(url)) {
          creates.push(url);
        }
        if (init?.method === 'DELETE') deletes.push(url);
        return fetch(input, init);
      },
    });
  /** A job kind whose worker dies for good at `at` (the first time it gets there), and tells when it did. */
  const dyingAt = (at: 'after-send' | 'before-settle') => {
    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    const kind = restoreJobKind({
      jobs,
      clients: clients(),
      getCipher: () => Promise.resolve(cipher),
      logger,
      faults: async (point) => {
        if (point !== at) return;
        died();
        await new Promise(() => undefined);
      },
    });
    return { kind, dead };
  };
  const healthy = () =>
    restoreJobKind({ jobs, clients: clients(), getCipher: () => Promise.resolve(cipher), logger });
  const newJob = async (hash: string, token: string, input: Record<string, unknown>, undoOf?: string) => {
    const id = randomUUID();
    await jobs.createWithinLimits({
      id,
      kind: 'snapshot-restore',
      owner: `visitor:${hash}`,
      storeHash: hash,
      input,
      credentialsSealed: sealCredentials(cipher, id, { target: { storeHash: hash, accessToken: token } }),
      ...(undoOf ? { undoOf } : {}),
      now: new Date(),
    });
    return id;
  };

  /** A demo store of the test's own in the sandbox, and a client for it. */
  const newDemoStore = async () => {
    const hash = `restore${randomBytes(4).toString('hex')}`;
    const token = `token-${hash}`;
    await controlSandbox(sb, 'POST', '/stores', { hash, token, kind: 'demo' });
    return { hash, token, client: clients().forStore({ storeHash: hash, accessToken: token }) };
  };

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
    const { hash, token, client } = await newDemoStore();
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
    const id = await newJob(hash, token, { items });
    writes.length = 0;

    const dying = dyingAt('before-settle');
    void dying.kind.slice(id);
    await dying.dead;
    expect(writes).toHaveLength(products.length);

    expect(await healthy().slice(id)).toBe('finished');
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

  it('makes a deleted item again once, and undoes it, when the worker dies after the create', async () => {
    const { hash, token, client } = await newDemoStore();
    const [product] = (await client.products.list({ limit: 1 })).items;
    const categories = (await client.categories.list({ limit: 250 })).items;
    // A category with none under it, and not one of the product's (it would be made again without it).
    const leaf = categories.find(
      (c) =>
        !categories.some((o) => o.parent_id === c.category_id) &&
        !(product!.categories ?? []).includes(c.category_id),
    )!;
    // The "snapshot": the product and the category as they are; then both are deleted from the store.
    const productBefore = await readLive(client, 'product', { id: product!.id });
    const categoryBefore = await readLive(client, 'category', { id: leaf.category_id });
    await client.products.delete(product!.id);
    await client.http.delete('/v3/catalog/trees/categories', {
      query: { 'category_id:in': leaf.category_id },
    });
    const items = [
      planItem({ kind: 'product', key: { id: product!.id } }, product!.name!, productBefore, null).plan,
      planItem({ kind: 'category', key: { id: leaf.category_id } }, leaf.name!, categoryBefore, null).plan,
    ];
    expect(items.map((i) => i.action)).toEqual(['create', 'create']);
    const id = await newJob(hash, token, { items });
    creates.length = 0;

    // Dies once both are made (their ids saved as they were made), before their hashes are saved and the wave settled.
    const dying = dyingAt('after-send');
    void dying.kind.slice(id);
    await dying.dead;
    expect(creates).toHaveLength(2);
    expect(await healthy().slice(id)).toBe('finished');
    // Nothing made twice: the retry found both by their saved ids. (A worker that dies before an id is saved:
    // restore-content-crash.int.test.ts.)
    expect(creates, creates.join('\n')).toHaveLength(2);
    const row = (await jobs.get(id))!;
    expect(row).toMatchObject({ state: 'done', total: 2, succeeded: 2, failed: 0, skipped: 0 });
    const outcomes = row.outcomes as JobItemOutcome[];
    const newIds = outcomes.map((o) => Number(/^Made again as #(\d+)/.exec(o.reason ?? '')?.[1]));
    expect(outcomes.map((o) => o.outcome)).toEqual(['written', 'written']);
    // By kind: the backup is a JSON object, whose keys PostgreSQL's jsonb keeps in an order of its own.
    const backup = Object.values(row.backup as RestoreBackup);
    expect(backup).toHaveLength(2);
    expect(
      Object.fromEntries(backup.map((entry) => [entry.kind, [entry.createdId, typeof entry.createdHash]])),
    ).toEqual({ product: [newIds[0], 'string'], category: [newIds[1], 'string'] });
    const named = await client.products.list({ query: { name: product!.name! }, limit: 5 });
    expect(named.items.map((p) => p.id)).toEqual([newIds[0]]);

    // Its undo dies after sending the deletes, before settling; the retry counts each deleted, once.
    const undoId = await newJob(hash, token, healthy().undo!.input(row), id);
    deletes.length = 0;
    const undoing = dyingAt('before-settle');
    void undoing.kind.slice(undoId);
    await undoing.dead;
    expect(deletes).toHaveLength(2);
    expect(await healthy().slice(undoId)).toBe('finished');
    expect(deletes).toHaveLength(2);
    const undone = (await jobs.get(undoId))!;
    expect(undone).toMatchObject({ state: 'done', total: 2, succeeded: 2, failed: 0, skipped: 0 });
    expect((undone.outcomes as JobItemOutcome[]).map((o) => [o.key.id, o.outcome, o.reason])).toEqual([
      [newIds[0], 'written', RESTORE_UNDO_DELETED_REASON],
      [newIds[1], 'written', RESTORE_UNDO_DELETED_REASON],
    ]);
    expect(await readLive(client, 'product', { id: newIds[0] })).toBeNull();
    expect(await readLive(client, 'category', { id: newIds[1] })).toBeNull();
  });
});
