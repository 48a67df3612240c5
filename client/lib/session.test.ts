import { describe, expect, it } from 'vitest';
import { isAdmin, toSessionUser } from './session';

describe('toSessionUser', () => {
  const user = { id: 'u1', name: 'Lan Nguyen', email: 'lan@example.com', emailVerified: true, role: 'admin' };

  it('is null when there is no session', () => {
    expect(toSessionUser(null)).toBeNull();
    expect(toSessionUser({ error: 'No API route for GET /api/auth/get-session' })).toBeNull();
    expect(toSessionUser('')).toBeNull();
  });

  it("maps Better Auth's {user, session}", () => {
    expect(toSessionUser({ user, session: { id: 's1', impersonatedBy: null } })).toEqual({
      id: 'u1',
      name: 'Lan Nguyen',
      email: 'lan@example.com',
      role: 'admin',
      isVerified: true,
      isImpersonating: false,
    });
  });

  it('reads an unverified user without a role as a plain user', () => {
    const mapped = toSessionUser({
      user: { id: 'u2', name: 'Minh', email: 'minh@example.com' },
      session: {},
    });
    expect(mapped).toMatchObject({ role: 'user', isVerified: false, isImpersonating: false });
    expect(isAdmin(mapped)).toBe(false);
  });

  it('marks impersonation and names the viewed user', () => {
    const mapped = toSessionUser({
      user: { ...user, role: 'user', name: 'Viewed Person' },
      session: { impersonatedBy: 'admin-1' },
    });
    expect(mapped).toMatchObject({ isImpersonating: true, impersonatedName: 'Viewed Person' });
  });

  it('recognises admins only by role admin', () => {
    expect(isAdmin(toSessionUser({ user, session: {} }))).toBe(true);
    expect(isAdmin(null)).toBe(false);
  });
});
