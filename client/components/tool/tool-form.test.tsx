import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { ToolErrorAlert, ToolSubmitButton } from './tool-form';

function render(element: React.ReactElement): string {
  return renderToStaticMarkup(<I18nextProvider i18n={createI18n('en')}>{element}</I18nextProvider>);
}

describe('ToolSubmitButton', () => {
  it("is the tool's submit button, 'Processing...' and disabled while the run lasts", () => {
    const idle = render(<ToolSubmitButton label="Dump Product" isBusy={false} />);
    expect(idle).toMatch(/^<button type="submit" data-testid="tool-submit"[^>]*>Dump Product<\/button>$/);
    const busy = render(<ToolSubmitButton label="Dump Product" isBusy />);
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('>Processing...<');
  });
});

describe('ToolErrorAlert', () => {
  it('shows only an error outcome, as an alert', () => {
    expect(render(<ToolErrorAlert outcome={null} />)).toBe('');
    expect(render(<ToolErrorAlert outcome={{ tone: 'success', fileName: 'x.json' }} />)).toBe('');
    expect(render(<ToolErrorAlert outcome={{ tone: 'error', text: 'Please select a store' }} />)).toMatch(
      /^<div role="alert" data-testid="tool-error"[^>]*>Please select a store<\/div>$/,
    );
  });
});
