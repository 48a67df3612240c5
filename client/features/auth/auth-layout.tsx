import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolboxIcon } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { AUTH_PATHS } from '../../lib/routes';

/** The frame of every /auth/* page: the app's mark, a way back, the language switch and one centred card. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  testId,
}: {
  title: string;
  subtitle?: string | undefined;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.documentTitle', { title });
  }, [t, title]);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <header className="flex items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <a
          href="/"
          className="flex items-center gap-2.5 rounded-lg text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-white">
            <ToolboxIcon className="h-5 w-5" />
          </span>
          <span>{t('auth.backToApp')}</span>
        </a>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-6 sm:pt-12">
        <section
          data-testid={testId}
          aria-labelledby="auth-title"
          className="w-full max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-8"
        >
          <h1 id="auth-title" className="text-xl font-semibold text-slate-900">
            {title}
          </h1>
          {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
          {footer && (
            <div className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-600">{footer}</div>
          )}
        </section>
      </main>
    </div>
  );
}

/** The footer line of the login and register cards: a question, and the link to the other page that answers it. */
const PROMPTS = {
  register: { text: 'auth.login.noAccount', link: 'auth.login.signUp' },
  login: { text: 'auth.register.haveAccount', link: 'auth.register.logIn' },
} as const;

/** A line of the card's footer pointing to the other page ("No account? Sign up"). */
export function AuthPrompt({ to }: { to: keyof typeof PROMPTS }) {
  const { t } = useTranslation();
  return (
    <p>
      {t(PROMPTS[to].text)}{' '}
      <a href={AUTH_PATHS[to]} className={linkClass}>
        {t(PROMPTS[to].link)}
      </a>
    </p>
  );
}

/** Where an account step sends the person next, and the button's words. */
const NEXT_STEPS = {
  tool: { href: '/', label: 'auth.register.continue' },
  login: { href: AUTH_PATHS.login, label: 'auth.resetPassword.goToLogin' },
  'forgot-password': { href: AUTH_PATHS['forgot-password'], label: 'auth.resetPassword.requestNewLink' },
} as const;

/** The card an account step ends on: what happened, then one full-width button to where the person goes next. */
export function AuthOutcome({
  title,
  testId,
  next,
  children,
}: {
  title: string;
  testId: string;
  next: keyof typeof NEXT_STEPS;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={title} testId={testId}>
      {children}
      <a href={NEXT_STEPS[next].href} className={`mt-6 w-full ${buttonLinkClass}`}>
        {t(NEXT_STEPS[next].label)}
      </a>
    </AuthLayout>
  );
}

export const linkClass =
  'font-medium text-indigo-600 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export const buttonLinkClass =
  'inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
