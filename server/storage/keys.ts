// Object keys: the same rules for both adapters, so a key that works on local disk works on S3 and the other way.
// Segments of letters, digits, `.`, `_` and `-` joined by `/`; no segment starts with a dot (so no `.` or `..`), none
// is empty (no leading `/`, no `//`), and lengths are bounded (a file name holds 255 bytes; S3 keys 1024).
import { StorageUsageError } from './object-storage';

export const MAX_KEY_LENGTH = 512;
export const MAX_KEY_SEGMENT_LENGTH = 200;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Why `key` is not a valid object key, or undefined when it is. */
export function keyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key === '') return 'a key must be a non-empty string';
  if (key.length > MAX_KEY_LENGTH) return `a key must be at most ${MAX_KEY_LENGTH} characters`;
  for (const segment of key.split('/')) {
    if (segment === '') return 'a key must not start or end with `/` nor hold `//`';
    if (segment.length > MAX_KEY_SEGMENT_LENGTH) {
      return `each part of a key must be at most ${MAX_KEY_SEGMENT_LENGTH} characters`;
    }
    if (!SEGMENT.test(segment)) {
      return 'each part of a key must be letters, digits, `.`, `_` or `-`, not starting with `.`';
    }
  }
  return undefined;
}

export function isValidKey(key: unknown): key is string {
  return keyProblem(key) === undefined;
}

/** Throws a StorageUsageError naming the rule when `key` is not a valid object key. */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem !== undefined)
    throw new StorageUsageError(`Invalid storage key ${JSON.stringify(key.slice(0, 80))}: ${problem}`);
}

/** A prefix is a key's beginning: the same characters, may end with `/`, may be empty (everything). */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  // A partial last segment (`uploads/ab`) is a valid prefix when it is a valid key's beginning.
  assertValidKey(trimmed);
}

/** The key as a URL path: each segment percent-encoded (the characters allowed need none, but never trust that). */
export function keyToPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
