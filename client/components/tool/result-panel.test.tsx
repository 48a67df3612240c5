import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type Language } from '../../lib/i18n';
import { ResultPanel } from './result-panel';

function render(language: Language): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(language)}>
      <ResultPanel title="Product exported." fileName="product-77-2026.json">
        <p>Shirt (ID: 77)</p>
      </ResultPanel>
    </I18nextProvider>,
  );
}

describe('ResultPanel', () => {
  it('shows the title, the tool’s lines and the file name, politely announced', () => {
    const html = render('en');
    expect(html).toMatch(/^<div role="status" data-testid="tool-result"/);
    const lines = [...html.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(lines).toEqual(['Product exported.', 'Shirt (ID: 77)', 'File: product-77-2026.json']);
    expect(html).toContain('data-testid="tool-file-name"');
  });

  it('names the file in Vietnamese', () => {
    expect(render('vi')).toContain('>Tệp: product-77-2026.json<');
  });
});
