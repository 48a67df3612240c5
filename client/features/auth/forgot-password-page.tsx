import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, RESET_PASSWORD_REDIRECT } from '../../app/routes';
import { FormAlert, SubmitButton, TextField } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { AuthErrorAlert } from './auth-error-alert';
import { AuthLayout, linkClass } from './auth-layout';
import { validateForgotPassword, type FieldErrors } from './auth-rules';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();
  const request = useMutation({
    mutationFn: (address: string) =>
      unwrap(authClient.requestPasswordReset({ email: address, redirectTo: RESET_PASSWORD_REDIRECT })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const found = validateForgotPassword({ email });
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    request.mutate(email.trim());
  };

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
    <AuthLayout
      title={t('auth.forgotPassword.title')}
      subtitle={t('auth.forgotPassword.subtitle')}
      footer={footer}
      testId="forgot-password-page"
    >
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
        {!request.isPending && <AuthErrorAlert error={request.error} />}
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            if (isSubmitted) setErrors(validateForgotPassword({ email: value }));
          }}
          error={errors.email && t(errors.email)}
        />
        <SubmitButton
          isBusy={request.isPending}
          label={t('auth.forgotPassword.submit')}
          busyLabel={t('auth.forgotPassword.submitting')}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
