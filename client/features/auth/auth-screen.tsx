import { useTranslation } from 'react-i18next';
import type { AuthPage } from '../../lib/routes';
import { AuthLayout, buttonLinkClass } from './auth-layout';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { ResetPasswordPage } from './reset-password-page';
import { VerifyEmailPage } from './verify-email-page';

const PAGES: Record<AuthPage, () => React.JSX.Element> = {
  login: LoginPage,
  register: RegisterPage,
  'verify-email': VerifyEmailPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
};

/** The /auth/* pages (one lazily loaded chunk); `null` is an unknown /auth/ path. */
export default function AuthScreen({ page }: { page: AuthPage | null }) {
  if (page === null) return <NotFoundPage />;
  const Page = PAGES[page];
  return <Page />;
}

function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.notFound.title')} subtitle={t('auth.notFound.body')} testId="not-found">
      <a href="/" className={`w-full ${buttonLinkClass}`}>
        {t('auth.backToApp')}
      </a>
    </AuthLayout>
  );
}
