// Issue 17: the H.265 cloud converter over HTTP with real ffmpeg on generated clips, on the local store (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set) and on S3 (s3rver on loopback): the spec's calls and messages, the output
// read back by ffprobe, keys bound to their owner, rate limits per role, a worker killed mid-job.
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  H265_ESTIMATE_PATH,
  H265_MAX_BYTES,
  H265_UPLOAD_URL_PATH,
  fileTooLargeMessage,
  type ConvertH265Result,
} from '../../../common/contracts/video-h265-converter';
import { healthResponseSchema } from '../../../common/contracts/health';
import { SAFETY, secondsAt, X265_PRESETS, type X265Preset } from '../../../common/video/h265-estimate';
import { mediaToolPath } from '../../../e2e/fixtures/media-tools';
import { makeClip, probe } from '../../../e2e/fixtures/video-clips';
import { videoConversion } from '../../db/schema';
import { TestClient } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { s3Env, startS3rver, type RunningS3rver } from '../../test/s3rver';
import { waitFor } from '../../test/wait-for';
import {
  conversionIdOf,
  convert,
  killFfmpegOf,
  postAnswer,
  putAgain,
  status,
  upload,
  uploadTo,
} from './test-helpers';

const PASSWORD = 'secret-1';

describe.each(testDatabaseKinds())('H.265 cloud converter (%s, local store)', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let clip: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bct-h265-test-'));
    server = await startTestServer(kind, { DATA_DIR: dataDir, TRUSTED_PROXIES: '127.0.0.1' });
    clip = await makeClip({ width: 320, height: 240, seconds: 2 });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reports its ffmpeg in the health report', async () => {
    // Its first answer waits for the binary to be found, longer than the report's 2 s per check on a busy machine.
    const body = await waitFor(
      async () => healthResponseSchema.parse(await (await server.request('/api/health')).json()),
      {
        what: 'the ffmpeg check to answer',
        until: (report) => !/^no answer within/.test(report.components.ffmpeg?.detail ?? ''),
        intervalMs: 500,
      },
    );
    expect(body.components.ffmpeg?.status).toBe('up');
    expect(body.components.ffmpeg?.detail).toMatch(
      /^ffmpeg \S+ \((FFMPEG_PATH|PATH|npm): \/\S+; libx265, aac(; an old build \(\d{4}\))?; address space 3072 MB per ffmpeg \(prlimit --as\)\)$/,
    );
  });

  it('converts a guest’s video to x265 + AAC with the hvc1 tag, and the link downloads it', async () => {
    const guest = new TestClient(server);
    const s3Key = await upload(guest, clip, { filename: 'My clip.mp4' });
    expect(s3Key).toMatch(/^h265\/uploads\/[0-9a-f-]{36}\/My-clip\.mp4$/);
    const before = Date.now();
    const answer = await convert(guest, s3Key, 'My clip.mp4');
    expect(answer.status).toBe(200);
    const body = answer.body as ConvertH265Result;
    expect(body.success).toBe(true);
    expect(body.message).toBe('Video converted to H.265 successfully');
    expect(body.filename).toBe('My clip-h265.mp4');
    expect(body.preset).toBe('medium');
    const expires = Date.parse(body.expires_at);
    expect(expires - before).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    // Same-origin addresses (issue 27): the page uses them wherever it was opened, whatever PUBLIC_URL says.
    expect(body.download_url).toMatch(/^\/api\/storage\/download\/h265\/converted\//);
    const download = await fetch(new URL(body.download_url, server.url));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('My clip-h265.mp4');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(body.converted_size);
    expect(body.original_size).toBe(statSync(clip).size);
    expect(body.compression_ratio).toBe(
      Math.round((1 - body.converted_size / body.original_size) * 1000) / 10,
    );
    const file = path.join(dataDir, 'downloaded.mp4');
    await writeFile(file, bytes);
    const probed = await probe(file);
    const video = probed.streams.find((s) => s.codec_type === 'video');
    const audio = probed.streams.find((s) => s.codec_type === 'audio');
    expect(video).toMatchObject({ codec_name: 'hevc', codec_tag_string: 'hvc1', width: 320, height: 240 });
    expect(audio?.codec_name).toBe('aac');
    expect(probed.duration).toBeGreaterThan(1.9);
    expect(probed.duration).toBeLessThan(2.2);

    // The upload is gone once converted; asking again answers the same result (not a second conversion).
    const again = await convert(guest, s3Key, 'My clip.mp4');
    expect(again.status).toBe(200);
    expect(again.body.converted_size).toBe(body.converted_size);
    expect((await status(guest, s3Key)).state).toBe('done');
  });

  it('answers the spec’s messages for bad files, and a key to its owner only', async () => {
    const guest = new TestClient(server);
    const notVideo = await postAnswer(guest, H265_UPLOAD_URL_PATH, {
      filename: 'a.png',
      contentType: 'image/png',
      size: 10,
    });
    expect(notVideo).toMatchObject({
      status: 400,
      body: { error: 'Please select a video file', code: 'not_video' },
    });
    const big = H265_MAX_BYTES + 5 * 1024 * 1024;
    const tooBig = await postAnswer(guest, H265_UPLOAD_URL_PATH, {
      filename: 'a.mp4',
      contentType: 'video/mp4',
      size: big,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(fileTooLargeMessage(big));
    expect(tooBig.body.message).toBe('File too large. Maximum size is 100MB. Your file is 105.00MB.');

    // A key never given out, another visitor's key, a key not uploaded yet.
    const forged = await convert(guest, 'h265/uploads/00000000-0000-4000-8000-000000000000/x.mp4');
    expect(forged).toMatchObject({ status: 404, body: { success: false, code: 'upload_not_found' } });
    const owner = new TestClient(server);
    const ownersKey = await upload(owner, clip);
    const stolen = await convert(guest, ownersKey);
    expect(stolen).toMatchObject({ status: 404, body: { code: 'upload_not_found' } });
    expect(
      (await guest.request(`/api/convert-h265/status?s3Key=${encodeURIComponent(ownersKey)}`)).status,
    ).toBe(404);
    // A poll without a key is refused by the status query's schema, in the converter's failure shape.
    const keyless = await guest.request('/api/convert-h265/status');
    expect(keyless.status).toBe(400);
    expect(await keyless.json()).toMatchObject({ success: false, message: 's3Key is required' });
    // A visitor with a cookie of their own, and a caller with none, alike.
    await upload(guest, clip);
    expect(await convert(guest, ownersKey)).toMatchObject({
      status: 404,
      body: { code: 'upload_not_found' },
    });
    expect((await convert(new TestClient(server), ownersKey)).status).toBe(404);
    const address = await postAnswer(owner, H265_UPLOAD_URL_PATH, {
      filename: 'b.mp4',
      contentType: 'video/mp4',
      size: 10,
    });
    const notUploaded = await convert(owner, String(address.body.s3Key));
    expect(notUploaded).toMatchObject({ status: 409, body: { code: 'upload_missing' } });

    // Not a video inside (text), and a file with sound only.
    const textFile = path.join(dataDir, 'notes.mp4');
    await writeFile(textFile, 'these are not the frames you are looking for\n'.repeat(100));
    const unreadable = await convert(owner, await upload(owner, textFile));
    expect(unreadable).toMatchObject({
      status: 415,
      body: { success: false, code: 'video_format_unsupported' },
    });
    expect(unreadable.body.message).toBe(
      'This file is not in a video format the converter accepts. Please upload an MP4, MOV, M4V, 3GP, WebM, MKV, AVI, MPEG-TS, MPEG, FLV or Ogg video.',
    );
    // An MP4 cut short: the container is known, its contents cannot be read.
    const cut = path.join(dataDir, 'cut.mp4');
    await writeFile(cut, (await readFile(clip)).subarray(0, 2000));
    const damaged = await convert(owner, await upload(owner, cut));
    expect(damaged).toMatchObject({ status: 422, body: { success: false, code: 'video_unreadable' } });
    expect(damaged.body.message).toMatch(/^The video could not be read/);
    const soundOnly = path.join(dataDir, 'tone.m4a');
    await promisify(execFile)(mediaToolPath('ffmpeg'), [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine', '-t', '1', '-c:a', 'aac', soundOnly],
    ]);
    const audioOnly = await convert(owner, await upload(owner, soundOnly));
    expect(audioOnly).toMatchObject({
      status: 400,
      body: { message: 'Please select a video file', code: 'not_video' },
    });
  });

  it('refuses playlists and lists that name the server’s files, and never converts those files (issue 26)', async () => {
    const guest = new TestClient(server);
    // A media file on the server that the playlists point at, by its path and through /proc/self/cwd.
    const target = await makeClip({ width: 160, height: 120, seconds: 1 });
    const viaCwd = `/proc/self/cwd/${path.relative(process.cwd(), target)}`;
    const lists = {
      'holiday.mp4': `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:1.0,\n${target}\n#EXT-X-ENDLIST\n`,
      'beach.mp4': `#EXTM3U\n#EXTINF:1.0,\n${viaCwd}\n#EXT-X-ENDLIST\n`,
      'party.mov': `ffconcat version 1.0\nfile '${target}'\n`,
    };
    for (const [name, text] of Object.entries(lists)) {
      const file = path.join(dataDir, `list-${name}`);
      await writeFile(file, text);
      const address = await uploadTo(guest, file, { filename: name });
      const answer = await convert(guest, address.s3Key, name);
      expect(answer, name).toMatchObject({
        status: 415,
        body: { success: false, code: 'video_format_unsupported' },
      });
      expect(answer.body.message).toBe(
        'This file is a playlist or a list of other files, not a video. Please upload the video file itself (MP4, MOV, M4V, 3GP, WebM, MKV, AVI, MPEG-TS, MPEG, FLV or Ogg).',
      );
      expect(answer.body.download_url).toBeUndefined();
      // The failed upload is deleted at once, and its address cannot store another file (issue 26, point 11).
      const [row] = await server.database.db
        .select()
        .from(videoConversion)
        .where(eq(videoConversion.uploadKey, address.s3Key));
      expect(row).toMatchObject({ state: 'failed', outputKey: null });
      expect(existsSync(path.join(dataDir, 'storage', 'objects', ...address.s3Key.split('/')))).toBe(false);
      expect(await putAgain(guest, address, new Uint8Array(10))).toMatchObject({
        status: 403,
        code: 'link_expired',
        error: 'This upload link has already been used. Please ask for a new one.',
      });
    }
  });

  it('refuses frames larger than 4K before decoding them (issue 26)', async () => {
    const guest = new TestClient(server);
    // Two 8200 x 8200 PNG frames in Matroska: 96 KB on disk, 200 MB a frame once decoded.
    const bomb = path.join(dataDir, 'frames.mkv');
    await promisify(execFile)(mediaToolPath('ffmpeg'), [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=8200x8200:r=2:d=1'],
      ...['-frames:v', '2', '-c:v', 'png', '-pix_fmt', 'gray', bomb],
    ]);
    const address = await uploadTo(guest, bomb, { filename: 'frames.mkv', contentType: 'video/x-matroska' });
    const answer = await convert(guest, address.s3Key, 'frames.mkv');
    expect(answer).toMatchObject({ status: 422, body: { success: false, code: 'video_frame_too_large' } });
    expect(answer.body.message).toBe(
      'This video is 8200 × 8200 pixels; the converter accepts at most 4096 pixels on a side and 4096 × 2304 in all (4K). Please lower its resolution.',
    );
  });

  it('refuses a new upload to an address whose conversion has started or ended (issue 26)', async () => {
    const guest = new TestClient(server);
    const address = await uploadTo(guest, clip, { filename: 'once.mp4' });
    expect((await convert(guest, address.s3Key, 'once.mp4')).status).toBe(200);
    expect(await putAgain(guest, address, new Uint8Array(await readFile(clip)))).toMatchObject({
      status: 403,
      code: 'link_expired',
    });
  });

  it('estimates before uploading: a preset that fits, or none for a video too long for 5 minutes', async () => {
    const guest = new TestClient(server);
    const media = { durationSeconds: 10, width: 1280, height: 720 };
    const short = await postAnswer(guest, H265_ESTIMATE_PATH, { ...media, size: 5_000_000 });
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ limitSeconds: 300 });
    // The best preset that fits by the speeds the answer gives (this machine's, under its load now): `medium` on an idle
    // machine, a faster one on a machine busy with other work (issue 43: beside a second `npm test` the speed model
    // measured the load and answered `veryfast`). The speeds are rounded to 0.1, so each side is judged with the
    // rounding in its disfavour: the chosen preset fits at its speed + 0.05, every better one misses at its speed - 0.05.
    const speeds = short.body.speeds as Record<string, number>;
    const fits = (speed: number) => secondsAt({ ...media, sizeBytes: 5_000_000 }, speed) * SAFETY <= 300;
    const chosen = X265_PRESETS.indexOf(short.body.preset as X265Preset);
    expect(chosen, JSON.stringify(short.body)).toBeGreaterThanOrEqual(0);
    expect(fits(speeds[X265_PRESETS[chosen]!]! + 0.05), JSON.stringify(short.body)).toBe(true);
    for (const better of X265_PRESETS.slice(0, chosen)) {
      expect(fits(Math.max(0.01, speeds[better]! - 0.05)), `${better}: ${JSON.stringify(short.body)}`).toBe(
        false,
      );
    }
    expect(Number(short.body.estimateSeconds)).toBeGreaterThan(1);
    expect(Number(short.body.estimatedSize)).toBeGreaterThan(100_000);
    expect(Number(short.body.estimatedSize)).toBeLessThan(5_000_000);
    const long = await postAnswer(guest, H265_ESTIMATE_PATH, {
      durationSeconds: 3 * 3600,
      width: 3840,
      height: 2160,
      size: 90_000_000,
    });
    expect(long.body.preset).toBeNull();
    expect(Number(long.body.fastestSeconds)).toBeGreaterThan(300);
  });

  it('counts 3 conversions per 5 minutes for a guest’s address, then answers 429 with Retry-After', async () => {
    const ip = '198.51.100.7';
    const first = new TestClient(server, { ip });
    for (let i = 0; i < 3; i += 1) expect((await convert(first, await upload(first, clip))).status).toBe(200);
    // Another visitor (a new cookie) from the same address shares the address's limit.
    const second = new TestClient(server, { ip });
    const refused = await convert(second, await upload(second, clip));
    expect(refused).toMatchObject({
      status: 429,
      body: { success: false, message: 'Rate limit exceeded. Please try again later.' },
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // Another address is not limited by it.
    const elsewhere = new TestClient(server, { ip: '198.51.100.8' });
    expect((await convert(elsewhere, await upload(elsewhere, clip))).status).toBe(200);
  });

  it('counts 10 conversions per 5 minutes for a logged-in user, wherever they are', async () => {
    const user = new TestClient(server, { ip: '198.51.100.20' });
    expect(
      (await user.signUp({ name: 'Hevc', email: `hevc-${kind}@example.com`, password: PASSWORD })).status,
    ).toBe(200);
    const tiny = await makeClip({ width: 160, height: 120, seconds: 1 });
    for (let i = 0; i < 10; i += 1) {
      const answer = await convert(user, await upload(user, tiny));
      expect(answer.status, String(answer.body.message)).toBe(200);
    }
    const refused = await convert(user, await upload(user, tiny));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('retries a conversion whose ffmpeg was killed mid-job, and shows the encoder’s progress', async () => {
    const guest = new TestClient(server, { ip: '198.51.100.30' });
    const longer = await makeClip({ width: 1280, height: 720, seconds: 6 });
    const s3Key = await upload(guest, longer);
    const id = conversionIdOf(s3Key);
    const pending = convert(guest, s3Key);
    const seen = await waitFor(() => status(guest, s3Key), {
      what: 'the encoder to report progress',
      until: (s) =>
        (s.state === 'active' && s.progress > 0) || ['done', 'failed', 'cancelled'].includes(s.state),
      // A net for a busy machine (issue 43): x265's first progress line took more than 20 s beside other work.
      timeoutMs: 120_000,
      intervalMs: 100,
    });
    expect(seen.state).toBe('active');
    expect(seen.progress).toBeGreaterThan(0);
    expect(seen.progress).toBeLessThan(100);
    // The preset chosen for this machine's speed now (issue 43: `medium` when idle, a faster one under heavy load).
    expect(X265_PRESETS).toContain(seen.preset);
    expect(seen.secondsLeft).not.toBeNull();
    expect(await killFfmpegOf(id)).toBeGreaterThan(0);
    const answer = await pending;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await server.database.db.select().from(videoConversion).where(eq(videoConversion.id, id));
    expect(row?.attempts).toBe(2);
    expect(row?.state).toBe('done');
  }, 360_000);
});

describe('H.265 cloud converter on S3 (s3rver)', () => {
  const BUCKET = 'bct-h265';
  let s3rver: RunningS3rver;
  let dir: string;
  let endpoint: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bct-h265-s3-'));
    s3rver = await startS3rver(BUCKET, path.join(dir, 'bucket'));
    endpoint = s3rver.endpoint;
    server = await startTestServer('pglite', { DATA_DIR: dir, ...s3Env(BUCKET, endpoint) });
  });
  afterAll(async () => {
    await server?.stop();
    await s3rver?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads to the bucket, converts from it and links the result in it', async () => {
    const guest = new TestClient(server);
    const clip = await makeClip({ width: 320, height: 240, seconds: 2 });
    const address = await postAnswer(guest, H265_UPLOAD_URL_PATH, {
      filename: 'bucket.mp4',
      contentType: 'video/mp4',
      size: statSync(clip).size,
    });
    expect(String(address.body.uploadUrl).startsWith(`${endpoint}/${BUCKET}/h265/uploads/`)).toBe(true);
    const s3Key = await upload(guest, clip, { filename: 'bucket.mp4' });
    const answer = await convert(guest, s3Key, 'bucket.mp4');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const url = String(answer.body.download_url);
    expect(url.startsWith(`${endpoint}/${BUCKET}/h265/converted/`)).toBe(true);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    const file = path.join(dir, 'from-bucket.mp4');
    await writeFile(file, Buffer.from(await download.arrayBuffer()));
    const probed = await probe(file);
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'hevc',
      codec_tag_string: 'hvc1',
    });
    expect(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    // The upload left the bucket once converted.
    const head = await fetch(`${endpoint}/${BUCKET}/${s3Key}`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });
});
