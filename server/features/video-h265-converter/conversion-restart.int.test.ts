// Issue 17: the app process is killed (SIGKILL) in the middle of an H.265 conversion; the job is not left "active":
// it expires (H265_JOB_EXPIRE_SECONDS) and another process on the same database and store converts it, and the
// caller asking again gets the result. PostgreSQL when TEST_DATABASE_URL is set, else PGlite (one process at a time).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  CONVERT_H265_PATH,
  H265_STATUS_PATH,
  H265_UPLOAD_URL_PATH,
  type H265StatusResponse,
} from '../../../common/contracts/video-h265-converter';
import { makeClip } from '../../../e2e/fixtures/video-clips';
import { appsOnSharedState } from '../../test/apps-on-shared-state';
import { type ChildApp } from '../../test/child-server';
import { testDatabaseKinds } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { conversionIdOf } from './test-helpers';

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
    const bytes = await readFile(clip);
    const asked = await fetch(`${first.url}${H265_UPLOAD_URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filename: 'restart.mp4', contentType: 'video/mp4', size: bytes.length }),
    });
    expect(asked.status).toBe(200);
    const cookie = asked.headers.get('set-cookie')?.split(';')[0] ?? '';
    const address = (await asked.json()) as {
      uploadUrl: string;
      s3Key: string;
      headers: Record<string, string>;
    };
    const put = await fetch(new URL(address.uploadUrl, first.url), {
      method: 'PUT',
      headers: address.headers,
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    const convert = (app: ChildApp) =>
      fetch(`${app.url}${CONVERT_H265_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ s3Key: address.s3Key, filename: 'restart.mp4' }),
      });
    const statusOn = async (app: ChildApp) =>
      (await (
        await fetch(`${app.url}${H265_STATUS_PATH}?s3Key=${encodeURIComponent(address.s3Key)}`, {
          headers: { cookie },
        })
      ).json()) as H265StatusResponse;

    const lost = convert(first).catch(() => null);
    const seen = await waitFor(() => statusOn(first), {
      what: 'the first process’s encoder to report progress',
      until: (s) =>
        (s.state === 'active' && s.progress > 0) || ['done', 'failed', 'cancelled'].includes(s.state),
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(seen).toMatchObject({ state: 'active', attempts: 1 });
    await first.kill();
    expect(await lost).toBeNull();

    // The killed process's ffmpeg goes with it (its progress pipe closes).
    const id = conversionIdOf(address.s3Key);
    const orphans = await waitFor(
      () =>
        promisify(execFile)('pgrep', ['-f', `bct-h265-${id}`]).then(
          ({ stdout }) => stdout.split('\n').filter(Boolean).length,
          () => 0,
        ),
      {
        what: 'the killed process’s ffmpeg to end',
        until: (n) => n === 0,
        timeoutMs: 5_000,
        intervalMs: 100,
      },
    );
    expect(orphans).toBe(0);

    const second = await start();
    const answer = await convert(second);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(answer.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, filename: 'restart-h265.mp4' });
    const ended = await statusOn(second);
    expect(ended, JSON.stringify(ended)).toMatchObject({ state: 'done', progress: 100 });
    expect(ended.attempts).toBeGreaterThanOrEqual(2);
    const download = await fetch(new URL(String(body.download_url), second.url));
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(body.converted_size);
  }, 180_000);
});
