import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format';
import { primaryButtonClass as primaryButton } from '../../components/button-classes';
import { SecondaryButton } from '../../components/form-field';
import { formatDuration } from '../../components/tool/progress-panel';
import { VideoFileField } from '../../components/tool/video-file-field';
import { cn } from '../../lib/class-names';
import { useOpenTab } from '../../lib/tab-navigation';
import { handOffFile } from '../../lib/video/file-handoff';
import { megabytes, timeLeftSeconds, type TargetCodec } from './converter-rules';
import { engineLabel, useVideoConverter } from './use-video-converter';

const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

const CODECS: readonly { codec: TargetCodec; key: 'codecH264' | 'codecH265' }[] = [
  { codec: 'h264', key: 'codecH264' },
  { codec: 'h265', key: 'codecH265' },
];

/**
 * Video Converter, in the browser (spec part 1 §2, §4, §5, §8, §9; issue 16): nothing is uploaded. WebCodecs through
 * Mediabunny first (hardware where the machine has it), then ffmpeg.wasm served by the app itself; the estimate comes
 * from converting a 2 s sample on this device; real progress with time left and Cancel; Download or Convert Another.
 */
export default function VideoConverterScreen() {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const openTab = useOpenTab();
  const converter = useVideoConverter();
  const { engineState, engine, file, codec, analysis, run, problem } = converter;
  const busy = run.status === 'converting';
  const planned = analysis?.status === 'planned' ? analysis : null;

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="video-converter">
      <p className="text-sm text-slate-600">{t('video.help')}</p>

      <section className={panel} data-testid="video-engine" aria-live="polite">
        {engineState.status === 'loading' && (
          <p className="text-sm text-slate-600" data-testid="video-engine-loading">
            {t('video.engineLoadingStatus')}
          </p>
        )}
        {engineState.status === 'ready' && (
          <p className="text-sm text-emerald-700" data-testid="video-engine-ready">
            {t('video.engineReadyStatus', { engine: engineState.engine.label })}
          </p>
        )}
        {engineState.status === 'failed' && (
          <div role="alert" className="space-y-2" data-testid="video-engine-failed">
            <p className="text-sm font-medium text-red-700">
              {t('video.engineLoadFailed', { reason: engineState.reason })}
            </p>
            <p className="text-sm text-slate-700">{t('video.engineSuggestions')}</p>
            <SecondaryButton
              onClick={converter.retryEngine}
              label={t('common.tryAgain')}
              testId="video-engine-retry"
            />
          </div>
        )}
      </section>

      {(run.status === 'idle' || run.status === 'converting') && (
        <form
          noValidate
          className={cn(panel, 'space-y-4')}
          onSubmit={(event) => {
            event.preventDefault();
            void converter.convert();
          }}
        >
          <fieldset disabled={busy} className="space-y-4">
            <VideoFileField
              testId="video"
              inputKey={0}
              onFile={converter.chooseFile}
              disabled={busy}
              chosen={
                file
                  ? t('video.fileChosen', { name: file.name, size: megabytes(file.size, i18n.language) })
                  : null
              }
              error={null}
            />
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">{t('video.codec')}</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {CODECS.map((item) => (
                  <label key={item.codec} className="inline-flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="radio"
                      name={`${formId}-codec`}
                      value={item.codec}
                      checked={codec === item.codec}
                      onChange={() => converter.setCodec(item.codec)}
                      data-testid={`video-codec-${item.codec}`}
                    />
                    {t(`video.${item.key}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          </fieldset>

          <PlanDetails
            analysis={analysis}
            engineLabelText={planned?.plan.ok ? engineLabel(planned.plan.engine, engine) : null}
            onCloud={() => {
              if (!file) return;
              handOffFile('video-h265-converter', file);
              openTab('video-h265-converter');
            }}
          />

          {problem && (
            <p role="alert" className="text-sm font-medium text-red-600" data-testid="video-problem">
              {t(`video.${problem}`)}
            </p>
          )}

          {run.status === 'converting' ? (
            <Progress progress={run.progress} startedAt={run.startedAt} onCancel={converter.cancel} />
          ) : (
            <button type="submit" className={primaryButton} data-testid="video-convert">
              {t('video.convert')}
            </button>
          )}
        </form>
      )}

      {run.status === 'done' && (
        <section className={cn(panel, 'space-y-3')} data-testid="video-result">
          <p className="text-sm font-medium text-emerald-700" data-testid="video-result-summary">
            {t('video.doneIn', {
              time: formatDuration(run.seconds, t),
              engine: engineLabel(run.engine, engine),
            })}
          </p>
          <p className="text-sm text-slate-700" data-testid="video-result-sizes">
            {t('video.sizes', {
              input: megabytes(run.inputBytes, i18n.language),
              output: megabytes(run.outputBytes, i18n.language),
            })}
          </p>
          <div className="flex flex-wrap gap-3">
            <a href={run.url} download={run.name} className={primaryButton} data-testid="video-download">
              {t('video.download', { name: run.name })}
            </a>
            <ConvertAnotherButton onClick={converter.reset} />
          </div>
        </section>
      )}

      {run.status === 'failed' && (
        <section className={cn(panel, 'space-y-3')} role="alert" data-testid="video-failed">
          <p className="text-sm font-medium text-red-700">
            {t('video.conversionFailedWith', { message: run.message })}
          </p>
          <ConvertAnotherButton onClick={converter.reset} />
        </section>
      )}
    </div>
  );
}

/** Back to the empty form, after a conversion that finished or failed. */
function ConvertAnotherButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return <SecondaryButton onClick={onClick} label={t('video.convertAnother')} testId="video-another" />;
}

function PlanDetails({
  analysis,
  engineLabelText,
  onCloud,
}: {
  analysis: ReturnType<typeof useVideoConverter>['analysis'];
  engineLabelText: string | null;
  onCloud: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (!analysis) return null;
  if (analysis.status === 'analysing') {
    return (
      <p className="text-sm text-slate-600" data-testid="video-analysing">
        {t('video.analysing')}
      </p>
    );
  }
  const { plan, tooLarge, estimate } = analysis;
  if (!plan.ok) {
    return (
      <div className="space-y-2 rounded-lg bg-amber-50 p-3" data-testid="video-no-engine">
        <p className="text-sm text-amber-900">
          {t(plan.reason === 'h265-unavailable' ? 'video.h265Unavailable' : 'video.noEngine')}
        </p>
        {plan.reason === 'h265-unavailable' && (
          <SecondaryButton onClick={onCloud} label={t('video.openCloud')} testId="video-open-cloud" />
        )}
      </div>
    );
  }
  return (
    <div className="space-y-1 text-sm" data-testid="video-plan">
      {engineLabelText && (
        <p className="text-slate-700" data-testid="video-engine-in-use">
          {t('video.engineInUse', { engine: engineLabelText })}
        </p>
      )}
      {tooLarge ? (
        <p role="alert" className="font-medium text-red-600" data-testid="video-too-large">
          {t('video.tooLarge', {
            size: megabytes(tooLarge.fileBytes, i18n.language),
            max: megabytes(tooLarge.maxBytes, i18n.language),
            memory:
              tooLarge.memoryGb === null
                ? t('video.memoryUnknown')
                : t('video.memoryGb', { n: formatNumber(tooLarge.memoryGb, i18n.language) }),
          })}
        </p>
      ) : (
        <p className="text-slate-600" data-testid="video-estimate">
          {estimate.status === 'measuring'
            ? t('video.estimateMeasuring')
            : estimate.status === 'measured'
              ? t('video.estimateMeasured', { time: formatDuration(estimate.seconds, t) })
              : t('video.estimateUnknown')}
        </p>
      )}
    </div>
  );
}

function Progress({
  progress,
  startedAt,
  onCancel,
}: {
  progress: number;
  startedAt: number;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  // The time left is read twice a second (and on every progress report).
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const percent = Math.round(progress * 100);
  const left = timeLeftSeconds((now - startedAt) / 1000, progress);
  return (
    <div className="space-y-2" data-testid="video-progress">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('video.converting')}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700" data-testid="video-progress-text">
        {t('video.progress', { percent: formatNumber(percent, i18n.language) })}
        {left !== null && ` · ${t('video.timeLeft', { time: formatDuration(left, t) })}`}
      </p>
      <SecondaryButton onClick={onCancel} label={t('common.cancel')} testId="video-cancel" />
    </div>
  );
}
