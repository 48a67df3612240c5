import { AccessTokensPanel } from './access-tokens-panel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileUser } from '../../../common/contracts/profile-settings';
import { EmailField, PasswordField } from '../../components/account-fields';
import { FormAlert, SubmitButton, TextField } from '../../components/form-field';
import { authClient, unwrap } from '../../lib/auth-client';
import { cn } from '../../lib/class-names';
import { VERIFIED_CALLBACK_URL } from '../../lib/routes';
import { sessionQueryKey, useSession, type SessionUser } from '../../lib/session';
import { useValidatedForm } from '../../lib/use-validated-form';
import { userInitial } from '../../lib/user-initial';
import { profileErrorText, updateProfile } from './api';
import {
  buildProfileUpdate,
  emptyProfileForm,
  hasChanges,
  isEmailChanged,
  validateProfile,
  type ProfileOriginal,
} from './profile-rules';

/** Spec part 2 §4 "Profile": the success message disappears after 5 seconds. */
export const SUCCESS_MESSAGE_MS = 5_000;

/** Profile Settings (spec part 2 §2, §5, §8). Logged-out visitors get 'Login Required' from the shell. */
export default function ProfileSettingsScreen() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <ProfileCard user={user} />
      <ProfileForm key={user.id} user={user} />
      <AccessTokensPanel className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" />
    </div>
  );
}

function ProfileCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="profile-card"
      aria-label={t('tabs.profile-settings.title')}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center"
    >
      <span
        aria-hidden="true"
        data-testid="profile-avatar"
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-2xl font-semibold text-white"
      >
        {userInitial(user)}
      </span>
      <div className="min-w-0 flex-1">
        <p data-testid="profile-name" className="truncate text-lg font-semibold text-slate-900">
          {user.name}
        </p>
        <p data-testid="profile-email" className="truncate text-sm text-slate-600">
          {user.email}
        </p>
        <p className="mt-2">
          <span
            data-testid="verified-badge"
            className={cn(
              'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
              user.isVerified ? 'bg-emerald-50 text-emerald-700' : 'bg-amber-50 text-amber-800',
            )}
          >
            {user.isVerified ? `✓ ${t('profile.verified')}` : t('profile.notVerified')}
          </span>
        </p>
      </div>
      {!user.isVerified && <ResendVerificationButton email={user.email} />}
    </section>
  );
}

function ResendVerificationButton({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useMutation({
    mutationFn: () => unwrap(authClient.sendVerificationEmail({ email, callbackURL: VERIFIED_CALLBACK_URL })),
  });
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <button
        type="button"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {resend.isPending ? t('auth.verifyEmail.resending') : t('profile.resendVerification')}
      </button>
      {resend.isSuccess && (
        <p role="status" className="text-xs text-emerald-700">
          {t('profile.verificationSent', { email })}
        </p>
      )}
      {resend.isError && (
        <p role="alert" className="text-xs text-red-700">
          {resend.error.message || t('errors.generic')}
        </p>
      )}
    </div>
  );
}

type Notice = { tone: 'success' | 'error' | 'info'; text: string } | null;

function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [original, setOriginal] = useState<ProfileOriginal>({ name: user.name, email: user.email });
  const { values, formRef, field, handleSubmit, restart } = useValidatedForm(
    () => emptyProfileForm(user),
    (form) => validateProfile(form, original),
  );
  const [notice, setNotice] = useState<Notice>(null);

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({
      message,
      user: saved,
      pendingEmail,
    }: {
      message: string;
      user: ProfileUser;
      pendingEmail?: string | undefined;
    }) => {
      setOriginal({ name: saved.name, email: saved.email });
      restart(emptyProfileForm(saved));
      // The address changes once the new one confirms: say where the link went, in the user's language.
      const text = pendingEmail
        ? t('profile.emailChangePending', { email: pendingEmail })
        : message || t('profile.updated');
      setNotice({ tone: 'success', text });
      // The same person: the header and the card read the new name and email from the session.
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: (error) => setNotice({ tone: 'error', text: profileErrorText(error, t) }),
  });

  // The success message goes away after 5 s (an error stays until the next try).
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = window.setTimeout(() => setNotice(null), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const saveChanges = handleSubmit((checked) => {
    const request = buildProfileUpdate(original, checked);
    if (!hasChanges(request)) return setNotice({ tone: 'info', text: t('profile.noChanges') });
    save.mutate(request);
  });
  const submit = (event: FormEvent) => {
    // Every submit clears the last notice, whether or not the form passes its checks.
    setNotice(null);
    saveChanges(event);
  };

  const sectionClass = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
  const headingClass = 'text-base font-semibold text-slate-900';

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-6" data-testid="profile-form">
      <section aria-labelledby="profile-personal" className={sectionClass}>
        <h2 id="profile-personal" className={headingClass}>
          {t('profile.personalInformation')}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField label={t('profile.fullName')} autoComplete="name" {...field('name')} />
          <EmailField
            label={t('profile.email')}
            {...field('email')}
            hint={
              isEmailChanged(original, values.email) ? (
                <span data-testid="email-reverification" className="font-medium text-amber-700">
                  {t('profile.emailReverification')}
                </span>
              ) : undefined
            }
          />
        </div>
      </section>
      <section aria-labelledby="profile-password" className={sectionClass}>
        <h2 id="profile-password" className={headingClass}>
          {t('profile.changePassword')}
        </h2>
        <p className="mt-1 text-sm text-slate-500">{t('profile.passwordHint')}</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <PasswordField
            label={t('profile.currentPassword')}
            purpose="current"
            {...field('currentPassword')}
          />
          <PasswordField label={t('profile.newPassword')} purpose="new" {...field('newPassword')} />
          <PasswordField label={t('profile.confirmPassword')} purpose="new" {...field('confirmPassword')} />
        </div>
      </section>
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {notice && (
          <div className="sm:mr-auto">
            <FormAlert tone={notice.tone} testId="profile-notice">
              {notice.text}
            </FormAlert>
          </div>
        )}
        <SubmitButton
          isBusy={save.isPending}
          label={t('profile.save')}
          busyLabel={t('common.saving')}
          testId="profile-save"
        />
      </div>
    </form>
  );
}
