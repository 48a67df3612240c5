import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, VERIFIED_CALLBACK_URL } from '../../lib/routes';
import { sessionQueryKey, useSession } from '../../lib/session';
import { FormAlert } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { AuthErrorAlert, AuthMessageAlert } from './auth-error-alert';
import { AuthLayout, AuthOutcome, buttonLinkClass, linkClass } from './auth-layout';
import { linkErrorMessage } from './auth-rules';

/**
 * `/auth/verify-email`: where the mailed link lands. Better Auth verifies at `/api/auth/verify-email` and sends the
 * person here with `?verified=1` or `?error=CODE`; a link straight to this page with `?token=` is verified from here.
 * Without any of these the page says to open the mail and offers a new link.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  const linkError = linkErrorMessage(params.get('error'));

  if (linkError) {
    return (
      <AuthLayout title={t('auth.verifyEmail.failedTitle')} testId="verify-email-failed">
        <AuthMessageAlert message={linkError} testId="form-error" />
        <ResendVerification />
      </AuthLayout>
    );
  }
  if (token) return <VerifyToken token={token} />;
  if (params.get('verified') === '1') return <Verified />;
  return (
    <AuthLayout title={t('auth.verifyEmail.title')} subtitle={t('auth.verifyEmail.pendingBody')}>
      <ResendVerification />
    </AuthLayout>
  );
}

function Verified() {
  const { t } = useTranslation();
  return (
    <AuthOutcome title={t('auth.verifyEmail.verifiedTitle')} testId="verify-email-done" next="tool">
      <FormAlert tone="success">{t('auth.verifyEmail.verifiedBody')}</FormAlert>
    </AuthOutcome>
  );
}

function VerifyToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const result = await unwrap(authClient.verifyEmail({ query: { token } }));
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return result ?? { status: true };
    },
    retry: false,
    staleTime: Infinity,
  });
  if (verification.isPending) {
    return (
      <AuthLayout title={t('auth.verifyEmail.title')}>
        <p role="status" className="text-sm text-slate-600">
          {t('auth.verifyEmail.verifying')}
        </p>
      </AuthLayout>
    );
  }
  if (verification.isError) {
    return (
      <AuthLayout title={t('auth.verifyEmail.failedTitle')} testId="verify-email-failed">
        <AuthErrorAlert error={verification.error} />
        <ResendVerification />
      </AuthLayout>
    );
  }
  return <Verified />;
}

/** A new verification mail for the logged-in, unverified person; a Login link otherwise. */
function ResendVerification() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const resend = useMutation({
    mutationFn: (email: string) =>
      unwrap(authClient.sendVerificationEmail({ email, callbackURL: VERIFIED_CALLBACK_URL })),
  });
  if (isLoading) return null;
  if (!user) {
    return (
      <p className="mt-4 text-sm text-slate-600">
        <a href={AUTH_PATHS.login} className={linkClass}>
          {t('auth.verifyEmail.loginToResend')}
        </a>
      </p>
    );
  }
  if (user.isVerified) {
    return (
      <div className="mt-4 space-y-4">
        <FormAlert tone="success">{t('auth.errors.alreadyVerified')}</FormAlert>
        <a href="/" className={`w-full ${buttonLinkClass}`}>
          {t('auth.register.continue')}
        </a>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-4">
      {resend.isSuccess && (
        <FormAlert tone="success">{t('auth.verifyEmail.resent', { email: resend.variables })}</FormAlert>
      )}
      {!resend.isPending && <AuthErrorAlert error={resend.error} />}
      <button
        type="button"
        disabled={resend.isPending}
        onClick={() => resend.mutate(user.email)}
        className="inline-flex w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {resend.isPending ? t('auth.verifyEmail.resending') : t('auth.verifyEmail.resend')}
      </button>
    </div>
  );
}
