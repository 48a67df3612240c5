import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-field';
import { AuthRequestError } from '../../lib/auth-client';
import { serverErrorText } from '../../lib/error-text';
import { authErrorMessage, type AuthErrorMessage } from './auth-rules';

/** The message for a failed account request (an `AuthRequestError` from `unwrap`, or anything else thrown). */
export function describeFailure(error: unknown): AuthErrorMessage {
  if (error instanceof AuthRequestError) return authErrorMessage(error.error);
  return { key: 'errors.generic' };
}

export function AuthMessageAlert({ message, testId }: { message: AuthErrorMessage; testId?: string }) {
  const { t } = useTranslation();
  return (
    <FormAlert tone="error" {...(testId ? { testId } : {})}>
      {'key' in message ? t(message.key) : (serverErrorText(message, t) ?? message.text)}
    </FormAlert>
  );
}

export function AuthErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return <AuthMessageAlert message={describeFailure(error)} testId="form-error" />;
}
