// Issue 26, point 6: the job limits hold under concurrent starts. Ten starts at once from one visitor create exactly
// MAX_UNFINISHED_PER_OWNER jobs, and ten visitors at once on one store exactly MAX_UNFINISHED_PER_STORE; the others
// are refused with `too_many_jobs`. Against the real server over HTTP, on both databases. Each test has its own
// sandbox demo store, slowed down so that no job ends while the test counts, and cancels its jobs at the end.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkEditPaths } from '../../../common/contracts/bulk-edit';
import { isFinalJobState, jobCancelPath } from '../../../common/contracts/jobs';
import { ERROR_CODES } from '../../../common/errors';
import { job } from '../../db/schema';
import { beforeSnapshotOf } from '../../jobs/before-job';
import { laneOf, MAX_UNFINISHED_PER_OWNER, MAX_UNFINISHED_PER_STORE } from '../../jobs/job-store';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { VISITOR_COOKIE } from '../jobs/job-owner';

const TOKEN = 'limits-token';
const STARTS = 10;
/** Added to every request of the test's store: the first job (all 1,260 products) takes seconds, a start ~0.2 s. */
const LATENCY_MS = 200;

const visitorCookie = () => `${VISITOR_COOKIE}=${randomBytes(16).toString('hex')}`;

describe.each(testDatabaseKinds())('job limits under concurrent starts (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const control = async (route: string, body: unknown, method = 'POST') => {
    const res = await server.request(`/sandbox/__control/stores${route}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, route).toBeLessThan(300);
  };

  /** A fresh demo store of the test's own, every request to it slowed by LATENCY_MS. */
  const slowStore = async (hash: string) => {
    await control('', { hash, token: TOKEN, kind: 'demo' });
    await control(`/${hash}/settings`, { latencyMs: LATENCY_MS, quota: 100_000 }, 'PUT');
  };

  /** Starts a Reset Page Title job on every product of `hash` as the visitor of `cookie`. */
  const start = async (hash: string, cookie: string) => {
    const res = await server.request(bulkEditPaths('reset-page-title').start, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify({
        storeCredentials: { storeHash: hash, accessToken: TOKEN },
        targetOption: 'all',
      }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const rowsOf = (hash: string) => server.database.db.select().from(job).where(eq(job.storeHash, hash));

  /** Whether a worker is running a slice of one of the store's jobs (pg-boss's own table, keyed by the store). */
  const sliceActive = async (hash: string) =>
    (
      await server.database.executeSql(
        `select 1 from pgboss.job where singleton_key = $1 and state = 'active' limit 1`,
        [hash],
      )
    ).rows.length > 0;

  /**
   * Cancels the store's jobs (as their owners), lets the slice in progress stop at once, and waits for it: a slice
   * still calling the app's own sandbox when the server closes would hold the shutdown for seconds.
   */
  const cleanUp = async (hash: string, cookies: Map<string, string>) => {
    for (const row of await rowsOf(hash)) {
      const cookie = cookies.get(row.owner);
      if (!cookie) throw new Error(`no cookie for ${row.owner}`);
      await server.request(jobCancelPath(row.id), { method: 'POST', headers: { cookie } });
    }
    await control(`/${hash}/settings`, { latencyMs: 0 }, 'PUT');
    const settled = async () =>
      !(await sliceActive(hash)) && (await rowsOf(hash)).every((row) => isFinalJobState(row.state));
    await waitFor(settled, { what: `the jobs of ${hash} to end and their slice to stop` });
    expect((await rowsOf(hash)).map((row) => row.state).filter((state) => !isFinalJobState(state))).toEqual(
      [],
    );
  };

  /**
   * The write jobs are exactly `limit`; each started its before-job snapshot first (Store History, issue 32), as a job
   * in the limits' lane of their own, so there are exactly as many of those, each named by one write job.
   */
  const expectJobs = (rows: Awaited<ReturnType<typeof rowsOf>>, limit: number) => {
    const writes = rows.filter((row) => laneOf(row.input) === 'work');
    const before = rows.filter((row) => laneOf(row.input) === 'before-job');
    expect(writes.map((row) => row.kind)).toEqual(Array.from({ length: limit }, () => 'reset-page-title'));
    expect(before.map((row) => row.kind)).toEqual(Array.from({ length: limit }, () => 'store-snapshot'));
    expect(new Set(writes.map((row) => beforeSnapshotOf(row.input))).size).toBe(limit);
  };

  const expectRefusals = (answers: { status: number; body: Record<string, unknown> }[], message: string) => {
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused).toEqual({
        status: 429,
        body: { success: false, code: ERROR_CODES.tooManyJobs, error: message },
      });
    }
  };

  it(`${STARTS} concurrent starts from one visitor create exactly ${MAX_UNFINISHED_PER_OWNER} jobs`, async () => {
    const hash = 'sandbox-limits-owner';
    await slowStore(hash);
    const cookie = visitorCookie();
    const answers = await Promise.all(Array.from({ length: STARTS }, () => start(hash, cookie)));

    const rows = await rowsOf(hash);
    try {
      expect(rows.every((row) => !isFinalJobState(row.state))).toBe(true);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX_UNFINISHED_PER_OWNER);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(
        STARTS - MAX_UNFINISHED_PER_OWNER,
      );
      expectRefusals(answers, 'You already have 3 jobs running or waiting. Please wait for one to end.');
      expectJobs(rows, MAX_UNFINISHED_PER_OWNER);
    } finally {
      await cleanUp(hash, new Map(rows.map((row) => [row.owner, cookie])));
    }
  });

  it(`${STARTS} visitors starting at once on one store create exactly ${MAX_UNFINISHED_PER_STORE} jobs`, async () => {
    const hash = 'sandbox-limits-store';
    await slowStore(hash);
    const cookies = Array.from({ length: STARTS }, visitorCookie);
    const answers = await Promise.all(cookies.map((cookie) => start(hash, cookie)));

    const rows = await rowsOf(hash);
    try {
      expect(rows.every((row) => !isFinalJobState(row.state))).toBe(true);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX_UNFINISHED_PER_STORE);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(
        STARTS - MAX_UNFINISHED_PER_STORE,
      );
      expectRefusals(
        answers,
        'This store already has 5 jobs running or waiting. Please wait for one to end.',
      );
      expectJobs(rows, MAX_UNFINISHED_PER_STORE);
    } finally {
      const byOwner = new Map(cookies.map((cookie) => [`visitor:${cookie.split('=')[1]}`, cookie]));
      await cleanUp(hash, byOwner);
    }
  });
});
