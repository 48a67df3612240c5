// The local store's signed addresses, made without touching the disk (the HTTP side is local-storage.int.test.ts).
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { createUrlSigner, deriveStorageKey } from './url-signer';

const secret = 'y'.repeat(40);
const at = Date.UTC(2026, 10, 23, 12, 0, 0);
const storage = createLocalStorage({
  rootDir: '/nonexistent/storage',
  baseUrl: 'https://tools.example.com/',
  getSigningKey: () => Promise.resolve(deriveStorageKey(secret)),
  now: () => at,
});

describe('local signed addresses', () => {
  it('points a PUT at the app with the expiry, type, limit and an HMAC of them', async () => {
    const upload = await storage.presignedUploadUrl('uploads/a.mp4', {
      contentType: 'video/mp4',
      expiresInSeconds: 300,
      maxBytes: 100 * 1024 * 1024,
    });
    const url = new URL(upload.url);
    expect(url.origin + url.pathname).toBe('https://tools.example.com/api/storage/upload/uploads/a.mp4');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      expires: String(at / 1000 + 300),
      type: 'video/mp4',
      max: String(104_857_600),
    });
    expect(upload.headers).toEqual({ 'Content-Type': 'video/mp4' });
    expect(upload.expiresAt.getTime()).toBe(at + 300_000);
    const signer = createUrlSigner(deriveStorageKey(secret));
    const fields = { key: 'uploads/a.mp4', expires: Number(q.expires), type: 'video/mp4', max: 104_857_600 };
    expect(signer.checkUpload(fields, q.sig ?? '', at)).toBeUndefined();
    expect(await storage.checkUpload(fields, q.sig ?? '')).toBeUndefined();
  });

  it('signs the exact length as the limit when it is given', async () => {
    const upload = await storage.presignedUploadUrl('k', {
      contentType: 'video/mp4',
      expiresInSeconds: 60,
      maxBytes: 1000,
      contentLength: 640,
    });
    expect(new URL(upload.url).searchParams.get('max')).toBe('640');
  });

  it('points a GET at the app with the cleaned file name signed in', async () => {
    const download = await storage.presignedDownloadUrl('converted/a.mp4', {
      expiresInSeconds: 86_400,
      filename: '../clip "1".mp4',
    });
    const q = new URL(download.url).searchParams;
    expect(q.get('name')).toBe('clip _1_.mp4');
    expect(
      await storage.checkDownload(
        { key: 'converted/a.mp4', expires: Number(q.get('expires')), name: 'clip _1_.mp4' },
        q.get('sig') ?? '',
      ),
    ).toBeUndefined();
    expect(
      await storage.checkDownload(
        { key: 'converted/b.mp4', expires: Number(q.get('expires')), name: 'clip _1_.mp4' },
        q.get('sig') ?? '',
      ),
    ).toBe('invalid');
  });

  it('refuses bad keys, types, expiries and limits before signing', async () => {
    const ok = { contentType: 'video/mp4', expiresInSeconds: 60, maxBytes: 10 };
    await expect(storage.presignedUploadUrl('/etc/passwd', ok)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.presignedUploadUrl('a/../b', ok)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.presignedUploadUrl('k', { ...ok, contentType: 'nope' })).rejects.toThrow(
      /content type/,
    );
    await expect(storage.presignedUploadUrl('k', { ...ok, expiresInSeconds: 1.5 })).rejects.toThrow();
    await expect(storage.presignedUploadUrl('k', { ...ok, maxBytes: 6 * 1024 ** 3 })).rejects.toThrow(
      /maxBytes/,
    );
    await expect(
      storage.presignedDownloadUrl('..', { expiresInSeconds: 60, filename: 'a' }),
    ).rejects.toThrow();
  });

  it('retries the signing key after a failure (the database was down)', async () => {
    let calls = 0;
    const flaky = createLocalStorage({
      rootDir: '/nonexistent/storage',
      baseUrl: 'http://localhost:3000',
      getSigningKey: () =>
        ++calls === 1 ? Promise.reject(new Error('db down')) : Promise.resolve(deriveStorageKey(secret)),
    });
    const options = { expiresInSeconds: 60, filename: 'a' };
    await expect(flaky.presignedDownloadUrl('k', options)).rejects.toThrow('db down');
    expect((await flaky.presignedDownloadUrl('k', options)).url).toContain('sig=');
    await flaky.presignedDownloadUrl('k', options);
    expect(calls).toBe(2);
  });
});
