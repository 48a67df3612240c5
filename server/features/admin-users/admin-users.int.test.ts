import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogResponseSchema, type AuditEntry } from '../../../common/contracts/admin-users';
import { errorSchema, signUpVerified, startSmtpSink, TestClient, type SmtpSink } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { createAuditLog } from '../../audit/audit-log';
import { grantAdmin } from '../auth/roles';

const PASSWORD = 'secret-1';
const ADMIN_EMAIL = 'boss@example.com';

/** Every admin route of Better Auth's admin plugin, with a body that would otherwise be valid. */
function adminCalls(userId: string): { method: 'GET' | 'POST'; path: string; json?: unknown }[] {
  return [
    { method: 'GET', path: '/api/auth/admin/list-users?limit=10' },
    { method: 'GET', path: `/api/auth/admin/get-user?id=${userId}` },
    {
      method: 'POST',
      path: '/api/auth/admin/create-user',
      json: { email: 'new@example.com', password: PASSWORD, name: 'New' },
    },
    { method: 'POST', path: '/api/auth/admin/update-user', json: { userId, data: { name: 'Renamed' } } },
    { method: 'POST', path: '/api/auth/admin/set-role', json: { userId, role: 'admin' } },
    { method: 'POST', path: '/api/auth/admin/ban-user', json: { userId } },
    { method: 'POST', path: '/api/auth/admin/unban-user', json: { userId } },
    { method: 'POST', path: '/api/auth/admin/remove-user', json: { userId } },
    { method: 'POST', path: '/api/auth/admin/impersonate-user', json: { userId } },
    { method: 'POST', path: '/api/auth/admin/list-user-sessions', json: { userId } },
    { method: 'POST', path: '/api/auth/admin/revoke-user-session', json: { sessionToken: 'x' } },
    { method: 'POST', path: '/api/auth/admin/revoke-user-sessions', json: { userId } },
    {
      method: 'POST',
      path: '/api/auth/admin/set-user-password',
      json: { userId, newPassword: 'taken-over' },
    },
    { method: 'POST', path: '/api/auth/admin/has-permission', json: { permissions: { user: ['list'] } } },
    { method: 'GET', path: '/api/admin/audit-log' },
  ];
}

