import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../http';
import { updateProfile, type ProfileAccount, type ProfileStore } from './service';

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
    sendVerification: (to) => {
      calls.push(`verify ${to.email}`);
      return Promise.resolve();
    },
    sendEmailChanged: (input) => {
      calls.push(`changed ${input.oldEmail} -> ${input.newEmail}`);
      return Promise.resolve();
    },
  };
  return { store, calls };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { status, code, message } = error as ApiError;
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
    expect(await failure(updateProfile(current, { name: 'Changed', newPassword: '123456' }, store))).toEqual({
      status: 400,
      code: 'current_password_required',
      message: 'Current password is required to change password',
    });
    expect(
      await failure(
        updateProfile(current, { name: 'Changed', newPassword: '123456', currentPassword: 'wrong' }, store),
      ),
    ).toEqual({ status: 400, code: 'current_password_invalid', message: 'Current password is incorrect' });
    // Nothing was applied by the failed attempts (not even the name).
    expect(calls).toEqual([]);

    await updateProfile(current, { newPassword: '123456', currentPassword: 'right-one' }, store);
    expect(calls).toEqual(['setPassword 123456']);
  });

  it('treats an empty new password as no change', async () => {
    const { store, calls } = fakeStore();
    await updateProfile(current, { newPassword: '', currentPassword: '' }, store);
    expect(calls).toEqual([]);
  });

  it('re-verifies a changed email and tells the old address', async () => {
    const { store, calls } = fakeStore();
    const result = await updateProfile(current, { email: 'New@Example.com' }, store);
    expect(calls).toEqual([
      'updateUser {"email":"new@example.com","emailVerified":false}',
      'verify new@example.com',
      'changed ada@example.com -> new@example.com',
    ]);
    expect(result.user).toMatchObject({ email: 'new@example.com', isVerified: false });
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
