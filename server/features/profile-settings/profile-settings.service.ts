// Profile rules (spec part 2 §5 "Profile", §7 `PUT /api/auth/profile`): name and email required, only changed
// fields applied, a new password of at least 6 characters that needs the current one, and a changed email needs
// verifying again (the new address gets a verification link, the old one a notice).
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, nameProblem } from '../../../common/contracts/account';
import {
  PROFILE_SUCCESS_MESSAGE,
  type ProfileUpdateRequest,
  type ProfileUpdateResponse,
  type ProfileUser,
  emailChangePendingMessage,
} from '../../../common/contracts/profile-settings';
import { isCommonPassword, PASSWORD_TOO_COMMON_MESSAGE } from '../auth/common-passwords';
import { AppError } from '../../errors';
import { ERROR_CODES, type ErrorCode } from '../../../common/errors';

export type ProfileAccount = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: string | null;
};

/** The session the change is made in. */
export type ProfileContext = {
  /** Set while an admin is viewing the app as this user. */
  impersonatedBy: string | null;
  /** The current session's token: it survives a password change, every other session of the user ends. */
  sessionToken: string;
};

/** What the rules need from the auth layer; the route passes Better Auth's, unit tests pass fakes. */
export type ProfileStore = {
  /** Counts one current-password check like a sign-in attempt; throws a 429 AppError when over the limit. */
  countPasswordCheck(userId: string): Promise<void>;
  /** Ends every session of the user but the one with `keepToken`. */
  revokeOtherSessions(userId: string, keepToken: string): Promise<void>;
  /**
   * Starts an email change: a link to the new address that switches the account to it when opened, a notice to the
   * old address, an audit entry. The address itself does not change here.
   */
  requestEmailChange(input: {
    userId: string;
    name: string;
    oldEmail: string;
    newEmail: string;
  }): Promise<void>;
  /** The id of the account using this email, if any. */
  findUserIdByEmail(email: string): Promise<string | null>;
  /** true when `password` is the account's current password (false when it has none). */
  checkPassword(userId: string, password: string): Promise<boolean>;
  setPassword(userId: string, password: string): Promise<void>;
  updateUser(userId: string, changes: { name?: string }): Promise<ProfileAccount>;
};

const fail = (code: ErrorCode, message: string) => new AppError(code, message);

export async function updateProfile(
  current: ProfileAccount,
  input: ProfileUpdateRequest,
  store: ProfileStore,
  context: ProfileContext = { impersonatedBy: null, sessionToken: '' },
): Promise<ProfileUpdateResponse> {
  const changes: { name?: string } = {};
  let newEmail: string | undefined;

  if (input.name !== undefined) {
    const problem = nameProblem(input.name);
    if (problem) throw fail(problem.code, problem.message);
    const name = input.name.trim();
    if (name !== current.name) changes.name = name;
  }

  if (input.email !== undefined) {
    const email = input.email.trim().toLowerCase();
    if (email === '') throw fail(ERROR_CODES.emailRequired, 'Email is required');
    if (!z.email().safeParse(email).success) {
      throw fail(ERROR_CODES.emailInvalid, 'Email is not a valid address');
    }
    if (email !== current.email.toLowerCase()) {
      const owner = await store.findUserIdByEmail(email);
      if (owner !== null && owner !== current.id) {
        throw fail(ERROR_CODES.emailInUse, 'This email is already registered');
      }
      newEmail = email;
    }
  }

  // An empty new password means "not changing it" (the form leaves the field blank).
  const newPassword = input.newPassword ?? '';
  if (newPassword !== '') {
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      throw fail(
        ERROR_CODES.passwordTooShort,
        `New password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      );
    }
    if (newPassword.length > PASSWORD_MAX_LENGTH) {
      throw fail(
        ERROR_CODES.passwordTooLong,
        `New password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      );
    }
    if (isCommonPassword(newPassword)) {
      throw fail(ERROR_CODES.passwordTooCommon, PASSWORD_TOO_COMMON_MESSAGE);
    }
    if (!input.currentPassword) {
      throw fail(ERROR_CODES.currentPasswordRequired, 'Current password is required to change password');
    }
  }
  // The address and the password are the keys to the account: an admin viewing as the user may change neither, and
  // the user proves they know the current password (issue 9, point 3).
  if (context.impersonatedBy !== null && (newEmail !== undefined || newPassword !== '')) {
    throw new AppError(
      ERROR_CODES.forbidden,
      'An admin viewing the app as this user cannot change their email or password',
    );
  }
  if (newEmail !== undefined && !input.currentPassword) {
    throw fail(ERROR_CODES.currentPasswordRequired, 'Current password is required to change email');
  }
  if (input.currentPassword && (newEmail !== undefined || newPassword !== '')) {
    await store.countPasswordCheck(current.id);
    if (!(await store.checkPassword(current.id, input.currentPassword))) {
      throw fail(ERROR_CODES.currentPasswordInvalid, 'Current password is incorrect');
    }
  }

  // Every rule passed: apply.
  let updated = current;
  if (Object.keys(changes).length > 0) updated = await store.updateUser(current.id, changes);
  if (newPassword !== '') {
    await store.setPassword(current.id, newPassword);
    await store.revokeOtherSessions(current.id, context.sessionToken);
  }
  if (newEmail !== undefined) {
    await store.requestEmailChange({
      userId: current.id,
      name: updated.name,
      oldEmail: current.email,
      newEmail,
    });
    return {
      message: emailChangePendingMessage(newEmail),
      user: toProfileUser(updated),
      pendingEmail: newEmail,
    };
  }
  return { message: PROFILE_SUCCESS_MESSAGE, user: toProfileUser(updated) };
}

export function toProfileUser(account: ProfileAccount): ProfileUser {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role ?? 'user',
    isVerified: account.emailVerified,
  };
}
