// Bounds on what snapshots may hold (issue 41, points 4 and 5), over HTTP on both databases: an unverified account
// takes no snapshot and makes no token (its writes run without their before-job snapshot); one client address holds
// at most 20 of the visitors' pool and starts at most 30 an hour, so taking and deleting cannot hold the pool; and all
// owners together stay under the server's bound on index rows (SNAPSHOTS_TOTAL_ROWS).
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKENS_PATH } from '../../../common/contracts/access-tokens';
import { bulkEditPaths } from '../../../common/contracts/bulk-edit';
import { jobResponseSchema } from '../../../common/contracts/jobs';
import {
  listSnapshotsResponseSchema,
  SNAPSHOTS_PATH,
  takeSnapshotResponseSchema,
} from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import { MAX_UNFINISHED_PER_STORE } from '../../jobs/job-store';
import { signedUpUser, TestClient, useUsersTestServer } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE } from '../../test/store-tools';
import {
  MAX_VISITOR_SNAPSHOT_STARTS_PER_HOUR,
  MAX_VISITOR_SNAPSHOTS_PER_ADDRESS,
  SNAPSHOT_EMAIL_MESSAGE,
  SNAPSHOTS_ADDRESS_FULL_MESSAGE,
  SNAPSHOTS_SERVER_FULL_MESSAGE,
} from './snapshot-bounds';
import { finishedJob } from './store-history.test-kit';

/** The demo store's 24 brands: a snapshot of one page, quick to take. */
const BRANDS = { storeCredentials: DEMO_STORE, scope: ['brands'] };

