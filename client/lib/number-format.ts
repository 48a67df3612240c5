// Numbers as the reader's language writes them (issue 44): '1,260' and '9.5' in English, '1.260' and '9,5' in
// Vietnamese. Ids, years and codes are not quantities: they stay as they are (String(id)).
import { useTranslation } from 'react-i18next';

/** A quantity with the language's grouping and decimal mark; `fractionDigits` fixes the decimals shown. */
export function formatNumber(value: number, language: string, fractionDigits?: number): string {
  return new Intl.NumberFormat(language, {
    ...(fractionDigits === undefined
      ? { maximumFractionDigits: 1 }
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  }).format(value);
}

/**
 * `formatNumber` in the reader's language, for a component: `const count = useCount(); count(1260)`, or with fixed
 * decimals `count(6.7, 1)`.
 */
export function useCount(): (value: number, fractionDigits?: number) => string {
  const { i18n } = useTranslation();
  return (value, fractionDigits) => formatNumber(value, i18n.language, fractionDigits);
}
