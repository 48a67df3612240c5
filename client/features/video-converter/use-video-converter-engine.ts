// The Video Converter's ffmpeg.wasm engine (spec part 1 §4): loaded when the screen opens, loaded again on Try Again
// or when a cancel or a stall has stopped it, terminated when the screen closes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { bestCore, loadFfmpeg, type FfmpegEngine } from '../../lib/video/ffmpeg-engine';

export type EngineState =
  | { status: 'loading' }
  | { status: 'ready'; engine: FfmpegEngine; serial: number }
  | { status: 'failed'; reason: string };

export function useVideoConverterEngine() {
  const [engineState, setEngineState] = useState<EngineState>({ status: 'loading' });
  const engineRef = useRef<FfmpegEngine | null>(null);
  /** The file whose bytes are in the ffmpeg engine's memory. */
  const loadedInputRef = useRef<File | null>(null);
  const loadSerial = useRef(0);

  /** Loads the engine; the state says 'loading' already (the first state, or set by the caller). */
  const startEngineLoad = useCallback(() => {
    const serial = ++loadSerial.current;
    loadFfmpeg(bestCore()).then(
      (engine) => {
        if (serial !== loadSerial.current) return engine.terminate();
        engineRef.current = engine;
        loadedInputRef.current = null;
        setEngineState({ status: 'ready', engine, serial });
      },
      (error: unknown) => {
        if (serial !== loadSerial.current) return;
        setEngineState({ status: 'failed', reason: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  const loadEngine = useCallback(() => {
    setEngineState({ status: 'loading' });
    startEngineLoad();
  }, [startEngineLoad]);

  useEffect(() => {
    startEngineLoad();
    const serials = loadSerial;
    return () => {
      serials.current++;
      engineRef.current?.terminate();
      engineRef.current = null;
    };
  }, [startEngineLoad]);

  /** After a cancel or a stall the ffmpeg engine is gone: load a new one. */
  const replaceEngineIfGone = useCallback(() => {
    if (engineRef.current?.isTerminated) {
      engineRef.current = null;
      loadEngine();
    }
  }, [loadEngine]);

  return { engineState, engineRef, loadedInputRef, loadEngine, replaceEngineIfGone };
}
