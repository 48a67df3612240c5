import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, VERIFIED_CALLBACK_URL } from '../../lib/routes';
import { FormAlert, SubmitButton, TextField } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AuthErrorAlert } from './auth-error-alert';
import { AuthLayout, buttonLinkClass, linkClass } from './auth-layout';
import { validateRegister } from './auth-rules';

export function RegisterPage() {
  const { t } = useTranslation();
  const { values, errors, formRef, change, handleSubmit } = useValidatedForm(
    { name: '', email: '', password: '' },
    validateRegister,
  );

  const register = useMutation({
    mutationFn: (body: { name: string; email: string; password: string }) =>
      unwrap(authClient.signUp.email({ ...body, callbackURL: VERIFIED_CALLBACK_URL })),
  });

  const submit = handleSubmit(({ name, email, password }) =>
    register.mutate({ name: name.trim(), email: email.trim(), password }),
  );

  if (register.isSuccess) {
    return (
      <AuthLayout title={t('auth.register.successTitle')} testId="register-done">
        <FormAlert tone="success">
          {t('auth.register.successBody', { email: register.variables.email })}
        </FormAlert>
        <a href="/" className={`mt-6 w-full ${buttonLinkClass}`}>
          {t('auth.register.continue')}
        </a>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      testId="register-page"
      footer={
        <p>
          {t('auth.register.haveAccount')}{' '}
          <a href={AUTH_PATHS.login} className={linkClass}>
            {t('auth.register.logIn')}
          </a>
        </p>
      }
    >
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
        {!register.isPending && <AuthErrorAlert error={register.error} />}
        <TextField
          label={t('auth.name')}
          autoComplete="name"
          value={values.name}
          onValueChange={change('name')}
          error={errors.name && t(errors.name)}
        />
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
          autoComplete="new-password"
          value={values.password}
          onValueChange={change('password')}
          hint={t('auth.passwordHint')}
          error={errors.password && t(errors.password)}
        />
        <SubmitButton
          isBusy={register.isPending}
          label={t('auth.register.submit')}
          busyLabel={t('auth.register.submitting')}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
