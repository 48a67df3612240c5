// Wire contract of our own account routes. Better Auth's standard routes (`/api/auth/sign-up/email`,
// `/api/auth/sign-in/email`, `/api/auth/get-session`, `/api/auth/admin/*`, …) are documented by Better Auth.
import { ERROR_CODES, type ErrorCode } from '../errors';

/** Where Better Auth answers (its base path), on the server and in the browser's auth client. */
export const AUTH_BASE_PATH = '/api/auth';
/** Better Auth's session read: `null` when logged out. */
export const AUTH_SESSION_PATH = `${AUTH_BASE_PATH}/get-session`;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** A name is shown in the header and sent with every session read: kept short (issue 9, point 12). */
export const NAME_MAX_LENGTH = 100;

/** The roles an account can have (issue 9, point 13: `" admin"` or `"superadmin"` are refused). */
export const KNOWN_ROLES = ['user', 'admin'] as const;
export function isKnownRole(value: unknown): value is (typeof KNOWN_ROLES)[number] {
  return typeof value === 'string' && (KNOWN_ROLES as readonly string[]).includes(value);
}

/** What is wrong with a name sent to sign-up, update-user or the profile, if anything. */
export function nameProblem(value: unknown): { code: ErrorCode; message: string } | undefined {
  if (typeof value !== 'string') return { code: ERROR_CODES.nameInvalid, message: 'Name must be text' };
  if (value.trim() === '') return { code: ERROR_CODES.nameRequired, message: 'Name is required' };
  if (value.trim().length > NAME_MAX_LENGTH) {
    return { code: ERROR_CODES.nameTooLong, message: `Name must be at most ${NAME_MAX_LENGTH} characters` };
  }
  return undefined;
}
