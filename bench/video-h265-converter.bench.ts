// P6 (issues 17 and 29), the H.265 cloud converter, in one run against the app started as a child process (PGlite,
// local store), on clips made by Debian's ffmpeg:
//   - overhead: the service path (POST /api/convert-h265 after the upload: queue, download from the store, probe,
//     ffmpeg, store the result, answer) against the plain ffmpeg command with the same arguments and preset on the same
//     1080p clip, alternated, BENCH_RUNS times each (default 2). Goal: <= 5% overhead.
//   - estimate: the server's estimate before uploading (POST /api/convert-h265/estimate) against the measured
//     conversion time, for three clips, on an idle machine (the estimates asked first, from the calibration alone)
//     and then on a busy one, each clip estimated then converted (the server learns as it goes). Goal: within 20%.
//     BENCH_H265_LOAD names the busy phases (comma-separated; default `ffmpeg,threads`): `ffmpeg`, another x265 encode
//     running all along in its own session (another instance, another program); `threads`, one spinning worker
//     thread per core in the bench's process (the app's own session: its own CPU-heavy work). The note gives the
//     estimate the conversion itself decided with (GET /status), made just before it encoded. Busy, each clip is
//     estimated and converted BENCH_H265_REPEAT times (default 3): the row is the run of the median error, the note
//     lists every run's (one run moves 15% from session to session). The machine's load average is in the metric.
import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  CONVERT_H265_PATH,
  H265_ESTIMATE_PATH,
  H265_STATUS_PATH,
  H265_UPLOAD_URL_PATH,
  type H265EstimateResponse,
} from '../common/contracts/video-h265-converter';
import type { X265Preset } from '../common/video/h265-estimate';
import { makeClip } from '../e2e/fixtures/video-clips';
import { encode, encodeArgs, findFfmpeg, probe } from '../server/features/video-h265-converter/ffmpeg';
import { fmt, median, startAppServer, type Bench, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const REPEAT = Math.max(1, Number(process.env.BENCH_H265_REPEAT ?? 3));
const LOADS = (process.env.BENCH_H265_LOAD ?? 'ffmpeg,threads')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '' && name !== 'idle');
let address = 0;

type Caller = { ip: string; cookie: string };

/**
 * A JSON POST through `node:http`, not `fetch`: a busy conversion answers after several minutes, and `fetch` (undici)
 * gives up on a response whose headers take more than 300 s (`UND_ERR_HEADERS_TIMEOUT`, which ended the busy run of
 * issue 29's P6). This request waits as long as the server takes.
 */
