import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import {
  formWithUsedValues,
  initialVideo360Form,
  maxFileBytes,
  megabytes,
  readVideo360Form,
  type OptionAdjustment,
  type Video360Form,
} from '../../../common/video/video360-options';
import { FormAlert, SubmitButton } from '../../components/form-field';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { VideoFileField } from '../../components/tool/video-file-field';
import { baseName, deviceMemoryGb } from '../../lib/video/media-probe';
import {
  EngineLoadError,
  NoFramesError,
  convertVideo360,
  type Video360Progress,
  type Video360Result,
} from './convert-video360';
import { EngineStatus } from './engine-status';
import { OptionsFields } from './options-fields';
import { useVideo360Engine } from './use-video360-engine';
import { Video360ResultView } from './video360-result';
import type { Video360Step } from './video360-steps';

type Phase =
  | { kind: 'idle' }
  | { kind: 'converting'; progress: Video360Progress }
  | { kind: 'done'; result: Video360Result; url: string; fileName: string }
  | { kind: 'failed'; message: string }
  | { kind: 'canceled' };

const STEP_KEYS = {
  'loading-engine': 'video360.stepLoadingEngine',
  'reading-file': 'video360.stepReadingFile',
  'analysing-duration': 'video360.stepAnalysingDuration',
  'extracting-frames': 'video360.stepExtractingFrames',
  'reading-frames': 'video360.stepReadingFrames',
  merging: 'video360.stepMerging',
  'final-resize': 'video360.stepFinalResize',
} as const satisfies Record<Video360Step, string>;

const FIELD_KEYS = {
  frames: 'video360.frameCount',
  frameWidth: 'video360.frameWidth',
  frameHeight: 'video360.frameHeight',
  maxWidth: 'video360.maxWidth',
  background: 'video360.background',
} as const satisfies Record<OptionAdjustment['field'], string>;

const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

/**
 * Video 360 Converter (spec part 2 §2 "360 screen", §3, §4, §5, §8, §9): a video becomes one 360-viewer JPEG of
 * evenly spaced frames in a grid, made in the browser (Mediabunny on WebCodecs, ffmpeg.wasm as the fallback), with a
 * preview that turns under the pointer and the HTML that shows it turning on a product page.
 */
