// What a visitor made moves to the account they sign up for in that browser (issue 44): over HTTP against the app's
// sandbox, on both databases. A visitor takes a snapshot and resets two products' page titles (a job with a backup
// and its before-job snapshot), then signs up with the same cookie: the account lists the snapshots and the job, reads
// a snapshot's item, compares it with a snapshot of its own, previews a restore, downloads the backup and undoes the
// job; another visitor's snapshot stays that visitor's, and the old cookie (cleared by the sign-up) owns nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkEditPaths } from '../../../common/contracts/bulk-edit';
import {
  jobBackupPath,
  jobPath,
  jobResponseSchema,
  jobUndoPath,
  jobViewSchema,
} from '../../../common/contracts/jobs';
import {
  listSnapshotsResponseSchema,
  restorePreviewResponseSchema,
  snapshotDiffPath,
  snapshotDiffResponseSchema,
  snapshotItemPath,
  snapshotItemResponseSchema,
  snapshotRestorePath,
  SNAPSHOTS_PATH,
  takeSnapshotResponseSchema,
  type Snapshot,
} from '../../../common/contracts/store-history';
import { snapshotBlob, user } from '../../db/schema';
import { TestClient } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, type Json, useToolTestServer } from '../../test/store-tools';
import { VISITOR_COOKIE } from '../jobs/job-owner';
import { finishedJob, storeHistoryCalls } from './store-history.test-kit';

