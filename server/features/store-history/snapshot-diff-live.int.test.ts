// A snapshot against the store now (issue 32 "Diff", `GET /api/snapshots/{id}/diff?against=live`) over HTTP against the
// app's sandbox, on both databases: a signed-in user's cloud store is read with the credentials the server keeps (202
// and the snapshot's job, then the diff naming the snapshot that stood for now), a snapshot being taken is answered
// again rather than a second one started, one older than the freshness window or of a smaller scope is not reused, and
// a visitor (or a store outside the cloud list) is told how to take one.
import { describe, expect, it } from 'vitest';
import {
  LIVE_FRESH_MINUTES,
  SNAPSHOT_LIVE_NEEDS_SNAPSHOT_MESSAGE,
  snapshotDiffPath,
  snapshotDiffResponseSchema,
  SNAPSHOTS_PATH,
  takeSnapshotResponseSchema,
  type SnapshotScope,
} from '../../../common/contracts/store-history';
import { TestClient } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE, EMPTY_STORE, useToolTestServer } from '../../test/store-tools';
import { callTool, connectTestAgent } from '../mcp/mcp-test-agent';
import { finishedJob, userWithCloudStores } from './store-history.test-kit';

type Brand = { id: number; name: string };
let users = 0;

describe.each(testDatabaseKinds())('Store History, a snapshot against the store now (%s)', (kind) => {
  const app = useToolTestServer(kind);

  /** A signed-in user whose Store Manager keeps these cloud stores (the demo store unless told). */
  const user = async (stores: readonly (typeof DEMO_STORE)[] = [DEMO_STORE]) =>
    (await userWithCloudStores(app, { name: 'Live', email: `live-${kind}-${++users}@example.com` }, stores))
      .client;
  /** A snapshot of the demo store with its credentials (POST /api/snapshots), followed to its end. */
  const take = async (client: TestClient, scope: SnapshotScope[] = ['brands']): Promise<string> => {
    const res = await client.post(SNAPSHOTS_PATH, { storeCredentials: DEMO_STORE, scope });
    expect(res.status, await res.clone().text()).toBe(202);
    const { snapshotId, job } = takeSnapshotResponseSchema.parse(await res.json());
    expect((await finishedJob(client, job.id)).state).toBe('done');
    return snapshotId;
  };
  const live = (client: TestClient, id: string, query = '') =>
    client.request(`${snapshotDiffPath(id)}?against=live${query}`);
  /** `against=live` answering 202: the snapshot started (or being taken) and its job. */
  const started = async (client: TestClient, id: string) => {
    const res = await live(client, id);
    expect(res.status, await res.clone().text()).toBe(202);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return takeSnapshotResponseSchema.parse(await res.json());
  };
  const diffed = async (client: TestClient, id: string, query = '') => {
    const res = await live(client, id, query);
    expect(res.status, await res.clone().text()).toBe(200);
    return snapshotDiffResponseSchema.parse(await res.json());
  };
  const renameBrand = async (name: string): Promise<Brand> => {
    const before = (await app.sandbox<{ data: Brand[] }>('/v3/catalog/brands?limit=1')).data[0]!;
    const res = await app.server.request(
      `/sandbox/stores/${DEMO_STORE.storeHash}/v3/catalog/brands/${before.id}`,
      {
        method: 'PUT',
        headers: { 'X-Auth-Token': DEMO_STORE.accessToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return before;
  };
  /** The diff's change of a brand renamed to `name`. */
  const renamed = (brand: Brand, name: string) => ({
    kind: 'brand',
    key: { id: brand.id },
    name,
    change: 'changed',
    fields: [{ path: 'name', before: brand.name, after: name }],
  });
  /** Moves a snapshot's times back (the database's clock), as if it had been taken `minutes` ago. */
  const age = async (id: string, minutes: number) => {
    await app.server.database.executeSql(
      `update store_snapshot set created_at = now() - ($2 || ' minutes')::interval,
         finished_at = now() - ($2 || ' minutes')::interval where id = $1`,
      [id, String(minutes)],
    );
  };

  it("reads a user's cloud store now: 202 and the snapshot's job, then the diff against it", async () => {
    const client = await user();
    const from = await take(client);
    const brand = await renameBrand('Renamed Live');
    // A store slow to answer, so the snapshot is still being taken when asked again.
    await app.control('/settings', { method: 'PUT', body: JSON.stringify({ latencyMs: 300 }) });

    const first = await started(client, from);
    expect(first.snapshotId).not.toBe(from);
    expect(first.job).toMatchObject({ kind: 'store-snapshot', storeHash: DEMO_STORE.storeHash });
    // Asked again while it runs: the same snapshot and job, not a second one.
    const again = await started(client, from);
    expect(again.snapshotId).toBe(first.snapshotId);
    expect(again.job.id).toBe(first.job.id);
    expect((await finishedJob(client, first.job.id)).state).toBe('done');
    await app.control('/settings', { method: 'PUT', body: JSON.stringify({ latencyMs: 0 }) });

    const listed = (await (
      await client.request(`${SNAPSHOTS_PATH}?storeHash=${DEMO_STORE.storeHash}`)
    ).json()) as {
      snapshots: { id: string; reason: string; scope: string[]; createdAt: string }[];
    };
    const now = listed.snapshots.find((s) => s.id === first.snapshotId)!;
    expect(now).toMatchObject({ reason: 'manual', scope: ['brands'] });

    const diff = await diffed(client, from);
    expect(diff.against).toEqual({ snapshotId: first.snapshotId, createdAt: now.createdAt });
    expect(diff.total).toBe(1);
    expect(diff.nextCursor).toBeNull();
    expect(diff.counts.brand).toEqual({ added: 0, removed: 0, changed: 1 });
    expect(diff.changes).toEqual([renamed(brand, 'Renamed Live')]);
    // The filters apply as to any diff.
    expect((await diffed(client, from, '&kind=product')).changes).toEqual([]);
  });

  it('does not reuse a "now" older than the freshness window, nor one of a smaller scope', async () => {
    const client = await user();
    const from = await take(client, ['brands', 'categories']);
    // A later snapshot of the brands only does not hold what `from` holds: a new one of both parts is started.
    await take(client, ['brands']);
    const wider = await started(client, from);
    expect((await finishedJob(client, wider.job.id)).state).toBe('done');
    expect((await diffed(client, from)).against?.snapshotId).toBe(wider.snapshotId);

    // Ended longer ago than the window: the store now needs another snapshot.
    await age(from, LIVE_FRESH_MINUTES * 3);
    await age(wider.snapshotId, LIVE_FRESH_MINUTES + 1);
    const fresh = await started(client, from);
    expect(fresh.snapshotId).not.toBe(wider.snapshotId);
    expect((await finishedJob(client, fresh.job.id)).state).toBe('done');
    const diff = await diffed(client, from);
    expect(diff.against?.snapshotId).toBe(fresh.snapshotId);
    expect(diff.total).toBe(0);
  });

  it("answers an agent's diff_snapshots against 'live' the same way (the job, then the diff)", async () => {
    const client = await user();
    const from = await take(client);
    const brand = await renameBrand('Renamed For Agent');
    const agent = await connectTestAgent(app.server.url, client, 'read');
    try {
      const first = await callTool(agent, 'diff_snapshots', { snapshotId: from, against: 'live' });
      expect(first.isError).toBeUndefined();
      const { snapshotId, job } = takeSnapshotResponseSchema.parse(first.structuredContent);
      expect(job).toMatchObject({ kind: 'store-snapshot', storeHash: DEMO_STORE.storeHash });
      expect((await finishedJob(client, job.id)).state).toBe('done');
      const second = await callTool(agent, 'diff_snapshots', { snapshotId: from, against: 'live' });
      const diff = snapshotDiffResponseSchema.parse(second.structuredContent);
      expect(diff.against?.snapshotId).toBe(snapshotId);
      expect(diff.changes).toEqual([renamed(brand, 'Renamed For Agent')]);
    } finally {
      await agent.close();
    }
  });

  it('tells a visitor, or a user whose cloud list lacks the store, to take a snapshot first', async () => {
    const visitor = new TestClient(app.server);
    const from = await take(visitor);
    const refused = await live(visitor, from);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: SNAPSHOT_LIVE_NEEDS_SNAPSHOT_MESSAGE,
      code: 'snapshot_not_comparable',
    });
    // What the message says to do: a snapshot with the store's credentials, then the same question.
    const brand = await renameBrand('Renamed By Visitor');
    const now = await take(visitor);
    const diff = await diffed(visitor, from);
    expect(diff.against?.snapshotId).toBe(now);
    expect(diff.changes).toMatchObject([
      {
        kind: 'brand',
        key: { id: brand.id },
        fields: [{ path: 'name', before: brand.name, after: 'Renamed By Visitor' }],
      },
    ]);

    const other = await user([EMPTY_STORE]);
    const theirs = await take(other);
    const notCloud = await live(other, theirs);
    expect(notCloud.status).toBe(409);
    expect(await notCloud.json()).toEqual({
      error: SNAPSHOT_LIVE_NEEDS_SNAPSHOT_MESSAGE,
      code: 'snapshot_not_comparable',
    });
  });
});
