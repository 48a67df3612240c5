import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-field';
import type { Video360Engine } from './use-video360-engine';

const button =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** Which engine this screen runs on, its loading, or its load failure with the suggestions and Try Again. */
export function EngineStatus({ engine }: { engine: Video360Engine }) {
  const { t } = useTranslation();
  const { fallback } = engine;
  if (fallback.status === 'failed') {
    return (
      <FormAlert tone="error" testId="engine-error">
        <p className="font-semibold">{t('video.engineLoadFailed', { reason: fallback.reason })}</p>
        <p className="mt-1">{t('video.engineSuggestions')}</p>
        <button type="button" className={`${button} mt-2`} onClick={engine.retry} data-testid="engine-retry">
          {t('common.tryAgain')}
        </button>
      </FormAlert>
    );
  }
  const lines: string[] = [];
  if (engine.hasWebCodecs) lines.push(t('video360.engineMediabunny'));
  if (fallback.status === 'ready') lines.push(t('video360.engineFfmpegReady', { name: fallback.label }));
  else if (fallback.status === 'loading' && !engine.hasWebCodecs)
    lines.push(t('video360.engineFfmpegLoading'));
  return (
    <p
      className="text-xs text-slate-600"
      role="status"
      data-testid="engine-status"
      data-engine-ready={engine.isReady ? 'true' : 'false'}
    >
      {lines.join(' ')}
    </p>
  );
}
