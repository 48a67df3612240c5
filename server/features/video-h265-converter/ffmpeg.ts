// The server's ffmpeg (issue 17): which binary (FFMPEG_PATH, else the newest of `ffmpeg` on PATH and the one shipped in
// `@ffmpeg-installer/ffmpeg`, which is a 2018 build), what it can do (libx265 and AAC are checked once), probing a file
// and encoding it with the encoder's progress. ffmpeg runs as a child process: a conversion is its own worker process,
// and killing it (or it dying) fails only that attempt. Uploads are untrusted (issue 26): ffmpeg is always told the
// container (`container.ts`), may open only files (`-protocol_whitelist file`), and runs under an address-space limit.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { AAC_BITRATE, X265_CRF, type X265Preset } from '../../../common/video/h265-estimate';
import { npmShippedBinary, onPath } from '../../executables';
import type { VideoContainer } from './container';

export type FfmpegSource = 'FFMPEG_PATH' | 'PATH' | 'npm';

export type FfmpegBinary = {
  path: string;
  source: FfmpegSource;
  /** `5.1.9-0+deb12u1`, as `-version` says. */
  version: string;
  /** The last year of its copyright line (`2000-2018`): how old the build is, whatever its version scheme. */
  buildYear: number | null;
  libx265: boolean;
  aac: boolean;
  /**
   * What the encoder is started through so that it dies with this process: Linux's `setpriv --pdeathsig KILL` when
   * there (a killed app would otherwise leave its ffmpeg running: Node ignores SIGPIPE and children inherit that, so
   * the closed progress pipe does not stop it), then through `prlimit --as` (the memory bound). Empty elsewhere.
   */
  launcher: string[];
  /** What bounds the memory of each ffmpeg run, as the health report says it; null when nothing does. */
  memoryBound: string | null;
};

/** Builds from before this year are reported as old (the npm-shipped one is from 2018). */
export const OLD_BUILD_BEFORE_YEAR = 2022;

export function isOldBuild(binary: Pick<FfmpegBinary, 'buildYear'>): boolean {
  return binary.buildYear === null || binary.buildYear < OLD_BUILD_BEFORE_YEAR;
}

export type FindOptions = {
  /** The address-space limit of each ffmpeg run (issue 26: a small upload must not take all the memory). */
  memoryLimitBytes?: number;
};

const npmShipped = () => npmShippedBinary('@ffmpeg-installer/ffmpeg');

/**
 * ffmpeg's environment: glibc's malloc keeps one arena per thread (64 MB of address space each), which an
 * address-space limit would count; two are plenty for one encode (4K medium measured at 1.5 GB resident, under 2 GB of
 * address space with two arenas).
 */
function childEnv(): NodeJS.ProcessEnv {
  return { ...process.env, MALLOC_ARENA_MAX: '2' };
}

/**
 * Kills `child` (SIGKILL) once `timeoutMs` have passed (never without it) or when `signal` aborts. `settle()` when it
 * ends clears both; `timedOut` says whether the time limit killed it.
 */
function killOnTimeoutOrAbort(
  child: ChildProcess,
  timeoutMs: number | undefined,
  signal: AbortSignal | undefined,
): { readonly timedOut: boolean; settle(): void } {
  let timedOut = false;
  const kill = () => child.kill('SIGKILL');
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          kill();
        }, timeoutMs);
  if (signal?.aborted) kill();
  else signal?.addEventListener('abort', kill, { once: true });
  return {
    get timedOut() {
      return timedOut;
    },
    settle() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
    },
  };
}

