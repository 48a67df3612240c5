// P6 (issue 17), the H.265 cloud converter, in one run against the app started as a child process (PGlite, local
// store), on clips made by Debian's ffmpeg:
//   - overhead: the service path (POST /api/convert-h265 after the upload: queue, download from the store, probe,
//     ffmpeg, store the result, answer) against the plain ffmpeg command with the same arguments and preset on the same
//     1080p clip, alternated, BENCH_RUNS times each (default 2). Goal: <= 5% overhead.
//   - estimate: the server's estimate before converting (from its calibration alone: the first three asked before any
//     conversion) against the measured conversion time, for three clips.
import { readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CONVERT_H265_PATH,
  H265_ESTIMATE_PATH,
  H265_UPLOAD_URL_PATH,
  type H265EstimateResponse,
} from '../common/contracts/convert-h265';
import type { X265Preset } from '../common/video/h265-estimate';
import { makeClip } from '../e2e/fixtures/video-clips';
import { encode, encodeArgs, findFfmpeg, probe } from '../server/features/convert-h265/ffmpeg';
import { fmt, startChildServer, type Bench, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
let address = 0;

type Caller = { ip: string; cookie: string };

async function post(
  url: string,
  body: unknown,
  caller: Caller,
): Promise<{ status: number; json: Record<string, unknown>; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': caller.ip,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  const set = res.headers.get('set-cookie');
  if (set) caller.cookie = set.split(';')[0] ?? '';
  return { status: res.status, json, ms: performance.now() - started };
}

/** Uploads as the screen does, then times the spec's conversion call alone. */
async function convertThroughService(
  base: string,
  file: string,
): Promise<{ ms: number; preset: string; encodeSeconds: number; size: number }> {
  const caller: Caller = { ip: `198.51.100.${(address += 1)}`, cookie: '' };
  const bytes = await readFile(file);
  const upload = await post(
    `${base}${H265_UPLOAD_URL_PATH}`,
    { filename: path.basename(file), contentType: 'video/mp4', size: bytes.length },
    caller,
  );
  if (upload.status !== 200) throw new Error(`upload-url ${upload.status}: ${JSON.stringify(upload.json)}`);
  const put = await fetch(new URL(String(upload.json.uploadUrl), base), {
    method: 'PUT',
    headers: upload.json.headers as Record<string, string>,
    body: new Uint8Array(bytes),
  });
  if (put.status !== 200) throw new Error(`PUT ${put.status}`);
  const answer = await post(
    `${base}${CONVERT_H265_PATH}`,
    { s3Key: upload.json.s3Key, filename: path.basename(file) },
    caller,
  );
  if (answer.status !== 200) throw new Error(`convert ${answer.status}: ${JSON.stringify(answer.json)}`);
  return {
    ms: answer.ms,
    preset: String(answer.json.preset),
    encodeSeconds: Number(answer.json.encode_seconds),
    size: Number(answer.json.converted_size),
  };
}

async function estimateOf(base: string, file: string): Promise<H265EstimateResponse> {
  const binary = await findFfmpeg(undefined);
  if (!binary) throw new Error('no ffmpeg');
  const media = await probe(binary, { path: file, container: 'mov' });
  const res = await post(
    `${base}${H265_ESTIMATE_PATH}`,
    { ...media, size: (await stat(file)).size },
    { ip: '198.51.100.250', cookie: '' },
  );
  return res.json as unknown as H265EstimateResponse;
}

async function plainFfmpeg(file: string, preset: X265Preset, dir: string): Promise<number> {
  const binary = await findFfmpeg(undefined);
  if (!binary) throw new Error('no ffmpeg');
  const media = await probe(binary, { path: file, container: 'mov' });
  const started = performance.now();
  const outcome = await encode(
    binary,
    encodeArgs({ path: file, container: 'mov' }, path.join(dir, 'plain.mp4'), preset, media),
    {
      durationSeconds: media.durationSeconds,
      timeoutMs: 600_000,
      onProgress: () => {},
    },
  );
  if (!outcome.ok) throw new Error(`plain ffmpeg: ${outcome.detail}`);
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export const p6: Bench = {
  name: 'P6 H.265 cloud converter',
  async run(): Promise<BenchRow[]> {
    const dir = await mkdtemp(path.join(tmpdir(), 'bct-bench-h265-'));
    const app = await startChildServer('server/main.ts', {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    const rows: BenchRow[] = [];
    try {
      const clips = [
        { label: '480p 20 s', file: await makeClip({ width: 854, height: 480, seconds: 20 }) },
        { label: '720p 10 s', file: await makeClip({ width: 1280, height: 720, seconds: 10 }) },
        { label: '1080p 10 s', file: await makeClip({ width: 1920, height: 1080, seconds: 10 }) },
      ];
      // Estimates first, from the calibration alone (no conversion has taught the server anything yet).
      const estimates = [];
      for (const clip of clips) estimates.push(await estimateOf(app.url, clip.file));

      // Overhead on the 1080p clip: plain ffmpeg and the service, alternated.
      const hd = clips[2];
      if (!hd) throw new Error('no clip');
      const plain: number[] = [];
      const service: number[] = [];
      let preset = '';
      let hdSize = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const through = await convertThroughService(app.url, hd.file);
        preset = through.preset;
        hdSize = through.size;
        service.push(through.ms);
        plain.push(await plainFfmpeg(hd.file, through.preset as X265Preset, dir));
      }
      const overhead = median(service) / median(plain);
      rows.push({
        bench: 'P6',
        metric: `1080p 10 s, ${preset}: plain ffmpeg vs POST /api/convert-h265 (median of ${RUNS})`,
        baseline: `${fmt(median(plain) / 1000, 2)} s`,
        candidate: `${fmt(median(service) / 1000, 2)} s`,
        ratio: median(plain) / median(service),
        note: `overhead ${fmt((overhead - 1) * 100, 1)}% (goal <= 5%); runs plain ${plain.map((ms) => fmt(ms / 1000, 1)).join('/')} s, service ${service.map((ms) => fmt(ms / 1000, 1)).join('/')} s`,
      });

      // The estimates against what the conversions took (the 1080p one measured above).
      for (const [index, clip] of clips.entries()) {
        const estimate = estimates[index];
        if (!estimate) continue;
        const converted =
          index === 2
            ? { ms: median(service), size: hdSize }
            : await convertThroughService(app.url, clip.file);
        const measured = converted.ms;
        const error = (estimate.estimateSeconds * 1000) / measured - 1;
        rows.push({
          bench: 'P6',
          metric: `estimate vs measured, ${clip.label} (${estimate.preset ?? 'refused'})`,
          baseline: `${fmt(measured / 1000, 1)} s measured`,
          candidate: `${fmt(estimate.estimateSeconds, 1)} s estimated`,
          ratio: (estimate.estimateSeconds * 1000) / measured,
          note: `error ${error >= 0 ? '+' : ''}${fmt(error * 100, 0)}%; size estimated ${fmt(estimate.estimatedSize / 1e6, 2)} MB, made ${fmt(converted.size / 1e6, 2)} MB`,
        });
      }
    } finally {
      await app.stop();
      await rm(dir, { recursive: true, force: true });
    }
    return rows;
  },
};
