import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileUpdateResponseSchema } from '../../../common/contracts/profile-settings';
import { healthResponseSchema } from '../../../common/contracts/health';
import { errorSchema, linkIn, startSmtpSink, TestClient, type SmtpSink } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';

const PASSWORD = 'secret-1';

describe.each(testDatabaseKinds())('accounts on %s', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let counter = 0;
  const newEmail = (label: string) => `${label}-${++counter}@example.com`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(kind, { SMTP_URL: sink.url, TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
  });

  it('reports the mail component as SMTP in health', async () => {
    const body = healthResponseSchema.parse(await (await server.request('/api/health')).json());
    expect(body.components.mail).toMatchObject({ status: 'up', detail: 'smtp' });
  });

  it('registers, keeps the session in an HttpOnly SameSite cookie, and verifies through the mailed link', async () => {
    const client = new TestClient(server);
    const email = newEmail('ada');
    const res = await client.signUp({ name: 'Ada', email, password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('bct.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    // Unverified users may use the app: signed in at once.
    const before = await client.session();
    expect(before?.user).toMatchObject({ name: 'Ada', email, emailVerified: false, role: 'user' });

    const mail = await sink.waitFor((m) => m.to === email);
    expect(mail.subject).toBe('Verify your email for BC Toolbox');
    const link = new URL(linkIn(mail));
    expect(link.origin).toBe(server.url);
    expect(link.pathname).toBe('/api/auth/verify-email');

    const verified = await client.request(link.pathname + link.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/');
    expect((await client.session())?.user.emailVerified).toBe(true);
  });

  it('refuses an email already registered and a password under 6 characters, with Better Auth codes', async () => {
    const email = newEmail('dup');
    expect((await new TestClient(server).signUp({ name: 'One', email, password: PASSWORD })).status).toBe(
      200,
    );

    const again = await new TestClient(server).signUp({ name: 'Two', email, password: PASSWORD });
    expect(again.status).toBe(422);
    expect(errorSchema.parse(await again.json()).code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');

    const short = await new TestClient(server).signUp({
      name: 'Three',
      email: newEmail('short'),
      password: '12345',
    });
    expect(short.status).toBe(400);
    expect(errorSchema.parse(await short.json()).code).toBe('PASSWORD_TOO_SHORT');
  });

  it('signs in, and tells a wrong password from an unknown email', async () => {
    const email = newEmail('grace');
    await new TestClient(server).signUp({ name: 'Grace', email, password: PASSWORD });

    const wrong = await new TestClient(server).signIn(email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(errorSchema.parse(await wrong.json())).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'Wrong password',
    });
    const unknown = await new TestClient(server).signIn(newEmail('nobody'), PASSWORD);
    expect(unknown.status).toBe(401);
    expect(errorSchema.parse(await unknown.json())).toMatchObject({
      code: 'USER_NOT_FOUND',
      message: 'No account uses this email',
    });

    const client = new TestClient(server);
    expect((await client.signIn(email, PASSWORD)).status).toBe(200);
    expect((await client.session())?.user.email).toBe(email);

    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await client.session()).toBeNull();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const email = newEmail('reset');
    await new TestClient(server).signUp({ name: 'Reset', email, password: PASSWORD });

    const client = new TestClient(server);
    const asked = await client.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/reset-password',
    });
    expect(asked.status).toBe(200);
    const mail = await sink.waitFor((m) => m.to === email && m.subject === 'Reset your BC Toolbox password');
    const link = new URL(linkIn(mail));
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[\w-]+$/);

    const landing = await client.request(link.pathname + link.search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location') ?? '', server.url);
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await client.post('/api/auth/reset-password', { token, newPassword: 'brand-new-1' });
    expect(reset.status).toBe(200);
    expect((await new TestClient(server).signIn(email, PASSWORD)).status).toBe(401);
    expect((await new TestClient(server).signIn(email, 'brand-new-1')).status).toBe(200);
  });

  describe('PUT /api/auth/profile', () => {
    const put = (client: TestClient, json: unknown) =>
      client.request('/api/auth/profile', { method: 'PUT', json });

    it('needs a session', async () => {
      const res = await put(new TestClient(server), { name: 'X' });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Please log in first', code: 'unauthorized' });
    });

    it('enforces the spec rules and changes nothing when one fails', async () => {
      const client = new TestClient(server);
      const email = newEmail('rules');
      await client.signUp({ name: 'Rules', email, password: PASSWORD });
      const cases: [unknown, number, string, string][] = [
        [{ name: '  ' }, 400, 'name_required', 'Name is required'],
        [{ email: '' }, 400, 'email_required', 'Email is required'],
        [{ email: 'not-an-email' }, 400, 'email_invalid', 'Email is not a valid address'],
        [
          { name: 'New', newPassword: '12345', currentPassword: PASSWORD },
          400,
          'password_too_short',
          'New password must be at least 6 characters',
        ],
        [
          { newPassword: 'long-enough' },
          400,
          'current_password_required',
          'Current password is required to change password',
        ],
        [
          { name: 'New', newPassword: 'long-enough', currentPassword: 'wrong-one' },
          400,
          'current_password_invalid',
          'Current password is incorrect',
        ],
        [{ name: 42 }, 400, 'invalid_input', expect.stringContaining('name')],
      ];
      for (const [body, status, code, error] of cases) {
        const res = await put(client, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(await res.json(), JSON.stringify(body)).toEqual({ error, code });
      }
      expect((await client.session())?.user.name).toBe('Rules');
      expect((await new TestClient(server).signIn(email, PASSWORD)).status).toBe(200);
    });

    it('applies a changed name and password', async () => {
      const client = new TestClient(server);
      const email = newEmail('pw');
      await client.signUp({ name: 'Before', email, password: PASSWORD });
      const res = await put(client, { name: ' After ', currentPassword: PASSWORD, newPassword: 'changed-1' });
      expect(res.status).toBe(200);
      const body = profileUpdateResponseSchema.parse(await res.json());
      expect(body).toEqual({
        message: 'Profile updated successfully!',
        user: {
          id: (await client.session())?.user.id,
          name: 'After',
          email,
          role: 'user',
          isVerified: false,
        },
      });
      expect((await new TestClient(server).signIn(email, PASSWORD)).status).toBe(401);
      expect((await new TestClient(server).signIn(email, 'changed-1')).status).toBe(200);
    });

    it('changes an email once the new address confirms it, with a notice to the old one', async () => {
      const client = new TestClient(server);
      const oldEmail = newEmail('old');
      await client.signUp({ name: 'Mover', email: oldEmail, password: PASSWORD });
      const firstLink = new URL(linkIn(await sink.waitFor((m) => m.to === oldEmail)));
      await client.request(firstLink.pathname + firstLink.search);
      expect((await client.session())?.user.emailVerified).toBe(true);

      const taken = newEmail('taken');
      await new TestClient(server).signUp({ name: 'Taken', email: taken, password: PASSWORD });
      const clash = await put(client, { email: taken.toUpperCase() });
      expect(clash.status).toBe(409);
      expect(await clash.json()).toEqual({ error: 'This email is already registered', code: 'email_in_use' });

      // Issue 9, point 3: with the current password, and only once the new address confirms.
      const moved = newEmail('new');
      const res = await put(client, { email: moved, currentPassword: PASSWORD });
      expect(res.status).toBe(200);
      expect(profileUpdateResponseSchema.parse(await res.json())).toMatchObject({
        user: { email: oldEmail, isVerified: true },
        pendingEmail: moved,
      });
      expect((await client.session())?.user).toMatchObject({ email: oldEmail, emailVerified: true });

      const notice = await sink.waitFor(
        (m) => m.to === oldEmail && m.subject === 'A change of your BC Toolbox email was requested',
      );
      expect(notice.text).toContain(moved);
      const verification = await sink.waitFor((m) => m.to === moved);
      const link = new URL(linkIn(verification));
      const clicked = await client.request(link.pathname + link.search);
      expect(clicked.status).toBe(302);
      expect((await client.session())?.user).toMatchObject({ email: moved, emailVerified: true });
      expect((await new TestClient(server).signIn(moved, PASSWORD)).status).toBe(200);
    });
  });

  describe('CSRF', () => {
    it('refuses cookie-authenticated writes from another origin or marked cross-site', async () => {
      const client = new TestClient(server);
      await client.signUp({ name: 'Csrf', email: newEmail('csrf'), password: PASSWORD });

      const evil = await client.request('/api/auth/profile', {
        method: 'PUT',
        json: { name: 'Hacked' },
        headers: { origin: 'https://evil.example' },
      });
      expect(evil.status).toBe(403);
      expect(errorSchema.parse(await evil.json()).code).toBe('csrf');

      const crossSite = await client.request('/api/auth/profile', {
        method: 'PUT',
        json: { name: 'Hacked' },
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);

      const signOut = await client.request('/api/auth/sign-out', {
        method: 'POST',
        json: {},
        headers: { origin: 'https://evil.example' },
      });
      expect(signOut.status).toBe(403);
      expect((await client.session())?.user.name).toBe('Csrf');

      // Same origin passes.
      const ok = await client.request('/api/auth/profile', { method: 'PUT', json: { name: 'Fine' } });
      expect(ok.status).toBe(200);
    });

    it('lets Better Auth refuse a cookie-authenticated write without an Origin', async () => {
      const client = new TestClient(server);
      await client.signUp({ name: 'NoOrigin', email: newEmail('noorigin'), password: PASSWORD });
      const headers = new Headers({ 'content-type': 'application/json', 'x-forwarded-for': client.ip });
      headers.set('cookie', [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; '));
      const res = await server.request('/api/auth/sign-out', { method: 'POST', headers, body: '{}' });
      expect(res.status).toBe(403);
      expect(errorSchema.parse(await res.json()).code).toBe('MISSING_OR_NULL_ORIGIN');
    });
  });
});
