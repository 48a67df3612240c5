import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, useCount } from '../../lib/number-format';
import {
  H265_MAX_BYTES,
  H265_RATE_LIMIT,
  H265_RETENTION_HOURS,
  H265_TIME_LIMIT_SECONDS,
  type ConvertH265Result,
} from '../../../common/contracts/video-h265-converter';
import { primaryButtonClass as primaryButton } from '../../components/button-classes';
import { FormAlert, SecondaryButton, SubmitButton } from '../../components/form-field';
import { ProgressPanel, formatDuration } from '../../components/tool/progress-panel';
import { ResultPanel } from '../../components/tool/result-panel';
import { VideoFileField } from '../../components/tool/video-file-field';
import { serverErrorText } from '../../lib/error-text';
import {
  failureText,
  formatExpiry,
  formatRatio,
  megabytes,
  percentOf,
  savingPercent,
  type H265Step,
} from './h265-rules';
import { useH265Converter, type Estimate, type FileProblem } from './use-h265-converter';

const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

/**
 * H.265 Video Converter (Cloud) (spec part 2 §2 "H.265 cloud screen", §3, §4, §5, §8, §9; issue 17): the video goes
 * straight to storage, the server converts it with x265 + AAC + hvc1, and a download link lasts 24 hours. Before
 * uploading, the screen says how long it should take (with the preset the server would use) and the size it should
 * save; while it converts, the encoder's real progress and time left, and Cancel (issue 29), which stops the upload
 * or the conversion and deletes its files.
 */
export default function VideoH265Screen() {
  const { t, i18n } = useTranslation();
  const converter = useH265Converter();
  const { file, problem, estimate, tooLong, run } = converter;
  const [inputKey, setInputKey] = useState(0);
  const busy = run.status === 'working';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void converter.convert();
  };

  const reset = () => {
    converter.reset();
    setInputKey((key) => key + 1);
  };

  const fileError = problem && problem.kind !== 'noFile' ? problemText(problem, t, i18n.language) : null;

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="video-h265-converter">
      {run.status === 'done' ? (
        <Result result={run.result} onReset={reset} />
      ) : (
        <form className={`${panel} space-y-4`} onSubmit={submit} noValidate>
          <VideoFileField
            testId="h265"
            inputKey={inputKey}
            onFile={converter.chooseFile}
            disabled={busy}
            chosen={
              file
                ? t('h265.fileChosen', { name: file.name, size: megabytes(file.size, i18n.language) })
                : null
            }
            error={fileError}
          />

          {file && estimate && <EstimateDetails estimate={estimate} sizeBytes={file.size} />}

          {problem?.kind === 'noFile' && (
            <FormAlert tone="error" testId="h265-message">
              {t('h265.noFile')}
            </FormAlert>
          )}

          {run.status === 'working' && (
            <ProgressPanel
              done={run.percent}
              total={100}
              label={
                run.cancelling
                  ? t('h265.cancelling')
                  : // The encoder's step says its own percent; the bar shows the whole.
                    run.step.kind === 'encoding'
                    ? stepText(run.step, t, i18n.language)
                    : `${stepText(run.step, t, i18n.language)} · ${formatNumber(run.percent, i18n.language)}%`
              }
              {...(!run.cancelling && run.step.kind === 'encoding' && run.step.secondsLeft !== null
                ? { secondsLeft: run.step.secondsLeft }
                : {})}
              onCancel={run.cancelling ? undefined : () => void converter.cancel()}
              testId="h265-progress"
            />
          )}

          {run.status === 'cancelled' && (
            <FormAlert tone="info" testId="h265-cancelled">
              {serverErrorText({ code: 'conversion_cancelled', text: run.message ?? undefined }, t)}
            </FormAlert>
          )}

          {run.status === 'failed' && (
            <FormAlert tone="error" testId="h265-error">
              <p className="font-semibold">{t('h265.conversionFailedTitle')}</p>
              <p data-testid="h265-error-message">{failureText(run.failure, t)}</p>
            </FormAlert>
          )}

          <SubmitButton
            isBusy={busy}
            isDisabled={tooLong}
            label={t('h265.convert')}
            busyLabel={t('video.converting')}
            testId="h265-convert"
          />
        </form>
      )}

      <HowItWorks />
    </div>
  );
}

function problemText(problem: FileProblem, t: TFunction, language: string): string {
  switch (problem.kind) {
    case 'notVideo':
      return t('h265.notVideo');
    case 'tooLarge':
      return t('h265.fileTooLarge', { n: megabytes(problem.bytes, language) });
    case 'noFile':
      return t('h265.noFile');
  }
}

