import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxResponseSchema } from '../../../common/contracts/dev-outbox';
import { healthResponseSchema } from '../../../common/contracts/health';
import { linkIn, TestClient } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';

describe.each(testDatabaseKinds())('mail outbox default on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('keeps mails in the database and shows them as JSON and as a page with clickable links', async () => {
    const health = healthResponseSchema.parse(await (await server.request('/api/health')).json());
    expect(health.components.mail).toMatchObject({ status: 'up', detail: 'outbox' });

    const client = new TestClient(server);
    const email = 'outbox-user@example.com';
    expect((await client.signUp({ name: 'Out <Box>', email, password: 'secret-1' })).status).toBe(200);

    const res = await server.request(`/api/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(res.status).toBe(200);
    const { mails } = outboxResponseSchema.parse(await res.json());
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, subject: 'Verify your email for BC Toolbox' });
    const link = linkIn(mails[0] ?? { text: '' });
    expect(link.startsWith(`${server.url}/api/auth/verify-email?token=`)).toBe(true);
    expect(mails[0]?.html).toContain('&lt;Box&gt;');

    const page = await server.request('/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Verify your email for BC Toolbox');
    expect(html).toContain(`<a href="${link.replaceAll('&', '&amp;')}">`);
    expect(html).toContain('Out &lt;Box&gt;');

    // The link from the outbox verifies the account.
    const url = new URL(link);
    expect((await client.request(url.pathname + url.search)).status).toBe(302);
    expect((await client.session())?.user.emailVerified).toBe(true);
  });
});

describe('mail outbox in production', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { NODE_ENV: 'production', TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('still keeps mails, but hides the outbox', async () => {
    const client = new TestClient(server);
    expect(
      (await client.signUp({ name: 'Prod', email: 'prod@example.com', password: 'secret-1' })).status,
    ).toBe(200);
    const api = await server.request('/api/dev/outbox');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: string }).code).toBe('not_found');
    const page = await server.request('/dev/outbox');
    expect(await page.text()).not.toContain('Outbox');
    const rows = await server.database.db.query.mailOutbox.findMany();
    expect(rows.map((row) => row.to)).toEqual(['prod@example.com']);
  });
});

describe('cookies behind https', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { PUBLIC_URL: 'https://toolbox.example.com' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('marks the session cookie Secure and trusts the public origin', async () => {
    const res = await server.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://toolbox.example.com' },
      body: JSON.stringify({ name: 'Tls', email: 'tls@example.com', password: 'secret-1' }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(cookie).toMatch(/^__Secure-bct\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});
