import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite } from './same-origin';

const publicOrigin = 'https://toolbox.example.com';
const check = (method: string, headers: Record<string, string>, url = 'http://10.0.0.5:3000/api/x') =>
  isCrossSiteWrite({ method, url, headers: new Headers(headers), publicOrigin });

describe('isCrossSiteWrite', () => {
  it('ignores safe methods and requests without cookies', () => {
    expect(check('GET', { cookie: 'a=1', origin: 'https://evil.example' })).toBe(false);
    expect(check('POST', { origin: 'https://evil.example' })).toBe(false);
  });

  it('refuses a cookie-authenticated write from another origin or marked cross-site', () => {
    expect(check('POST', { cookie: 'a=1', origin: 'https://evil.example' })).toBe(true);
    expect(check('PUT', { cookie: 'a=1', 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(check('DELETE', { cookie: 'a=1', origin: 'null' })).toBe(true);
  });

  it('accepts the public origin, the addressed origin, and a missing Origin', () => {
    expect(check('POST', { cookie: 'a=1', origin: publicOrigin })).toBe(false);
    expect(check('POST', { cookie: 'a=1', origin: 'http://10.0.0.5:3000' })).toBe(false);
    expect(check('POST', { cookie: 'a=1', 'sec-fetch-site': 'same-origin' })).toBe(false);
  });
});
