// Deleting an account deletes what it kept (issue 41, point 6): its snapshots, their items and blobs (rows and objects),
// its jobs with their backups, its agent's tokens; another user's snapshots of the same store stay; the audit log keeps
// the fact. Snapshots a visitor took before signing up (issue 44: their objects keep the visitor's key) go too, with
// the account or one by one.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKENS_PATH } from '../../../common/contracts/access-tokens';
import { SNAPSHOTS_PATH, takeSnapshotResponseSchema } from '../../../common/contracts/store-history';
import { accessToken, auditLog, job, snapshotBlob, snapshotItem, storeSnapshot } from '../../db/schema';
import { signUpVerified, startSmtpSink, TestClient, type SmtpSink } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { DEMO_STORE } from '../../test/store-tools';
import { finishedJob } from '../store-history/store-history.test-kit';

const PASSWORD = 'secret-1';
const ADMIN_EMAIL = 'deleter@example.com';

describe.each(testDatabaseKinds())('deleting an account on %s', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: TestClient;
  let dataDir: string;
  let counter = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bct-deletion-'));
    sink = await startSmtpSink();
    server = await startTestServer(kind, {
      SMTP_URL: sink.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      DATA_DIR: dataDir,
    });
    admin = new TestClient(server);
    await signUpVerified(admin, sink, { name: 'Boss', email: ADMIN_EMAIL, password: PASSWORD });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const userWithSnapshot = async () => {
    const client = new TestClient(server);
    const email = `leaving-${++counter}@example.com`;
    await signUpVerified(client, sink, { name: 'Leaving', email, password: PASSWORD });
    const id = (await client.session())!.user.id;
    const res = await client.post(SNAPSHOTS_PATH, { storeCredentials: DEMO_STORE, scope: ['brands'] });
    expect(res.status).toBe(202);
    const { job: started } = takeSnapshotResponseSchema.parse(await res.json());
    expect((await finishedJob(client, started.id)).state).toBe('done');
    expect((await client.post(ACCESS_TOKENS_PATH, { name: 'agent', scope: 'read' })).status).toBe(201);
    return { id, email };
  };

  /** The snapshot blobs' objects in the object store. */
  const objectCount = async () =>
    (
      (await readdir(path.join(dataDir, 'storage', 'objects', 'snapshots'), { recursive: true }).catch(
        () => [],
      )) as string[]
    ).filter((name) => name.endsWith('.json.gz')).length;

  /** A visitor's snapshot of the store's brands (24 blobs), then a sign-up in the same browser: the account's id. */
  const visitorWhoSignsUp = async () => {
    const client = new TestClient(server);
    const res = await client.post(SNAPSHOTS_PATH, { storeCredentials: DEMO_STORE, scope: ['brands'] });
    expect(res.status).toBe(202);
    const { snapshotId, job: started } = takeSnapshotResponseSchema.parse(await res.json());
    expect((await finishedJob(client, started.id)).state).toBe('done');
    await signUpVerified(client, sink, {
      name: 'Was Visitor',
      email: `was-visitor-${++counter}@example.com`,
      password: PASSWORD,
    });
    return { client, snapshotId, id: (await client.session())!.user.id };
  };

  /** What the database and the object store hold for an owner. */
  const heldBy = async (userId: string) => {
    const { db } = server.database;
    const owner = `user:${userId}`;
    const snapshots = await db.select().from(storeSnapshot).where(eq(storeSnapshot.owner, owner));
    const items = snapshots.length
      ? await db.select().from(snapshotItem).where(eq(snapshotItem.snapshotId, snapshots[0]!.id))
      : [];
    return {
      snapshots: snapshots.length,
      items: items.length,
      blobs: (await db.select().from(snapshotBlob).where(eq(snapshotBlob.owner, owner))).length,
      jobs: (await db.select().from(job).where(eq(job.owner, owner))).length,
      tokens: (await db.select().from(accessToken).where(eq(accessToken.userId, userId))).length,
      objects: await objectCount(),
    };
  };

  it('deletes the account’s snapshots, items, blobs, jobs and tokens, and keeps another user’s', async () => {
    const leaving = await userWithSnapshot();
    const staying = await userWithSnapshot();
    const before = await heldBy(leaving.id);
    expect(before).toMatchObject({ snapshots: 1, items: 24, blobs: 24, jobs: 1, tokens: 1 });
    // Blobs are kept per owner: the two users' 24 brands are 48 objects.
    expect(before.objects).toBe(48);

    const removed = await admin.post('/api/auth/admin/remove-user', { userId: leaving.id });
    expect(removed.status).toBe(200);

    expect(await heldBy(leaving.id)).toEqual({
      snapshots: 0,
      items: 0,
      blobs: 0,
      jobs: 0,
      tokens: 0,
      objects: 24,
    });
    expect(await heldBy(staying.id)).toMatchObject({
      snapshots: 1,
      items: 24,
      blobs: 24,
      jobs: 1,
      tokens: 1,
    });
    expect(existsSync(path.join(dataDir, 'storage', 'objects', 'snapshots'))).toBe(true);
    const facts = await server.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'user.delete'));
    expect(facts.map((entry) => [entry.targetId, entry.targetEmail, entry.detail])).toEqual([
      [leaving.id, leaving.email, null],
    ]);
  });

  it('deletes the snapshots a visitor took before signing up, objects included, with the account or one by one', async () => {
    const start = await objectCount();
    const deleting = await visitorWhoSignsUp();
    expect(await heldBy(deleting.id)).toMatchObject({ snapshots: 1, blobs: 24, objects: start + 24 });
    const deleted = await deleting.client.request(`${SNAPSHOTS_PATH}/${deleting.snapshotId}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    expect(await heldBy(deleting.id)).toMatchObject({ snapshots: 0, blobs: 0, objects: start });

    const leaving = await visitorWhoSignsUp();
    expect(await heldBy(leaving.id)).toMatchObject({ snapshots: 1, blobs: 24, objects: start + 24 });
    expect((await admin.post('/api/auth/admin/remove-user', { userId: leaving.id })).status).toBe(200);
    expect(await heldBy(leaving.id)).toMatchObject({ snapshots: 0, blobs: 0, objects: start });
  });
});
