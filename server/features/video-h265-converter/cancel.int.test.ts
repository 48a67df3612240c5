// Issue 29: cancelling an H.265 conversion over HTTP, with real ffmpeg, on the local store (PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set). One conversion at a time (H265_CONCURRENCY=1), so that a second one waits: a
// queued conversion ends at once; a running one has its ffmpeg killed and its files deleted, and frees the worker;
// an upload address cancelled before its conversion stops counting as a waiting upload; an ended conversion, a second
// cancel and another owner's key answer plainly.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  H265_UPLOAD_URL_PATH,
  type H265StatusResponse,
} from '../../../common/contracts/video-h265-converter';
import { makeClip } from '../../../e2e/fixtures/video-clips';
import { videoConversion } from '../../db/schema';
import { TestClient } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { MAX_WAITING_PER_OWNER } from './video-h265-converter.service';
import {
  cancel,
  conversionIdOf,
  convert,
  eventually,
  ffmpegOf,
  postAnswer,
  putAgain,
  status,
  upload,
  uploadTo,
  workDirsOf,
} from './test-helpers';

const CANCELLED = 'Conversion cancelled. The uploaded video was deleted.';

describe.each(testDatabaseKinds())('cancelling an H.265 conversion (%s, local store)', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let long: string;
  let short: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bct-h265-cancel-'));
    server = await startTestServer(kind, {
      DATA_DIR: dataDir,
      TRUSTED_PROXIES: '127.0.0.1',
      H265_CONCURRENCY: '1',
    });
    // Long enough to be caught mid-encode on a busy machine, short enough to fit the 5-minute estimate.
    long = await makeClip({ width: 1280, height: 720, seconds: 12 });
    short = await makeClip({ width: 320, height: 240, seconds: 1 });
  }, 360_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const objectFile = (key: string) => path.join(dataDir, 'storage', 'objects', ...key.split('/'));
  const rowOf = async (id: string) =>
    (await server.database.db.select().from(videoConversion).where(eq(videoConversion.id, id)))[0];
  /** The pg-boss job of a conversion: its state (`created`, `active`, `completed`, `failed`, ...). */
  const jobStateOf = async (id: string) => {
    const { rows } = await server.database.executeSql(
      `select state from pgboss.job where name = 'video-h265' and data->>'id' = $1`,
      [id],
    );
    return (rows[0] as { state?: string } | undefined)?.state;
  };
  const statusUntil = async (
    client: TestClient,
    s3Key: string,
    done: (seen: H265StatusResponse) => boolean,
  ): Promise<H265StatusResponse> => {
    let seen = await status(client, s3Key);
    await eventually(async () => done((seen = await status(client, s3Key))), 120_000);
    return seen;
  };

  it('ends a queued conversion at once, kills a running one, and frees the worker for the next', async () => {
    const owner = new TestClient(server);
    const running = await uploadTo(owner, long, { filename: 'long.mp4' });
    const runningId = conversionIdOf(running.s3Key);
    const runningAnswer = convert(owner, running.s3Key, 'long.mp4');
    const active = await statusUntil(owner, running.s3Key, (s) => s.state === 'active' && s.progress > 0);
    expect(active).toMatchObject({ state: 'active', attempts: 1 });
    expect((await ffmpegOf(runningId)).length).toBeGreaterThan(0);

    // A second conversion waits behind it (one worker).
    const queued = await uploadTo(owner, short, { filename: 'short.mp4' });
    const queuedId = conversionIdOf(queued.s3Key);
    const queuedAnswer = convert(owner, queued.s3Key, 'short.mp4');
    expect((await statusUntil(owner, queued.s3Key, (s) => s.state === 'queued')).state).toBe('queued');
    expect(existsSync(objectFile(queued.s3Key))).toBe(true);

    // Another owner's key reads as one that does not exist, and cancels nothing.
    const stranger = new TestClient(server);
    expect(await cancel(stranger, queued.s3Key)).toMatchObject({
      status: 404,
      body: { success: false, code: 'upload_not_found' },
    });
    expect(await cancel(new TestClient(server), running.s3Key)).toMatchObject({ status: 404 });
    expect((await status(owner, queued.s3Key)).state).toBe('queued');

    // Cancel the queued one: ended at once, its upload deleted and its address refused.
    expect(await cancel(owner, queued.s3Key)).toEqual({
      status: 200,
      body: { success: true, state: 'cancelled', message: CANCELLED },
      headers: expect.any(Headers) as Headers,
    });
    expect(await status(owner, queued.s3Key)).toMatchObject({ state: 'cancelled', message: CANCELLED });
    expect(await queuedAnswer).toMatchObject({
      status: 409,
      body: { success: false, code: 'conversion_cancelled', message: CANCELLED, error: CANCELLED },
    });
    expect(existsSync(objectFile(queued.s3Key))).toBe(false);
    expect(await putAgain(owner, queued, new Uint8Array(10))).toMatchObject({
      status: 403,
      code: 'link_expired',
    });
    // A second cancel, and asking for the conversion again, say it plainly.
    expect(await cancel(owner, queued.s3Key)).toMatchObject({
      status: 409,
      body: { success: false, code: 'conversion_ended', message: 'This conversion was already cancelled.' },
    });
    expect(await convert(owner, queued.s3Key, 'short.mp4')).toMatchObject({
      status: 409,
      body: { code: 'conversion_cancelled', message: CANCELLED },
    });
    // The running one was not touched by any of it.
    expect((await status(owner, running.s3Key)).state).toBe('active');

    // Cancel the running one: its ffmpeg is killed, its work folder (input and partial output) and upload deleted.
    expect((await workDirsOf(runningId)).length).toBe(1);
    expect(await cancel(owner, running.s3Key)).toMatchObject({
      status: 200,
      body: { success: true, state: 'cancelled', message: CANCELLED },
    });
    expect(await eventually(async () => (await ffmpegOf(runningId)).length === 0)).toBe(true);
    expect(await eventually(async () => (await workDirsOf(runningId)).length === 0)).toBe(true);
    expect(existsSync(objectFile(running.s3Key))).toBe(false);
    expect(await runningAnswer).toMatchObject({
      status: 409,
      body: { success: false, code: 'conversion_cancelled', message: CANCELLED },
    });
    expect(await status(owner, running.s3Key)).toMatchObject({ state: 'cancelled', message: CANCELLED });

    // Both jobs are done with (the worker found the queued one cancelled), none retried, nothing converted.
    expect(await eventually(async () => (await jobStateOf(runningId)) === 'completed')).toBe(true);
    expect(await eventually(async () => (await jobStateOf(queuedId)) === 'completed')).toBe(true);
    expect(await rowOf(runningId)).toMatchObject({ state: 'cancelled', attempts: 1, outputKey: null });
    expect(await rowOf(queuedId)).toMatchObject({ state: 'cancelled', attempts: 0, outputKey: null });

    // The one worker is free: the next conversion runs and ends.
    const next = await convert(owner, await upload(owner, short), 'next.mp4');
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  }, 300_000);

  it('stops counting a cancelled upload among the waiting uploads, deletes it and refuses its address', async () => {
    const guest = new TestClient(server);
    const ask = () =>
      postAnswer(guest, H265_UPLOAD_URL_PATH, { filename: 'w.mp4', contentType: 'video/mp4', size: 10 });
    const uploaded = await uploadTo(guest, short, { filename: 'waiting.mp4' });
    for (let i = 1; i < MAX_WAITING_PER_OWNER; i += 1) expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    expect(existsSync(objectFile(uploaded.s3Key))).toBe(true);

    expect(await cancel(guest, uploaded.s3Key)).toMatchObject({
      status: 200,
      body: { success: true, state: 'cancelled', message: CANCELLED },
    });
    expect((await status(guest, uploaded.s3Key)).state).toBe('cancelled');
    expect(existsSync(objectFile(uploaded.s3Key))).toBe(false);
    expect(await putAgain(guest, uploaded, new Uint8Array(await readFile(short)))).toMatchObject({
      status: 403,
      code: 'link_expired',
    });
    // Its place is given back.
    expect((await ask()).status).toBe(200);
  });

  it('answers plainly for a conversion that has finished or failed, and keeps its result', async () => {
    const guest = new TestClient(server);
    const done = await upload(guest, short);
    const result = await convert(guest, done);
    expect(result.status).toBe(200);
    expect(await cancel(guest, done)).toMatchObject({
      status: 409,
      body: {
        success: false,
        code: 'conversion_ended',
        message: 'This conversion has already finished, so it can no longer be cancelled.',
      },
    });
    expect((await status(guest, done)).state).toBe('done');
    expect((await fetch(new URL(String(result.body.download_url), server.url))).status).toBe(200);

    const text = path.join(dataDir, 'notes.mp4');
    await writeFile(text, 'not a video at all\n'.repeat(50));
    const failed = await upload(guest, text);
    expect((await convert(guest, failed)).status).toBe(415);
    expect(await cancel(guest, failed)).toMatchObject({
      status: 409,
      body: {
        code: 'conversion_ended',
        message: 'This conversion has already ended (it failed), so there is nothing to cancel.',
      },
    });
    expect(await status(guest, failed)).toMatchObject({
      state: 'failed',
      message: expect.any(String) as string,
    });
  });

  it('refuses a cancel without a key', async () => {
    const guest = new TestClient(server);
    expect(await postAnswer(guest, '/api/convert-h265/cancel', {})).toMatchObject({
      status: 400,
      body: { success: false, code: 'invalid_input' },
    });
  });
});
