import { describe, expect, it } from 'vitest';
import { userInitial } from './user-initial';

describe('userInitial', () => {
  it('takes the initial from the name, else the email', () => {
    expect(userInitial({ name: ' minh', email: 'x@y.z' })).toBe('M');
    expect(userInitial({ name: '', email: 'zoe@example.com' })).toBe('Z');
    expect(userInitial({ name: '', email: '' })).toBe('?');
  });
});
