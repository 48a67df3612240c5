// Profile rules (spec part 2 §5 "Profile", §7 `PUT /api/auth/profile`): name and email required, only changed
// fields applied, a new password of at least 6 characters that needs the current one, and a changed email needs
// verifying again (the new address gets a verification link, the old one a notice).
import { z } from 'zod';
import {
  ACCOUNT_ERROR_CODES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_SUCCESS_MESSAGE,
  type ProfileUpdateRequest,
  type ProfileUpdateResponse,
  type ProfileUser,
} from '../../../common/contracts/account';
import { ApiError } from '../../http';

export type ProfileAccount = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: string | null;
};

/** What the rules need from the auth layer; the route passes Better Auth's, unit tests pass fakes. */
export type ProfileStore = {
  /** The id of the account using this email, if any. */
  findUserIdByEmail(email: string): Promise<string | null>;
  /** true when `password` is the account's current password (false when it has none). */
  checkPassword(userId: string, password: string): Promise<boolean>;
  setPassword(userId: string, password: string): Promise<void>;
  updateUser(
    userId: string,
    changes: { name?: string; email?: string; emailVerified?: boolean },
  ): Promise<ProfileAccount>;
  /** Mails never fail the update: the store logs a failed send. */
  sendVerification(account: { name: string; email: string }): Promise<void>;
  sendEmailChanged(input: { name: string; oldEmail: string; newEmail: string }): Promise<void>;
};

const fail = (code: string, message: string, status: 400 | 409 = 400) => new ApiError(status, code, message);

export async function updateProfile(
  current: ProfileAccount,
  input: ProfileUpdateRequest,
  store: ProfileStore,
): Promise<ProfileUpdateResponse> {
  const changes: { name?: string; email?: string; emailVerified?: boolean } = {};

  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name === '') throw fail(ACCOUNT_ERROR_CODES.nameRequired, 'Name is required');
    if (name !== current.name) changes.name = name;
  }

  if (input.email !== undefined) {
    const email = input.email.trim().toLowerCase();
    if (email === '') throw fail(ACCOUNT_ERROR_CODES.emailRequired, 'Email is required');
    if (!z.email().safeParse(email).success) {
      throw fail(ACCOUNT_ERROR_CODES.emailInvalid, 'Email is not a valid address');
    }
    if (email !== current.email.toLowerCase()) {
      const owner = await store.findUserIdByEmail(email);
      if (owner !== null && owner !== current.id) {
        throw fail(ACCOUNT_ERROR_CODES.emailInUse, 'This email is already registered', 409);
      }
      changes.email = email;
      changes.emailVerified = false;
    }
  }

  // An empty new password means "not changing it" (the form leaves the field blank).
  const newPassword = input.newPassword ?? '';
  if (newPassword !== '') {
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      throw fail(
        ACCOUNT_ERROR_CODES.passwordTooShort,
        `New password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      );
    }
    if (newPassword.length > PASSWORD_MAX_LENGTH) {
      throw fail(
        ACCOUNT_ERROR_CODES.passwordTooLong,
        `New password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      );
    }
    if (!input.currentPassword) {
      throw fail(
        ACCOUNT_ERROR_CODES.currentPasswordRequired,
        'Current password is required to change password',
      );
    }
    if (!(await store.checkPassword(current.id, input.currentPassword))) {
      throw fail(ACCOUNT_ERROR_CODES.currentPasswordInvalid, 'Current password is incorrect');
    }
  }

  // Every rule passed: apply.
  let updated = current;
  if (Object.keys(changes).length > 0) updated = await store.updateUser(current.id, changes);
  if (newPassword !== '') await store.setPassword(current.id, newPassword);
  if (changes.email !== undefined) {
    await store.sendVerification({ name: updated.name, email: changes.email });
    await store.sendEmailChanged({ name: updated.name, oldEmail: current.email, newEmail: changes.email });
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