/** Runs a binary to its end (killed at `timeoutMs` or when `signal` aborts); answers its exit code and output. */
export function run(
  file: string,
  args: string[],
  options: { timeoutMs?: number; maxBytes?: number; signal?: AbortSignal } = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const maxBytes = options.maxBytes ?? 256 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < maxBytes) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < maxBytes) stderr += chunk.toString('utf8');
    });
    const killer = killOnTimeoutOrAbort(child, options.timeoutMs || undefined, options.signal);
    child.on('error', (error) => {
      killer.settle();
      reject(error);
    });
    child.on('close', (code, signal) => {
      killer.settle();
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * The binary to use and what it can do; undefined when there is none at all. FFMPEG_PATH is used as it is; otherwise,
 * of the binaries with libx265 and AAC, the newest build (the system's over the npm-shipped 2018 one, unless the
 * system's is older still).
 */
export async function findFfmpeg(
  configured: string | undefined,
  options: FindOptions = {},
): Promise<FfmpegBinary | undefined> {
  const candidates: { path: string; source: FfmpegSource }[] = [];
  if (configured) candidates.push({ path: configured, source: 'FFMPEG_PATH' });
  const system = onPath('ffmpeg');
  if (system) candidates.push({ path: system, source: 'PATH' });
  const shipped = npmShipped();
  if (shipped) candidates.push({ path: shipped, source: 'npm' });
  const launcher = await launcherFor(options.memoryLimitBytes);
  const found: FfmpegBinary[] = [];
  for (const candidate of candidates) {
    const binary = await describeBinary(candidate.path, candidate.source, launcher).catch(() => undefined);
    if (!binary) continue;
    if (candidate.source === 'FFMPEG_PATH' && binary.libx265 && binary.aac) return binary;
    found.push(binary);
  }
  const able = found.filter((binary) => binary.libx265 && binary.aac);
  if (able.length === 0) return found[0];
  // Sorted by build year, newest first; a stable sort keeps PATH ahead of npm on a tie.
  return [...able].sort((a, b) => (b.buildYear ?? 0) - (a.buildYear ?? 0))[0];
}

/** `Copyright (c) 2000-2018 the FFmpeg developers` -> 2018. */
export function buildYearOf(versionText: string): number | null {
  const match = /Copyright \(c\) \d{4}-(\d{4})/.exec(versionText);
  return match ? Number(match[1]) : null;
}

async function describeBinary(
  file: string,
  source: FfmpegSource,
  launch: { launcher: string[]; memoryBound: string | null },
): Promise<FfmpegBinary | undefined> {
  const version = await run(file, ['-hide_banner', '-version'], { timeoutMs: 10_000 });
  if (version.code !== 0) return undefined;
  const encoders = await run(file, ['-hide_banner', '-encoders'], { timeoutMs: 10_000 });
  const match = /ffmpeg version (\S+)/.exec(version.stdout);
  return {
    path: file,
    source,
    version: match?.[1] ?? 'unknown',
    buildYear: buildYearOf(version.stdout),
    libx265: /\blibx265\b/.test(encoders.stdout),
    aac: /^\s*A\S*\s+aac\s/m.test(encoders.stdout),
    ...launch,
  };
}

/**
 * How every ffmpeg run is started: under `setpriv --pdeathsig KILL` (it dies with the app) and `prlimit --as` (an
 * address-space limit: an allocation past it fails and ffmpeg stops, instead of the machine running out of memory).
 * prlimit and setpriv are util-linux, an essential package on Debian; where one is missing, its part is left out
 * and the health report says so.
 */
async function launcherFor(
  memoryLimitBytes: number | undefined,
): Promise<{ launcher: string[]; memoryBound: string | null }> {
  const launcher = await deathSignalLauncher();
  if (memoryLimitBytes === undefined || process.platform !== 'linux') {
    return { launcher, memoryBound: null };
  }
  const prlimit = onPath('prlimit');
  const limit = ['--as=' + String(memoryLimitBytes), '--'];
  const works =
    prlimit && (await run(prlimit, [...limit, 'true'], { timeoutMs: 5_000 }).catch(() => null))?.code === 0;
  if (!prlimit || !works) return { launcher, memoryBound: null };
  return {
    launcher: [...launcher, prlimit, ...limit],
    memoryBound: `address space ${Math.round(memoryLimitBytes / 1024 / 1024)} MB per ffmpeg (prlimit --as)`,
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

/** An upload to read: its path and its container, as `sniffContainer` found it (ffmpeg is never left to guess). */
export type InputFile = { path: string; container: VideoContainer };

/**
 * The input options every run on an upload uses (issue 26, point 1): the container named, only the file protocol
 * (no network, no pipes, no other protocol a demuxer could reach for), QuickTime's external data references off, and
 * the path given as a `file:` URL so that nothing in it reads as another protocol.
 */
export function inputArgs(input: InputFile): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-f',
    input.container,
    ...(input.container === 'mov' ? ['-enable_drefs', '0'] : []),
    '-i',
    `file:${path.resolve(input.path)}`,
  ];
}

/** The command that runs ffmpeg through its launcher (death signal, memory bound). */
function launched(binary: FfmpegBinary, args: string[]): [string, string[]] {
  const [command = binary.path, ...prefix] = [...binary.launcher, binary.path];
  return [command, [...prefix, ...args]];
}

export async function probe(binary: FfmpegBinary, input: InputFile, signal?: AbortSignal): Promise<Probe> {
  const [command, args] = launched(binary, ['-hide_banner', '-nostdin', ...inputArgs(input)]);
  const result = await run(command, args, { timeoutMs: 30_000, ...(signal ? { signal } : {}) });
  signal?.throwIfAborted();
  const probed = parseProbe(result.stderr);
  if (!(probed.durationSeconds > 0)) throw new ProbeError('unreadable', 'The video has no duration');
  return probed;
}

/** The most frames a conversion writes (30 minutes at 30 fps): a bound whatever the file's headers claim. */
export const MAX_OUTPUT_FRAMES = 54_000;

/** The arguments of the conversion: libx265 with the hvc1 tag, AAC, +faststart, the encoder's progress on stdout. */
export function encodeArgs(input: InputFile, output: string, preset: X265Preset, media: Probe): string[] {
  const even = media.width % 2 === 0 && media.height % 2 === 0;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...inputArgs(input),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...(even ? [] : ['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2']),
    '-frames:v',
    String(MAX_OUTPUT_FRAMES),
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
  | { ok: true; frames: number }
  | { ok: false; reason: 'timeout' | 'killed' | 'failed' | 'memory'; detail: string };

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
    const [command, launchArgs] = launched(binary, args);
    const child = spawn(command, launchArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv() });
    options.onStart?.(child.pid);
    let stderr = '';
    let pending = '';
    let frames = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const frame = /^frame=(\d+)/.exec(line);
        if (frame) frames = Number(frame[1]);
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && options.durationSeconds > 0) {
          options.onProgress(Math.min(1, Number(match[1]) / 1e6 / options.durationSeconds));
        }
      }
    });
    const killer = killOnTimeoutOrAbort(child, options.timeoutMs, options.signal);
    child.on('error', (error) => {
      killer.settle();
      resolve({ ok: false, reason: 'failed', detail: error.message });
    });
    child.on('close', (code, signal) => {
      killer.settle();
      if (killer.timedOut) resolve({ ok: false, reason: 'timeout', detail: 'the time limit was reached' });
      else if (code === 0) resolve({ ok: true, frames });
      // SIGKILL comes from outside (the app stopping it, its instance dying, the kernel): worth another attempt.
      else if (signal === 'SIGKILL') {
        resolve({ ok: false, reason: 'killed', detail: `ffmpeg was stopped (${signal})` });
      }
      // An allocation refused by the address-space limit ends ffmpeg with an error, or x265 with a crash.
      else if (
        signal ||
        /Cannot allocate memory|out of memory|bad_alloc|malloc of size|memory allocation failure|failed to map segment/i.test(
          stderr,
        )
      ) {
        resolve({
          ok: false,
          reason: 'memory',
          detail: signal ? `ffmpeg crashed (${signal})` : lastLines(stderr),
        });
      } else resolve({ ok: false, reason: 'failed', detail: lastLines(stderr) });
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ').slice(0, 400);
}
