import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenCipher, loadTokenKey, parseTokenKey, STORE_TOKEN_KEY_FILE } from './token-cipher';

describe('token cipher', () => {
  const cipher = createTokenCipher(randomBytes(32));

  it('round-trips, and never stores the plain token', () => {
    const sealed = cipher.encrypt('abc-secret-token', 'user-1');
    expect(sealed).not.toContain('abc-secret-token');
    expect(sealed).toMatch(/^v1:/);
    expect(cipher.decrypt(sealed, 'user-1')).toBe('abc-secret-token');
    expect(cipher.encrypt('abc-secret-token', 'user-1')).not.toBe(sealed); // a fresh IV each time
  });

  it('refuses a ciphertext moved to another user or tampered with', () => {
    const sealed = cipher.encrypt('tok', 'user-1');
    expect(() => cipher.decrypt(sealed, 'user-2')).toThrow();
    // Flip one bit of the ciphertext itself (editing the text's last characters can touch only base64's unused bits).
    const parts = sealed.split(':');
    const payload = Buffer.from(parts.at(-1) ?? '', 'base64url');
    payload[0] = (payload[0] ?? 0) ^ 1;
    const tampered = [...parts.slice(0, -1), payload.toString('base64url')].join(':');
    expect(() => cipher.decrypt(tampered, 'user-1')).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed, 'user-1')).toThrow();
  });

  it('parses hex and base64 keys and rejects other lengths', () => {
    const key = randomBytes(32);
    expect(parseTokenKey(key.toString('hex'))?.equals(key)).toBe(true);
    expect(parseTokenKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(parseTokenKey('short')).toBeUndefined();
  });
});

describe('loadTokenKey', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('generates one key into DATA_DIR with owner-only permissions and reuses it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bct-key-'));
    dirs.push(dir);
    const first = await loadTokenKey({ dataDir: dir });
    const file = path.join(dir, STORE_TOKEN_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseTokenKey(await readFile(file, 'utf8'))?.equals(first)).toBe(true);
    expect((await loadTokenKey({ dataDir: dir })).equals(first)).toBe(true);
  });

  it('prefers the configured key', async () => {
    const configured = randomBytes(32);
    expect((await loadTokenKey({ configured, dataDir: '/nonexistent' })).equals(configured)).toBe(true);
  });
});