function stepText(step: H265Step, t: TFunction, language: string): string {
  switch (step.kind) {
    case 'requesting':
      return t('h265.stepRequesting');
    case 'uploading':
      return t('h265.stepUploading', {
        sent: megabytes(step.loaded, language),
        total: megabytes(step.total, language),
      });
    case 'uploaded':
      return t('h265.stepUploaded');
    case 'queued':
      return step.ahead === 0
        ? t('h265.stepQueuedNext')
        : step.ahead === 1
          ? t('h265.stepQueuedOne')
          : t('h265.stepQueuedMany', { n: formatNumber(step.ahead, language) });
    case 'encoding':
      return step.preset
        ? t('h265.stepEncodingPreset', {
            preset: step.preset,
            percent: formatNumber(Math.round(step.progress), language),
          })
        : t('h265.stepEncoding', { percent: formatNumber(Math.round(step.progress), language) });
    case 'done':
      return t('h265.stepDone');
  }
}

function EstimateDetails({ estimate, sizeBytes }: { estimate: Estimate; sizeBytes: number }) {
  const { t, i18n } = useTranslation();
  const count = useCount();
  if (estimate.status === 'estimating') {
    return (
      <p className="text-sm text-slate-600" data-testid="h265-estimating">
        {t('h265.estimating')}
      </p>
    );
  }
  if (estimate.status === 'unknown') return null;
  const { preset, estimateSeconds, fastestSeconds, limitSeconds, estimatedSize } = estimate.estimate;
  if (preset === null) {
    return (
      <FormAlert tone="error" testId="h265-too-long">
        {t('h265.tooLong', {
          time: formatDuration(fastestSeconds, t),
          minutes: count(Math.round(limitSeconds / 60)),
        })}
      </FormAlert>
    );
  }
  const saving = savingPercent(sizeBytes, estimatedSize);
  const sizes = {
    size: megabytes(estimatedSize, i18n.language),
    original: megabytes(sizeBytes, i18n.language),
    percent: count(Math.abs(saving)),
  };
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="h265-estimate">
      <p data-testid="h265-estimate-time">
        {t('h265.estimateTime', { time: formatDuration(estimateSeconds, t), preset })}
      </p>
      <p data-testid="h265-estimate-size">
        {saving > 0 ? t('h265.estimateSmaller', sizes) : t('h265.estimateNotSmaller', sizes)}
      </p>
    </div>
  );
}

function Result({ result, onReset }: { result: ConvertH265Result; onReset: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <section className={`${panel} space-y-4`} data-testid="h265-result-panel">
      <ProgressPanel
        done={percentOf({ kind: 'done' })}
        total={100}
        label={`${t('h265.stepDone')} · ${percentOf({ kind: 'done' })}%`}
        testId="h265-progress"
      />
      <ResultPanel title={t('h265.success')} fileName={result.filename} testId="h265-result">
        <p data-testid="h265-result-sizes">
          {t('h265.sizes', {
            original: megabytes(result.original_size, i18n.language),
            converted: megabytes(result.converted_size, i18n.language),
          })}
        </p>
        <p data-testid="h265-result-ratio">
          {result.compression_ratio >= 0
            ? t('h265.ratioSmaller', { ratio: formatRatio(result.compression_ratio, i18n.language) })
            : t('h265.ratioLarger', { ratio: formatRatio(result.compression_ratio, i18n.language) })}
        </p>
        <p data-testid="h265-result-encoded">
          {t('h265.encodedWith', { preset: result.preset, time: formatDuration(result.encode_seconds, t) })}
        </p>
        <p data-testid="h265-result-expiry">
          {t('h265.expiresAt', {
            time: formatExpiry(result.expires_at, i18n.resolvedLanguage ?? i18n.language),
          })}
        </p>
      </ResultPanel>
      <div className="flex flex-wrap gap-3">
        <a
          href={result.download_url}
          download={result.filename}
          className={primaryButton}
          data-testid="h265-download"
        >
          {t('h265.download')}
        </a>
        <SecondaryButton onClick={onReset} label={t('video.convertAnother')} testId="h265-another" />
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  const count = useCount();
  return (
    <section
      className="rounded-2xl border border-indigo-100 bg-indigo-50/60 p-5 text-sm text-slate-700"
      data-testid="h265-how"
    >
      <h2 className="font-semibold text-slate-900">{t('h265.howItWorks')}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t('h265.howUpload')}</li>
        <li>{t('h265.howConvert')}</li>
        <li>{t('h265.howExpiry', { hours: count(H265_RETENTION_HOURS) })}</li>
        <li>
          {t('h265.howLimits', {
            max: count(H265_MAX_BYTES / 1024 / 1024),
            minutes: count(H265_TIME_LIMIT_SECONDS / 60),
            user: count(H265_RATE_LIMIT.user),
            guest: count(H265_RATE_LIMIT.guest),
            window: count(H265_RATE_LIMIT.windowSeconds / 60),
          })}
        </li>
      </ul>
    </section>
  );
}
