import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EngineCanceledError, bestCore, loadFfmpeg, type FfmpegEngine } from '../../lib/video/ffmpeg-engine';
import { deviceMemoryGb, probeVideo, type VideoProbe } from '../../lib/video/media-probe';
import {
  SAMPLE_SECONDS,
  chooseEngine,
  estimateSeconds,
  isVideoFile,
  maxFileBytes,
  outputName,
  type EngineKind,
  type EnginePlan,
  type TargetCodec,
} from './converter-rules';
import { convertWithFfmpeg, loadInput, releaseInput } from './ffmpeg-convert';
import {
  ConversionCanceledError,
  MEDIABUNNY_VERSION,
  convertWithWebCodecs,
  webCodecsCapabilities,
} from './webcodecs-convert';

export type EngineState =
  | { status: 'loading' }
  | { status: 'ready'; engine: FfmpegEngine; serial: number }
  | { status: 'failed'; reason: string };

/** What the chosen file and codec lead to: the engine, or why none; the size guard; the measured estimate. */
export type Analysis =
  | { status: 'analysing' }
  | {
      status: 'planned';
      probe: VideoProbe | null;
      plan: EnginePlan;
      /** Set when the file is too large for the engine on this device. */
      tooLarge: { maxBytes: number; memoryGb: number | null; fileBytes: number } | null;
      estimate: { status: 'measuring' } | { status: 'measured'; seconds: number } | { status: 'unknown' };
    };

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
 * The Video Converter's states (spec part 1 §4): the engine loads when the screen opens (Try Again on failure); a
 * chosen file is read (its headers only), an engine planned for the codec, and a 2 s sample converted to measure this
 * device's speed; then the conversion with real progress and Cancel, and its result.
 */
