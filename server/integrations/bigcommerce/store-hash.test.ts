import { describe, expect, it } from 'vitest';
import { assertStoreHash, isSandboxStoreHash, isValidStoreHash } from './store-hash';
import { BigCommerceError } from './errors';

describe('store hash validation', () => {
  it.each(['abc123', 'sandbox-demo', 'id30h7ohwf', 'n0i50vy', 'sandbox-my-store-2'])('accepts %s', (hash) => {
    expect(isValidStoreHash(hash)).toBe(true);
    expect(() => assertStoreHash(hash)).not.toThrow();
  });

  it.each([
    '../x',
    'a.b',
    'ABC123',
    'Abc',
    'x/y',
    '',
    'abc 123',
    'abc%2f',
    'abc?x=1',
    'abc#x',
    'sandbox-',
    'sandbox-../x',
    'sandbox-a/b',
    'sandbox-demo-',
    'api.bigcommerce.com@evil',
    'a'.repeat(65),
  ])('rejects %j', (hash) => {
    expect(isValidStoreHash(hash)).toBe(false);
    expect(() => assertStoreHash(hash)).toThrow(BigCommerceError);
  });

  it('rejects values that are not strings', () => {
    expect(isValidStoreHash(undefined)).toBe(false);
    expect(isValidStoreHash(123)).toBe(false);
  });

  it('gives a stable code and a plain message', () => {
    try {
      assertStoreHash('x/y');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BigCommerceError);
      expect((error as BigCommerceError).code).toBe('bc_invalid_store_hash');
      expect((error as BigCommerceError).message).toMatch(/store hash is not valid/);
    }
  });

  it('recognises sandbox hashes by their prefix', () => {
    expect(isSandboxStoreHash('sandbox-demo')).toBe(true);
    expect(isSandboxStoreHash('abc123')).toBe(false);
  });
});
