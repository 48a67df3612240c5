// A presigned S3 address, read without any server (s3rver does not check v4 signatures, so what is signed is checked
// here): the signature, its expiry, the signed headers, and where the address points for AWS and custom endpoints.
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { storageConnectSources } from './create-storage';
import { createS3Storage, s3BucketOrigin, type S3StorageConfig } from './s3-storage';

const keys = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const at = Date.UTC(2026, 10, 23, 12, 0, 0);

function storage(config: Partial<S3StorageConfig> = {}) {
  return createS3Storage(
    { bucket: 'bct-videos', region: 'eu-west-3', forcePathStyle: false, ...keys, ...config },
    { now: () => at },
  );
}

describe('presigned S3 addresses', () => {
  it('signs a PUT with its content type, length, expiry and credential scope', async () => {
    const upload = await storage().presignedUploadUrl('uploads/a b.mp4'.replace(' ', '_'), {
      contentType: 'video/mp4',
      expiresInSeconds: 900,
      maxBytes: 100 * 1024 * 1024,
      contentLength: 5_000_000,
    });
    const url = new URL(upload.url);
    const q = url.searchParams;
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'video/mp4' });
    expect(upload.expiresAt.toISOString()).toBe('2026-11-23T12:15:00.000Z');
    expect(url.origin).toBe('https://bct-videos.s3.eu-west-3.amazonaws.com');
    expect(url.pathname).toBe('/uploads/a_b.mp4');
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(q.get('X-Amz-Expires')).toBe('900');
    expect(q.get('X-Amz-Date')).toBe('20261123T120000Z');
    expect(q.get('X-Amz-Credential')).toBe('AKIDEXAMPLE/20261123/eu-west-3/s3/aws4_request');
    expect(q.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    // No checksum the browser could not send (requestChecksumCalculation: WHEN_REQUIRED), and no secret.
    expect(upload.url).not.toMatch(/checksum/i);
    expect(upload.url).not.toContain(keys.secretAccessKey);
  });

  it('signs the exact length, so S3 refuses any other size; refuses to sign without one (issue 29)', async () => {
    const sign = (contentLength: number) =>
      storage().presignedUploadUrl('uploads/a.mp4', {
        contentType: 'video/mp4',
        expiresInSeconds: 60,
        maxBytes: 1000,
        contentLength,
      });
    const q = new URL((await sign(640)).url).searchParams;
    expect(q.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    // The length is part of what is signed.
    expect(new URL((await sign(641)).url).searchParams.get('X-Amz-Signature')).not.toBe(
      q.get('X-Amz-Signature'),
    );
    // No length, or none to hold to: S3 would take any size, so no address is signed.
    await expect(
      storage().presignedUploadUrl('uploads/a.mp4', {
        contentType: 'video/mp4',
        expiresInSeconds: 60,
        maxBytes: 1000,
      }),
    ).rejects.toThrow(/needs the exact contentLength/);
    await expect(sign(0)).rejects.toThrow(/needs the exact contentLength/);
    await expect(
      storage().presignedUploadUrl('uploads/a.mp4', {
        contentType: 'video/mp4',
        expiresInSeconds: 60,
        maxBytes: 1000,
        contentLength: 1001,
      }),
    ).rejects.toThrow(/contentLength/);
  });

  it('changes the signature with the content type (it is part of what is signed)', async () => {
    const sign = async (contentType: string) =>
      new URL(
        (
          await storage().presignedUploadUrl('k', {
            contentType,
            expiresInSeconds: 60,
            maxBytes: 10,
            contentLength: 10,
          })
        ).url,
      ).searchParams.get('X-Amz-Signature');
    expect(await sign('video/mp4')).not.toBe(await sign('text/html'));
  });

  it('signs a GET that answers as an attachment under the given name', async () => {
    const download = await storage().presignedDownloadUrl('converted/a.mp4', {
      expiresInSeconds: 86_400,
      filename: 'clip été.mp4',
    });
    const q = new URL(download.url).searchParams;
    expect(q.get('response-content-disposition')).toBe(
      `attachment; filename="clip _t_.mp4"; filename*=UTF-8''clip%20%C3%A9t%C3%A9.mp4`,
    );
    expect(q.get('X-Amz-Expires')).toBe('86400');
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(download.expiresAt.getTime()).toBe(at + 86_400_000);
  });

  it('uses the custom endpoint, path-style when asked, virtual-hosted otherwise', async () => {
    /** Where a 10-byte upload to `key` goes, with this configuration. */
    const uploadAddress = async (config: Partial<S3StorageConfig>, key: string) =>
      new URL(
        (
          await storage(config).presignedUploadUrl(key, {
            contentType: 'video/mp4',
            expiresInSeconds: 60,
            maxBytes: 10,
            contentLength: 10,
          })
        ).url,
      );
    const pathStyle = await uploadAddress(
      { endpoint: 'https://minio.example.com:9000', forcePathStyle: true },
      'a/b.mp4',
    );
    expect(pathStyle.origin).toBe('https://minio.example.com:9000');
    expect(pathStyle.pathname).toBe('/bct-videos/a/b.mp4');
    expect(pathStyle.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    const dotted = await uploadAddress({ bucket: 'my.bucket' }, 'a');
    // A dotted bucket cannot be a TLS host name: the SDK goes path-style.
    expect(dotted.origin).toBe('https://s3.eu-west-3.amazonaws.com');
    expect(dotted.pathname).toBe('/my.bucket/a');
  });

  it('bounds the expiry and checks the key before signing', async () => {
    const s = storage();
    const options = { contentType: 'video/mp4', expiresInSeconds: 60, maxBytes: 10, contentLength: 10 };
    await expect(s.presignedUploadUrl('../x', options)).rejects.toThrow(/Invalid storage key/);
    await expect(s.presignedUploadUrl('k', { ...options, expiresInSeconds: 0 })).rejects.toThrow(
      /expiresInSeconds/,
    );
    await expect(s.presignedUploadUrl('k', { ...options, expiresInSeconds: 604_801 })).rejects.toThrow();
    await expect(s.presignedUploadUrl('k', { ...options, maxBytes: 0 })).rejects.toThrow(/maxBytes/);
    await expect(s.presignedUploadUrl('k', { ...options, contentLength: 11 })).rejects.toThrow(
      /contentLength/,
    );
    await expect(
      s.presignedUploadUrl('k', { ...options, contentType: 'video/mp4\r\nX: y' }),
    ).rejects.toThrow();
  });
});

describe('the bucket origin for the CSP', () => {
  const configs: Array<Partial<S3StorageConfig>> = [
    {},
    { region: 'us-east-1' },
    { bucket: 'my.bucket' },
    { endpoint: 'https://minio.example.com:9000', forcePathStyle: true },
    { endpoint: 'https://storage.example.com' },
    { endpoint: 'http://127.0.0.1:4568' },
  ];
  it.each(configs)('is the origin the presigned PUT goes to (%o)', async (config) => {
    const s = storage(config);
    const upload = await s.presignedUploadUrl('k', {
      contentType: 'video/mp4',
      expiresInSeconds: 60,
      maxBytes: 1,
      contentLength: 1,
    });
    expect(
      s3BucketOrigin(s.client, {
        bucket: 'bct-videos',
        region: 'eu-west-3',
        forcePathStyle: false,
        ...config,
      }),
    ).toBe(new URL(upload.url).origin);
  });

  it('is added to connect-src only when S3 is configured', () => {
    expect(storageConnectSources(parseEnv({}))).toEqual([]);
    expect(storageConnectSources(parseEnv({ S3_BUCKET: 'bct-videos', S3_REGION: 'eu-west-3' }))).toEqual([
      'https://bct-videos.s3.eu-west-3.amazonaws.com',
    ]);
    expect(
      storageConnectSources(
        parseEnv({ S3_BUCKET: 'bk1', S3_ENDPOINT: 'https://s3.example.com/base', S3_FORCE_PATH_STYLE: 'on' }),
      ),
    ).toEqual(['https://s3.example.com']);
  });
});