export function useVideoConverter() {
  const [engineState, setEngineState] = useState<EngineState>({ status: 'loading' });
  const [file, setFile] = useState<File | null>(null);
  const [codec, setCodecState] = useState<TargetCodec>('h264');
  const [fileSerial, setFileSerial] = useState(0);
  const [planned, setPlanned] = useState<{ key: string; analysis: Analysis } | null>(null);
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const [problem, setProblem] = useState<Problem>(null);
  const engineRef = useRef<FfmpegEngine | null>(null);
  /** The file whose bytes are in the ffmpeg engine's memory. */
  const loadedInput = useRef<File | null>(null);
  const analysisSerial = useRef(0);
  const sampleAbort = useRef<AbortController | null>(null);
  /** An ffmpeg sample in flight (a conversion waits for it: aborting it would stop the engine). */
  const ffmpegSample = useRef<Promise<unknown> | null>(null);
  const runAbort = useRef<AbortController | null>(null);
  const loadSerial = useRef(0);

  /** Loads the engine; the state says 'loading' already (the first state, or set by the caller). */
  const startEngineLoad = useCallback(() => {
    const serial = ++loadSerial.current;
    loadFfmpeg(bestCore()).then(
      (engine) => {
        if (serial !== loadSerial.current) return engine.terminate();
        engineRef.current = engine;
        loadedInput.current = null;
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
      sampleAbort.current?.abort();
      runAbort.current?.abort();
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

  const engineReady = engineState.status === 'ready' ? engineState.engine : null;
  /** The analysis belongs to one file, one codec and one engine (none while it loads, 'failed' without one). */
  const engineKey = engineState.status === 'ready' ? `ready-${engineState.serial}` : engineState.status;
  const analysisKey = file && engineState.status !== 'loading' ? `${fileSerial}|${codec}|${engineKey}` : null;
  const analysis = useMemo<Analysis | null>(
    () =>
      !file ? null : planned && planned.key === analysisKey ? planned.analysis : { status: 'analysing' },
    [file, planned, analysisKey],
  );

  // Plan and measure whenever the file, the codec or the engine changes.
  useEffect(() => {
    if (!file || !analysisKey) return;
    const serial = ++analysisSerial.current;
    const current = () => serial === analysisSerial.current;
    sampleAbort.current?.abort();
    const abort = new AbortController();
    sampleAbort.current = abort;
    const setAnalysis = (update: (now: Analysis | null) => Analysis) =>
      setPlanned((now) => ({
        key: analysisKey,
        analysis: update(now?.key === analysisKey ? now.analysis : null),
      }));
    void (async () => {
      const probe = await probeVideo(file);
      const caps = probe
        ? await webCodecsCapabilities(codec, probe.width, probe.height)
        : { encodeVideo: false, encodeAac: false };
      const plan = chooseEngine(codec, probe, { ...caps, ffmpegCore: engineReady?.core ?? null });
      if (!current()) return;
      const memoryGb = deviceMemoryGb();
      const maxBytes = plan.ok ? maxFileBytes(plan.engine, memoryGb) : Infinity;
      const tooLarge = file.size > maxBytes ? { maxBytes, memoryGb, fileBytes: file.size } : null;
      const measurable = plan.ok && !tooLarge;
      setAnalysis(() => ({
        status: 'planned',
        probe,
        plan,
        tooLarge,
        estimate: measurable ? { status: 'measuring' } : { status: 'unknown' },
      }));
      if (!plan.ok || !measurable) return;
      const duration = probe?.duration ?? null;
      const sampleMedia = Math.min(SAMPLE_SECONDS, duration ?? SAMPLE_SECONDS);
      const started = performance.now();
      let estimate: { status: 'measured'; seconds: number } | { status: 'unknown' } = { status: 'unknown' };
      try {
        if (plan.engine === 'webcodecs') {
          await convertWithWebCodecs(file, codec, {
            signal: abort.signal,
            trim: { start: 0, end: sampleMedia },
          });
        } else if (engineReady) {
          const sample = (async () => {
            if (loadedInput.current !== file) {
              await loadInput(engineReady, file);
              loadedInput.current = file;
            }
            await convertWithFfmpeg(engineReady, codec, {
              durationSeconds: duration,
              sampleSeconds: sampleMedia,
            });
          })();
          ffmpegSample.current = sample;
          try {
            await sample;
          } finally {
            if (ffmpegSample.current === sample) ffmpegSample.current = null;
          }
        }
        const wall = (performance.now() - started) / 1000;
        if (duration) {
          estimate = {
            status: 'measured',
            seconds: estimateSeconds({
              sampleWallSeconds: wall,
              sampleMediaSeconds: sampleMedia,
              durationSeconds: duration,
            }),
          };
        }
      } catch {
        // No estimate: the conversion itself says what goes wrong.
        replaceEngineIfGone();
      }
      if (!current()) return;
      setAnalysis((now) => (now?.status === 'planned' ? { ...now, estimate } : { status: 'analysing' }));
    })();
    return () => abort.abort();
  }, [file, codec, engineReady, analysisKey, replaceEngineIfGone]);

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
        sampleAbort.current?.abort();
        bytes = await convertWithWebCodecs(file, codec, { onProgress, signal: abort.signal });
      } else {
        // A speed sample in flight finishes first (stopping it would stop the engine).
        await ffmpegSample.current?.catch(() => undefined);
        const engine = engineRef.current;
        if (!engine || engine.isTerminated) throw new Error('the engine is reloading, please try again');
        if (loadedInput.current !== file) {
          await loadInput(engine, file);
          loadedInput.current = file;
        }
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
  }, [file, engineState, analysis, codec, replaceEngineIfGone]);

  const cancel = useCallback(() => runAbort.current?.abort(), []);

  /** Convert Another: back to choosing a file; the result's memory is released. */
  const reset = useCallback(() => {
    setRun((current) => {
      if (current.status === 'done') URL.revokeObjectURL(current.url);
      return { status: 'idle' };
    });
    const engine = engineRef.current;
    if (engine) void releaseInput(engine);
    loadedInput.current = null;
    setFile(null);
    setProblem(null);
  }, []);

  // The result's object URL is released when the screen closes.
  const doneUrl = run.status === 'done' ? run.url : null;
  useEffect(() => () => void (doneUrl && URL.revokeObjectURL(doneUrl)), [doneUrl]);

  return {
    engineState,
    engine: engineReady,
    retryEngine: loadEngine,
    file,
    chooseFile,
    codec,
    setCodec,
    analysis,
    run,
    problem,
    convert,
    cancel,
    reset,
  };
}
