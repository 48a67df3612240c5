// The most common passwords (issue 9, point 16): the zxcvbn-ts project's list (@zxcvbn-ts/language-common, about
// 49,000 passwords seen most often in breaches, maintained with zxcvbn-ts), refused at sign-up, password reset and
// password change on top of the spec's 6-character rule. Compared without case, loaded once on first use.
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_TOO_COMMON_MESSAGE = 'This password is too common. Please choose another.';

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
