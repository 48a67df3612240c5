// Issue 29: a job is answered to its owner alone, on every endpoint and not only on GET. A visitor (with a cookie of
// their own, or none) and another signed-in user get 404 from the job, its progress stream, cancel, backup download,
// undo preview and undo, and from an H.265 conversion's status, cancel and result (the answer that holds the download
// address); and nothing happens: the job is not cancelled, no undo job is made, the conversion neither starts nor ends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERT_H265_PATH,
  H265_CANCEL_PATH,
  H265_STATUS_PATH,
  H265_UPLOAD_URL_PATH,
} from '../../../common/contracts/video-h265-converter';
import { bulkEditPaths } from '../../../common/contracts/bulk-edit';
import {
  isFinalJobState,
  jobBackupPath,
  jobCancelPath,
  jobEndpoints,
  jobPath,
  jobResponseSchema,
  jobUndoPreviewPath,
  type JobView,
} from '../../../common/contracts/jobs';
import { makeClip } from '../../../e2e/fixtures/video-clips';
import { job } from '../../db/schema';
import { TestClient } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { DEMO_STORE, demoControl, demoGet, resetDemoStore } from '../../test/store-tools';
import { waitFor } from '../../test/wait-for';
import { convert, status, upload } from '../video-h265-converter/test-helpers';

const PASSWORD = 'secret-1';

type Answer = { status: number; body: Record<string, unknown> };

