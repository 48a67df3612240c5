import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmailField } from '../../components/account-fields';
import { FormAlert } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { AUTH_PATHS, RESET_PASSWORD_REDIRECT } from '../../lib/routes';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AuthFormPage } from './auth-form';
import { AuthLayout, linkClass } from './auth-layout';
import { validateForgotPassword } from './auth-rules';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { formRef, field, handleSubmit } = useValidatedForm({ email: '' }, validateForgotPassword);
  const request = useMutation({
    mutationFn: (address: string) =>
      unwrap(authClient.requestPasswordReset({ email: address, redirectTo: RESET_PASSWORD_REDIRECT })),
  });

  const submit = handleSubmit(({ email }) => request.mutate(email.trim()));

  const footer = (
    <a href={AUTH_PATHS.login} className={linkClass}>
      {t('auth.forgotPassword.backToLogin')}
    </a>
  );

  if (request.isSuccess) {
    return (
      <AuthLayout title={t('auth.forgotPassword.title')} footer={footer} testId="forgot-password-sent">
        {/* The same answer whether or not the address has an account (no account discovery). */}
        <FormAlert tone="success">{t('auth.forgotPassword.sent')}</FormAlert>
      </AuthLayout>
    );
  }

  return (
    <AuthFormPage page="forgotPassword" footer={footer} formRef={formRef} onSubmit={submit} request={request}>
      <EmailField label={t('auth.email')} {...field('email')} />
    </AuthFormPage>
  );
}
