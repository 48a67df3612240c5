import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { vi } from '../locales/vi';
import { formatNumber } from './number-format';

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** localStorage key that remembers the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'bc-tools-lang';

export const resources = {
  en: { translation: en },
  vi: { translation: vi },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The remembered language, or English when none (or storage is unavailable). */
export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Creates an initialised i18next instance. Resources are bundled, so initialisation is synchronous (`initAsync:
 * false`) and the first render already has texts. Interpolation uses the spec's single braces: 'Viewing as: {name}'.
 */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    initAsync: false,
    showSupportNotice: false,
    returnNull: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  });
  // '{n, count}' in a text: the number in the reader's language, for texts built where only `t` is at hand (issue 44).
  instance.services.formatter?.add('count', (value: number, language) =>
    formatNumber(value, language ?? DEFAULT_LANGUAGE),
  );
  return instance;
}

/** The app's instance: starts in the remembered language and remembers every change on <html lang> and storage. */
export function setUpI18n(): I18n {
  const storage = browserStorage();
  const instance = createI18n(readStoredLanguage(storage));
  const applyLanguage = (language: string): void => {
    document.documentElement.lang = language;
    try {
      storage?.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch (error) {
      console.warn('Could not remember the language', error);
    }
  };
  applyLanguage(instance.language);
  instance.on('languageChanged', applyLanguage);
  return instance;
}
