import { describe, expect, it } from 'vitest';
import { createUrlSigner, deriveStorageKey } from './url-signer';

const secret = 'a-test-secret-that-is-long-enough-for-32';

describe('local storage URL signing', () => {
  const signer = createUrlSigner(deriveStorageKey(secret));
  const upload = { key: 'uploads/a.mp4', expires: 1_800_000_000, type: 'video/mp4', max: 104_857_600 };
  const download = { key: 'converted/a.mp4', expires: 1_800_000_000, name: 'a (h265).mp4' };
  const before = upload.expires * 1000 - 1;

  it('accepts what it signed, until and including the expiry second', () => {
    const sig = signer.signUpload(upload);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signer.checkUpload(upload, sig, before)).toBeUndefined();
    expect(signer.checkUpload(upload, sig, upload.expires * 1000)).toBeUndefined();
    expect(signer.checkUpload(upload, sig, upload.expires * 1000 + 1)).toBe('expired');
    const dsig = signer.signDownload(download);
    expect(signer.checkDownload(download, dsig, download.expires * 1000)).toBeUndefined();
    expect(signer.checkDownload(download, dsig, download.expires * 1000 + 1)).toBe('expired');
  });

  it('detects any changed field, a changed signature, and another secret', () => {
    const sig = signer.signUpload(upload);
    for (const changed of [
      { ...upload, key: 'uploads/b.mp4' },
      { ...upload, expires: upload.expires + 1 },
      { ...upload, type: 'text/html' },
      { ...upload, max: upload.max + 1 },
    ]) {
      expect(signer.checkUpload(changed, sig, before), JSON.stringify(changed)).toBe('invalid');
    }
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.checkUpload(upload, flipped, before)).toBe('invalid');
    expect(signer.checkUpload(upload, '', before)).toBe('invalid');
    expect(signer.checkUpload(upload, `${sig}x`, before)).toBe('invalid');
    const other = createUrlSigner(deriveStorageKey(`${secret}-other`));
    expect(other.checkUpload(upload, sig, before)).toBe('invalid');
    const dsig = signer.signDownload(download);
    expect(signer.checkDownload({ ...download, name: 'evil.html' }, dsig, before)).toBe('invalid');
  });

  it('reports a bad signature before an expiry (an expired forgery is still a forgery)', () => {
    expect(signer.checkUpload(upload, 'forged', upload.expires * 1000 + 10_000)).toBe('invalid');
  });

  it('never lets an upload signature open a download, nor fields run into each other', () => {
    const asDownload = { key: upload.key, expires: upload.expires, name: upload.type };
    expect(signer.checkDownload(asDownload, signer.signUpload(upload), before)).toBe('invalid');
    // The same characters split differently between fields sign differently.
    const a = signer.signDownload({ key: 'a', expires: 1, name: 'b/c' });
    expect(signer.checkDownload({ key: 'a/b', expires: 1, name: 'c' }, a, 0)).toBe('invalid');
  });

  it('derives its own key from the app secret, and refuses a short secret', () => {
    const key = deriveStorageKey(secret);
    expect(key).toHaveLength(32);
    expect(key.toString('utf8')).not.toContain(secret);
    expect(deriveStorageKey(secret).equals(key)).toBe(true);
    expect(() => deriveStorageKey('short')).toThrow(/at least 32/);
  });
});
