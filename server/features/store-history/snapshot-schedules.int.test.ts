// Scheduled snapshots (issue 32) over HTTP on both databases, the hourly tick called with a fixed clock (what the
// pg-boss cron runs each hour): a signed-in user's schedules (a visitor is refused), a snapshot taken for the store due
// that hour only and once however many ticks run, the retention rule pruning older scheduled snapshots (never a manual
// one), visitors' snapshots expiring like demo copies (blobs deleted), and a running snapshot's deletion refused.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobCancelPath, jobEventsPath } from '../../../common/contracts/jobs';
import {
  listSnapshotSchedulesResponseSchema,
  listSnapshotsResponseSchema,
  putSnapshotScheduleResponseSchema,
  SNAPSHOT_SCHEDULES_PATH,
  snapshotSchedulePath,
  SNAPSHOTS_PATH,
  takeSnapshotResponseSchema,
  type Snapshot,
} from '../../../common/contracts/store-history';
import {
  DEMO_STORE_RESET_PATH,
  DEMO_STORES_PATH,
  demoStoresResponseSchema,
} from '../../../common/contracts/demo-stores';
import { snapshotBlob, storeIdMap } from '../../db/schema';
import { DEMO_COPY_DEFAULTS } from '../../sandbox/demo-copies/demo-copies';
import { USER_STORES_PATH } from '../../../common/contracts/stores';
import { TestClient } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { DEMO_STORE, EMPTY_STORE, useToolTestServer } from '../../test/store-tools';
import { finishedJob, userWithCloudStores as userWithStores } from './store-history.test-kit';

let users = 0;

