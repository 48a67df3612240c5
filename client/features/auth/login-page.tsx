import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmailField, PasswordField } from '../../components/account-fields';
import { authClient, unwrap } from '../../lib/auth-client';
import { AUTH_PATHS } from '../../lib/routes';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AuthForm } from './auth-form';
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
      <AuthForm
        formRef={formRef}
        onSubmit={submit}
        request={login}
        isBusy={isBusy}
        submitLabel={t('auth.login.submit')}
        busyLabel={t('auth.login.submitting')}
      >
        <EmailField
          label={t('auth.email')}
          value={values.email}
          onValueChange={change('email')}
          error={errors.email && t(errors.email)}
        />
        <PasswordField
          label={t('auth.password')}
          purpose="current"
          value={values.password}
          onValueChange={change('password')}
          error={errors.password && t(errors.password)}
        />
        <div className="flex justify-end">
          <a href={AUTH_PATHS['forgot-password']} className={`text-sm ${linkClass}`}>
            {t('auth.login.forgotPassword')}
          </a>
        </div>
      </AuthForm>
    </AuthLayout>
  );
}
