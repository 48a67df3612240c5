import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/account-fields';
import { FormAlert } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { AUTH_PATHS } from '../../lib/routes';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AuthMessageAlert } from './auth-error-alert';
import { AuthFormPage } from './auth-form';
import { AuthOutcome, linkClass } from './auth-layout';
import { linkErrorMessage, validateResetPassword } from './auth-rules';

/** `/auth/reset-password?token=…` (Better Auth's mailed link redirects here; `?error=INVALID_TOKEN` when stale). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  const linkError =
    linkErrorMessage(params.get('error')) ?? (token ? null : linkErrorMessage('INVALID_TOKEN'));

  if (linkError || !token) {
    return (
      <AuthOutcome
        title={t('auth.resetPassword.title')}
        testId="reset-password-invalid"
        next="forgot-password"
      >
        {linkError && <AuthMessageAlert message={linkError} testId="form-error" />}
      </AuthOutcome>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const { formRef, field, handleSubmit } = useValidatedForm(
    { password: '', confirmPassword: '' },
    validateResetPassword,
  );
  const reset = useMutation({
    mutationFn: (newPassword: string) => unwrap(authClient.resetPassword({ newPassword, token })),
  });

  const submit = handleSubmit(({ password }) => reset.mutate(password));

  if (reset.isSuccess) {
    return (
      <AuthOutcome title={t('auth.resetPassword.title')} testId="reset-password-done" next="login">
        <FormAlert tone="success">{t('auth.resetPassword.done')}</FormAlert>
      </AuthOutcome>
    );
  }

  return (
    <AuthFormPage
      page="resetPassword"
      footer={
        <a href={AUTH_PATHS['forgot-password']} className={linkClass}>
          {t('auth.resetPassword.requestNewLink')}
        </a>
      }
      formRef={formRef}
      onSubmit={submit}
      request={reset}
    >
      <PasswordField
        label={t('auth.newPassword')}
        purpose="new"
        hint={t('auth.passwordHint')}
        {...field('password')}
      />
      <PasswordField label={t('auth.confirmPassword')} purpose="new" {...field('confirmPassword')} />
    </AuthFormPage>
  );
}
