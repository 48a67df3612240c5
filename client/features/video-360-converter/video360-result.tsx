import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import { SPRITE_LIMITS, type SpriteShaper } from '../../../common/video/sprite-grid';
import { megabytes } from '../../../common/video/video360-options';
import { ResultPanel } from '../../components/tool/result-panel';
import type { FallbackReason, Video360Result } from './convert-video360';
import { SpinPreview } from './spin-preview';
import { viewerSnippet } from './viewer-snippet';

const button =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const primary =
  'inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

const FALLBACK_KEYS = {
  'no-webcodecs': 'video360.fallbackNoWebCodecs',
  'cannot-read': 'video360.fallbackCannotRead',
  'cannot-decode': 'video360.fallbackCannotDecode',
  'decode-failed': 'video360.fallbackDecodeFailed',
} as const satisfies Record<FallbackReason, string>;

/** A number for a line of text in the reader's language: at most two decimals, no trailing zeros. */
function short(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** The finished 360 image: what it is and what shaped it, the preview turning, the download and the snippet. */
export function Video360ResultView({
  result,
  url,
  fileName,
  onReset,
}: {
  result: Video360Result;
  url: string;
  fileName: string;
  onReset: () => void;
}) {
  const { t, i18n } = useTranslation();
  const count = useCount();
  const { plan } = result;
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const shapedText = (shaper: SpriteShaper): string => {
    switch (shaper) {
      case 'canvas-side':
        return t('video360.shapedCanvasSide', { side: count(SPRITE_LIMITS.maxCanvasSide) });
      case 'canvas-area':
        return t('video360.shapedCanvasArea');
      case 'jpeg-side':
        return t('video360.shapedJpegSide');
      case 'file-size':
        return t('video360.shapedFileSize');
      case 'max-width':
        return t('video360.shapedMaxWidth', { maxWidth: count(result.maxWidth) });
    }
  };
  const shaped = [...new Set(plan.shapedBy)];
  const snippet = viewerSnippet({
    imageSrc: fileName,
    frames: plan.frames,
    columns: plan.columns,
    rows: plan.rows,
    frameWidth: plan.frameWidth,
    frameHeight: plan.frameHeight,
    label: t('video360.spinLabel'),
  });

  const copySnippet = () => {
    navigator.clipboard.writeText(snippet).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <div className="space-y-4" data-testid="video360-result">
      <ResultPanel title={t('video360.doneTitle')} fileName={fileName}>
        <p
          data-testid="video360-grid"
          data-columns={plan.columns}
          data-rows={plan.rows}
          data-frames={plan.frames}
          data-frame-width={plan.frameWidth}
          data-frame-height={plan.frameHeight}
          data-width={plan.width}
          data-height={plan.height}
        >
          {t('video360.gridLine', {
            columns: count(plan.columns),
            rows: count(plan.rows),
            frames: count(plan.frames),
            width: count(plan.frameWidth),
            height: count(plan.frameHeight),
            imageWidth: count(plan.width),
            imageHeight: count(plan.height),
            size: megabytes(result.blob.size, i18n.language),
          })}
        </p>
        <ul data-testid="video360-shaped" data-shaped-by={shaped.join(' ')}>
          {shaped.length === 0 ? (
            <li>{t('video360.shapedNone', { side: count(SPRITE_LIMITS.maxCanvasSide) })}</li>
          ) : (
            shaped.map((shaper) => <li key={shaper}>{shapedText(shaper)}</li>)
          )}
        </ul>
        <p data-testid="video360-engine" data-engine={result.engine}>
          {t('video360.extractedWith', {
            engine: result.engine,
            seconds: count(result.extractMs / 1000, 1),
          })}
          {result.fallback && (
            <> {t(FALLBACK_KEYS[result.fallback], { reason: result.fallbackDetail ?? '' })}</>
          )}
        </p>
        <p data-testid="video360-duration">
          {result.duration.isAssumed
            ? t('video360.durationAssumed')
            : t('video360.durationLine', {
                seconds: short(result.duration.seconds, i18n.language),
                rate: short(result.framesAsked / result.duration.seconds, i18n.language),
              })}
          {plan.frames < result.framesAsked && (
            <> {t('video360.fewerFrames', { got: count(plan.frames), asked: count(result.framesAsked) })}</>
          )}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a href={url} download={fileName} className={primary} data-testid="video360-download">
            {t('common.download')}
          </a>
          <button type="button" className={button} onClick={onReset} data-testid="video360-reset">
            {t('video.convertAnother')}
          </button>
        </div>
      </ResultPanel>

      <section className={panel} aria-labelledby="video360-spin-title">
        <h3 id="video360-spin-title" className="text-sm font-semibold text-slate-800">
          {t('video360.spinTitle')}
        </h3>
        <p className="mt-1 mb-3 text-xs text-slate-500">{t('video360.spinHelp')}</p>
        <SpinPreview url={url} plan={plan} label={t('video360.spinLabel')} />
      </section>

      <section className={panel} aria-labelledby="video360-preview-title">
        <h3 id="video360-preview-title" className="mb-3 text-sm font-semibold text-slate-800">
          {t('video360.preview')}
        </h3>
        <img
          src={url}
          alt={t('video360.spriteAlt', { frames: count(plan.frames) })}
          width={plan.width}
          height={plan.height}
          data-testid="video360-image"
          className="h-auto max-w-full rounded-lg border border-slate-200"
        />
      </section>

      <section className={panel} aria-labelledby="video360-snippet-title">
        <div className="flex items-center justify-between gap-3">
          <h3 id="video360-snippet-title" className="text-sm font-semibold text-slate-800">
            {t('video360.snippetTitle')}
          </h3>
          <button type="button" className={button} onClick={copySnippet} data-testid="video360-copy">
            {copy === 'copied' ? t('video360.copied') : t('video360.copy')}
          </button>
        </div>
        <p className="mt-1 text-xs text-slate-500">{t('video360.snippetHelp', { name: fileName })}</p>
        {copy === 'failed' && (
          <p className="mt-1 text-xs font-medium text-red-600" role="alert">
            {t('video360.copyFailed')}
          </p>
        )}
        <textarea
          readOnly
          value={snippet}
          rows={8}
          aria-labelledby="video360-snippet-title"
          data-testid="video360-snippet"
          onFocus={(event) => event.currentTarget.select()}
          className="mt-2 block w-full rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-800"
        />
      </section>
    </div>
  );
}
