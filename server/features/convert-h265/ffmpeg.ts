// The server's ffmpeg (issue 17): which binary (FFMPEG_PATH, else `ffmpeg` on PATH, else the one shipped in
// `@ffmpeg-installer/ffmpeg`), what it can do (libx265 and AAC are checked once), probing a file and encoding it with
// the encoder's progress. ffmpeg runs as a child process: a conversion is its own worker process, and killing it
// (or it dying) fails only that attempt.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AAC_BITRATE, X265_CRF, type X265Preset } from '../../../common/video/h265-estimate';

export type FfmpegSource = 'FFMPEG_PATH' | 'PATH' | 'npm';

export type FfmpegBinary = {
  path: string;
  source: FfmpegSource;
  /** `5.1.9-0+deb12u1`, as `-version` says. */
  version: string;
  libx265: boolean;
  aac: boolean;
  /**
   * What the encoder is started through so that it dies with this process: Linux's `setpriv --pdeathsig KILL` when
   * there (a killed app would otherwise leave its ffmpeg running: Node ignores SIGPIPE and children inherit that, so
   * the closed progress pipe does not stop it). Empty elsewhere.
   */
  launcher: string[];
};

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, envPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate) && isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function npmShipped(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const installed = require('@ffmpeg-installer/ffmpeg') as { path: string };
    if (!existsSync(installed.path)) return undefined;
    // npm 11 does not run the package's `chmod u+x` without approval: do it here.
    if (!isExecutable(installed.path)) chmodSync(installed.path, 0o755);
    return installed.path;
  } catch {
    return undefined;
  }
}

/** Runs a binary to its end; answers its exit code and output (each bounded to `maxBytes`). */
export function run(
  file: string,
  args: string[],
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const maxBytes = options.maxBytes ?? 256 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < maxBytes) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < maxBytes) stderr += chunk.toString('utf8');
    });
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The binary to use and what it can do; undefined when there is none at all. */
export async function findFfmpeg(configured: string | undefined): Promise<FfmpegBinary | undefined> {
  const candidates: { path: string; source: FfmpegSource }[] = [];
  if (configured) candidates.push({ path: configured, source: 'FFMPEG_PATH' });
  const system = onPath('ffmpeg');
  if (system) candidates.push({ path: system, source: 'PATH' });
  const shipped = npmShipped();
  if (shipped) candidates.push({ path: shipped, source: 'npm' });
  let first: FfmpegBinary | undefined;
  for (const candidate of candidates) {
    const found = await describeBinary(candidate.path, candidate.source).catch(() => undefined);
    if (!found) continue;
    if (found.libx265 && found.aac) return found;
    first ??= found;
  }
  return first;
}

async function describeBinary(file: string, source: FfmpegSource): Promise<FfmpegBinary | undefined> {
  const version = await run(file, ['-hide_banner', '-version'], { timeoutMs: 10_000 });
  if (version.code !== 0) return undefined;
  const encoders = await run(file, ['-hide_banner', '-encoders'], { timeoutMs: 10_000 });
  const match = /ffmpeg version (\S+)/.exec(version.stdout);
  return {
    path: file,
    source,
    version: match?.[1] ?? 'unknown',
    libx265: /\blibx265\b/.test(encoders.stdout),
    aac: /^\s*A\S*\s+aac\s/m.test(encoders.stdout),
    launcher: await deathSignalLauncher(),
  };
}

async function deathSignalLauncher(): Promise<string[]> {
  if (process.platform !== 'linux') return [];
  const setpriv = onPath('setpriv');
  if (!setpriv) return [];
  const works = await run(setpriv, ['--pdeathsig', 'KILL', '--', 'true'], { timeoutMs: 5_000 }).catch(
    () => null,
  );
  return works?.code === 0 ? [setpriv, '--pdeathsig', 'KILL', '--'] : [];
}

export type Probe = {
  durationSeconds: number;
  width: number;
  height: number;
  frameRate: number;
  videoCodec: string;
  audioCodec: string | null;
};

export class ProbeError extends Error {
  constructor(
    readonly kind: 'not_video' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'ProbeError';
  }
}

