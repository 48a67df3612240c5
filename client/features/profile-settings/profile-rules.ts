import { PASSWORD_MIN_LENGTH } from '../../../common/contracts/account';
import { type ProfileUpdateRequest } from '../../../common/contracts/profile-settings';

// Spec part 2 §5 "Profile": name and email required; the three password messages; only changed name and email are
// sent; a changed email shows 'Changing email will require re-verification'.

export interface ProfileFormValues {
  name: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ProfileField = keyof ProfileFormValues;

export type ProfileMessageKey =
  | 'profile.nameRequired'
  | 'profile.emailRequired'
  | 'profile.passwordsMismatch'
  | 'profile.passwordTooShort'
  | 'profile.currentPasswordRequired'
  | 'profile.currentPasswordRequiredForEmail';

export type ProfileErrors = Partial<Record<ProfileField, ProfileMessageKey>>;

export interface ProfileOriginal {
  name: string;
  email: string;
}

export function emptyProfileForm(user: ProfileOriginal): ProfileFormValues {
  return { name: user.name, email: user.email, currentPassword: '', newPassword: '', confirmPassword: '' };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The email field differs from the account's email (the re-verification notice shows). */
export function isEmailChanged(original: ProfileOriginal, email: string): boolean {
  return email.trim() !== '' && !sameEmail(original.email, email);
}

/** Someone typed in a new-password field: the password change rules apply. */
export function isPasswordChangeRequested(values: ProfileFormValues): boolean {
  return values.newPassword !== '' || values.confirmPassword !== '';
}

/**
 * Every rule broken by the form, by field (the first broken password rule of each field). A changed email needs the
 * current password too (issue 9: the address is a key to the account).
 */
export function validateProfile(values: ProfileFormValues, original?: ProfileOriginal): ProfileErrors {
  const errors: ProfileErrors = {};
  if (values.name.trim() === '') errors.name = 'profile.nameRequired';
  if (values.email.trim() === '') errors.email = 'profile.emailRequired';
  if (isPasswordChangeRequested(values)) {
    if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = 'profile.passwordTooShort';
    if (values.newPassword !== values.confirmPassword) errors.confirmPassword = 'profile.passwordsMismatch';
    if (values.currentPassword === '') errors.currentPassword = 'profile.currentPasswordRequired';
  }
  if (original && isEmailChanged(original, values.email) && values.currentPassword === '') {
    errors.currentPassword ??= 'profile.currentPasswordRequiredForEmail';
  }
  return errors;
}

/** The `PUT /api/auth/profile` body: only a changed name and email, and the passwords when changing them. */
export function buildProfileUpdate(
  original: ProfileOriginal,
  values: ProfileFormValues,
): ProfileUpdateRequest {
  const request: ProfileUpdateRequest = {};
  const name = values.name.trim();
  if (name !== original.name) request.name = name;
  if (isEmailChanged(original, values.email)) {
    request.email = values.email.trim();
    request.currentPassword = values.currentPassword;
  }
  if (isPasswordChangeRequested(values)) {
    request.currentPassword = values.currentPassword;
    request.newPassword = values.newPassword;
  }
  return request;
}

export function hasChanges(request: ProfileUpdateRequest): boolean {
  return Object.keys(request).length > 0;
}

/** Order in which field errors are announced (and the first invalid field focused). */
export const PROFILE_FIELD_ORDER: readonly ProfileField[] = [
  'name',
  'email',
  'currentPassword',
  'newPassword',
  'confirmPassword',
];
