import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FFmpeg } from '@ffmpeg/ffmpeg';
import {
  EngineCanceledError,
  EngineStalledError,
  FfmpegEngine,
  coreUrls,
  FFMPEG_CORE_VERSION,
} from './ffmpeg-engine';

type Listener = (event: { progress: number; time: number; message: string }) => void;

/** An ffmpeg whose exec runs until the test says, reporting what the test sends. */
function fakeFfmpeg() {
  const listeners: Record<string, Listener[]> = { log: [], progress: [] };
  let finish: (code: number) => void = () => undefined;
  const fake = {
    on: (event: string, listener: Listener) => listeners[event]?.push(listener),
    exec: vi.fn(() => new Promise<number>((resolve) => (finish = resolve))),
    terminate: vi.fn(),
  };
  return {
    ffmpeg: fake as unknown as FFmpeg,
    fake,
    progress: (progress: number, seconds: number) =>
      listeners.progress?.forEach((l) => l({ progress, time: seconds * 1_000_000, message: '' })),
    log: (message: string) => listeners.log?.forEach((l) => l({ progress: 0, time: 0, message })),
    finish: (code: number) => finish(code),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('FfmpegEngine', () => {
  it('serves the cores from the app, by version', () => {
    expect(FFMPEG_CORE_VERSION).toBe('0.12.10');
    expect(coreUrls('core-mt', 'https://tools.example')).toEqual({
      coreURL: 'https://tools.example/vendor/ffmpeg/0.12.10/core-mt/ffmpeg-core.js',
      wasmURL: 'https://tools.example/vendor/ffmpeg/0.12.10/core-mt/ffmpeg-core.wasm',
      workerURL: 'https://tools.example/vendor/ffmpeg/0.12.10/core-mt/ffmpeg-core.worker.js',
    });
    expect(coreUrls('core', 'https://tools.example')).toEqual({
      coreURL: 'https://tools.example/vendor/ffmpeg/0.12.10/core/ffmpeg-core.js',
      wasmURL: 'https://tools.example/vendor/ffmpeg/0.12.10/core/ffmpeg-core.wasm',
    });
  });

  it('reports progress (0..1, media seconds) and resolves with the exit code', async () => {
    const f = fakeFfmpeg();
    const engine = new FfmpegEngine(f.ffmpeg, 'core-mt');
    const seen: [number, number][] = [];
    const running = engine.run(['-i', 'x'], { onProgress: (ratio, seconds) => seen.push([ratio, seconds]) });
    f.progress(0.5, 2);
    f.progress(1.7, 4);
    f.finish(0);
    await expect(running).resolves.toBe(0);
    expect(seen).toEqual([
      [0.5, 2],
      [1, 4],
    ]);
    expect(engine.label).toBe('ffmpeg.wasm 0.12.10 (multi-thread)');
  });

  it('the watchdog terminates an engine that reports nothing for stallMs, and says so', async () => {
    vi.useFakeTimers();
    const f = fakeFfmpeg();
    const engine = new FfmpegEngine(f.ffmpeg, 'core');
    const running = engine.run(['-i', 'x'], { stallMs: 5000 });
    const outcome = running.catch((error: unknown) => error);
    // Log lines keep it alive.
    await vi.advanceTimersByTimeAsync(4000);
    f.log('frame=  10');
    await vi.advanceTimersByTimeAsync(4000);
    expect(f.fake.terminate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    const error = await outcome;
    expect(error).toBeInstanceOf(EngineStalledError);
    expect((error as Error).message).toBe(
      'ffmpeg.wasm 0.12.10 (single-thread) stopped responding for 5 s and was stopped',
    );
    expect(f.fake.terminate).toHaveBeenCalledTimes(1);
    expect(engine.isTerminated).toBe(true);
    await expect(engine.run(['-i', 'y'])).rejects.toBeInstanceOf(EngineCanceledError);
  });

  it('a cancel terminates the engine and rejects the run', async () => {
    const f = fakeFfmpeg();
    const engine = new FfmpegEngine(f.ffmpeg, 'core-mt');
    const abort = new AbortController();
    const running = engine.run(['-i', 'x'], { signal: abort.signal });
    abort.abort();
    await expect(running).rejects.toBeInstanceOf(EngineCanceledError);
    expect(f.fake.terminate).toHaveBeenCalledTimes(1);
  });
});
