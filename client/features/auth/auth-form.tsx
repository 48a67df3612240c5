import type { ComponentProps, FormEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/form-field';
import { AuthErrorAlert } from './auth-error-alert';
import { AuthLayout } from './auth-layout';

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

/** The account pages that are one form; each has its title, subtitle and submit labels under `auth.<page>`. */
type FormPage = 'login' | 'register' | 'forgotPassword' | 'resetPassword';

const PAGE_TEST_IDS: Record<FormPage, string> = {
  login: 'login-page',
  register: 'register-page',
  forgotPassword: 'forgot-password-page',
  resetPassword: 'reset-password-page',
};

/** An account page that is one form: the card (title, subtitle, footer links) around an `AuthForm`. */
export function AuthFormPage({
  page,
  footer,
  ...form
}: { page: FormPage; footer: ReactNode } & Omit<
  ComponentProps<typeof AuthForm>,
  'submitLabel' | 'busyLabel'
>) {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t(`auth.${page}.title`)}
      subtitle={t(`auth.${page}.subtitle`)}
      testId={PAGE_TEST_IDS[page]}
      footer={footer}
    >
      <AuthForm {...form} submitLabel={t(`auth.${page}.submit`)} busyLabel={t(`auth.${page}.submitting`)} />
    </AuthLayout>
  );
}
