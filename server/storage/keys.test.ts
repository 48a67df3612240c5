import { describe, expect, it } from 'vitest';
import { assertValidKey, assertValidPrefix, isValidKey, keyProblem, keyToPath, MAX_KEY_LENGTH } from './keys';
import { StorageUsageError } from './object-storage';

describe('storage keys', () => {
  it('accepts segments of letters, digits, dot, underscore and dash', () => {
    for (const key of ['a', 'uploads/2026/clip.mp4', 'h265/user_1/ABC-def.0.mov', 'x'.repeat(200), '_/-/0']) {
      expect(keyProblem(key), key).toBeUndefined();
    }
  });

  it('refuses traversal, absolute paths, empty segments and other characters', () => {
    const refused = [
      '',
      '..',
      '.',
      '../etc/passwd',
      'a/../b',
      'a/./b',
      '/etc/passwd',
      'a//b',
      'a/',
      '.hidden',
      'a/.git/config',
      'a\\b',
      '..\\x',
      'C:/x',
      'a b',
      'a%2Fb',
      'é',
      'a\u0000b',
      'a\nb',
      'a?b',
      'a#b',
    ];
    for (const key of refused) expect(isValidKey(key), JSON.stringify(key)).toBe(false);
    expect(isValidKey(42)).toBe(false);
  });

  it('bounds the whole key and each segment', () => {
    expect(isValidKey('x'.repeat(201))).toBe(false);
    const long = Array.from({ length: 100 }, () => 'abcd').join('/');
    expect(long.length).toBeGreaterThan(MAX_KEY_LENGTH - 100);
    expect(isValidKey(`${long}/${'y'.repeat(MAX_KEY_LENGTH - long.length - 1)}`)).toBe(true);
    expect(isValidKey(`${long}/${'y'.repeat(MAX_KEY_LENGTH - long.length)}`)).toBe(false);
  });

  it('throws a usage error naming the rule', () => {
    expect(() => assertValidKey('../x')).toThrow(StorageUsageError);
    expect(() => assertValidKey('../x')).toThrow(/not starting with `.`/);
    expect(() => assertValidKey('ok/key')).not.toThrow();
  });

  it('takes prefixes: empty, a folder with its slash, or a partial segment', () => {
    for (const prefix of ['', 'uploads/', 'uploads/ab', 'a/b/'])
      expect(() => assertValidPrefix(prefix)).not.toThrow();
    for (const prefix of ['/', '../', 'a//', '/abs'])
      expect(() => assertValidPrefix(prefix), prefix).toThrow();
  });

  it('writes a key as a URL path', () => {
    expect(keyToPath('uploads/a-b_c.mp4')).toBe('uploads/a-b_c.mp4');
  });
});
