import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS } from '../../app/routes';
import { SubmitButton, TextField } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { AuthErrorAlert } from './auth-error-alert';
import { AuthLayout, linkClass } from './auth-layout';
import { validateLogin, type FieldErrors } from './auth-rules';

export function LoginPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();

  const login = useMutation({
    mutationFn: (values: { email: string; password: string }) => unwrap(authClient.signIn.email(values)),
    // A full load of the tool page: every tool starts from the new session.
    onSuccess: () => window.location.assign('/'),
  });

  const revalidate = (next: { email: string; password: string }) => {
    if (isSubmitted) setErrors(validateLogin(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    login.mutate({ email: email.trim(), password });
  };

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
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            revalidate({ email: value, password });
          }}
          error={errors.email && t(errors.email)}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            revalidate({ email, password: value });
          }}
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