async function post(
  url: string,
  body: unknown,
  caller: Caller,
): Promise<{ status: number; json: Record<string, unknown>; ms: number }> {
  const started = performance.now();
  const payload = JSON.stringify(body);
  const { status, text, setCookie } = await new Promise<{ status: number; text: string; setCookie?: string }>(
    (resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-forwarded-for': caller.ip,
            ...(caller.cookie ? { cookie: caller.cookie } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              setCookie: res.headers['set-cookie']?.[0],
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
  const json = JSON.parse(text) as Record<string, unknown>;
  if (setCookie) caller.cookie = setCookie.split(';')[0] ?? '';
  return { status, json, ms: performance.now() - started };
}

type Converted = {
  ms: number;
  preset: string;
  encodeSeconds: number;
  size: number;
  /** The estimate the conversion decided its preset with (GET /status). */
  decidedSeconds: number | null;
  /** Ended: `timeout` stopped at the limit (its estimate was too short), `refused` before encoding (too long). */
  outcome: 'done' | 'timeout' | 'refused';
};

/** Uploads as the screen does, then times the spec's conversion call alone. */
async function convertThroughService(base: string, file: string): Promise<Converted> {
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
  // A conversion stopped at the time limit (its estimate was too short) is a result too.
  const code = answer.status === 200 ? 'done' : answer.json.code;
  if (code !== 'done' && code !== 'conversion_timeout' && code !== 'conversion_too_long') {
    throw new Error(`convert ${answer.status}: ${JSON.stringify(answer.json)}`);
  }
  // The estimate the conversion decided its preset with, just before encoding.
  const status = await fetch(
    `${base}${H265_STATUS_PATH}?s3Key=${encodeURIComponent(String(upload.json.s3Key))}`,
    {
      headers: { 'x-forwarded-for': caller.ip, cookie: caller.cookie },
    },
  );
  const decided = status.ok
    ? ((await status.json()) as { estimateSeconds?: number | null; preset?: string | null })
    : {};
  return {
    ms: answer.ms,
    preset: typeof answer.json.preset === 'string' ? answer.json.preset : (decided.preset ?? 'none'),
    encodeSeconds: Number(answer.json.encode_seconds ?? 0),
    size: Number(answer.json.converted_size ?? 0),
    decidedSeconds: decided.estimateSeconds ?? null,
    outcome: code === 'done' ? 'done' : code === 'conversion_timeout' ? 'timeout' : 'refused',
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

/**
 * How long the plain encode would take, from its first `capSeconds` (what a refused video would have taken: its share
 * done in that time, extrapolated).
 */
async function plainFfmpegExtrapolated(
  file: string,
  preset: X265Preset,
  dir: string,
  capSeconds: number,
): Promise<number> {
  const binary = await findFfmpeg(undefined);
  if (!binary) throw new Error('no ffmpeg');
  const media = await probe(binary, { path: file, container: 'mov' });
  const started = performance.now();
  let done = { share: 0, ms: 0 };
  const outcome = await encode(
    binary,
    encodeArgs({ path: file, container: 'mov' }, path.join(dir, 'plain.mp4'), preset, media),
    {
      durationSeconds: media.durationSeconds,
      timeoutMs: capSeconds * 1000,
      onProgress: (share) => {
        done = { share, ms: performance.now() - started };
      },
    },
  );
  if (outcome.ok) return performance.now() - started;
  if (done.share <= 0) throw new Error(`plain ffmpeg: ${outcome.detail}`);
  return done.ms / done.share;
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

/** Starts a busy phase's load; answers how to stop it. */
async function startLoad(kind: string, file: string): Promise<() => Promise<void>> {
  if (kind === 'ffmpeg') {
    const binary = await findFfmpeg(undefined);
    if (!binary) throw new Error('no ffmpeg');
    // Another x265 encode, looping over its input for as long as the phase lasts, in a session of its own.
    const child = spawn(
      binary.path,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-stream_loop', '-1', '-i', file],
        ...['-c:v', 'libx265', '-preset', 'medium', '-x265-params', 'log-level=error', '-f', 'null', '-'],
      ],
      { detached: true, stdio: 'ignore' },
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return async () => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    };
  }
  if (kind === 'threads') {
    const workers = Array.from(
      { length: availableParallelism() },
      () => new Worker('for (;;) {}', { eval: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    };
  }
  throw new Error(`BENCH_H265_LOAD: unknown load ${kind} (ffmpeg, threads)`);
}

type Clip = { label: string; file: string };

/** The machine's load average over the last minute, for the metric (other work on the machine skews the numbers). */
const load1 = () => `load ${fmt(loadavg()[0] ?? 0, 1)}`;

/** Of several runs of one clip, the run of the median error, the others' errors in its note. */
function medianRow(runs: BenchRow[]): BenchRow {
  const sorted = [...runs].sort((a, b) => a.ratio - b.ratio);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('no runs');
  if (runs.length === 1) return middle;
  const errors = runs.map((run) => `${run.ratio >= 1 ? '+' : ''}${fmt((run.ratio - 1) * 100, 0)}%`);
  return {
    ...middle,
    metric: `${middle.metric}, median of ${runs.length}`,
    note: `runs ${errors.join(' ')}; median: ${middle.note ?? ''}`,
  };
}

/** One row: the estimate asked before uploading against the conversion's time (and the one it decided with). */
function estimateRow(
  phase: string,
  clip: Clip,
  estimate: H265EstimateResponse,
  converted: Converted,
): BenchRow {
  const measured = converted.ms;
  const error = (estimate.estimateSeconds * 1000) / measured - 1;
  const percent = (value: number) => `${value >= 0 ? '+' : ''}${fmt(value * 100, 0)}%`;
  const decided =
    converted.decidedSeconds === null
      ? ''
      : `; decided ${converted.preset} at ${fmt(converted.decidedSeconds, 0)} s (${percent((converted.decidedSeconds * 1000) / measured - 1)})`;
  return {
    bench: 'P6',
    metric: `${phase}: estimate vs measured, ${clip.label} (${estimate.preset ?? 'refused'}; ${load1()})`,
    baseline: `${fmt(measured / 1000, 1)} s measured`,
    candidate: `${fmt(estimate.estimateSeconds, 1)} s estimated`,
    ratio: (estimate.estimateSeconds * 1000) / measured,
    note: `${converted.outcome === 'timeout' ? 'TIMED OUT at the limit; ' : ''}error ${percent(error)}${decided}; size estimated ${fmt(estimate.estimatedSize / 1e6, 2)} MB, made ${fmt(converted.size / 1e6, 2)} MB`,
  };
}

/**
 * A video refused up front (its estimate at the fastest preset over the limit): that estimate against the plain
 * encode at ultrafast, extrapolated from its first 90 s.
 */
async function refusedRow(
  phase: string,
  clip: Clip,
  estimate: H265EstimateResponse,
  converted: Converted,
  dir: string,
): Promise<BenchRow> {
  const measured = await plainFfmpegExtrapolated(clip.file, 'ultrafast', dir, 90);
  const decided = converted.decidedSeconds ?? estimate.fastestSeconds;
  const error = (decided * 1000) / measured - 1;
  return {
    bench: 'P6',
    metric: `${phase}: refused, fastest estimate vs plain ultrafast, ${clip.label} (${load1()})`,
    baseline: `${fmt(measured / 1000, 1)} s extrapolated`,
    candidate: `${fmt(decided, 1)} s estimated`,
    ratio: (decided * 1000) / measured,
    note: `error ${error >= 0 ? '+' : ''}${fmt(error * 100, 0)}% (the estimate the conversion refused with; before uploading: ${estimate.preset ?? 'refused'}, fastest ${fmt(estimate.fastestSeconds, 0)} s)`,
  };
}

export const p6: Bench = {
  name: 'P6 H.265 cloud converter',
  async run(): Promise<BenchRow[]> {
    const app = await startAppServer({ TRUSTED_PROXIES: '127.0.0.1' }, 'bct-bench-h265-');
    const dir = app.dataDir;
    const rows: BenchRow[] = [];
    try {
      const clips: Clip[] = [
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
      let hdConverted: Converted | undefined;
      for (let run = 0; run < RUNS; run += 1) {
        const through = await convertThroughService(app.url, hd.file);
        hdConverted ??= through;
        service.push(through.ms);
        plain.push(await plainFfmpeg(hd.file, through.preset as X265Preset, dir));
      }
      const overhead = median(service) / median(plain);
      rows.push({
        bench: 'P6',
        metric: `1080p 10 s, ${hdConverted?.preset ?? ''}: plain ffmpeg vs POST /api/convert-h265 (median of ${RUNS})`,
        baseline: `${fmt(median(plain) / 1000, 2)} s`,
        candidate: `${fmt(median(service) / 1000, 2)} s`,
        ratio: median(plain) / median(service),
        note: `overhead ${fmt((overhead - 1) * 100, 1)}% (goal <= 5%); runs plain ${plain.map((ms) => fmt(ms / 1000, 1)).join('/')} s, service ${service.map((ms) => fmt(ms / 1000, 1)).join('/')} s`,
      });

      // The idle estimates against what the conversions took (the 1080p one measured above: its median).
      for (const [index, clip] of clips.entries()) {
        const estimate = estimates[index];
        if (!estimate) continue;
        const converted =
          index === 2 && hdConverted
            ? { ...hdConverted, ms: median(service) }
            : await convertThroughService(app.url, clip.file);
        rows.push(
          converted.outcome === 'refused'
            ? await refusedRow('idle', clip, estimate, converted, dir)
            : estimateRow('idle', clip, estimate, converted),
        );
        console.error(JSON.stringify(rows.at(-1)));
      }

      // Busy: each clip estimated, then converted, while the load runs.
      for (const kind of LOADS) {
        const stop = await startLoad(kind, hd.file);
        try {
          for (const clip of clips) {
            const runs: BenchRow[] = [];
            for (let repeat = 0; repeat < REPEAT; repeat += 1) {
              const estimate = await estimateOf(app.url, clip.file);
              const converted = await convertThroughService(app.url, clip.file);
              runs.push(
                converted.outcome === 'refused'
                  ? await refusedRow(`busy (${kind})`, clip, estimate, converted, dir)
                  : estimateRow(`busy (${kind})`, clip, estimate, converted),
              );
              console.error(JSON.stringify(runs.at(-1)));
            }
            rows.push(medianRow(runs));
          }
        } finally {
          await stop();
        }
      }
    } finally {
      await app.stop();
    }
    return rows;
  },
};
