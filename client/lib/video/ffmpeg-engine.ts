// ffmpeg.wasm for the video tools, served by the app itself (never a CDN): `/vendor/ffmpeg/<version>/<core>/…` comes
// from the installed `@ffmpeg/core` and `@ffmpeg/core-mt` packages (server/vendor-files.ts). The multi-thread core
// needs a cross-origin-isolated page (the app sends COOP/COEP); the single-thread core is for H.264 only (its libx265
// never finishes). Every run has a watchdog: an engine that reports nothing for `stallMs` is terminated and the run
// fails with a message saying so.
import { FFmpeg } from '@ffmpeg/ffmpeg';

/** The ffmpeg.wasm core version the app serves (spec part 1 §9: 0.12.10). */
export const FFMPEG_CORE_VERSION = '0.12.10';

export type FfmpegCore = 'core-mt' | 'core';

/** The URLs of a core's files on this app. */
export function coreUrls(core: FfmpegCore, origin: string = globalThis.location?.origin ?? '') {
  const base = `${origin}/vendor/ffmpeg/${FFMPEG_CORE_VERSION}/${core}`;
  return {
    coreURL: `${base}/ffmpeg-core.js`,
    wasmURL: `${base}/ffmpeg-core.wasm`,
    ...(core === 'core-mt' ? { workerURL: `${base}/ffmpeg-core.worker.js` } : {}),
  };
}

/** Whether this page can run the multi-thread core (SharedArrayBuffer in a cross-origin-isolated page). */
export function canUseMultiThread(): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true;
}

/** The best core this page can run. */
export function bestCore(): FfmpegCore {
  return canUseMultiThread() ? 'core-mt' : 'core';
}

export class EngineStalledError extends Error {
  override name = 'EngineStalledError';
}

export class EngineCanceledError extends Error {
  override name = 'EngineCanceledError';
}

export type RunOptions = {
  /** 0..1 and the media time reached (seconds), as ffmpeg reports them. */
  onProgress?: (ratio: number, seconds: number) => void;
  /** Ends the run with the engine (it is terminated; load a new one after). */
  signal?: AbortSignal;
  /** No progress and no log line for this long: the engine is terminated. 30 s by default. */
  stallMs?: number;
};

/** A loaded ffmpeg.wasm core. After `terminate` (or a stall or a cancel) it cannot be used again. */
export class FfmpegEngine {
  private lastSign = Date.now();
  private progressListener: ((ratio: number, seconds: number) => void) | null = null;
  private terminated = false;

  constructor(
    readonly ffmpeg: FFmpeg,
    readonly core: FfmpegCore,
  ) {
    ffmpeg.on('log', () => {
      this.lastSign = Date.now();
    });
    ffmpeg.on('progress', ({ progress, time }) => {
      this.lastSign = Date.now();
      // `time` is in microseconds; progress can be out of 0..1 at the start or for odd inputs.
      this.progressListener?.(Math.min(1, Math.max(0, progress)), time / 1_000_000);
    });
  }

  /** What the screen says is in use. */
  get label(): string {
    return `ffmpeg.wasm ${FFMPEG_CORE_VERSION} (${this.core === 'core-mt' ? 'multi-thread' : 'single-thread'})`;
  }

  get isTerminated(): boolean {
    return this.terminated;
  }

  async writeFile(name: string, data: Uint8Array): Promise<void> {
    await this.ffmpeg.writeFile(name, data);
  }

  async readFile(name: string): Promise<Uint8Array> {
    const data = await this.ffmpeg.readFile(name);
    if (typeof data === 'string') return new TextEncoder().encode(data);
    return data;
  }

  /** Deletes files, ignoring those that are not there. */
  async deleteFiles(...names: string[]): Promise<void> {
    for (const name of names) {
      try {
        await this.ffmpeg.deleteFile(name);
      } catch {
        // Not there (a run that failed before writing it).
      }
    }
  }

  /** Runs ffmpeg with `args`; resolves with the exit code, rejects on a stall or a cancel (the engine is then gone). */
  async run(args: string[], { onProgress, signal, stallMs = 30_000 }: RunOptions = {}): Promise<number> {
    if (this.terminated) throw new EngineCanceledError('The engine was stopped');
    this.lastSign = Date.now();
    this.progressListener = onProgress ?? null;
    let stopWatch = () => {};
    const watchdog = new Promise<never>((_, reject) => {
      const timer = setInterval(() => {
        if (Date.now() - this.lastSign < stallMs) return;
        this.terminate();
        reject(
          new EngineStalledError(
            `${this.label} stopped responding for ${Math.round(stallMs / 1000)} s and was stopped`,
          ),
        );
      }, 1000);
      const onAbort = () => {
        this.terminate();
        reject(new EngineCanceledError('Canceled'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      stopWatch = () => {
        clearInterval(timer);
        signal?.removeEventListener('abort', onAbort);
      };
    });
    try {
      if (signal?.aborted) throw new EngineCanceledError('Canceled');
      return await Promise.race([this.ffmpeg.exec(args), watchdog]);
    } finally {
      stopWatch();
      this.progressListener = null;
    }
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.ffmpeg.terminate();
  }
}

/** Loads a core from this app; rejects with the reason (a missing or broken file, a page that is not isolated). */
export async function loadFfmpeg(
  core: FfmpegCore,
  { signal, timeoutMs = 120_000 }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<FfmpegEngine> {
  if (core === 'core-mt' && !canUseMultiThread()) {
    throw new Error('this page is not cross-origin isolated, so the multi-thread engine cannot run');
  }
  const ffmpeg = new FFmpeg();
  const timeout = AbortSignal.timeout(timeoutMs);
  const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    await ffmpeg.load(coreUrls(core), { signal: both });
  } catch (error) {
    ffmpeg.terminate();
    if (timeout.aborted) throw new Error(`the engine did not load within ${Math.round(timeoutMs / 1000)} s`);
    throw error instanceof Error ? error : new Error(String(error));
  }
  return new FfmpegEngine(ffmpeg, core);
}
