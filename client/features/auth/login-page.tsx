import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmailField, PasswordField } from '../../components/account-fields';
import { authClient, unwrap } from '../../lib/auth-client';
import { AUTH_PATHS } from '../../lib/routes';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AuthFormPage } from './auth-form';
import { AuthPrompt, linkClass } from './auth-layout';
import { validateLogin } from './auth-rules';

export function LoginPage() {
  const { t } = useTranslation();
  const { formRef, field, handleSubmit } = useValidatedForm({ email: '', password: '' }, validateLogin);

  const login = useMutation({
    mutationFn: (values: { email: string; password: string }) => unwrap(authClient.signIn.email(values)),
    // A full load of the tool page: every tool starts from the new session.
    onSuccess: () => window.location.assign('/'),
  });

  const submit = handleSubmit(({ email, password }) => login.mutate({ email: email.trim(), password }));

  return (
    <AuthFormPage
      page="login"
      footer={<AuthPrompt to="register" />}
      formRef={formRef}
      onSubmit={submit}
      request={login}
      isBusy={login.isPending || login.isSuccess}
    >
      <EmailField label={t('auth.email')} {...field('email')} />
      <PasswordField label={t('auth.password')} purpose="current" {...field('password')} />
      <div className="flex justify-end">
        <a href={AUTH_PATHS['forgot-password']} className={`text-sm ${linkClass}`}>
          {t('auth.login.forgotPassword')}
        </a>
      </div>
    </AuthFormPage>
  );
}
