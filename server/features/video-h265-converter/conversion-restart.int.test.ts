// Issue 17: the app process is killed (SIGKILL) in the middle of an H.265 conversion; the job is not left "active":
// it expires (H265_JOB_EXPIRE_SECONDS) and another process on the same database and store converts it, and the
// caller asking again gets the result. PostgreSQL when TEST_DATABASE_URL is set, else PGlite (one process at a time).
import { describe, expect, it } from 'vitest';
import { CONVERT_H265_PATH } from '../../../common/contracts/video-h265-converter';
import { makeClip } from '../../../e2e/fixtures/video-clips';
import { appsOnSharedState } from '../../test/apps-on-shared-state';
import { type ChildApp } from '../../test/child-server';
import { testDatabaseKinds } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { conversionIdOf, ffmpegOf, uploadToInstance } from './test-helpers';

const kind = testDatabaseKinds().includes('postgres') ? 'postgres' : 'pglite';

describe(`an H.265 conversion when the app is killed mid-job (${kind})`, () => {
  const apps = appsOnSharedState(kind, 'bct-h265-restart-');
  const start = () =>
    apps.start({
      // Longer than the encode takes even on a loaded machine: pg-boss stops waiting for a handler at the expiry.
      H265_JOB_EXPIRE_SECONDS: '45',
      // pg-boss looks for expired jobs every 2 s, and an idle instance for unfinished work every 2.5 s.
      JOB_SLICE_EXPIRE_SECONDS: '5',
    });

  it('retries it in another process, and asking again answers the converted file', async () => {
    const first = await start();
    // Short enough to encode well inside the 45 s expiry, long enough to be killed mid-way.
    const clip = await makeClip({ width: 854, height: 480, seconds: 8 });
    const { s3Key, post, statusOn } = await uploadToInstance(first.url, clip, 'restart.mp4');
    const convert = (app: ChildApp) => post(app, CONVERT_H265_PATH, { s3Key, filename: 'restart.mp4' });

    const lost = convert(first).catch(() => null);
    const seen = await waitFor(() => statusOn(first), {
      what: 'the first process’s encoder to report progress',
      until: (s) =>
        (s.state === 'active' && s.progress > 0) || ['done', 'failed', 'cancelled'].includes(s.state),
      timeoutMs: 120_000,
      intervalMs: 100,
    });
    // Usually the first attempt; on a loaded machine an attempt may already have failed and been retried (its
    // ffmpeg killed by the machine), which the count then says. What matters is that the kill below adds one.
    expect(seen.state).toBe('active');
    expect(seen.attempts).toBeGreaterThanOrEqual(1);
    await first.kill();
    expect(await lost).toBeNull();

    // The killed process's ffmpeg goes with it (its progress pipe closes).
    const id = conversionIdOf(s3Key);
    const orphans = await waitFor(async () => (await ffmpegOf(id)).length, {
      what: 'the killed process’s ffmpeg to end',
      until: (n) => n === 0,
      intervalMs: 100,
    });
    expect(orphans).toBe(0);

    const second = await start();
    const answer = await convert(second);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(answer.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, filename: 'restart-h265.mp4' });
    const ended = await statusOn(second);
    expect(ended, JSON.stringify(ended)).toMatchObject({ state: 'done', progress: 100 });
    expect(ended.attempts).toBeGreaterThan(seen.attempts);
    const download = await fetch(new URL(String(body.download_url), second.url));
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(body.converted_size);
  });
});