describe.each(testDatabaseKinds())('admin on %s', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: TestClient;
  let counter = 0;
  const newEmail = (label: string) => `${label}-${++counter}@example.com`;

  const auditLog = async (client: TestClient): Promise<AuditEntry[]> => {
    const res = await client.request('/api/admin/audit-log?limit=100');
    expect(res.status).toBe(200);
    return auditLogResponseSchema.parse(await res.json()).entries;
  };

  /** A signed-in plain user. */
  const plainUser = async (label: string) => {
    const client = new TestClient(server);
    const email = newEmail(label);
    await client.signUp({ name: label, email, password: PASSWORD });
    const session = await client.session();
    if (!session) throw new Error('no session');
    return { client, email, id: session.user.id };
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(kind, {
      SMTP_URL: sink.url,
      TRUSTED_PROXIES: '127.0.0.1',
      ADMIN_EMAILS: `${ADMIN_EMAIL}, other-boss@example.com`,
    });
    admin = new TestClient(server);
    await signUpVerified(admin, sink, { name: 'Boss', email: ADMIN_EMAIL, password: PASSWORD });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
  });

  it('makes a verified ADMIN_EMAILS account admin, and records the grant', async () => {
    expect((await admin.session())?.user.role).toBe('admin');
    const grant = (await auditLog(admin)).find(
      (e) => e.action === 'admin.grant' && e.targetEmail === ADMIN_EMAIL,
    );
    expect(grant).toMatchObject({ actorId: null, detail: { via: 'ADMIN_EMAILS' } });
  });

  it('does not make an unverified ADMIN_EMAILS account admin (anyone could register that address)', async () => {
    const squatter = new TestClient(server);
    await squatter.signUp({ name: 'Squatter', email: 'other-boss@example.com', password: PASSWORD });
    expect((await squatter.session())?.user.role).toBe('user');
    expect((await squatter.request('/api/auth/admin/list-users')).status).toBe(403);
    // A new sign-in while still unverified changes nothing either.
    const again = new TestClient(server);
    expect((await again.signIn('other-boss@example.com', PASSWORD)).status).toBe(200);
    expect((await again.session())?.user.role).toBe('user');
  });

  it('refuses every admin route to a plain user (403) and to a visitor (401), and changes nothing', async () => {
    const { client, id, email } = await plainUser('plain');
    for (const call of adminCalls(id)) {
      const init = { method: call.method, ...(call.json === undefined ? {} : { json: call.json }) };
      const asUser = await client.request(call.path, init);
      expect(asUser.status, `${call.path} as a user`).toBe(403);
      expect(errorSchema.parse(await asUser.json()).code, call.path).toBe('forbidden');
      const asVisitor = await new TestClient(server).request(call.path, init);
      expect(asVisitor.status, `${call.path} as a visitor`).toBe(401);
    }
    expect((await client.session())?.user).toMatchObject({
      email,
      role: 'user',
      name: 'plain',
      banned: false,
    });
    expect((await new TestClient(server).signIn(email, PASSWORD)).status).toBe(200);
  });

  it('lists and searches users page by page', async () => {
    const { email } = await plainUser('findme');
    const found = await admin.request(
      `/api/auth/admin/list-users?searchField=email&searchOperator=contains&searchValue=findme&limit=5&offset=0`,
    );
    expect(found.status).toBe(200);
    const body = (await found.json()) as { users: { email: string }[]; total: number };
    expect(body.users.map((u) => u.email)).toEqual([email]);
    expect(body.total).toBe(1);

    const page = (await (await admin.request('/api/auth/admin/list-users?limit=1&offset=1')).json()) as {
      users: unknown[];
      total: number;
    };
    expect(page.users).toHaveLength(1);
    expect(page.total).toBeGreaterThan(2);
  });

  it('changes roles, bans, unbans and deletes users, writing each to the audit log', async () => {
    const target = await plainUser('target');

    expect((await admin.post('/api/auth/admin/set-role', { userId: target.id, role: 'admin' })).status).toBe(
      200,
    );
    expect((await target.client.session())?.user.role).toBe('admin');
    expect((await admin.post('/api/auth/admin/set-role', { userId: target.id, role: 'user' })).status).toBe(
      200,
    );

    const ban = await admin.post('/api/auth/admin/ban-user', { userId: target.id, banReason: 'Spam' });
    expect(ban.status).toBe(200);
    expect(await target.client.session()).toBeNull();
    const refused = await new TestClient(server).signIn(target.email, PASSWORD);
    expect(refused.status).toBe(403);
    expect(errorSchema.parse(await refused.json()).code).toBe('BANNED_USER');

    expect((await admin.post('/api/auth/admin/unban-user', { userId: target.id })).status).toBe(200);
    expect((await new TestClient(server).signIn(target.email, PASSWORD)).status).toBe(200);

    expect((await admin.post('/api/auth/admin/remove-user', { userId: target.id })).status).toBe(200);
    expect((await new TestClient(server).signIn(target.email, PASSWORD)).status).toBe(401);

    const entries = (await auditLog(admin)).filter((e) => e.targetId === target.id).reverse();
    expect(entries.map((e) => [e.action, e.detail])).toEqual([
      ['user.role.set', { role: 'admin' }],
      ['user.role.set', { role: 'user' }],
      ['user.ban', { reason: 'Spam', expiresInSeconds: null }],
      ['user.unban', null],
      ['user.delete', null],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorEmail: ADMIN_EMAIL, targetEmail: target.email });
    }
  });

  it('impersonates a user: every call runs as them until the admin stops; both ends are audited', async () => {
    const target = await plainUser('viewed');
    const adminId = (await admin.session())?.user.id;

    const start = await admin.post('/api/auth/admin/impersonate-user', { userId: target.id });
    expect(start.status).toBe(200);
    const viewing = await admin.session();
    expect(viewing?.user).toMatchObject({ id: target.id, email: target.email, role: 'user' });
    expect(viewing?.session.impersonatedBy).toBe(adminId);

    // Runs as the user: admin routes are refused, the profile changed is the user's.
    expect((await admin.request('/api/admin/audit-log')).status).toBe(403);
    expect((await admin.request('/api/auth/admin/list-users')).status).toBe(403);
    const renamed = await admin.request('/api/auth/profile', {
      method: 'PUT',
      json: { name: 'Renamed by admin' },
    });
    expect(renamed.status).toBe(200);
    expect((await target.client.session())?.user.name).toBe('Renamed by admin');

    const stop = await admin.post('/api/auth/admin/stop-impersonating');
    expect(stop.status).toBe(200);
    const back = await admin.session();
    expect(back?.user).toMatchObject({ id: adminId, role: 'admin' });
    expect(back?.session.impersonatedBy ?? null).toBeNull();

    const entries = (await auditLog(admin)).filter((e) => e.targetId === target.id);
    expect(entries.map((e) => e.action)).toEqual(['impersonation.stop', 'impersonation.start']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorId: adminId, actorEmail: ADMIN_EMAIL, targetEmail: target.email });
    }
    expect(entries[0]?.detail).toEqual({ via: 'stop' });
  });

  it('audits the other admin changes without secrets', async () => {
    const target = await plainUser('other');
    expect(
      (
        await admin.post('/api/auth/admin/set-user-password', {
          userId: target.id,
          newPassword: 'set-by-admin',
        })
      ).status,
    ).toBe(200);
    expect((await admin.post('/api/auth/admin/revoke-user-sessions', { userId: target.id })).status).toBe(
      200,
    );
    expect(
      (
        await admin.post('/api/auth/admin/update-user', {
          userId: target.id,
          data: { name: 'Updated', role: 'user' },
        })
      ).status,
    ).toBe(200);
    const created = await admin.post('/api/auth/admin/create-user', {
      email: newEmail('created'),
      password: PASSWORD,
      name: 'Created',
    });
    expect(created.status).toBe(200);

    const entries = await auditLog(admin);
    const forTarget = entries.filter((e) => e.targetId === target.id).map((e) => [e.action, e.detail]);
    expect(forTarget).toEqual(
      expect.arrayContaining([
        ['user.password.set', null],
        ['user.sessions.revoke', { scope: 'all' }],
        ['user.role.set', { role: 'user' }],
        ['user.update', { fields: ['name'] }],
      ]),
    );
    expect(entries.find((e) => e.action === 'user.create')).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      detail: { role: 'user' },
    });
    expect(JSON.stringify(entries)).not.toContain('set-by-admin');
  });

  it('pages the audit log and validates the query', async () => {
    const first = auditLogResponseSchema.parse(
      await (await admin.request('/api/admin/audit-log?limit=2')).json(),
    );
    expect(first.entries).toHaveLength(2);
    const second = auditLogResponseSchema.parse(
      await (await admin.request('/api/admin/audit-log?limit=2&offset=2')).json(),
    );
    expect(second.total).toBe(first.total);
    expect(second.entries[0]?.id).not.toBe(first.entries[0]?.id);
    expect((await admin.request('/api/admin/audit-log?limit=1000')).status).toBe(400);
  });

  it('grants admin from the command line service and records it', async () => {
    const target = await plainUser('cli');
    const audit = createAuditLog(server.database.db);
    expect(await grantAdmin(server.database.db, audit, target.email.toUpperCase(), 'cli')).toMatchObject({
      status: 'granted',
      user: { id: target.id, email: target.email },
    });
    expect((await grantAdmin(server.database.db, audit, target.email, 'cli')).status).toBe('already-admin');
    expect((await grantAdmin(server.database.db, audit, 'missing@example.com', 'cli')).status).toBe(
      'not-found',
    );
    expect((await target.client.session())?.user.role).toBe('admin');
    const entry = (await auditLog(admin)).find((e) => e.action === 'admin.grant' && e.targetId === target.id);
    expect(entry).toMatchObject({ actorId: null, targetEmail: target.email, detail: { via: 'cli' } });
  });
});
