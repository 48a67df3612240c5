import { describe, expect, it } from 'vitest';
import { forwardedUrl } from './forwarded';

const at = (headers: Record<string, string>) =>
  forwardedUrl('http://127.0.0.1:3000/api/x?y=1', new Headers(headers))?.href;

describe('the forwarded address (issue 27)', () => {
  it('takes the first hop of X-Forwarded-Proto and X-Forwarded-Host, port included or not', () => {
    expect(at({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' })).toBe(
      'https://shop.example/api/x?y=1',
    );
    expect(at({ 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'shop.example:8443, inner' })).toBe(
      'https://shop.example:8443/api/x?y=1',
    );
    expect(at({ 'x-forwarded-host': '[::1]:4000' })).toBe('http://[::1]:4000/api/x?y=1');
    expect(at({ 'x-forwarded-proto': 'HTTPS' })).toBe('https://127.0.0.1:3000/api/x?y=1');
  });
  it('ignores what is not a scheme or a host', () => {
    expect(at({})).toBeUndefined();
    expect(at({ 'x-forwarded-proto': 'javascript' })).toBeUndefined();
    expect(at({ 'x-forwarded-host': 'evil.example/path' })).toBeUndefined();
    expect(at({ 'x-forwarded-host': 'a b' })).toBeUndefined();
    expect(at({ 'x-forwarded-host': 'user@evil.example' })).toBeUndefined();
  });
});