describe.each(testDatabaseKinds())('Store History schedules (%s)', (kind) => {
  const app = useToolTestServer(kind);

  /** A signed-in user whose cloud list holds the demo store and the empty one. */
  const userWithCloudStores = () =>
    userWithStores(app, { name: 'Scheduler', email: `schedule-${kind}-${++users}@example.com` }, [
      DEMO_STORE,
      EMPTY_STORE,
    ]);
  const put = (client: TestClient, storeId: string, body: unknown) =>
    client.request(snapshotSchedulePath(storeId), { method: 'PUT', json: body });
  const snapshotsOf = async (client: TestClient, storeHash = DEMO_STORE.storeHash): Promise<Snapshot[]> => {
    const res = await client.request(`${SNAPSHOTS_PATH}?storeHash=${storeHash}`);
    expect(res.status).toBe(200);
    return listSnapshotsResponseSchema.parse(await res.json()).snapshots;
  };
  /** The tick at `iso`; every snapshot it started followed to its end. */
  const tick = async (client: TestClient, iso: string) => {
    const result = await app.server.tickSnapshotSchedules(new Date(iso));
    for (const { snapshotId } of result.started) {
      const snapshot = (await snapshotsOf(client)).find((s) => s.id === snapshotId)!;
      expect((await finishedJob(client, snapshot.jobId!)).state).toBe('done');
    }
    return result;
  };

  it('answers a visitor 401, and a user their schedules with the default retention in UTC', async () => {
    const visitorList = await app.server.request(SNAPSHOT_SCHEDULES_PATH);
    expect(visitorList.status).toBe(401);
    expect(await visitorList.json()).toEqual({ error: 'Please log in first', code: 'unauthorized' });
    const visitorPut = await app.server.request(snapshotSchedulePath(DEMO_STORE.id), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: app.server.url },
      body: JSON.stringify({ enabled: true, hour: 3 }),
    });
    expect(visitorPut.status).toBe(401);

    const { client } = await userWithCloudStores();
    expect(
      listSnapshotSchedulesResponseSchema.parse(await (await client.request(SNAPSHOT_SCHEDULES_PATH)).json()),
    ).toEqual({ schedules: [] });
    const saved = await put(client, DEMO_STORE.id, { enabled: true, hour: 3 });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const expected = {
      storeId: DEMO_STORE.id,
      storeHash: DEMO_STORE.storeHash,
      enabled: true,
      hour: 3,
      timeZone: 'UTC',
      keepDaily: 7,
      keepWeekly: 4,
      keepMonthly: 12,
      lastRunAt: null,
      lastSnapshotId: null,
      lastError: null,
    };
    expect(putSnapshotScheduleResponseSchema.parse(await saved.json()).schedule).toEqual(expected);
    expect(
      listSnapshotSchedulesResponseSchema.parse(await (await client.request(SNAPSHOT_SCHEDULES_PATH)).json()),
    ).toEqual({ schedules: [expected] });

    // A schedule on starts this instance's job queue, which keeps the hourly cron in pg-boss (one firing for all).
    const cron = await waitFor(
      async () =>
        (
          await app.server.database.executeSql(
            "select cron, timezone from pgboss.schedule where name = 'snapshot-schedule'",
            [],
          )
        ).rows[0],
      { what: 'the hourly snapshot cron in pg-boss' },
    );
    expect(cron).toEqual({ cron: '0 * * * *', timezone: 'UTC' });

    const badHour = await put(client, DEMO_STORE.id, { enabled: true, hour: 24 });
    expect(badHour.status).toBe(400);
    expect(await badHour.json()).toMatchObject({
      error: 'The hour must be a whole number from 0 to 23.',
      code: 'invalid_input',
    });
    const unknown = await put(client, 'not-mine', { enabled: true, hour: 3 });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: 'This store is not one of your cloud stores.',
      code: 'store_not_found',
    });
  });

  it('takes a scheduled snapshot of the store due this hour only, once however often the tick runs, and prunes by the rule', async () => {
    const { client } = await userWithCloudStores();
    expect(
      (
        await put(client, DEMO_STORE.id, {
          enabled: true,
          hour: 5,
          keepDaily: 2,
          keepWeekly: 0,
          keepMonthly: 0,
        })
      ).status,
    ).toBe(200);
    expect((await put(client, EMPTY_STORE.id, { enabled: true, hour: 9 })).status).toBe(200);
    // A manual snapshot, older than anything the rule keeps: never pruned.
    const manualRes = await client.post(SNAPSHOTS_PATH, { storeCredentials: DEMO_STORE, scope: ['brands'] });
    expect(manualRes.status).toBe(202);
    const manual = takeSnapshotResponseSchema.parse(await manualRes.json());
    expect((await finishedJob(client, manual.job.id)).state).toBe('done');

    // 04:59: nothing is due yet.
    expect((await tick(client, '2030-01-10T04:59:00Z')).started).toEqual([]);
    // 05:00 on two instances at once, then again at 05:40: one snapshot, of the demo store (the empty one is due at 9).
    const [a, b] = await Promise.all([
      app.server.tickSnapshotSchedules(new Date('2030-01-10T05:00:10Z')),
      app.server.tickSnapshotSchedules(new Date('2030-01-10T05:00:10Z')),
    ]);
    const started = [...a.started, ...b.started];
    expect(started.map((s) => s.storeId)).toEqual([DEMO_STORE.id]);
    const first = (await snapshotsOf(client)).find((s) => s.id === started[0]!.snapshotId)!;
    expect((await finishedJob(client, first.jobId!)).state).toBe('done');
    expect((await tick(client, '2030-01-10T05:40:00Z')).started).toEqual([]);
    expect(await snapshotsOf(client, EMPTY_STORE.storeHash)).toEqual([]);

    const afterFirst = await snapshotsOf(client);
    expect(afterFirst.map((s) => [s.reason, s.state, s.createdAt])).toEqual([
      ['scheduled', 'done', '2030-01-10T05:00:10.000Z'],
      ['manual', 'done', expect.any(String)],
    ]);
    expect(afterFirst[0]!.counts.products).toBeGreaterThan(0);
    const schedules = listSnapshotSchedulesResponseSchema.parse(
      await (await client.request(SNAPSHOT_SCHEDULES_PATH)).json(),
    ).schedules;
    expect(schedules.find((s) => s.storeId === DEMO_STORE.id)).toMatchObject({
      lastRunAt: '2030-01-10T05:00:10.000Z',
      lastSnapshotId: first.id,
      lastError: null,
    });

    // The next two days: the rule keeps 2 daily, so the first scheduled snapshot goes; the manual one stays.
    expect((await tick(client, '2030-01-11T05:01:00Z')).started).toHaveLength(1);
    expect((await tick(client, '2030-01-12T05:01:00Z')).started).toHaveLength(1);
    expect((await snapshotsOf(client)).map((s) => [s.reason, s.createdAt.slice(0, 10)])).toEqual([
      ['scheduled', '2030-01-12'],
      ['scheduled', '2030-01-11'],
      ['manual', manual.job.createdAt.slice(0, 10)],
    ]);

    // A schedule turned off is not run.
    expect((await put(client, DEMO_STORE.id, { enabled: false, hour: 5 })).status).toBe(200);
    expect((await tick(client, '2030-01-13T05:01:00Z')).started).toEqual([]);
  });

  it('records why a scheduled snapshot could not start (the store left the list)', async () => {
    const { client } = await userWithCloudStores();
    expect((await put(client, EMPTY_STORE.id, { enabled: true, hour: 7 })).status).toBe(200);
    const createdAt = new Date().toISOString();
    expect((await client.post(USER_STORES_PATH, { stores: [{ ...DEMO_STORE, createdAt }] })).status).toBe(
      200,
    );
    const result = await app.server.tickSnapshotSchedules(new Date('2031-02-01T07:00:00Z'));
    expect(result.failed).toEqual([
      { storeId: EMPTY_STORE.id, error: 'This store is no longer in your Store Manager.' },
    ]);
  });

  it("deletes a visitor's snapshots and their blobs once the visitor is away as long as a demo copy is kept", async () => {
    const res = await app.server.request(SNAPSHOTS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ storeCredentials: DEMO_STORE, scope: ['brands'] }),
    });
    expect(res.status).toBe(202);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const owner = `visitor:${cookie.split('=')[1]}`;
    const { job } = takeSnapshotResponseSchema.parse(await res.json());
    await (await app.server.request(jobEventsPath(job.id), { headers: { cookie } })).text();
    const visitorList = async () =>
      listSnapshotsResponseSchema.parse(
        await (
          await app.server.request(`${SNAPSHOTS_PATH}?storeHash=${DEMO_STORE.storeHash}`, {
            headers: { cookie },
          })
        ).json(),
      ).snapshots;
    const blobs = async () =>
      (await app.server.database.db.select().from(snapshotBlob).where(eq(snapshotBlob.owner, owner))).length;
    expect(await visitorList()).toHaveLength(1);
    expect(await blobs()).toBeGreaterThan(0);
    // A signed-in user's snapshot of the same age is not a visitor's: it stays.
    const { client } = await userWithCloudStores();
    const mine = takeSnapshotResponseSchema.parse(
      await (await client.post(SNAPSHOTS_PATH, { storeCredentials: DEMO_STORE, scope: ['brands'] })).json(),
    );
    await finishedJob(client, mine.job.id);

    const expiry = DEMO_COPY_DEFAULTS.idleMs;
    const early = await app.server.tickSnapshotSchedules(new Date(Date.now() + expiry - 60_000));
    expect(early.expired).toBe(0);
    expect(await visitorList()).toHaveLength(1);
    const late = await app.server.tickSnapshotSchedules(new Date(Date.now() + expiry + 60_000));
    expect(late.expired).toBe(1);
    expect(await visitorList()).toEqual([]);
    expect(await blobs()).toBe(0);
    expect(await snapshotsOf(client)).toHaveLength(1);
  });

  it("deletes a visitor's demo copy's id map with the visitor's snapshots, and a reset copy's, never a real store's", async () => {
    const visitor = new TestClient(app.server);
    const issued = await visitor.post(DEMO_STORES_PATH, {});
    expect(issued.status, await issued.clone().text()).toBe(200);
    const [copy, otherCopy] = demoStoresResponseSchema.parse(await issued.json()).stores;
    const take = async (storeCredentials: object) => {
      const res = await visitor.post(SNAPSHOTS_PATH, { storeCredentials, scope: ['brands'] });
      expect(res.status, await res.clone().text()).toBe(202);
      const { job } = takeSnapshotResponseSchema.parse(await res.json());
      expect((await finishedJob(visitor, job.id)).state).toBe('done');
    };
    // The visitor's snapshots: of their demo copy and of a store that is not a demo copy.
    const demo = { storeHash: copy!.storeHash, accessToken: copy!.accessToken };
    await take(demo);
    await take(DEMO_STORE);
    const db = app.server.database.db;
    const now = new Date();
    const rows = (storeHash: string) =>
      [1, 2, 3].map((n) => ({
        storeHash,
        kind: 'product',
        oldId: String(76 + n),
        newId: String(2000 + n),
        jobId: 'restore-job',
        createdAt: now,
      }));
    await db
      .insert(storeIdMap)
      .values([...rows(copy!.storeHash), ...rows(otherCopy!.storeHash), ...rows(DEMO_STORE.storeHash)]);
    const mapOf = async (storeHash: string) =>
      (await db.select().from(storeIdMap).where(eq(storeIdMap.storeHash, storeHash))).length;

    // A reset drops the copy: it comes back from its seed, with its first ids.
    const reset = await visitor.post(DEMO_STORE_RESET_PATH, {
      storeHash: otherCopy!.storeHash,
      accessToken: otherCopy!.accessToken,
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await mapOf(otherCopy!.storeHash)).toBe(0);
    expect(await mapOf(copy!.storeHash)).toBe(3);

    const expiry = DEMO_COPY_DEFAULTS.idleMs;
    expect((await app.server.tickSnapshotSchedules(new Date(Date.now() + expiry - 60_000))).expired).toBe(0);
    expect(await mapOf(copy!.storeHash)).toBe(3);
    expect((await app.server.tickSnapshotSchedules(new Date(Date.now() + expiry + 60_000))).expired).toBe(2);
    expect(await mapOf(copy!.storeHash)).toBe(0);
    // A store that is not a demo copy keeps its ids whoever restored it.
    expect(await mapOf(DEMO_STORE.storeHash)).toBe(3);
    await db.delete(storeIdMap).where(eq(storeIdMap.storeHash, DEMO_STORE.storeHash));
  });

  it('refuses to delete a snapshot being taken with snapshot_running (409)', async () => {
    await app.control('/settings', { method: 'PUT', body: JSON.stringify({ latencyMs: 400 }) });
    const res = await app.server.request(SNAPSHOTS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ storeCredentials: DEMO_STORE }),
    });
    expect(res.status).toBe(202);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const { snapshotId, job } = takeSnapshotResponseSchema.parse(await res.json());
    const deleted = await app.server.request(`${SNAPSHOTS_PATH}/${snapshotId}`, {
      method: 'DELETE',
      headers: { cookie, origin: app.server.url },
    });
    expect(deleted.status).toBe(409);
    expect(await deleted.json()).toEqual({
      error: 'A snapshot being taken cannot be deleted; cancel it first.',
      code: 'snapshot_running',
    });
    await app.server.request(jobCancelPath(job.id), {
      method: 'POST',
      headers: { cookie, origin: app.server.url },
    });
    await (await app.server.request(jobEventsPath(job.id), { headers: { cookie } })).text();
  });
});