describe.each(testDatabaseKinds())('another caller’s job (%s)', (kind) => {
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    // A data folder of its own: the H.265 uploads go to the local object store in it.
    dataDir = await mkdtemp(path.join(tmpdir(), 'bct-jobs-not-owner-'));
    server = await startTestServer(kind, { DATA_DIR: dataDir });
    await resetDemoStore(server, { quota: 100_000 });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const signedIn = async (label: string) => {
    const client = new TestClient(server);
    const res = await client.signUp({ name: label, email: `${label}@example.com`, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await client.session()).not.toBeNull();
    return client;
  };
  const answer = async (res: Response): Promise<Answer> => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  });
  const jobOf = async (client: TestClient, id: string): Promise<JobView> => {
    const res = await client.request(jobPath(id));
    expect(res.status).toBe(200);
    return jobResponseSchema.parse(await res.json()).job;
  };
  const settings = (body: Record<string, unknown>) =>
    demoControl(server, '/settings', { method: 'PUT', body: JSON.stringify({ quota: 100_000, ...body }) });

  it('answers 404 on every job endpoint to a visitor and to another user, and cancels or undoes nothing', async () => {
    const owner = await signedIn('jobs-owner');
    const start = async (body: Record<string, unknown>) => {
      const res = await owner.post(bulkEditPaths('reset-page-title').start, {
        storeCredentials: DEMO_STORE,
        ...body,
      });
      expect(res.status).toBe(200);
      return jobResponseSchema.parse(await res.json()).job;
    };

    // An ended job with a backup (so that its owner could undo it)...
    const titled = (
      await demoGet<{ data: { id: number; page_title: string }[] }>(
        server,
        '/v3/catalog/products?limit=50&include_fields=page_title',
      )
    ).data
      .filter((product) => product.page_title !== '')
      .slice(0, 3);
    expect(titled).toHaveLength(3);
    const ended = await start({ targetOption: 'specific', targetValue: titled.map((p) => p.id).join(',') });
    const done = await waitFor(() => jobOf(owner, ended.id), {
      what: 'the first job to end',
      until: (view) => isFinalJobState(view.state),
    });
    expect(done).toMatchObject({ state: 'done', backedUp: 3 });
    // ...and one still running (every product, each call slowed down).
    await settings({ latencyMs: 300 });
    const running = await start({ targetOption: 'all' });

    // The owner reaches both.
    expect((await owner.request(jobBackupPath(ended.id))).status).toBe(200);
    expect((await owner.post(jobUndoPreviewPath(ended.id), { storeCredentials: DEMO_STORE })).status).toBe(
      200,
    );

    // A visitor with a cookie of their own (made by asking for an upload address), one with none, another user.
    const visitor = new TestClient(server);
    expect(
      (await visitor.post(H265_UPLOAD_URL_PATH, { filename: 'a.mp4', contentType: 'video/mp4', size: 10 }))
        .status,
    ).toBe(200);
    expect(visitor.cookies.get('bct_visitor')).toMatch(/^[a-f0-9]{32}$/);
    const strangers = {
      visitor,
      'a caller without a cookie': new TestClient(server),
      user: await signedIn('other'),
    };

    for (const [who, stranger] of Object.entries(strangers)) {
      const notFound = { status: 404, body: { code: 'job_not_found', error: 'This job was not found' } };
      for (const id of [ended.id, running.id]) {
        // Every call as the owner would make it: the undo calls carry the job's store.
        for (const { method, path: endpoint } of jobEndpoints(id)) {
          const res =
            method === 'GET'
              ? await stranger.request(endpoint)
              : await stranger.post(endpoint, { storeCredentials: DEMO_STORE });
          const what = `${who}: ${method} ${endpoint}`;
          expect(res.headers.get('content-type'), what).toContain('application/json');
          expect(await answer(res), what).toEqual(notFound);
        }
      }
    }

    // Nothing happened: the running job goes on, the ended one is as it was, and no undo job was made.
    const stillRunning = await jobOf(owner, running.id);
    expect(['queued', 'running', 'waiting']).toContain(stillRunning.state);
    expect(await jobOf(owner, ended.id)).toEqual(done);
    expect(await server.database.db.select().from(job).where(eq(job.undoOf, ended.id))).toEqual([]);
    expect(await server.database.db.select().from(job).where(eq(job.undoOf, running.id))).toEqual([]);

    // The owner's cancel works (and lets the server stop without waiting for the whole store).
    expect((await owner.post(jobCancelPath(running.id))).status).toBe(200);
    await settings({ latencyMs: 0 });
    await waitFor(() => jobOf(owner, running.id), {
      what: 'the cancelled job to end',
      until: (view) => isFinalJobState(view.state),
    });
  });

  it('answers 404 on an H.265 conversion’s status, cancel and result to a visitor and to another user', async () => {
    const owner = await signedIn('h265-owner');
    const clip = await makeClip({ width: 320, height: 240, seconds: 1 });
    // One conversion done (asking again answers its download address), one upload not converted yet.
    const convertedKey = await upload(owner, clip);
    const converted = await convert(owner, convertedKey);
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(converted.body.download_url).toEqual(expect.any(String));
    const waitingKey = await upload(owner, clip);
    expect((await status(owner, waitingKey)).state).toBe('uploading');

    const visitor = new TestClient(server);
    await upload(visitor, clip);
    expect(visitor.cookies.get('bct_visitor')).toMatch(/^[a-f0-9]{32}$/);
    const strangers = {
      visitor,
      'a caller without a cookie': new TestClient(server),
      user: await signedIn('h265-other'),
    };

    for (const [who, stranger] of Object.entries(strangers)) {
      for (const s3Key of [convertedKey, waitingKey]) {
        const notFound = { status: 404, body: { success: false, code: 'upload_not_found' } };
        const statusAnswer = await answer(
          await stranger.request(`${H265_STATUS_PATH}?s3Key=${encodeURIComponent(s3Key)}`),
        );
        expect(statusAnswer, `${who}: status`).toMatchObject(notFound);
        expect(
          await answer(await stranger.post(H265_CANCEL_PATH, { s3Key })),
          `${who}: cancel`,
        ).toMatchObject(notFound);
        const result = await answer(await stranger.post(CONVERT_H265_PATH, { s3Key, filename: 'clip.mp4' }));
        expect(result, `${who}: the result`).toMatchObject(notFound);
        expect(result.body).not.toHaveProperty('download_url');
      }
    }

    // Nothing happened: the conversion is still done and still the owner's, the upload still waits for its owner.
    expect(await status(owner, convertedKey)).toMatchObject({ state: 'done' });
    expect(await status(owner, waitingKey)).toMatchObject({ state: 'uploading' });
    const again = await convert(owner, convertedKey);
    expect(again.status).toBe(200);
    expect(again.body.converted_size).toBe(converted.body.converted_size);
    // The first conversion measures the machine's encoder first (real encodes): minutes on a busy machine.
  }, 240_000);
});
