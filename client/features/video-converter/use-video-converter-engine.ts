// The Video Converter's ffmpeg.wasm engine (spec part 1 §4): loaded when the screen opens, loaded again on Try Again
// or when a cancel or a stall has stopped it, terminated when the screen closes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { bestCore, loadFfmpeg, type FfmpegEngine } from '../../lib/video/ffmpeg-engine';
import { loadInput, releaseInput } from './ffmpeg-convert';

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

  /** Puts the file's bytes in the engine's memory, unless they are there already. */
  const loadFile = useCallback(async (engine: FfmpegEngine, file: File) => {
    if (loadedInputRef.current === file) return;
    await loadInput(engine, file);
    loadedInputRef.current = file;
  }, []);

  /** Frees the engine's memory of the file (Convert Another). */
  const releaseFile = useCallback(() => {
    const engine = engineRef.current;
    if (engine) void releaseInput(engine);
    loadedInputRef.current = null;
  }, []);

  return { engineState, engineRef, loadEngine, replaceEngineIfGone, loadFile, releaseFile };
}

export type VideoConverterEngine = ReturnType<typeof useVideoConverterEngine>;
