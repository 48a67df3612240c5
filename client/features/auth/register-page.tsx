import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmailField, PasswordField } from '../../components/account-fields';
import { FormAlert, TextField } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { AUTH_PATHS, VERIFIED_CALLBACK_URL } from '../../lib/routes';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AuthForm } from './auth-form';
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
      <AuthForm
        formRef={formRef}
        onSubmit={submit}
        request={register}
        submitLabel={t('auth.register.submit')}
        busyLabel={t('auth.register.submitting')}
      >
        <TextField
          label={t('auth.name')}
          autoComplete="name"
          value={values.name}
          onValueChange={change('name')}
          error={errors.name && t(errors.name)}
        />
        <EmailField
          label={t('auth.email')}
          value={values.email}
          onValueChange={change('email')}
          error={errors.email && t(errors.email)}
        />
        <PasswordField
          label={t('auth.password')}
          purpose="new"
          value={values.password}
          onValueChange={change('password')}
          hint={t('auth.passwordHint')}
          error={errors.password && t(errors.password)}
        />
      </AuthForm>
    </AuthLayout>
  );
}