/**
 * What ffmpeg reads in a file's headers (`ffmpeg -i`, which every build has, unlike ffprobe): duration, the first
 * video stream's codec, size and frame rate, the first audio stream's codec.
 */
export function parseProbe(stderr: string): Probe {
  if (
    /Invalid data found when processing input|could not find codec parameters|moov atom not found/i.test(
      stderr,
    )
  ) {
    throw new ProbeError('unreadable', 'The file could not be read as a video');
  }
  const video = /Stream #\d+:\d+[^:]*: Video: ([A-Za-z0-9_]+)[^\n]*?, (\d{2,5})x(\d{2,5})[^\n]*/.exec(stderr);
  if (!video) {
    if (/Stream #\d+:\d+/.test(stderr)) throw new ProbeError('not_video', 'The file has no video stream');
    throw new ProbeError('unreadable', 'The file could not be read as a video');
  }
  const line = video[0];
  const fps = /([\d.]+) fps/.exec(line) ?? /([\d.]+) tbr/.exec(line);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const audio = /Stream #\d+:\d+[^:]*: Audio: ([A-Za-z0-9_]+)/.exec(stderr);
  const durationSeconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : 0;
  return {
    durationSeconds,
    width: Number(video[2]),
    height: Number(video[3]),
    frameRate: fps ? Math.min(240, Math.max(1, Number(fps[1]))) : 30,
    videoCodec: video[1] ?? 'unknown',
    audioCodec: audio?.[1] ?? null,
  };
}

export async function probe(binary: FfmpegBinary, file: string): Promise<Probe> {
  const result = await run(binary.path, ['-hide_banner', '-nostdin', '-i', file], { timeoutMs: 30_000 });
  const probed = parseProbe(result.stderr);
  if (!(probed.durationSeconds > 0)) throw new ProbeError('unreadable', 'The video has no duration');
  return probed;
}

/** The arguments of the conversion: libx265 with the hvc1 tag, AAC, +faststart, the encoder's progress on stdout. */
export function encodeArgs(input: string, output: string, preset: X265Preset, media: Probe): string[] {
  const even = media.width % 2 === 0 && media.height % 2 === 0;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...(even ? [] : ['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2']),
    '-c:v',
    'libx265',
    '-preset',
    preset,
    '-crf',
    String(X265_CRF),
    '-pix_fmt',
    'yuv420p',
    '-tag:v',
    'hvc1',
    '-x265-params',
    'log-level=error',
    '-c:a',
    'aac',
    '-b:a',
    String(AAC_BITRATE),
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    output,
  ];
}

export type EncodeOutcome =
  { ok: true } | { ok: false; reason: 'timeout' | 'killed' | 'failed'; detail: string };

/**
 * Encodes, reporting the share of the duration written (0-1) at most every `progressEveryMs`. Killed at `timeoutMs`
 * (the spec's 5 minutes) or when `signal` aborts.
 */
export function encode(
  binary: FfmpegBinary,
  args: string[],
  options: {
    durationSeconds: number;
    timeoutMs: number;
    onProgress: (share: number) => void;
    onStart?: (pid: number | undefined) => void;
    signal?: AbortSignal;
  },
): Promise<EncodeOutcome> {
  return new Promise((resolve) => {
    const [command = binary.path, ...prefix] = [...binary.launcher, binary.path];
    const child = spawn(command, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    options.onStart?.(child.pid);
    let stderr = '';
    let pending = '';
    let timedOut = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && options.durationSeconds > 0) {
          options.onProgress(Math.min(1, Number(match[1]) / 1e6 / options.durationSeconds));
        }
      }
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: 'failed', detail: error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      if (timedOut) resolve({ ok: false, reason: 'timeout', detail: 'the time limit was reached' });
      else if (code === 0) resolve({ ok: true });
      else if (signal) resolve({ ok: false, reason: 'killed', detail: `ffmpeg was stopped (${signal})` });
      else resolve({ ok: false, reason: 'failed', detail: lastLines(stderr) });
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ').slice(0, 400);
}
