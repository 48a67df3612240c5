import { useTranslation } from 'react-i18next';
import { GlobeIcon } from './icons';
import { LANGUAGES, isLanguage } from '../lib/i18n';

/** Header language switch; the choice is remembered by the i18n set-up (localStorage + <html lang>). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <label className="relative flex items-center rounded-lg border border-slate-200 bg-white text-sm text-slate-700 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 hover:border-slate-300">
      <GlobeIcon className="pointer-events-none absolute left-2.5 h-4 w-4 text-slate-500" />
      <span className="sr-only">{t('header.language')}</span>
      <select
        data-testid="language-switch"
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void i18n.changeLanguage(next);
        }}
        className="cursor-pointer appearance-none rounded-lg bg-transparent py-1.5 pl-8 pr-3 outline-none"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