describe.each(testDatabaseKinds())('snapshot bounds on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'snapshot-bounds', { TRUSTED_PROXIES: '127.0.0.1' });

  /** Starts a brands snapshot as this client: its id and job, or the refusal. */
  const start = async (client: TestClient) => {
    const res = await client.post(SNAPSHOTS_PATH, BRANDS);
    if (res.status !== 202) return { status: res.status, body: (await res.json()) as unknown };
    const { snapshotId, job } = takeSnapshotResponseSchema.parse(await res.json());
    return { status: 202, snapshotId, jobId: job.id };
  };
  /** Takes a brands snapshot as this client: its id once its job is done, or the refusal. */
  const take = async (client: TestClient) => {
    const { jobId, ...answer } = await start(client);
    if (jobId) expect((await finishedJob(client, jobId)).state).toBe('done');
    return answer;
  };
  /**
   * Takes a snapshot as each client, as many at once as the store lets run or wait (issue 43: thirty taken one after
   * another, each waiting for the job queue to pick it up, passed the test's 240 s on a busy machine). Answers each
   * one's id.
   */
  const takeEach = async (clients: TestClient[]) => {
    const taken: { client: TestClient; snapshotId: string }[] = [];
    for (let from = 0; from < clients.length; from += MAX_UNFINISHED_PER_STORE) {
      const started: { client: TestClient; snapshotId: string; jobId: string }[] = [];
      for (const client of clients.slice(from, from + MAX_UNFINISHED_PER_STORE)) {
        const answer = await start(client);
        expect(answer.status, JSON.stringify(answer)).toBe(202);
        started.push({ client, snapshotId: answer.snapshotId!, jobId: answer.jobId! });
      }
      const ends = await Promise.all(started.map(({ client, jobId }) => finishedJob(client, jobId)));
      expect(ends.map((end) => end.state)).toEqual(started.map(() => 'done'));
      taken.push(...started.map(({ client, snapshotId }) => ({ client, snapshotId })));
    }
    return taken;
  };

  it('refuses snapshots and access tokens to an account whose email is not verified', async () => {
    const unverified = await signedUpUser(app.server, {
      name: 'Throwaway',
      email: 'throwaway@example.com',
      password: 'secret-1',
    });
    expect(await take(unverified.client)).toEqual({
      status: 403,
      body: { error: SNAPSHOT_EMAIL_MESSAGE, code: ERROR_CODES.emailNotVerified },
    });
    const token = await unverified.client.post(ACCESS_TOKENS_PATH, { name: 'agent', scope: 'write' });
    expect(token.status).toBe(403);
    expect(await token.json()).toEqual({
      error:
        'Access tokens need a verified email address. Open the link we mailed you, or send it again from Profile Settings.',
      code: ERROR_CODES.emailNotVerified,
    });

    const verified = await newUser();
    expect((await take(verified.client)).status).toBe(202);
    expect((await verified.client.post(ACCESS_TOKENS_PATH, { name: 'agent', scope: 'write' })).status).toBe(
      201,
    );
  });

  it('lets an unverified account’s bulk edit run without its before-job snapshot', async () => {
    const unverified = await signedUpUser(app.server, {
      name: 'Unverified Editor',
      email: 'unverified-editor@example.com',
      password: 'secret-1',
    });
    const started = await unverified.client.post(bulkEditPaths('reset-page-title').start, {
      storeCredentials: DEMO_STORE,
      targetOption: 'specific',
      targetValue: '77',
    });
    expect(started.status, await started.clone().text()).toBe(200);
    const { job } = jobResponseSchema.parse(await started.json());
    expect(await finishedJob(unverified.client, job.id)).toMatchObject({ state: 'done', failed: 0 });
    const listed = await unverified.client.request(`${SNAPSHOTS_PATH}?storeHash=${DEMO_STORE.storeHash}`);
    expect(listSnapshotsResponseSchema.parse(await listed.json()).snapshots).toEqual([]);
  });

  it('bounds one address’s share of the visitors’ pool, however many cookies it uses and however often it deletes', async () => {
    const address = '198.51.100.7';
    const visitors = Array.from(
      { length: MAX_VISITOR_SNAPSHOTS_PER_ADDRESS + 1 },
      () => new TestClient(app.server, { ip: address }),
    );
    const taken = await takeEach(visitors.slice(0, MAX_VISITOR_SNAPSHOTS_PER_ADDRESS));
    const refused = {
      status: 409,
      body: { error: SNAPSHOTS_ADDRESS_FULL_MESSAGE, code: ERROR_CODES.tooManySnapshots },
    };
    // A new cookie from the same address: refused; a visitor elsewhere is still served.
    expect(await take(visitors.at(-1)!)).toEqual(refused);
    expect((await take(new TestClient(app.server, { ip: '198.51.100.8' }))).status).toBe(202);

    // Deleting makes room at once, but the address's starts of the hour run out: it cannot cycle through the pool.
    const again = MAX_VISITOR_SNAPSHOT_STARTS_PER_HOUR - MAX_VISITOR_SNAPSHOTS_PER_ADDRESS;
    for (const { client, snapshotId } of taken.slice(0, again + 1)) {
      expect((await client.request(`${SNAPSHOTS_PATH}/${snapshotId}`, { method: 'DELETE' })).status).toBe(
        204,
      );
    }
    await takeEach(taken.slice(0, again).map(({ client }) => client));
    expect(await take(taken[0]!.client)).toEqual(refused);
    // 33 snapshots: 105 s beside a CPU-bound process at a load of 12, so a net above the suite's 240 s (issue 43).
  }, 480_000);
});

describe.each(testDatabaseKinds())('the server’s bound on all snapshots on %s', (kind) => {
  // Fewer index rows than two brands snapshots hold (24 each).
  const { app, newUser } = useUsersTestServer(kind, 'snapshot-total', { SNAPSHOTS_TOTAL_ROWS: '30' });

  it('refuses a new snapshot of anyone once all owners’ index rows reach SNAPSHOTS_TOTAL_ROWS', async () => {
    const first = await newUser();
    for (let index = 0; index < 2; index++) {
      const res = await first.client.post(SNAPSHOTS_PATH, BRANDS);
      expect(res.status).toBe(202);
      const { job } = takeSnapshotResponseSchema.parse(await res.json());
      expect((await finishedJob(first.client, job.id)).state).toBe('done');
    }

    // Two snapshots' rows (48) now pass the bound: another owner, and a visitor, are refused with the reason.
    const other = await newUser();
    for (const client of [other.client, new TestClient(app.server)]) {
      const refused = await client.post(SNAPSHOTS_PATH, BRANDS);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        error: SNAPSHOTS_SERVER_FULL_MESSAGE,
        code: ERROR_CODES.tooManySnapshots,
      });
    }
  });
});