export default function Video360Screen() {
  const { t, i18n } = useTranslation();
  const count = useCount();
  const engine = useVideo360Engine();
  const [maxBytes] = useState(() => maxFileBytes(deviceMemoryGb()));
  const [form, setForm] = useState<Video360Form>(initialVideo360Form);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [adjustments, setAdjustments] = useState<OptionAdjustment[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const run = useRef<AbortController | null>(null);
  const shownUrl = useRef<string | null>(null);

  // Closing the screen stops a conversion and gives the image's memory back.
  useEffect(
    () => () => {
      run.current?.abort();
      if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    },
    [],
  );

  const dropResult = () => {
    if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    shownUrl.current = null;
    setPhase({ kind: 'idle' });
  };

  const chooseFile = (chosen: File | null) => {
    dropResult();
    setMessage(null);
    setFile(null);
    setFileError(null);
    if (!chosen) return;
    if (!chosen.type.startsWith('video/')) return setFileError(t('video.selectVideoFile'));
    if (chosen.size > maxBytes) {
      return setFileError(
        t('video360.fileTooLarge', {
          size: megabytes(chosen.size, i18n.language),
          max: megabytes(maxBytes, i18n.language),
        }),
      );
    }
    setFile(chosen);
  };

  const convert = (event: FormEvent) => {
    event.preventDefault();
    if (phase.kind === 'converting') return;
    if (!file) return setMessage(fileError ?? t('video.noFileSelected'));
    if (!engine.isReady) {
      return setMessage(
        engine.fallback.status === 'failed'
          ? t('video.engineLoadFailed', { reason: engine.fallback.reason })
          : t('video.engineLoading'),
      );
    }
    setMessage(null);
    dropResult();
    const read = readVideo360Form(form);
    setAdjustments(read.adjustments);
    setForm(formWithUsedValues(form, read.adjustments));
    const controller = new AbortController();
    run.current = controller;
    setPhase({ kind: 'converting', progress: { step: 'reading-file', percent: 0 } });
    const fileName = `${baseName(file.name)}-360-viewer.jpg`;
    convertVideo360(file, read.options, {
      hasWebCodecs: engine.hasWebCodecs,
      getFfmpeg: engine.getFfmpeg,
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) setPhase({ kind: 'converting', progress });
      },
    }).then(
      (result) => {
        if (controller.signal.aborted) return;
        const url = URL.createObjectURL(result.blob);
        shownUrl.current = url;
        setPhase({ kind: 'done', result, url, fileName });
      },
      (error: unknown) => {
        if (run.current !== controller) return;
        if (controller.signal.aborted) return setPhase({ kind: 'canceled' });
        // The engine's own panel says why it did not load and offers Try Again.
        if (error instanceof EngineLoadError) return setPhase({ kind: 'idle' });
        if (error instanceof NoFramesError)
          return setPhase({ kind: 'failed', message: t('video360.noFrames') });
        const reason = error instanceof Error ? error.message : String(error);
        setPhase({ kind: 'failed', message: t('video360.conversionFailed', { reason }) });
      },
    );
  };

  const reset = () => {
    dropResult();
    setFile(null);
    setFileError(null);
    setMessage(null);
    setAdjustments([]);
    setInputKey((key) => key + 1);
  };

  const adjustmentText = (adjustment: OptionAdjustment): string => {
    const values = {
      field: t(FIELD_KEYS[adjustment.field]),
      given: adjustment.given,
      used: typeof adjustment.used === 'number' ? count(adjustment.used) : adjustment.used,
    };
    if (adjustment.field === 'background') return t('video360.adjustColour', values);
    switch (adjustment.reason) {
      case 'empty':
        return t('video360.adjustEmpty', values);
      case 'invalid':
        return t('video360.adjustInvalid', values);
      case 'below-min':
        return t('video360.adjustBelowMin', values);
      case 'above-max':
        return t('video360.adjustAboveMax', values);
      case 'rounded':
        return t('video360.adjustRounded', values);
    }
  };

  const isConverting = phase.kind === 'converting';
  const progressLabel = (progress: Video360Progress): string => {
    const step = t(STEP_KEYS[progress.step]);
    const text = progress.frames
      ? t('video360.stepFrames', {
          step,
          done: count(progress.frames.done),
          total: count(progress.frames.total),
        })
      : step;
    return `${text} · ${count(progress.percent)}%`;
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="video-360-converter">
      <section className={`${panel} space-y-3`}>
        <p className="text-sm text-slate-700">{t('video360.intro')}</p>
        <p className="text-xs text-slate-500" data-testid="video360-advice">
          {t('video360.advice')} {t('video360.sizeLimit', { max: megabytes(maxBytes, i18n.language) })}
        </p>
        <EngineStatus engine={engine} />
      </section>

      {adjustments.length > 0 && (
        <FormAlert tone="warning" testId="video360-adjustments">
          <p className="font-medium">{t('video360.adjusted')}</p>
          <ul className="mt-1 list-disc pl-5">
            {adjustments.map((adjustment) => (
              <li key={adjustment.field}>{adjustmentText(adjustment)}</li>
            ))}
          </ul>
        </FormAlert>
      )}

      {phase.kind === 'done' ? (
        <Video360ResultView result={phase.result} url={phase.url} fileName={phase.fileName} onReset={reset} />
      ) : (
        <form className={`${panel} space-y-4`} onSubmit={convert} noValidate>
          <VideoFileField
            testId="video360"
            inputKey={inputKey}
            onFile={chooseFile}
            disabled={isConverting}
            chosen={
              file
                ? t('video360.fileChosen', { name: file.name, size: megabytes(file.size, i18n.language) })
                : null
            }
            error={fileError}
          />

          <OptionsFields form={form} onChange={setForm} disabled={isConverting} />

          {/* 'Loading the video engine…' goes once the engine is ready (issue 31). */}
          {message && !(engine.isReady && message === t('video.engineLoading')) && (
            <FormAlert tone="error" testId="video360-message">
              {message}
            </FormAlert>
          )}

          {phase.kind === 'converting' && (
            <ProgressPanel
              done={phase.progress.percent}
              total={100}
              label={progressLabel(phase.progress)}
              onCancel={() => run.current?.abort()}
              testId="video360-progress"
            />
          )}
          {phase.kind === 'failed' && (
            <FormAlert tone="error" testId="video360-error">
              {phase.message}
            </FormAlert>
          )}
          {phase.kind === 'canceled' && (
            <FormAlert tone="info" testId="video360-canceled">
              {t('video360.canceled')}
            </FormAlert>
          )}

          <SubmitButton
            isBusy={isConverting}
            label={t('video.convert')}
            busyLabel={t('video.converting')}
            testId="video360-convert"
          />
        </form>
      )}
    </div>
  );
}
