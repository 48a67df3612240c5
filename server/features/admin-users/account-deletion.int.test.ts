// Deleting an account deletes what it kept (issue 41, point 6): its snapshots, their items and blobs (rows and objects),
// its jobs with their backups, its agent's tokens; another user's snapshots of the same store stay; the audit log keeps
// the fact.
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

  /** What the database and the object store hold for an owner. */
  const heldBy = async (userId: string) => {
    const { db } = server.database;
    const owner = `user:${userId}`;
    const snapshots = await db.select().from(storeSnapshot).where(eq(storeSnapshot.owner, owner));
    const items = snapshots.length
      ? await db.select().from(snapshotItem).where(eq(snapshotItem.snapshotId, snapshots[0]!.id))
      : [];
    const objects = (await readdir(path.join(dataDir, 'storage', 'objects', 'snapshots'), {
      recursive: true,
    }).catch(() => [])) as string[];
    return {
      snapshots: snapshots.length,
      items: items.length,
      blobs: (await db.select().from(snapshotBlob).where(eq(snapshotBlob.owner, owner))).length,
      jobs: (await db.select().from(job).where(eq(job.owner, owner))).length,
      tokens: (await db.select().from(accessToken).where(eq(accessToken.userId, userId))).length,
      objects: objects.filter((name) => name.endsWith('.json.gz')).length,
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
});
