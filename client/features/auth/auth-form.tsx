import type { FormEvent, ReactNode, RefObject } from 'react';
import { SubmitButton } from '../../components/form-field';
import { AuthErrorAlert } from './auth-error-alert';

/**
 * The form of an account page: the failure of the last try on top (hidden while the next one runs), the fields, and
 * the full-width submit button with its busy label.
 */
export function AuthForm({
  formRef,
  onSubmit,
  request,
  isBusy = request.isPending,
  submitLabel,
  busyLabel,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  /** The account request the form sends (a TanStack mutation): its failure shows until the next try starts. */
  request: { isPending: boolean; error: unknown };
  /** The button's busy state; while the request runs by default. */
  isBusy?: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {!request.isPending && <AuthErrorAlert error={request.error} />}
      {children}
      <SubmitButton isBusy={isBusy} label={submitLabel} busyLabel={busyLabel} className="w-full" />
    </form>
  );
}
