import { describe, expect, it } from 'vitest';
import { auditEntriesFor } from './audit-events';

const actor = { id: 'admin-1', email: 'boss@example.com' };
const returnedUser = { user: { id: 'u1', email: 'u1@example.com', role: 'user' } };

describe('auditEntriesFor', () => {
  it('maps each admin change to its action, with the target from the answer', () => {
    expect(
      auditEntriesFor({
        path: '/admin/set-role',
        body: { userId: 'u1', role: ['admin', 'user'] },
        returned: returnedUser,
        actor,
      }),
    ).toEqual([
      {
        action: 'user.role.set',
        actor,
        target: { id: 'u1', email: 'u1@example.com' },
        detail: { role: 'admin,user' },
      },
    ]);
    expect(
      auditEntriesFor({
        path: '/admin/ban-user',
        body: { userId: 'u1', banExpiresIn: 60 },
        returned: returnedUser,
        actor,
      })[0],
    ).toMatchObject({ action: 'user.ban', detail: { reason: null, expiresInSeconds: 60 } });
    expect(
      auditEntriesFor({ path: '/admin/create-user', body: {}, returned: returnedUser, actor })[0],
    ).toMatchObject({
      action: 'user.create',
      detail: { role: 'user' },
    });
  });

  it('never copies passwords or session tokens', () => {
    const password = auditEntriesFor({
      path: '/admin/set-user-password',
      body: { userId: 'u1', newPassword: 'p4ss' },
      returned: { status: true },
      actor,
    });
    const token = auditEntriesFor({
      path: '/admin/revoke-user-session',
      body: { sessionToken: 'tok3n' },
      returned: { success: true },
      actor,
    });
    expect(password).toEqual([{ action: 'user.password.set', actor, target: { id: 'u1' }, detail: null }]);
    expect(JSON.stringify([password, token])).not.toMatch(/p4ss|tok3n/);
  });

  it('splits update-user into role, ban and field changes', () => {
    const entries = auditEntriesFor({
      path: '/admin/update-user',
      body: {
        userId: 'u1',
        data: { role: 'admin', banned: true, banReason: 'spam', name: 'X', email: 'x@example.com' },
      },
      returned: { id: 'u1', email: 'x@example.com' },
      actor,
    });
    expect(entries.map((e) => [e.action, e.detail])).toEqual([
      ['user.role.set', { role: 'admin' }],
      ['user.ban', { reason: 'spam' }],
      ['user.update', { fields: ['name', 'email'] }],
    ]);
  });

  it('writes nothing for other paths', () => {
    expect(auditEntriesFor({ path: '/admin/list-users', body: {}, returned: { users: [] }, actor })).toEqual(
      [],
    );
    expect(auditEntriesFor({ path: '/sign-in/email', body: {}, returned: returnedUser, actor })).toEqual([]);
  });
});
