// Issue 27: behind a reverse proxy. With TRUST_PROXY=1 the visitor's address (X-Forwarded-Proto/-Host) is the
// request's: signing up, signing in, the mailed verification link and its redirect, and cookie-authenticated writes
// work for a page at https://shop.example served through the proxy. Without it the same headers are ignored: the
// proxy's visitor is a cross-site caller, refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpSink, TestClient, type SmtpSink } from './test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from './test/harness';

/** PUBLIC_URL: where mailed links point. */
const SHOP = 'https://shop.example';
/** Another name the same proxy serves the app at (PUBLIC_URL's Origin would pass the checks by itself). */
const ALIAS = 'https://www.shop.example';
const THROUGH_PROXY = {
  origin: ALIAS,
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'www.shop.example',
};
const PASSWORD = 'proxy-pass-1';
const [kind = 'pglite'] = testDatabaseKinds();

describe('behind a reverse proxy', () => {
  let sink: SmtpSink;
  let trusting: TestServer;
  let plain: TestServer;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const env = { SMTP_URL: sink.url, PUBLIC_URL: SHOP, TRUSTED_PROXIES: '127.0.0.1' };
    [trusting, plain] = await Promise.all([
      startTestServer(kind, { ...env, TRUST_PROXY: '1' }),
      startTestServer(kind, env),
    ]);
  });
  afterAll(async () => {
    await Promise.all([trusting?.stop(), plain?.stop()]);
    await sink?.close();
  });

  const viaProxy = (client: TestClient, path: string, init: RequestInit & { json?: unknown } = {}) =>
    client.request(path, { ...init, headers: { ...THROUGH_PROXY, ...(init.headers as object) } });

  it('with TRUST_PROXY=1: sign-up, the mailed link, its redirect, sign-in and a write all work at the visitor’s address', async () => {
    const visitor = new TestClient(trusting);
    const email = 'proxied@example.com';
    const signUp = await viaProxy(visitor, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Proxied', email, password: PASSWORD, callbackURL: '/' },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    // The mailed link is PUBLIC_URL's (it leaves the browser); opened through the proxy it verifies and sends the
    // visitor on to the shop's own address.
    const mail = await sink.waitFor((m) => m.to === email && /verify/i.test(m.subject));
    const link = new URL(linkIn(mail));
    expect(link.origin).toBe(SHOP);
    const verified = await viaProxy(visitor, link.pathname + link.search, {
      headers: { 'x-forwarded-host': link.host },
    });
    expect(verified.status).toBe(302);
    const location = verified.headers.get('location') ?? '';
    expect(location.startsWith('/') || location.startsWith(`${SHOP}/`), location).toBe(true);
    expect(location).not.toContain('127.0.0.1');

    const signIn = await viaProxy(visitor, '/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: PASSWORD },
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    // Secure cookies: the shop is https (PUBLIC_URL), and the browser sends them back through the proxy.
    expect(signIn.headers.getSetCookie().join('\n')).toMatch(/; Secure/i);
    const profile = await viaProxy(visitor, '/api/auth/profile', {
      method: 'PUT',
      json: { name: 'Renamed' },
    });
    expect(profile.status, await profile.clone().text()).toBe(200);
    const session = await viaProxy(visitor, '/api/auth/get-session');
    expect(((await session.json()) as { user: { name: string } }).user.name).toBe('Renamed');
  });

  it('without it: the forwarded address is ignored, so the same visitor is cross-site and refused', async () => {
    const visitor = new TestClient(plain);
    const signUp = await viaProxy(visitor, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Ignored', email: 'ignored@example.com', password: PASSWORD, callbackURL: '/' },
    });
    expect(signUp.status).toBe(403);
    // Our own routes alike, for a visitor holding cookies.
    visitor.cookies.set('bct_visitor', 'v1');
    const write = await viaProxy(visitor, '/api/auth/profile', { method: 'PUT', json: { name: 'x' } });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ code: 'csrf', error: 'Cross-site request refused' });
  });

  it('with TRUST_PROXY=1 but from an address not in TRUSTED_PROXIES, the headers are ignored too', async () => {
    const other = await startTestServer(kind, {
      TRUST_PROXY: '1',
      TRUSTED_PROXIES: '192.0.2.10',
      PUBLIC_URL: SHOP,
    });
    try {
      const visitor = new TestClient(other);
      visitor.cookies.set('bct_visitor', 'v1');
      const write = await viaProxy(visitor, '/api/auth/profile', { method: 'PUT', json: { name: 'x' } });
      expect(write.status).toBe(403);
    } finally {
      await other.stop();
    }
  });
});
