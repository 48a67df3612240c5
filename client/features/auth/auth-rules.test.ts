import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import {
  authErrorMessage,
  isValidEmail,
  linkErrorMessage,
  validateForgotPassword,
  validateLogin,
  validateRegister,
  validateResetPassword,
} from './auth-rules';

describe('account form rules', () => {
  it('checks the email shape', () => {
    expect(isValidEmail('lan@example.com')).toBe(true);
    expect(isValidEmail(' lan@example.com ')).toBe(true);
    expect(isValidEmail('lan@example')).toBe(false);
    expect(isValidEmail('lan example.com')).toBe(false);
  });

  it('login needs an email and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'auth.validation.emailRequired',
      password: 'auth.validation.passwordRequired',
    });
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({
      email: 'auth.validation.emailInvalid',
    });
    // A short password may still be an old account's password: login does not apply the minimum.
    expect(validateLogin({ email: 'lan@example.com', password: 'x' })).toEqual({});
  });

  it('registration asks for name, email and a password of at least 6 characters', () => {
    expect(validateRegister({ name: ' ', email: '', password: '' })).toEqual({
      name: 'auth.validation.nameRequired',
      email: 'auth.validation.emailRequired',
      password: 'auth.validation.passwordRequired',
    });
    expect(validateRegister({ name: 'Lan', email: 'lan@example.com', password: '12345' })).toEqual({
      password: 'auth.validation.passwordTooShort',
    });
    expect(validateRegister({ name: 'Lan', email: 'lan@example.com', password: '123456' })).toEqual({});
  });

  it('forgot password needs a valid email', () => {
    expect(validateForgotPassword({ email: '' })).toEqual({ email: 'auth.validation.emailRequired' });
    expect(validateForgotPassword({ email: 'lan@example.com' })).toEqual({});
  });

  it('reset password needs a long enough password, confirmed', () => {
    expect(validateResetPassword({ password: 'abc', confirmPassword: 'abd' })).toEqual({
      password: 'auth.validation.passwordTooShort',
      confirmPassword: 'auth.validation.passwordsMismatch',
    });
    expect(validateResetPassword({ password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({});
  });
});

describe('authErrorMessage', () => {
  const en = createI18n('en');
  const show = (message: ReturnType<typeof authErrorMessage> | null) =>
    message === null ? null : 'key' in message ? en.t(message.key) : message.text;

  it("tells wrong password, unknown email, taken email and too many attempts apart (Better Auth's codes)", () => {
    expect(show(authErrorMessage({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' }))).toBe(
      'Invalid email or password',
    );
    expect(show(authErrorMessage({ status: 401, code: 'INVALID_PASSWORD' }))).toBe('Incorrect password');
    expect(show(authErrorMessage({ status: 401, code: 'USER_NOT_FOUND' }))).toBe(
      'No account found with this email',
    );
    expect(show(authErrorMessage({ status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' }))).toBe(
      'An account with this email is already registered',
    );
    expect(
      show(authErrorMessage({ status: 429, message: 'Too many requests. Please try again later.' })),
    ).toBe('Too many attempts. Please try again later.');
    expect(show(authErrorMessage({ status: 403, code: 'BANNED_USER' }))).toBe(
      'You have been banned from this application',
    );
  });

  it('reads lower-case codes the same way', () => {
    expect(show(authErrorMessage({ status: 401, code: 'invalid_password' }))).toBe('Incorrect password');
  });

  it("shows the server's text for an unknown code, else the generic message; a network failure says so", () => {
    expect(show(authErrorMessage({ status: 500, code: 'SOMETHING', message: 'Database down' }))).toBe(
      'Database down',
    );
    expect(show(authErrorMessage({ status: 500 }))).toBe('An error occurred');
    expect(show(authErrorMessage({ status: 0, message: 'Failed to fetch' }))).toBe(
      'Network error. Please check your connection and try again.',
    );
  });

  it('reads the ?error= of a mailed link', () => {
    expect(linkErrorMessage(null)).toBeNull();
    expect(show(linkErrorMessage('INVALID_TOKEN'))).toBe('This link is invalid or has expired.');
    expect(show(linkErrorMessage('TOKEN_EXPIRED'))).toBe('This link is invalid or has expired.');
    expect(show(linkErrorMessage('whatever'))).toBe('This link is invalid or has expired.');
  });
});
