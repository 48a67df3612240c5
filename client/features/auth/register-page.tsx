import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  OUTBOX_API_PATH,
  OUTBOX_PAGE_PATH,
  outboxResponseSchema,
} from '../../../common/contracts/dev-outbox';
import { EmailField, PasswordField } from '../../components/account-fields';
import { FormAlert, TextField } from '../../components/form-field';
import { apiRequest } from '../../lib/api';
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
        <OutboxHint email={register.variables.email} />
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

/**
 * In development, mail is kept in the outbox instead of being sent (issue 31): when the outbox answers (not in
 * production, and only to a caller on this machine) and holds the mail to this address, the page says where it is.
 */
function OutboxHint({ email }: { email: string }) {
  const { t } = useTranslation();
  const outbox = useQuery({
    queryKey: ['dev-outbox', email],
    // Any refusal (production, a remote caller, no outbox) means: nothing to say.
    queryFn: () =>
      apiRequest({
        path: `${OUTBOX_API_PATH}?to=${encodeURIComponent(email)}`,
        schema: outboxResponseSchema,
      }).then(
        (answer) => answer.mails.length > 0,
        () => false,
      ),
    retry: false,
    // Asked only where it can answer: a page opened at a loopback address (the outbox refuses anyone else).
    enabled: isLoopbackPage(),
  });
  if (outbox.data !== true) return null;
  const address = `${window.location.origin}${OUTBOX_PAGE_PATH}`;
  return (
    <p className="text-sm text-slate-600" data-testid="outbox-hint">
      {t('auth.register.outboxHint')}{' '}
      <a href={OUTBOX_PAGE_PATH} className="font-medium text-indigo-700 underline">
        {address}
      </a>
    </p>
  );
}

const isLoopbackPage = () => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(window.location.hostname);
