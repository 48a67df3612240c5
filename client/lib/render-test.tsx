// Static rendering for the unit tests of screen parts: the markup in a language, and the text a person reads in it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Language } from './i18n';

/** The markup of `element` in `language`, inside the app's providers (a query client that fetches nothing here). */
export function render(element: ReactElement, language: Language = 'en'): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createI18n(language)}>{element}</I18nextProvider>
    </QueryClientProvider>,
  );
}

/** Visible text of some markup, tags removed. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The text inside the element with `data-testid="{testId}"` (its first text run). */
export function byTestId(html: string, testId: string): string | undefined {
  const match = new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html);
  return match?.[1];
}
