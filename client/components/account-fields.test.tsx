import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailField, PasswordField } from './account-fields';

const noop = () => undefined;

const inputOf = (html: string) => /<input\b([^>]*)>/.exec(html)?.[1] ?? '';

describe('account fields', () => {
  it('EmailField is a labelled email input the browser fills with the email', () => {
    const html = renderToStaticMarkup(
      <EmailField label="Email" value="lan@example.com" onValueChange={noop} />,
    );
    const input = inputOf(html);
    expect(input).toContain('type="email"');
    expect(input).toContain('autoComplete="email"');
    expect(input).toContain('value="lan@example.com"');
    expect(html).toContain('>Email</label>');
  });

  it('PasswordField hides what is typed and asks for the saved or a new password', () => {
    const current = inputOf(
      renderToStaticMarkup(
        <PasswordField label="Password" purpose="current" value="" onValueChange={noop} />,
      ),
    );
    expect(current).toContain('type="password"');
    expect(current).toContain('autoComplete="current-password"');
    const fresh = renderToStaticMarkup(
      <PasswordField
        label="New password"
        purpose="new"
        value=""
        onValueChange={noop}
        hint="At least 6 characters"
        error="Password is required"
      />,
    );
    expect(inputOf(fresh)).toContain('autoComplete="new-password"');
    expect(inputOf(fresh)).toContain('aria-invalid="true"');
    expect(fresh).toContain('>At least 6 characters<');
    expect(fresh).toContain('>Password is required<');
  });
});
