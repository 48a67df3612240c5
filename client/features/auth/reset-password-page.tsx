import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/account-fields';
import { FormAlert } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { AUTH_PATHS } from '../../lib/routes';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AuthMessageAlert } from './auth-error-alert';
import { AuthForm } from './auth-form';
import { AuthLayout, buttonLinkClass, linkClass } from './auth-layout';
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
      <AuthLayout title={t('auth.resetPassword.title')} testId="reset-password-invalid">
        {linkError && <AuthMessageAlert message={linkError} testId="form-error" />}
        <a href={AUTH_PATHS['forgot-password']} className={`mt-6 w-full ${buttonLinkClass}`}>
          {t('auth.resetPassword.requestNewLink')}
        </a>
      </AuthLayout>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const { values, errors, formRef, change, handleSubmit } = useValidatedForm(
    { password: '', confirmPassword: '' },
    validateResetPassword,
  );
  const reset = useMutation({
    mutationFn: (newPassword: string) => unwrap(authClient.resetPassword({ newPassword, token })),
  });

  const submit = handleSubmit(({ password }) => reset.mutate(password));

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t('auth.resetPassword.title')} testId="reset-password-done">
        <FormAlert tone="success">{t('auth.resetPassword.done')}</FormAlert>
        <a href={AUTH_PATHS.login} className={`mt-6 w-full ${buttonLinkClass}`}>
          {t('auth.resetPassword.goToLogin')}
        </a>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('auth.resetPassword.title')}
      subtitle={t('auth.resetPassword.subtitle')}
      testId="reset-password-page"
      footer={
        <a href={AUTH_PATHS['forgot-password']} className={linkClass}>
          {t('auth.resetPassword.requestNewLink')}
        </a>
      }
    >
      <AuthForm
        formRef={formRef}
        onSubmit={submit}
        request={reset}
        submitLabel={t('auth.resetPassword.submit')}
        busyLabel={t('auth.resetPassword.submitting')}
      >
        <PasswordField
          label={t('auth.newPassword')}
          purpose="new"
          value={values.password}
          onValueChange={change('password')}
          hint={t('auth.passwordHint')}
          error={errors.password && t(errors.password)}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          purpose="new"
          value={values.confirmPassword}
          onValueChange={change('confirmPassword')}
          error={errors.confirmPassword && t(errors.confirmPassword)}
        />
      </AuthForm>
    </AuthLayout>
  );
}
