import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import {
  buildProfileUpdate,
  emptyProfileForm,
  hasChanges,
  isEmailChanged,
  validateProfile,
  type ProfileFormValues,
} from './profile-rules';

const original = { name: 'Lan Nguyen', email: 'lan@example.com' };
const form = (overrides: Partial<ProfileFormValues> = {}): ProfileFormValues => ({
  ...emptyProfileForm(original),
  ...overrides,
});

describe('buildProfileUpdate: only changed name and email are sent', () => {
  it('sends nothing when nothing changed', () => {
    const request = buildProfileUpdate(original, form());
    expect(request).toEqual({});
    expect(hasChanges(request)).toBe(false);
  });

  it('sends a changed name only', () => {
    expect(buildProfileUpdate(original, form({ name: 'Lan Tran' }))).toEqual({ name: 'Lan Tran' });
  });

  it('sends a changed email, trimmed, with the current password it needs (issue 9)', () => {
    expect(
      buildProfileUpdate(original, form({ email: ' lan.tran@example.com ', currentPassword: 'mine-1' })),
    ).toEqual({ email: 'lan.tran@example.com', currentPassword: 'mine-1' });
    expect(validateProfile(form({ email: 'lan.tran@example.com' }), original)).toEqual({
      currentPassword: 'profile.currentPasswordRequiredForEmail',
    });
  });

  it('does not count surrounding spaces or letter case as a change', () => {
    expect(buildProfileUpdate(original, form({ name: ' Lan Nguyen ', email: 'LAN@example.com ' }))).toEqual(
      {},
    );
  });

  it('sends both passwords, and no unchanged fields, when changing the password', () => {
    expect(
      buildProfileUpdate(
        original,
        form({ currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' }),
      ),
    ).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' });
  });

  it('ignores a current password typed without a new one', () => {
    expect(buildProfileUpdate(original, form({ currentPassword: 'old-secret' }))).toEqual({});
  });

  it('never sends an unchanged name or email (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, email) => {
        const request = buildProfileUpdate(original, form({ name, email }));
        if ('name' in request) expect(request.name).not.toBe(original.name);
        if ('email' in request) expect(request.email?.toLowerCase()).not.toBe(original.email);
        expect(
          Object.keys(request).every((key) => key === 'name' || key === 'email' || key === 'currentPassword'),
        ).toBe(true);
        expect('currentPassword' in request).toBe('email' in request);
      }),
    );
  });
});

describe('validateProfile', () => {
  it('accepts the unchanged form', () => {
    expect(validateProfile(form())).toEqual({});
  });

  it('requires name and email', () => {
    expect(validateProfile(form({ name: '  ', email: '' }))).toEqual({
      name: 'profile.nameRequired',
      email: 'profile.emailRequired',
    });
  });

  it('says the new passwords do not match', () => {
    expect(
      validateProfile(
        form({ currentPassword: 'old-secret', newPassword: 'abcdef', confirmPassword: 'abcdeg' }),
      ),
    ).toEqual({ confirmPassword: 'profile.passwordsMismatch' });
  });

  it('needs at least 6 characters', () => {
    expect(
      validateProfile(
        form({ currentPassword: 'old-secret', newPassword: 'abcde', confirmPassword: 'abcde' }),
      ),
    ).toEqual({ newPassword: 'profile.passwordTooShort' });
    expect(
      validateProfile(
        form({ currentPassword: 'old-secret', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
      ),
    ).toEqual({});
  });

  it('needs the current password to change the password', () => {
    expect(validateProfile(form({ newPassword: 'abcdef', confirmPassword: 'abcdef' }))).toEqual({
      currentPassword: 'profile.currentPasswordRequired',
    });
  });

  it('applies the password rules as soon as the confirmation is typed', () => {
    expect(validateProfile(form({ confirmPassword: 'abcdef' }))).toEqual({
      newPassword: 'profile.passwordTooShort',
      confirmPassword: 'profile.passwordsMismatch',
      currentPassword: 'profile.currentPasswordRequired',
    });
  });

  it("reads the spec's three password messages and the profile texts", () => {
    const t = createI18n('en').t;
    expect(t('profile.passwordsMismatch')).toBe('New passwords do not match');
    expect(t('profile.passwordTooShort')).toBe('New password must be at least 6 characters');
    expect(t('profile.currentPasswordRequired')).toBe('Current password is required to change password');
    expect(t('profile.emailReverification')).toBe('Changing email will require re-verification');
    expect(t('profile.updated')).toBe('Profile updated successfully!');
    expect(t('profile.updateFailed')).toBe('Failed to update profile');
    expect(t('common.saving')).toBe('Saving...');
  });
});

describe('isEmailChanged', () => {
  it('is true only for a different, non-empty email', () => {
    expect(isEmailChanged(original, 'lan@example.com')).toBe(false);
    expect(isEmailChanged(original, ' Lan@Example.com')).toBe(false);
    expect(isEmailChanged(original, '')).toBe(false);
    expect(isEmailChanged(original, 'minh@example.com')).toBe(true);
  });
});
