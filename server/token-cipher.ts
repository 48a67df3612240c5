// Access tokens at rest: AES-256-GCM with a random 96-bit IV per value and the user id as associated data, so a
// ciphertext copied onto another user's row does not decrypt. The key comes from STORE_TOKEN_KEY, or is generated
// once into DATA_DIR with owner-only permissions (several instances must then share STORE_TOKEN_KEY).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const STORE_TOKEN_KEY_FILE = 'store-token.key';

export type TokenCipher = {
  encrypt(plain: string, associated: string): string;
  decrypt(sealed: string, associated: string): string;
};

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The store token key must be 32 bytes');
  return {
    encrypt(plain, associated) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(associated, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        Buffer.concat([body, cipher.getAuthTag()]).toString('base64url'),
      ].join(':');
    },
    decrypt(sealed, associated) {
      const [version, ivText, payloadText] = sealed.split(':');
      if (version !== VERSION || !ivText || !payloadText) throw new Error('Unknown token format');
      const payload = Buffer.from(payloadText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(associated, 'utf8'));
      decipher.setAuthTag(payload.subarray(payload.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(payload.subarray(0, payload.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** Parses STORE_TOKEN_KEY: 32 bytes as 64 hex digits or base64. */
export function parseTokenKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const buf = Buffer.from(trimmed, 'base64');
  return buf.length === 32 ? buf : undefined;
}

/** The configured key, or the one kept in DATA_DIR (created on first use with mode 0600). */
export async function loadTokenKey(options: { configured?: Buffer; dataDir: string }): Promise<Buffer> {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, STORE_TOKEN_KEY_FILE);
  try {
    const existing = parseTokenKey(await readFile(file, 'utf8'));
    if (!existing) throw new Error(`${file} does not hold a 32-byte key`);
    return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: never overwrite a key another process wrote a moment ago; read theirs instead.
  try {
    await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadTokenKey(options);
  }
}
