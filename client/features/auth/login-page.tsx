import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS } from '../../lib/routes';
import { SubmitButton, TextField } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AuthErrorAlert } from './auth-error-alert';
import { AuthLayout, linkClass } from './auth-layout';
import { validateLogin } from './auth-rules';

export function LoginPage() {
  const { t } = useTranslation();
  const { values, errors, formRef, change, handleSubmit } = useValidatedForm(
    { email: '', password: '' },
    validateLogin,
  );

  const login = useMutation({
    mutationFn: (values: { email: string; password: string }) => unwrap(authClient.signIn.email(values)),
    // A full load of the tool page: every tool starts from the new session.
    onSuccess: () => window.location.assign('/'),
  });

  const submit = handleSubmit(({ email, password }) => login.mutate({ email: email.trim(), password }));

  const isBusy = login.isPending || login.isSuccess;
  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      testId="login-page"
      footer={
        <p>
          {t('auth.login.noAccount')}{' '}
          <a href={AUTH_PATHS.register} className={linkClass}>
            {t('auth.login.signUp')}
          </a>
        </p>
      }
    >
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
        {!login.isPending && <AuthErrorAlert error={login.error} />}
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={values.email}
          onValueChange={change('email')}
          error={errors.email && t(errors.email)}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onValueChange={change('password')}
          error={errors.password && t(errors.password)}
        />
        <div className="flex justify-end">
          <a href={AUTH_PATHS['forgot-password']} className={`text-sm ${linkClass}`}>
            {t('auth.login.forgotPassword')}
          </a>
        </div>
        <SubmitButton
          isBusy={isBusy}
          label={t('auth.login.submit')}
          busyLabel={t('auth.login.submitting')}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
