import { describe, expect, it } from 'vitest';
import { FaultInjector } from './faults';
import { FixedWindowLimiter } from './rate-limit';

describe('FixedWindowLimiter', () => {
  it('allows the quota in a window, then refuses with X-Retry-After until the window ends', () => {
    const limiter = new FixedWindowLimiter({ quota: 3, windowMs: 30_000 });
    const t0 = 1_700_000_000_000;
    expect(limiter.take(t0).headers).toEqual({
      'X-Rate-Limit-Time-Window-Ms': '30000',
      'X-Rate-Limit-Time-Reset-Ms': '30000',
      'X-Rate-Limit-Requests-Quota': '3',
      'X-Rate-Limit-Requests-Left': '2',
    });
    expect(limiter.take(t0 + 1000).left).toBe(1);
    const last = limiter.take(t0 + 2000);
    expect(last.allowed).toBe(true);
    expect(last.left).toBe(0);
    const refused = limiter.take(t0 + 14_500);
    expect(refused.allowed).toBe(false);
    expect(refused.headers['X-Rate-Limit-Time-Reset-Ms']).toBe('15500');
    expect(refused.headers['X-Rate-Limit-Requests-Left']).toBe('0');
    expect(refused.headers['X-Retry-After']).toBe('16');
    // Refused requests still count: still refused just before the window ends.
    expect(limiter.take(t0 + 29_999).allowed).toBe(false);
    const fresh = limiter.take(t0 + 30_000);
    expect(fresh.allowed).toBe(true);
    expect(fresh.headers['X-Rate-Limit-Requests-Left']).toBe('2');
    expect(fresh.headers['X-Rate-Limit-Time-Reset-Ms']).toBe('30000');
  });

  it('starts a new window with new settings', () => {
    const limiter = new FixedWindowLimiter({ quota: 1, windowMs: 1000 });
    limiter.take(0);
    expect(limiter.take(10).allowed).toBe(false);
    limiter.configure({ quota: 5 });
    expect(limiter.take(20).left).toBe(4);
    expect(limiter.current).toEqual({ quota: 5, windowMs: 1000 });
  });
});

describe('FaultInjector', () => {
  it('fails exactly every fourth request at an error rate of 0.25', () => {
    const faults = new FaultInjector();
    faults.configure({ errorRate: 0.25 });
    const seen = Array.from({ length: 12 }, () => faults.next('GET', '/x'));
    expect(seen.map((f) => f ?? '-').join(',')).toBe('-,-,-,error,-,-,-,error,-,-,-,error');
  });

  it('answers the next N with a storm, then drops, then errors, in that order', () => {
    const faults = new FaultInjector();
    faults.configure({ stormNext: 2, dropNext: 1, errorNext: 1 });
    expect([1, 2, 3, 4, 5].map(() => faults.next('GET', '/x'))).toEqual([
      'storm',
      'storm',
      'drop',
      'error',
      null,
    ]);
  });

  it('only meets requests that match', () => {
    const faults = new FaultInjector();
    faults.configure({ errorNext: 1, match: { method: 'PUT', path: '/catalog/products' } });
    expect(faults.next('GET', '/stores/a/v3/catalog/products')).toBeNull();
    expect(faults.next('PUT', '/stores/a/v3/catalog/brands/1')).toBeNull();
    expect(faults.next('put', '/stores/a/v3/catalog/products')).toBe('error');
    expect(faults.next('PUT', '/stores/a/v3/catalog/products')).toBeNull();
  });
});
