// What the chosen file and codec lead to (spec part 1 §4): the file's headers read, an engine planned for the codec,
// the size guard, and a 2 s sample converted to measure this device's speed. Planned again whenever the file, the
// codec or the engine changes.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FfmpegEngine } from '../../lib/video/ffmpeg-engine';
import { deviceMemoryGb, probeVideo, type VideoProbe } from '../../lib/video/media-probe';
import {
  SAMPLE_SECONDS,
  chooseEngine,
  estimateSeconds,
  maxFileBytes,
  type EnginePlan,
  type TargetCodec,
} from './converter-rules';
import { convertWithFfmpeg } from './ffmpeg-convert';
import type { VideoConverterEngine } from './use-video-converter-engine';
import { convertWithWebCodecs, webCodecsCapabilities } from './webcodecs-convert';

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

export function useVideoConverterAnalysis({
  file,
  fileSerial,
  codec,
  engine: { engineState, loadFile, replaceEngineIfGone },
}: {
  file: File | null;
  /** Bumped for every file chosen (the same file chosen again is analysed again). */
  fileSerial: number;
  codec: TargetCodec;
  engine: Pick<VideoConverterEngine, 'engineState' | 'loadFile' | 'replaceEngineIfGone'>;
}) {
  const [planned, setPlanned] = useState<{ key: string; analysis: Analysis } | null>(null);
  const analysisSerial = useRef(0);
  const sampleAbortRef = useRef<AbortController | null>(null);
  /** An ffmpeg sample in flight (a conversion waits for it: aborting it would stop the engine). */
  const ffmpegSampleRef = useRef<Promise<unknown> | null>(null);

  const engineReady: FfmpegEngine | null = engineState.status === 'ready' ? engineState.engine : null;
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
    sampleAbortRef.current?.abort();
    const abort = new AbortController();
    sampleAbortRef.current = abort;
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
            await loadFile(engineReady, file);
            await convertWithFfmpeg(engineReady, codec, {
              durationSeconds: duration,
              sampleSeconds: sampleMedia,
            });
          })();
          ffmpegSampleRef.current = sample;
          try {
            await sample;
          } finally {
            if (ffmpegSampleRef.current === sample) ffmpegSampleRef.current = null;
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
    // A new file, codec or engine, or the screen closing, stops the sample in flight.
    return () => abort.abort();
  }, [file, codec, engineReady, analysisKey, loadFile, replaceEngineIfGone]);

  return { analysis, sampleAbortRef, ffmpegSampleRef };
}