describe.each(testDatabaseKinds())('a visitor who signs up keeps what they made (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { storeWrite, productIds } = storeHistoryCalls(app);

  const snapshotsOf = async (client: TestClient): Promise<Snapshot[]> => {
    const res = await client.request(`${SNAPSHOTS_PATH}?storeHash=${DEMO.storeHash}`);
    expect(res.status).toBe(200);
    return listSnapshotsResponseSchema.parse(await res.json()).snapshots;
  };
  const take = async (client: TestClient, scope: string[]) => {
    const res = await client.post(SNAPSHOTS_PATH, { storeCredentials: DEMO, scope });
    expect(res.status, await res.clone().text()).toBe(202);
    const { snapshotId, job } = takeSnapshotResponseSchema.parse(await res.json());
    expect((await finishedJob(client, job.id)).state).toBe('done');
    return snapshotId;
  };
  const pageTitle = async (id: number) => {
    const { data } = await storeWrite(
      'GET',
      `/v3/catalog/products/${id}?include_fields=page_title`,
      undefined,
    );
    return (data as { page_title: string }).page_title;
  };

  it('moves the snapshots, their contents and the jobs with their backups and Undo to the new account', async () => {
    const [a = 0, b = 0] = await productIds(2);
    await storeWrite('PUT', `/v3/catalog/products/${a}`, { page_title: 'Visitor A' });
    await storeWrite('PUT', `/v3/catalog/products/${b}`, { page_title: 'Visitor B' });

    const visitor = new TestClient(app.server);
    const manual = await take(visitor, ['catalog']);
    const visitorId = visitor.cookies.get(VISITOR_COOKIE);
    expect(visitorId).toMatch(/^[a-f0-9]{32}$/);
    const started = await visitor.post(bulkEditPaths('reset-page-title').start, {
      storeCredentials: DEMO,
      targetOption: 'specific',
      targetValue: `${a}, ${b}`,
    });
    expect(started.status, await started.clone().text()).toBe(200);
    const edit = jobViewSchema.parse(((await started.json()) as { job: Json }).job);
    expect(await finishedJob(visitor, edit.id)).toMatchObject({ state: 'done', succeeded: 2 });
    expect(await pageTitle(a)).toBe('');
    const asVisitor = await snapshotsOf(visitor);
    expect(asVisitor.map((s) => s.reason).sort()).toEqual(['before-job', 'manual']);

    // Another visitor's snapshot, in another browser.
    const stranger = new TestClient(app.server);
    const strangers = await take(stranger, ['brands']);

    const signedUp = await visitor.signUp({
      name: 'Moved Visitor',
      email: `moved-${kind}@example.com`,
      password: 'a long enough password 1',
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(200);
    // The visitor id owns nothing any more: the sign-up cleared its cookie.
    expect(visitor.cookies.has(VISITOR_COOKIE)).toBe(false);
    const session = await visitor.session();
    expect(session?.user.email).toBe(`moved-${kind}@example.com`);

    // The snapshots, as the visitor left them.
    const asUser = await snapshotsOf(visitor);
    expect(asUser.map((s) => s.id).sort()).toEqual(asVisitor.map((s) => s.id).sort());
    expect(asUser.map((s) => s.id)).not.toContain(strangers);
    // Their blobs kept their objects, under the visitor's key.
    const blobs = await app.server.database.db
      .select({ keyOwner: snapshotBlob.keyOwner })
      .from(snapshotBlob)
      .where(eq(snapshotBlob.owner, `user:${session!.user.id}`));
    expect(blobs.length).toBeGreaterThan(0);
    expect(new Set(blobs.map((blob) => blob.keyOwner))).toEqual(new Set([`visitor:${visitorId}`]));

    // An item's content reads.
    const item = await visitor.request(snapshotItemPath(manual, 'product', { id: a }));
    expect(item.status, await item.clone().text()).toBe(200);
    expect(snapshotItemResponseSchema.parse(await item.json()).item.data).toMatchObject({
      id: a,
      page_title: 'Visitor A',
    });

    // A snapshot of the account's own (its address verified: snapshots need it) compares with the moved one: the
    // unchanged products' blobs are the moved ones, the two reset ones new.
    await app.server.database.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.id, session!.user.id));
    const own = await take(visitor, ['catalog']);
    const diff = await visitor.request(`${snapshotDiffPath(manual)}?against=${own}`);
    expect(diff.status, await diff.clone().text()).toBe(200);
    const changes = snapshotDiffResponseSchema.parse(await diff.json());
    expect(changes.total).toBe(2);
    expect(
      changes.changes.map((change) => ({
        id: 'id' in change.key ? change.key.id : null,
        titles: change.fields.filter((field) => field.path === 'page_title'),
      })),
    ).toEqual(
      expect.arrayContaining([
        { id: a, titles: [{ path: 'page_title', before: 'Visitor A', after: '' }] },
        { id: b, titles: [{ path: 'page_title', before: 'Visitor B', after: '' }] },
      ]),
    );

    // A restore's preview reads the moved snapshot's values.
    const preview = await visitor.post(snapshotRestorePath(manual), {
      storeCredentials: DEMO,
      preview: true,
      items: [{ kind: 'product', key: { id: a } }],
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const [previewed] = restorePreviewResponseSchema.parse(await preview.json()).preview.items;
    expect(previewed).toMatchObject({ action: 'update' });
    expect(previewed!.fields).toContainEqual({ path: 'page_title', live: '', restored: 'Visitor A' });

    // The jobs: the job answers the account (`GET /api/jobs` lists running jobs only), its backup downloads, and its
    // Undo puts the titles back.
    const job = await visitor.request(jobPath(edit.id));
    expect(job.status).toBe(200);
    expect(jobResponseSchema.parse(await job.json()).job).toMatchObject({ id: edit.id, state: 'done' });
    const backup = await visitor.request(jobBackupPath(edit.id));
    expect(backup.status).toBe(200);
    expect(await backup.json()).toMatchObject({
      jobId: edit.id,
      products: expect.arrayContaining([
        expect.objectContaining({ id: a, value: 'Visitor A' }),
        expect.objectContaining({ id: b, value: 'Visitor B' }),
      ]) as unknown,
    });
    const undone = await visitor.post(jobUndoPath(edit.id), { storeCredentials: DEMO });
    expect(undone.status, await undone.clone().text()).toBe(200);
    const undo = jobViewSchema.parse(((await undone.json()) as { job: Json }).job);
    expect(await finishedJob(visitor, undo.id)).toMatchObject({ state: 'done', succeeded: 2, failed: 0 });
    expect(await pageTitle(a)).toBe('Visitor A');
    expect(await pageTitle(b)).toBe('Visitor B');

    // The other visitor keeps theirs; the old visitor cookie, sent again, finds nothing.
    expect((await snapshotsOf(stranger)).map((s) => s.id)).toEqual([strangers]);
    const oldCookie = new TestClient(app.server);
    oldCookie.cookies.set(VISITOR_COOKIE, visitorId!);
    expect(await snapshotsOf(oldCookie)).toEqual([]);
    expect((await oldCookie.request(jobPath(edit.id))).status).toBe(404);
    expect((await stranger.request(jobPath(edit.id))).status).toBe(404);
  });

  it('moves nothing on a sign-in, nor on a sign-up without a visitor cookie', async () => {
    const account = {
      name: 'Second Browser',
      email: `second-${kind}@example.com`,
      password: 'a long enough password 2',
    };
    const fresh = new TestClient(app.server);
    expect((await fresh.signUp(account)).status).toBe(200);
    expect(await snapshotsOf(fresh)).toEqual([]);

    // A visitor in another browser signs in to that account: the visitor's snapshot stays the visitor's.
    const visitor = new TestClient(app.server);
    const kept = await take(visitor, ['brands']);
    const visitorId = visitor.cookies.get(VISITOR_COOKIE)!;
    expect((await visitor.signIn(account.email, account.password)).status).toBe(200);
    expect(await snapshotsOf(visitor)).toEqual([]);
    const asVisitor = new TestClient(app.server);
    asVisitor.cookies.set(VISITOR_COOKIE, visitorId);
    expect((await snapshotsOf(asVisitor)).map((s) => s.id)).toEqual([kept]);
  });
});
