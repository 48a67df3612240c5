import { PASSWORD_MIN_LENGTH } from '../../../common/contracts/account';
import type { AuthError } from '../../lib/auth-client';

export type AuthValidationKey =
  | 'auth.validation.nameRequired'
  | 'auth.validation.emailRequired'
  | 'auth.validation.emailInvalid'
  | 'auth.validation.passwordRequired'
  | 'auth.validation.passwordTooShort'
  | 'auth.validation.passwordsMismatch';

export type FieldErrors<Field extends string> = Partial<Record<Field, AuthValidationKey>>;

/** A plain shape check; the server has the last word. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

function checkEmail(email: string): AuthValidationKey | undefined {
  if (email.trim() === '') return 'auth.validation.emailRequired';
  return isValidEmail(email) ? undefined : 'auth.validation.emailInvalid';
}

/** The profile rules' minimum applies to every new password (spec part 2 §5 "Profile"). */
function checkNewPassword(password: string): AuthValidationKey | undefined {
  if (password === '') return 'auth.validation.passwordRequired';
  return password.length < PASSWORD_MIN_LENGTH ? 'auth.validation.passwordTooShort' : undefined;
}

function compact<Field extends string>(
  errors: Record<Field, AuthValidationKey | undefined>,
): FieldErrors<Field> {
  const out: FieldErrors<Field> = {};
  for (const [field, key] of Object.entries(errors) as Array<[Field, AuthValidationKey | undefined]>) {
    if (key) out[field] = key;
  }
  return out;
}

export function validateLogin(values: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  return compact({
    email: checkEmail(values.email),
    password: values.password === '' ? 'auth.validation.passwordRequired' : undefined,
  });
}

export function validateRegister(values: {
  name: string;
  email: string;
  password: string;
}): FieldErrors<'name' | 'email' | 'password'> {
  return compact({
    name: values.name.trim() === '' ? 'auth.validation.nameRequired' : undefined,
    email: checkEmail(values.email),
    password: checkNewPassword(values.password),
  });
}

export function validateForgotPassword(values: { email: string }): FieldErrors<'email'> {
  return compact({ email: checkEmail(values.email) });
}

export function validateResetPassword(values: {
  password: string;
  confirmPassword: string;
}): FieldErrors<'password' | 'confirmPassword'> {
  return compact({
    password: checkNewPassword(values.password),
    confirmPassword:
      values.confirmPassword !== values.password ? 'auth.validation.passwordsMismatch' : undefined,
  });
}

export type AuthErrorKey =
  | 'auth.errors.invalidCredentials'
  | 'auth.errors.wrongPassword'
  | 'auth.errors.unknownEmail'
  | 'auth.errors.emailTaken'
  | 'auth.errors.tooManyAttempts'
  | 'auth.errors.banned'
  | 'auth.errors.emailNotVerified'
  | 'auth.errors.invalidLink'
  | 'auth.errors.alreadyVerified'
  | 'auth.validation.passwordTooShort'
  | 'auth.validation.passwordTooCommon'
  | 'auth.validation.nameTooLong'
  | 'auth.validation.emailInvalid'
  | 'errors.networkError'
  | 'errors.generic';

/** What to show for a failed account request: a catalogue text, or the server's own text when it is unknown here. */
export type AuthErrorMessage = { key: AuthErrorKey } | { text: string; code?: string };

// Better Auth's error codes (@better-auth/core BASE_ERROR_CODES and the admin plugin's), upper-cased so a server that
// answers `invalid_password` style codes maps the same way.
const CODE_KEYS: Record<string, AuthErrorKey> = {
  INVALID_EMAIL_OR_PASSWORD: 'auth.errors.invalidCredentials',
  INVALID_PASSWORD: 'auth.errors.wrongPassword',
  WRONG_PASSWORD: 'auth.errors.wrongPassword',
  USER_NOT_FOUND: 'auth.errors.unknownEmail',
  USER_EMAIL_NOT_FOUND: 'auth.errors.unknownEmail',
  UNKNOWN_EMAIL: 'auth.errors.unknownEmail',
  USER_ALREADY_EXISTS: 'auth.errors.emailTaken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.errors.emailTaken',
  EMAIL_TAKEN: 'auth.errors.emailTaken',
  EMAIL_ALREADY_REGISTERED: 'auth.errors.emailTaken',
  BANNED_USER: 'auth.errors.banned',
  EMAIL_NOT_VERIFIED: 'auth.errors.emailNotVerified',
  INVALID_TOKEN: 'auth.errors.invalidLink',
  TOKEN_EXPIRED: 'auth.errors.invalidLink',
  EMAIL_ALREADY_VERIFIED: 'auth.errors.alreadyVerified',
  PASSWORD_TOO_SHORT: 'auth.validation.passwordTooShort',
  PASSWORD_TOO_COMMON: 'auth.validation.passwordTooCommon',
  NAME_TOO_LONG: 'auth.validation.nameTooLong',
  INVALID_EMAIL: 'auth.validation.emailInvalid',
  TOO_MANY_REQUESTS: 'auth.errors.tooManyAttempts',
  RATE_LIMITED: 'auth.errors.tooManyAttempts',
};

export function authErrorMessage(error: AuthError): AuthErrorMessage {
  if (error.status === 429) return { key: 'auth.errors.tooManyAttempts' };
  if (error.status === 0) return { key: 'errors.networkError' };
  const key = error.code ? CODE_KEYS[error.code.toUpperCase()] : undefined;
  if (key) return { key };
  if (error.message) return { text: error.message, ...(error.code ? { code: error.code } : {}) };
  return { key: 'errors.generic' };
}

/** The `?error=` code Better Auth appends to a callback address (verify-email, reset-password links). */
export function linkErrorMessage(code: string | null): AuthErrorMessage | null {
  if (!code) return null;
  const key = CODE_KEYS[code.toUpperCase()];
  return { key: key ?? 'auth.errors.invalidLink' };
}
