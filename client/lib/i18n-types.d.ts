import 'i18next';
import type { en } from '../locales/en';

// Typed keys for t(): a missing key is a compile error. Interpolation uses single braces like the spec.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    interpolationPrefix: '{';
    interpolationSuffix: '}';
    // The app's own formatter (createI18n): '{n, count}' takes a number.
    interpolationFormatTypeMap: { count: number };
  }
}
