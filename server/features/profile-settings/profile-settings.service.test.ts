import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors';
import { updateProfile, type ProfileAccount, type ProfileStore } from './profile-settings.service';

const current: ProfileAccount = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  emailVerified: true,
  role: null,
};

function fakeStore(options: { password?: string; emails?: Record<string, string> } = {}) {
  const calls: string[] = [];
  let account = { ...current };
  const store: ProfileStore = {
    findUserIdByEmail: (email) => Promise.resolve(options.emails?.[email] ?? null),
    checkPassword: (_id, password) => Promise.resolve(password === (options.password ?? 'right-one')),
    setPassword: (_id, password) => {
      calls.push(`setPassword ${password}`);
      return Promise.resolve();
    },
    updateUser: (_id, changes) => {
      calls.push(`updateUser ${JSON.stringify(changes)}`);
      account = { ...account, ...changes };
      return Promise.resolve(account);
    },
    countPasswordCheck: (id) => {
      calls.push(`count ${id}`);
      return Promise.resolve();
    },
    revokeOtherSessions: (id, keep) => {
      calls.push(`revoke ${id} except ${keep}`);
      return Promise.resolve();
    },
    requestEmailChange: (input) => {
      calls.push(`request ${input.oldEmail} -> ${input.newEmail}`);
      return Promise.resolve();
    },
  };
  return { store, calls };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { status, code, message } = error as AppError;
    return { status, code, message };
  }
  throw new Error('expected a failure');
}

describe('updateProfile', () => {
  it('applies only the fields that changed', async () => {
    const { store, calls } = fakeStore();
    const result = await updateProfile(current, { name: 'Ada', email: 'ADA@example.com ' }, store);
    expect(calls).toEqual([]);
    expect(result).toEqual({
      message: 'Profile updated successfully!',
      user: { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', isVerified: true },
    });

    const renamed = await updateProfile(current, { name: '  Ada Lovelace ' }, store);
    expect(calls).toEqual(['updateUser {"name":"Ada Lovelace"}']);
    expect(renamed.user.name).toBe('Ada Lovelace');
  });

  it('requires name and email when sent', async () => {
    const { store, calls } = fakeStore();
    expect(await failure(updateProfile(current, { name: ' ' }, store))).toEqual({
      status: 400,
      code: 'name_required',
      message: 'Name is required',
    });
    expect(await failure(updateProfile(current, { email: '' }, store))).toMatchObject({
      code: 'email_required',
    });
    expect(await failure(updateProfile(current, { email: 'ada@' }, store))).toMatchObject({
      code: 'email_invalid',
    });
    expect(calls).toEqual([]);
  });

  it('changes the password only with the current one and at least 6 characters', async () => {
    const { store, calls } = fakeStore();
    expect(
      await failure(updateProfile(current, { newPassword: '12345', currentPassword: 'right-one' }, store)),
    ).toEqual({
      status: 400,
      code: 'password_too_short',
      message: 'New password must be at least 6 characters',
    });
    expect(
      await failure(
        updateProfile(current, { newPassword: 'x'.repeat(129), currentPassword: 'right-one' }, store),
      ),
    ).toMatchObject({ code: 'password_too_long' });
    expect(
      await failure(updateProfile(current, { name: 'Changed', newPassword: 'kestrel-77' }, store)),
    ).toEqual({
      status: 400,
      code: 'current_password_required',
      message: 'Current password is required to change password',
    });
    expect(
      await failure(
        updateProfile(
          current,
          { name: 'Changed', newPassword: 'kestrel-77', currentPassword: 'wrong' },
          store,
        ),
      ),
    ).toEqual({ status: 400, code: 'current_password_invalid', message: 'Current password is incorrect' });
    // Nothing was applied by the failed attempts (not even the name); the wrong guess was counted.
    expect(calls).toEqual(['count u1']);
    calls.length = 0;

    const context = { impersonatedBy: null, sessionToken: 'this-session' };
    await updateProfile(current, { newPassword: 'kestrel-77', currentPassword: 'right-one' }, store, context);
    expect(calls).toEqual(['count u1', 'setPassword kestrel-77', 'revoke u1 except this-session']);
  });

  it('refuses the most common passwords and names over 100 characters', async () => {
    const { store, calls } = fakeStore();
    for (const newPassword of ['123456', 'password', 'Qwerty123', 'iloveyou']) {
      expect(
        await failure(updateProfile(current, { newPassword, currentPassword: 'right-one' }, store)),
      ).toEqual({
        status: 400,
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Please choose another.',
      });
    }
    expect(await failure(updateProfile(current, { name: 'x'.repeat(101) }, store))).toEqual({
      status: 400,
      code: 'name_too_long',
      message: 'Name must be at most 100 characters',
    });
    expect(calls).toEqual([]);
  });

  it('lets an admin viewing as the user change neither the email nor the password', async () => {
    const { store, calls } = fakeStore();
    const context = { impersonatedBy: 'admin-1', sessionToken: 's' };
    for (const input of [
      { email: 'new@example.com', currentPassword: 'right-one' },
      { newPassword: 'kestrel-77', currentPassword: 'right-one' },
    ]) {
      expect(await failure(updateProfile(current, input, store, context))).toEqual({
        status: 403,
        code: 'forbidden',
        message: 'An admin viewing the app as this user cannot change their email or password',
      });
    }
    // The name is not a key to the account.
    await updateProfile(current, { name: 'Ada L.' }, store, context);
    expect(calls).toEqual(['updateUser {"name":"Ada L."}']);
  });

  it('treats an empty new password as no change', async () => {
    const { store, calls } = fakeStore();
    await updateProfile(current, { newPassword: '', currentPassword: '' }, store);
    expect(calls).toEqual([]);
  });

  it('changes the email only with the current password, and only once the new address confirms', async () => {
    const { store, calls } = fakeStore();
    expect(await failure(updateProfile(current, { email: 'New@Example.com' }, store))).toEqual({
      status: 400,
      code: 'current_password_required',
      message: 'Current password is required to change email',
    });
    expect(
      await failure(updateProfile(current, { email: 'new@example.com', currentPassword: 'wrong' }, store)),
    ).toMatchObject({ code: 'current_password_invalid' });
    calls.length = 0;
    const result = await updateProfile(
      current,
      { email: 'New@Example.com', currentPassword: 'right-one' },
      store,
    );
    expect(calls).toEqual(['count u1', 'request ada@example.com -> new@example.com']);
    // The account keeps its address until the link is opened.
    expect(result).toEqual({
      message:
        'Profile updated successfully! To change your email, open the link we sent to new@example.com.',
      user: { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', isVerified: true },
      pendingEmail: 'new@example.com',
    });
  });

  it('refuses an email another account uses', async () => {
    const { store } = fakeStore({ emails: { 'taken@example.com': 'u2' } });
    expect(await failure(updateProfile(current, { email: 'taken@example.com' }, store))).toEqual({
      status: 409,
      code: 'email_in_use',
      message: 'This email is already registered',
    });
  });
});
