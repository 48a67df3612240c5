import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmailField, PasswordField } from '../../components/account-fields';
import { FormAlert, TextField } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { VERIFIED_CALLBACK_URL } from '../../lib/routes';
import { useValidatedForm } from '../../lib/use-validated-form';
import { AuthFormPage } from './auth-form';
import { AuthOutcome, AuthPrompt } from './auth-layout';
import { validateRegister } from './auth-rules';

export function RegisterPage() {
  const { t } = useTranslation();
  const { formRef, field, handleSubmit } = useValidatedForm(
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
      <AuthOutcome title={t('auth.register.successTitle')} testId="register-done" next="tool">
        <FormAlert tone="success">
          {t('auth.register.successBody', { email: register.variables.email })}
        </FormAlert>
      </AuthOutcome>
    );
  }

  return (
    <AuthFormPage
      page="register"
      footer={<AuthPrompt to="login" />}
      formRef={formRef}
      onSubmit={submit}
      request={register}
    >
      <TextField label={t('auth.name')} autoComplete="name" {...field('name')} />
      <EmailField label={t('auth.email')} {...field('email')} />
      <PasswordField
        label={t('auth.password')}
        purpose="new"
        hint={t('auth.passwordHint')}
        {...field('password')}
      />
    </AuthFormPage>
  );
}
