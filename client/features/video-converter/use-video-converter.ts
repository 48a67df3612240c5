import { useCallback, useEffect, useRef, useState } from 'react';
import { EngineCanceledError, type FfmpegEngine } from '../../lib/video/ffmpeg-engine';
import { isVideoFile, outputName, type EngineKind, type TargetCodec } from './converter-rules';
import { convertWithFfmpeg } from './ffmpeg-convert';
import { useVideoConverterAnalysis } from './use-video-converter-analysis';
import { useVideoConverterEngine } from './use-video-converter-engine';
import { ConversionCanceledError, MEDIABUNNY_VERSION, convertWithWebCodecs } from './webcodecs-convert';

export type RunState =
  | { status: 'idle' }
  | { status: 'converting'; progress: number; startedAt: number; engine: EngineKind }
  | {
      status: 'done';
      url: string;
      name: string;
      inputBytes: number;
      outputBytes: number;
      engine: EngineKind;
      seconds: number;
    }
  | { status: 'failed'; message: string };

export type Problem = 'selectVideoFile' | 'noFileSelected' | 'engineLoading' | null;

const canceled = (error: unknown) =>
  error instanceof ConversionCanceledError || error instanceof EngineCanceledError;

/** The name of an engine as the screen shows it. */
export function engineLabel(kind: EngineKind, engine: FfmpegEngine | null): string {
  if (kind === 'webcodecs') return `WebCodecs (Mediabunny ${MEDIABUNNY_VERSION})`;
  return (
    engine?.label ?? (kind === 'ffmpeg-mt' ? 'ffmpeg.wasm (multi-thread)' : 'ffmpeg.wasm (single-thread)')
  );
}

/**
 * The Video Converter's states (spec part 1 §4): the engine loads when the screen opens (Try Again on failure,
 * use-video-converter-engine.ts); a chosen file is read (its headers only), an engine planned for the codec, and a 2 s
 * sample converted to measure this device's speed (use-video-converter-analysis.ts); then the conversion with real
 * progress and Cancel, and its result.
 */
export function useVideoConverter() {
  const engineHook = useVideoConverterEngine();
  const { engineState, engineRef, loadEngine, replaceEngineIfGone, loadFile, releaseFile } = engineHook;
  const [file, setFile] = useState<File | null>(null);
  const [codec, setCodecState] = useState<TargetCodec>('h264');
  const [fileSerial, setFileSerial] = useState(0);
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const [problem, setProblem] = useState<Problem>(null);
  const runAbort = useRef<AbortController | null>(null);
  const { analysis, sampleAbortRef, ffmpegSampleRef } = useVideoConverterAnalysis({
    file,
    fileSerial,
    codec,
    engine: engineHook,
  });

  // A conversion in flight stops when the screen closes.
  useEffect(() => () => runAbort.current?.abort(), []);

  const chooseFile = useCallback((chosen: File | null) => {
    setRun((current) => (current.status === 'converting' ? current : { status: 'idle' }));
    if (!chosen) {
      setFile(null);
      setProblem(null);
      return;
    }
    if (!isVideoFile(chosen)) {
      setFile(null);
      setProblem('selectVideoFile');
      return;
    }
    setProblem(null);
    setFile(chosen);
    setFileSerial((n) => n + 1);
  }, []);

  const setCodec = useCallback((next: TargetCodec) => setCodecState(next), []);

  const convert = useCallback(async () => {
    if (!file) return setProblem('noFileSelected');
    if (engineState.status !== 'ready') return setProblem('engineLoading');
    if (analysis?.status !== 'planned' || !analysis.plan.ok || analysis.tooLarge) return;
    setProblem(null);
    const { plan, probe } = analysis;
    const engineKind = plan.engine;
    const abort = new AbortController();
    runAbort.current = abort;
    const startedAt = performance.now();
    setRun({ status: 'converting', progress: 0, startedAt, engine: engineKind });
    const onProgress = (ratio: number) =>
      setRun((current) =>
        current.status === 'converting' && ratio > current.progress
          ? { ...current, progress: ratio }
          : current,
      );
    try {
      let bytes: Uint8Array;
      if (engineKind === 'webcodecs') {
        sampleAbortRef.current?.abort();
        bytes = await convertWithWebCodecs(file, codec, { onProgress, signal: abort.signal });
      } else {
        // A speed sample in flight finishes first (stopping it would stop the engine).
        await ffmpegSampleRef.current?.catch(() => undefined);
        const engine = engineRef.current;
        if (!engine || engine.isTerminated) throw new Error('the engine is reloading, please try again');
        await loadFile(engine, file);
        bytes = await convertWithFfmpeg(engine, codec, {
          durationSeconds: probe?.duration ?? null,
          onProgress,
          signal: abort.signal,
        });
      }
      const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'video/mp4' });
      setRun({
        status: 'done',
        url: URL.createObjectURL(blob),
        name: outputName(file.name, codec),
        inputBytes: file.size,
        outputBytes: blob.size,
        engine: engineKind,
        seconds: (performance.now() - startedAt) / 1000,
      });
    } catch (error) {
      if (canceled(error) || abort.signal.aborted) setRun({ status: 'idle' });
      else setRun({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      replaceEngineIfGone();
    } finally {
      runAbort.current = null;
    }
  }, [
    file,
    engineState,
    analysis,
    codec,
    replaceEngineIfGone,
    engineRef,
    loadFile,
    sampleAbortRef,
    ffmpegSampleRef,
  ]);

  const cancel = useCallback(() => runAbort.current?.abort(), []);

  /** Convert Another: back to choosing a file; the result's memory is released. */
  const reset = useCallback(() => {
    setRun((current) => {
      if (current.status === 'done') URL.revokeObjectURL(current.url);
      return { status: 'idle' };
    });
    releaseFile();
    setFile(null);
    setProblem(null);
  }, [releaseFile]);

  // The result's object URL is released when the screen closes.
  const doneUrl = run.status === 'done' ? run.url : null;
  useEffect(() => () => void (doneUrl && URL.revokeObjectURL(doneUrl)), [doneUrl]);

  return {
    engineState,
    engine: engineState.status === 'ready' ? engineState.engine : null,
    retryEngine: loadEngine,
    file,
    chooseFile,
    codec,
    setCodec,
    analysis,
    run,
    // 'Loading the video engine…' goes once the engine is ready: it would contradict the screen (issue 31).
    problem: problem === 'engineLoading' && engineState.status === 'ready' ? null : problem,
    convert,
    cancel,
    reset,
  };
}
