import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { AuthForm } from './auth-form';

const noop = () => undefined;
const formRef = { current: null };

function render(request: { isPending: boolean; error: unknown }, isBusy?: boolean): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n('en')}>
      <AuthForm
        formRef={formRef}
        onSubmit={noop}
        request={request}
        {...(isBusy === undefined ? {} : { isBusy })}
        submitLabel="Log In"
        busyLabel="Logging in..."
      >
        <input name="email" />
      </AuthForm>
    </I18nextProvider>,
  );
}

describe('AuthForm', () => {
  it('is a form checked by the page itself: the fields, then the full-width submit button', () => {
    const html = render({ isPending: false, error: null });
    expect(html).toMatch(
      /^<form noValidate="" class="space-y-4"><input name="email"\/><button type="submit"/,
    );
    expect(html).toContain('>Log In</button></form>');
    expect(html).not.toContain('role="alert"');
  });

  it('shows the last failure on top, and hides it while the next try runs', () => {
    const failed = render({ isPending: false, error: new Error('boom') });
    expect(failed).toMatch(
      /^<form[^>]*><div role="alert" data-testid="form-error"[^>]*>An error occurred<\/div>/,
    );
    const retrying = render({ isPending: true, error: new Error('boom') });
    expect(retrying).not.toContain('role="alert"');
    expect(retrying).toContain('>Logging in...</button>');
  });

  it('can stay busy after the request (login waits for the page to reload)', () => {
    expect(render({ isPending: false, error: null }, true)).toContain('>Logging in...</button>');
  });
});
