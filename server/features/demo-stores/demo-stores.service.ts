// Demo stores (issue 9, point 2): each caller gets sandbox stores of their own, so nobody can change what another
// sees. A copy's token is an HMAC of its hash under a secret kept in the database, so any instance can check it
// without storing anything, and a visitor can only reach hashes the app signed for them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DemoStore } from '../../../common/contracts/demo-stores';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 16 base32 characters (80 bits) from the first 10 bytes. */
function base32Id(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes.subarray(0, 10)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export type DemoStoreSigner = {
  /** A visitor's new pair, or a signed-in user's own pair (the same every time). */
  issue(owner: { userId: string } | { visitor: true }): DemoStore[];
  verify(hash: string, token: string): boolean;
};

export function createDemoStoreSigner(secret: string): DemoStoreSigner {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest();
  const tokenFor = (hash: string) => `demo_${mac(`token:${hash}`).toString('base64url').slice(0, 40)}`;
  const pair = (id: string): DemoStore[] => [
    {
      name: 'Harbour & Pine Demo',
      storeHash: `sandbox-demo-${id}`,
      accessToken: tokenFor(`sandbox-demo-${id}`),
      clientId: 'sandbox-demo-client',
    },
    {
      name: 'Harbour & Pine (empty)',
      storeHash: `sandbox-empty-${id}`,
      accessToken: tokenFor(`sandbox-empty-${id}`),
      clientId: 'sandbox-empty-client',
    },
  ];
  return {
    issue(owner) {
      const id = 'userId' in owner ? base32Id(mac(`user:${owner.userId}`)) : base32Id(randomBytes(10));
      return pair(id);
    },
    verify(hash, token) {
      const expected = Buffer.from(tokenFor(hash));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
