// The 360 screen's engine (spec part 2 §2 "360 screen", §4): Mediabunny on WebCodecs when this browser has them (ready
// at once), with ffmpeg.wasm as the fallback. The fallback loads on open only when WebCodecs is missing (then it is
// the screen's only engine); otherwise the first file that needs it loads it. A failed load can be tried again; the
// engine is stopped when the screen closes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { bestCore, loadFfmpeg, type FfmpegEngine } from '../../lib/video/ffmpeg-engine';
import { EngineLoadError } from './convert-video360';

export type FallbackEngineState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; label: string }
  | { status: 'failed'; reason: string };

/** Whether this page can decode with WebCodecs (Mediabunny's way). */
export function hasWebCodecs(): boolean {
  return typeof VideoDecoder !== 'undefined' && typeof VideoFrame !== 'undefined';
}

export type Video360Engine = {
  hasWebCodecs: boolean;
  fallback: FallbackEngineState;
  /** Ready to convert: WebCodecs, or the loaded fallback. */
  isReady: boolean;
  /** The fallback engine, loading it when it is not loaded; rejects with an EngineLoadError. */
  getFfmpeg: () => Promise<FfmpegEngine>;
  /** Try Again after a failed load. */
  retry: () => void;
};

export function useVideo360Engine(): Video360Engine {
  const [webCodecs] = useState(hasWebCodecs);
  const [fallback, setFallback] = useState<FallbackEngineState>({ status: 'idle' });
  const engine = useRef<FfmpegEngine | null>(null);
  const loading = useRef<Promise<FfmpegEngine> | null>(null);
  // Aborted when the screen closes: a load still under way is dropped and its engine stopped.
  const lifetime = useRef<AbortController | null>(null);

  const getFfmpeg = useCallback((): Promise<FfmpegEngine> => {
    const loaded = engine.current;
    if (loaded && !loaded.isTerminated) return Promise.resolve(loaded);
    if (loading.current) return loading.current;
    const owner = lifetime.current;
    if (!owner || owner.signal.aborted) return Promise.reject(new EngineLoadError('the screen was closed'));
    setFallback({ status: 'loading' });
    const load = loadFfmpeg(bestCore(), { signal: owner.signal })
      .then(
        (started) => {
          if (owner.signal.aborted) {
            started.terminate();
            throw new EngineLoadError('the screen was closed');
          }
          engine.current = started;
          setFallback({ status: 'ready', label: started.label });
          return started;
        },
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          if (!owner.signal.aborted) setFallback({ status: 'failed', reason });
          throw new EngineLoadError(reason);
        },
      )
      .finally(() => {
        if (loading.current === load) loading.current = null;
      });
    loading.current = load;
    return load;
  }, []);

  useEffect(() => {
    const owner = new AbortController();
    lifetime.current = owner;
    if (!webCodecs) getFfmpeg().catch(() => undefined);
    return () => {
      owner.abort();
      loading.current = null;
      engine.current?.terminate();
      engine.current = null;
    };
  }, [webCodecs, getFfmpeg]);

  const retry = useCallback(() => {
    getFfmpeg().catch(() => undefined);
  }, [getFfmpeg]);

  return {
    hasWebCodecs: webCodecs,
    fallback,
    isReady: webCodecs || fallback.status === 'ready',
    getFfmpeg,
    retry,
  };
}
