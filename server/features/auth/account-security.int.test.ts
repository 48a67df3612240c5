// Issue 9, points 3, 4, 5, 6, 11, 12, 13 and 16, over HTTP on both databases: as a visitor, a plain user, an admin
// and an admin viewing the app as a user.
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogResponseSchema, type AuditEntry } from '../../../common/contracts/admin-users';
import {
  completeAdminPasswordStep,
  errorSchema,
  linkIn,
  signedUpUser,
  signUpVerified,
  TestClient,
  useMailingTestServer,
} from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';

const PASSWORD = 'kestrel-harbour-1';
const ADMIN_EMAIL = 'owner-admin@example.com';
const CONTESTED_EMAIL = 'contested-admin@example.com';

describe.each(testDatabaseKinds())('account security on %s', (kind) => {
  const app = useMailingTestServer(kind, () => ({
    TRUSTED_PROXIES: '127.0.0.1',
    AUTH_RATE_LIMIT: '3',
    ADMIN_EMAILS: `${ADMIN_EMAIL}, ${CONTESTED_EMAIL}`,
  }));
  let admin: TestClient;
  let counter = 0;
  const newEmail = (label: string) => `${label}-${++counter}@example.com`;

  beforeAll(async () => {
    admin = new TestClient(app.server);
    await signUpVerified(admin, app.sink, { name: 'Owner', email: ADMIN_EMAIL, password: PASSWORD });
  });

  const user = (label: string) =>
    signedUpUser(app.server, { name: label, email: newEmail(label), password: PASSWORD });
  const profile = (client: TestClient, json: unknown) =>
    client.request('/api/auth/profile', { method: 'PUT', json });
  const auditLog = async (): Promise<AuditEntry[]> => {
    const res = await admin.request('/api/admin/audit-log?limit=100');
    return auditLogResponseSchema.parse(await res.json()).entries;
  };

  it('3: an email changes only with the current password and once the new address confirms; audited', async () => {
    const { client, email, id } = await user('mover');
    const target = newEmail('moved');
    const noPassword = await profile(client, { email: target });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({
      code: 'current_password_required',
      error: 'Current password is required to change email',
    });
    const asked = await profile(client, { email: target, currentPassword: PASSWORD });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({
      message: `Profile updated successfully! To change your email, open the link we sent to ${target}.`,
      user: { email },
      pendingEmail: target,
    });
    // Nothing changed yet: the session still says the old address.
    expect((await client.session())?.user.email).toBe(email);
    const notice = await app.sink.waitFor((m) => m.to === email && /change of your/i.test(m.subject));
    expect(notice.text).toContain(`from ${email} to ${target}`);
    const confirm = await app.sink.waitFor(
      (m) => m.to === target && /confirm your new email/i.test(m.subject),
    );
    const link = new URL(linkIn(confirm));
    expect((await client.request(link.pathname + link.search)).status).toBe(302);
    expect((await client.session())?.user).toMatchObject({ email: target, emailVerified: true });
    const entries = (await auditLog()).filter((e) => e.targetId === id).map((e) => [e.action, e.detail]);
    expect(entries).toEqual([
      ['user.email.changed', { from: email, to: target }],
      ['user.email.change_requested', { to: target }],
    ]);
  });

  it('3: an admin viewing as a user can change neither their email nor their password', async () => {
    const { client, email, id } = await user('viewed');
    const viewer = new TestClient(app.server);
    expect((await viewer.signIn(ADMIN_EMAIL, PASSWORD)).status).toBe(200);
    expect((await viewer.post('/api/auth/admin/impersonate-user', { userId: id })).status).toBe(200);
    for (const json of [
      { email: newEmail('hijack'), currentPassword: PASSWORD },
      { newPassword: 'taken-over-77', currentPassword: PASSWORD },
    ]) {
      const res = await profile(viewer, json);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: 'forbidden',
        error: 'An admin viewing the app as this user cannot change their email or password',
      });
    }
    expect((await client.session())?.user.email).toBe(email);
    expect((await new TestClient(app.server).signIn(email, PASSWORD)).status).toBe(200);
  });

  it('4: a password change ends the user’s other sessions and keeps this one', async () => {
    const { client, email } = await user('changer');
    const laptop = new TestClient(app.server);
    expect((await laptop.signIn(email, PASSWORD)).status).toBe(200);
    expect(await laptop.session()).not.toBeNull();
    const changed = await profile(client, { newPassword: 'brand-new-77', currentPassword: PASSWORD });
    expect(changed.status).toBe(200);
    expect(await laptop.session()).toBeNull();
    expect((await client.session())?.user.email).toBe(email);
    expect((await new TestClient(app.server).signIn(email, 'brand-new-77')).status).toBe(200);
  });

  it('5: the current-password check is counted like sign-in: per address and per account', async () => {
    const { client, email } = await user('guesser');
    const guess = (c: TestClient, n: number) =>
      profile(c, { newPassword: 'whatever-77', currentPassword: `guess-${n}` });
    for (let i = 0; i < 3; i++) expect((await guess(client, i)).status).toBe(400);
    const blocked = await guess(client, 3);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorSchema.parse(await blocked.json()).code).toBe('TOO_MANY_REQUESTS');
    // The right password is refused too while blocked; another address with the same account is blocked as well.
    expect((await profile(client, { newPassword: 'whatever-77', currentPassword: PASSWORD })).status).toBe(
      429,
    );
    const elsewhere = new TestClient(app.server);
    expect((await elsewhere.signIn(email, PASSWORD)).status).toBe(200);
    expect((await guess(elsewhere, 9)).status).toBe(429);
  });

  it('6: a squatter’s password never gets the admin role; the owner sets one from the link first', async () => {
    const squatter = new TestClient(app.server);
    expect(
      (await squatter.signUp({ name: 'Squatter', email: CONTESTED_EMAIL, password: 'squatter-pass-9' }))
        .status,
    ).toBe(200);
    const mail = await app.sink.waitFor((m) => m.to === CONTESTED_EMAIL && /verify/i.test(m.subject));
    const owner = new TestClient(app.server);
    const link = new URL(linkIn(mail));
    const verified = await owner.request(link.pathname + link.search);
    expect(verified.status).toBe(302);
    // A path: the browser stays at the address it opened the link at (issue 27).
    expect(verified.headers.get('location')).toMatch(/^\/auth\/reset-password\?token=[\w-]+&admin=1$/);
    const location = new URL(verified.headers.get('location') ?? '', app.server.url);
    expect(location.pathname).toBe('/auth/reset-password');
    expect(location.searchParams.get('admin')).toBe('1');
    // Every session of the account ended (the squatter's too), and no role yet.
    expect(await squatter.session()).toBeNull();
    expect(await owner.session()).toBeNull();
    const beforeStep = new TestClient(app.server);
    expect((await beforeStep.signIn(CONTESTED_EMAIL, 'squatter-pass-9')).status).toBe(200);
    expect((await beforeStep.session())?.user.role).toBe('user');
    // The owner sets the password: the role applies, and the squatter's password no longer works.
    expect(
      await completeAdminPasswordStep(owner, verified, { email: CONTESTED_EMAIL, password: PASSWORD }),
    ).toBe(true);
    expect((await owner.session())?.user.role).toBe('admin');
    expect(await beforeStep.session()).toBeNull();
    expect((await new TestClient(app.server).signIn(CONTESTED_EMAIL, 'squatter-pass-9')).status).toBe(401);
  });

  it('11 and 12: names are text of at most 100 characters (400, never a 500)', async () => {
    const { client } = await user('namer');
    for (const [name, code, message] of [
      [null, 'name_invalid', 'Name must be text'],
      [42, 'name_invalid', 'Name must be text'],
      ['x'.repeat(101), 'name_too_long', 'Name must be at most 100 characters'],
    ] as const) {
      const res = await client.post('/api/auth/update-user', { name });
      expect(res.status, String(name)).toBe(400);
      expect(await res.json()).toMatchObject({ code, message });
    }
    const huge = await new TestClient(app.server).signUp({
      name: 'n'.repeat(9 * 1024),
      email: newEmail('huge'),
      password: PASSWORD,
    });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ code: 'name_too_long' });
    const viaProfile = await profile(client, { name: 'y'.repeat(101) });
    expect(viaProfile.status).toBe(400);
    expect(await viaProfile.json()).toMatchObject({ code: 'name_too_long' });
    expect((await client.post('/api/auth/update-user', { name: 'Fine Name' })).status).toBe(200);
  });

  it('13: set-role takes only the known roles', async () => {
    const { id } = await user('roled');
    for (const role of [' admin', 'superadmin', 'Admin', '']) {
      const res = await admin.post('/api/auth/admin/set-role', { userId: id, role });
      expect(res.status, JSON.stringify(role)).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'role_invalid',
        message: 'The role must be one of: user, admin',
      });
    }
    expect((await admin.post('/api/auth/admin/set-role', { userId: id, role: 'admin' })).status).toBe(200);
  });

  it('16: the most common passwords are refused at sign-up, reset and change', async () => {
    const common = {
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is too common. Please choose another.',
    };
    const signUp = await new TestClient(app.server).signUp({
      name: 'C',
      email: newEmail('common'),
      password: 'password1',
    });
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject(common);
    const { client, email } = await user('resetter');
    const change = await profile(client, { newPassword: 'qwerty123', currentPassword: PASSWORD });
    expect(change.status).toBe(400);
    expect(await change.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', error: common.message });
    expect(
      (await client.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' }))
        .status,
    ).toBe(200);
    const mail = await app.sink.waitFor((m) => m.to === email && /reset/i.test(m.subject));
    const token = /reset-password\/([^?\s]+)/.exec(linkIn(mail))?.[1];
    const reset = await client.post('/api/auth/reset-password', { token, newPassword: 'iloveyou' });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject(common);
  });
});
