// Issue 12: a job is its owner's alone; an admin viewing the app as that user sees it, and no one else does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkEditPaths } from '../../../common/contracts/bulk-edit';
import { jobPath, jobResponseSchema, JOBS_PATH, jobListResponseSchema } from '../../../common/contracts/jobs';
import { signUpVerified, startSmtpSink, TestClient, type SmtpSink } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { DEMO_STORE } from '../../test/store-tools';

const PASSWORD = 'secret-1';
const ADMIN_EMAIL = 'jobs-boss@example.com';

describe.each(testDatabaseKinds())('who sees a job (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(kind, { SMTP_URL: sink.url, ADMIN_EMAILS: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
  });

  const signedIn = async (label: string) => {
    const client = new TestClient(server);
    expect(
      (await client.signUp({ name: label, email: `${label}@example.com`, password: PASSWORD })).status,
    ).toBe(200);
    const session = await client.session();
    if (!session) throw new Error('no session');
    return { client, id: session.user.id };
  };

  it('shows a user’s job to that user and to an admin viewing as them, to nobody else', async () => {
    const owner = await signedIn('job-owner');
    const started = await owner.client.post(bulkEditPaths('reset-page-title').start, {
      storeCredentials: DEMO_STORE,
      targetOption: 'specific',
      targetValue: '77',
    });
    expect(started.status).toBe(200);
    const { job } = jobResponseSchema.parse(await started.json());
    expect((await owner.client.request(jobPath(job.id))).status).toBe(200);

    const other = await signedIn('job-other');
    expect((await other.client.request(jobPath(job.id))).status).toBe(404);
    expect((await new TestClient(server).request(jobPath(job.id))).status).toBe(404);

    const admin = new TestClient(server);
    await signUpVerified(admin, sink, { name: 'Boss', email: ADMIN_EMAIL, password: PASSWORD });
    expect((await admin.request(jobPath(job.id))).status).toBe(404);
    expect((await admin.post('/api/auth/admin/impersonate-user', { userId: owner.id })).status).toBe(200);
    const seen = await admin.request(jobPath(job.id));
    expect(seen.status).toBe(200);
    expect(jobResponseSchema.parse(await seen.json()).job.id).toBe(job.id);
    const listed = jobListResponseSchema.parse(await (await admin.request(`${JOBS_PATH}?active=1`)).json());
    expect(listed.jobs.every((j) => j.id === job.id)).toBe(true);
    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
    expect((await admin.request(jobPath(job.id))).status).toBe(404);
  });
});
