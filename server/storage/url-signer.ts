// The local store's signed addresses: HMAC-SHA256 over the method, the key, the expiry and (uploads) the content type
// and the largest size, or (downloads) the file name, under a key derived from the app's auth secret. Any instance
// sharing the database (and so the secret) checks them without storing anything, like a presigned S3 address.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedUpload = { key: string; expires: number; type: string; max: number };
export type SignedDownload = { key: string; expires: number; name: string };

export type UrlSigner = {
  signUpload(fields: SignedUpload): string;
  signDownload(fields: SignedDownload): string;
  /** Why the upload's signature is refused (`expired` or `invalid`), or undefined when it holds. */
  checkUpload(fields: SignedUpload, sig: string, nowMs: number): SignatureProblem | undefined;
  checkDownload(fields: SignedDownload, sig: string, nowMs: number): SignatureProblem | undefined;
};

export type SignatureProblem = 'expired' | 'invalid';

/** Context strings: the storage key never signs anything else, and an upload signature never opens a download. */
const DERIVATION_LABEL = 'bc-toolbox storage url v1';

/** The signing key, derived from the app secret (BETTER_AUTH_SECRET or the generated one) for this use only. */
export function deriveStorageKey(appSecret: string): Buffer {
  if (appSecret.length < 32) throw new Error('The storage signing secret must be at least 32 characters');
  return createHmac('sha256', appSecret).update(DERIVATION_LABEL).digest();
}

export function createUrlSigner(key: Buffer): UrlSigner {
  // JSON of an array: no two field lists give the same text, whatever characters the fields hold.
  const mac = (fields: readonly (string | number)[]) =>
    createHmac('sha256', key).update(JSON.stringify(fields)).digest('base64url');
  const uploadFields = (f: SignedUpload) => ['upload', 'PUT', f.key, f.expires, f.type, f.max] as const;
  const downloadFields = (f: SignedDownload) => ['download', 'GET', f.key, f.expires, f.name] as const;
  const check = (expected: string, sig: string, expires: number, nowMs: number) => {
    if (!equal(expected, sig)) return 'invalid' as const;
    // The address is good up to and including its expiry second.
    if (!Number.isSafeInteger(expires) || nowMs > expires * 1000) return 'expired' as const;
    return undefined;
  };
  return {
    signUpload: (f) => mac(uploadFields(f)),
    signDownload: (f) => mac(downloadFields(f)),
    checkUpload: (f, sig, nowMs) => check(mac(uploadFields(f)), sig, f.expires, nowMs),
    checkDownload: (f, sig, nowMs) => check(mac(downloadFields(f)), sig, f.expires, nowMs),
  };
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
