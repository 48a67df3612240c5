// Issue 29: a cancel that reaches another instance than the one running the conversion. Two app processes on one
// PostgreSQL database and one data folder (PGlite is one process's only, so this runs where PostgreSQL does): the
// conversion runs on one, the cancel is sent to the other, and the worker notices it from the row alone: its ffmpeg is
// killed, its work folder and upload deleted, and the caller waiting on the first instance is told it was cancelled.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERT_H265_PATH, H265_CANCEL_PATH } from '../../../common/contracts/video-h265-converter';
import { makeClip } from '../../../e2e/fixtures/video-clips';
import { appsOnSharedState } from '../../test/apps-on-shared-state';
import { testDatabaseKinds } from '../../test/harness';
import { conversionIdOf, eventually, ffmpegOf, uploadToInstance, workDirsOf } from './test-helpers';

const CANCELLED = 'Conversion cancelled. The uploaded video was deleted.';

/** The process that started `pid` (from /proc). */
async function parentOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // `pid (comm) state ppid ...`: the name may hold spaces, so read after its closing parenthesis.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'cancelling an H.265 conversion from another instance (postgres)',
  () => {
    const apps = appsOnSharedState('postgres', 'bct-h265-cancel-apps-');
    let dataDir = '';
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'bct-h265-cancel-data-'));
    });
    afterAll(async () => {
      await rm(dataDir, { recursive: true, force: true });
    });

    it('kills the ffmpeg of a conversion running on one instance when the cancel reaches the other', async () => {
      const start = () => apps.start({ DATA_DIR: dataDir, H265_CONCURRENCY: '1' });
      const [first, second] = await Promise.all([start(), start()]);
      const clip = await makeClip({ width: 1280, height: 720, seconds: 12 });
      const { s3Key, post, statusOn } = await uploadToInstance(first.url, clip, 'far.mp4');
      const id = conversionIdOf(s3Key);

      const waiting = post(first, CONVERT_H265_PATH, { s3Key, filename: 'far.mp4' });
      let seen = await statusOn(first);
      await eventually(async () => {
        seen = await statusOn(first);
        return seen.state === 'active' && seen.progress > 0;
      }, 150_000);
      expect(seen).toMatchObject({ state: 'active', attempts: 1 });

      // Whichever instance took the job, the cancel goes to the other one.
      const [pid] = await ffmpegOf(id);
      expect(pid).toBeDefined();
      const runner = await parentOf(pid!);
      expect([first.process.pid, second.process.pid]).toContain(runner);
      const other = runner === first.process.pid ? second : first;
      const cancelled = await post(other, H265_CANCEL_PATH, { s3Key });
      expect(await cancelled.json()).toEqual({ success: true, state: 'cancelled', message: CANCELLED });

      expect(await eventually(async () => (await ffmpegOf(id)).length === 0)).toBe(true);
      expect(await eventually(async () => (await workDirsOf(id)).length === 0)).toBe(true);
      expect(existsSync(path.join(dataDir, 'storage', 'objects', ...s3Key.split('/')))).toBe(false);
      const answer = await waiting;
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({ code: 'conversion_cancelled', message: CANCELLED });
      for (const app of [first, second]) {
        expect(await statusOn(app)).toMatchObject({ state: 'cancelled', attempts: 1, message: CANCELLED });
      }
    }, 360_000);
  },
);
