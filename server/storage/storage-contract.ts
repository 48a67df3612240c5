// The adapter contract: the same tests run against the local store (local-storage.int.test.ts, through the app over
// HTTP) and against S3 (s3-storage.int.test.ts, on s3rver). Each test works under its own random prefix.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { ObjectStorage } from './object-storage';

export function describeStorageContract(
  name: string,
  getStorage: () => ObjectStorage,
  /** The origin a browser would resolve same-origin addresses against (the local store's). */
  getOrigin?: () => string,
): void {
  const prefix = () => `t${randomBytes(6).toString('hex')}`;

  describe(`${name}: the storage contract`, () => {
    it('writes bytes, text and a stream, and reads each back with its size and type', async () => {
      const storage = getStorage();
      const p = prefix();
      const bytes = randomBytes(70_000);
      await storage.putObject(`${p}/bytes.bin`, bytes, { contentType: 'application/octet-stream' });
      await storage.putObject(`${p}/text.json`, '{"a":"é"}', { contentType: 'application/json' });
      await storage.putObject(
        `${p}/stream.mp4`,
        Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
        {
          contentType: 'video/mp4',
          contentLength: bytes.length,
        },
      );

      const read = await storage.getObjectStream(`${p}/bytes.bin`);
      expect(read).toMatchObject({ size: bytes.length, contentType: 'application/octet-stream' });
      expect((await buffer(read!.body)).equals(bytes)).toBe(true);
      const text = await storage.getObjectStream(`${p}/text.json`);
      expect(text?.size).toBe(Buffer.byteLength('{"a":"é"}'));
      expect((await buffer(text!.body)).toString('utf8')).toBe('{"a":"é"}');
      const streamed = await storage.getObjectStream(`${p}/stream.mp4`);
      expect((await buffer(streamed!.body)).equals(bytes)).toBe(true);

      const head = await storage.headObject(`${p}/stream.mp4`);
      expect(head).toMatchObject({ size: bytes.length, contentType: 'video/mp4' });
      expect(Math.abs(head!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('replaces an object written again under the same key', async () => {
      const storage = getStorage();
      const key = `${prefix()}/again.txt`;
      await storage.putObject(key, 'first', { contentType: 'text/plain' });
      await storage.putObject(key, 'second!', { contentType: 'text/markdown' });
      expect(await storage.headObject(key)).toMatchObject({ size: 7, contentType: 'text/markdown' });
      expect((await buffer((await storage.getObjectStream(key))!.body)).toString()).toBe('second!');
    });

    it('answers null for a missing object; deleting it (twice) is fine', async () => {
      const storage = getStorage();
      const key = `${prefix()}/gone.txt`;
      expect(await storage.headObject(key)).toBeNull();
      expect(await storage.getObjectStream(key)).toBeNull();
      await storage.putObject(key, 'x', { contentType: 'text/plain' });
      await storage.deleteObject(key);
      await storage.deleteObject(key);
      expect(await storage.headObject(key)).toBeNull();
      expect(await storage.getObjectStream(key)).toBeNull();
    });

    it('refuses a stream without its length, a wrong length for bytes, and a bad content type', async () => {
      const storage = getStorage();
      const key = `${prefix()}/refused.bin`;
      await expect(
        storage.putObject(key, Readable.from([Buffer.from('abc')]), { contentType: 'text/plain' }),
      ).rejects.toThrow(/contentLength/);
      await expect(
        storage.putObject(key, 'abc', { contentType: 'text/plain', contentLength: 4 }),
      ).rejects.toThrow(/contentLength/);
      await expect(
        storage.putObject(key, 'abc', { contentType: 'text/plain\r\nX-Evil: 1' }),
      ).rejects.toThrow();
      expect(await storage.headObject(key)).toBeNull();
    });

    it('refuses invalid keys in every call', async () => {
      const storage = getStorage();
      for (const key of ['../x', '/abs', 'a//b', '.hidden', 'a/../../b', 'a\\b']) {
        await expect(storage.putObject(key, 'x', { contentType: 'text/plain' }), key).rejects.toThrow(
          /Invalid storage key/,
        );
        await expect(storage.headObject(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.getObjectStream(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.deleteObject(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(
          storage.presignedUploadUrl(key, { contentType: 'text/plain', expiresInSeconds: 60, maxBytes: 10 }),
          key,
        ).rejects.toThrow(/Invalid storage key/);
        await expect(
          storage.presignedDownloadUrl(key, { expiresInSeconds: 60, filename: 'x' }),
          key,
        ).rejects.toThrow(/Invalid storage key/);
      }
    });

    it('lists by plain string prefix', async () => {
      const storage = getStorage();
      const p = prefix();
      for (const key of [`${p}/in/a.txt`, `${p}/in/deep/b.txt`, `${p}/inner/c.txt`, `${p}/out/d.txt`]) {
        await storage.putObject(key, key, { contentType: 'text/plain' });
      }
      const keys = async (of: string) => {
        const out: string[] = [];
        for await (const item of storage.listObjects(of)) out.push(item.key);
        return out.sort();
      };
      expect(await keys(`${p}/in/`)).toEqual([`${p}/in/a.txt`, `${p}/in/deep/b.txt`]);
      expect(await keys(`${p}/in`)).toEqual([`${p}/in/a.txt`, `${p}/in/deep/b.txt`, `${p}/inner/c.txt`]);
      expect(await keys(`${p}/nothing/`)).toEqual([]);
      const listed = [];
      for await (const item of storage.listObjects(`${p}/out/`)) listed.push(item);
      expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
        { key: `${p}/out/d.txt`, size: `${p}/out/d.txt`.length },
      ]);
      expect(listed[0]?.lastModified).toBeInstanceOf(Date);
    });

    it('deletes only what is older than the date, only under the prefix', async () => {
      const storage = getStorage();
      const p = prefix();
      for (const key of [`${p}/old/a`, `${p}/old/b/c`, `${p}/keep/d`]) {
        await storage.putObject(key, 'x', { contentType: 'text/plain' });
      }
      expect(await storage.deleteOlderThan(`${p}/old/`, new Date(Date.now() - 3_600_000))).toBe(0);
      expect(await storage.headObject(`${p}/old/a`)).not.toBeNull();
      expect(await storage.deleteOlderThan(`${p}/old/`, new Date(Date.now() + 60_000))).toBe(2);
      expect(await storage.headObject(`${p}/old/a`)).toBeNull();
      expect(await storage.headObject(`${p}/old/b/c`)).toBeNull();
      expect(await storage.headObject(`${p}/keep/d`)).not.toBeNull();
    });

    it('uploads through a presigned PUT and downloads through a presigned GET, as a browser would', async () => {
      const storage = getStorage();
      const key = `${prefix()}/upload/clip.mp4`;
      const bytes = randomBytes(300_000);
      const upload = await storage.presignedUploadUrl(key, {
        contentType: 'video/mp4',
        expiresInSeconds: 300,
        maxBytes: 1024 * 1024,
        contentLength: bytes.length,
      });
      expect(upload.expiresAt.getTime()).toBeGreaterThan(Date.now() + 290_000);
      const put = await fetch(new URL(upload.url, getOrigin?.()), {
        method: upload.method,
        headers: upload.headers,
        body: new Uint8Array(bytes),
      });
      expect(put.status, await put.clone().text()).toBe(200);
      await put.arrayBuffer();
      expect(await storage.headObject(key)).toMatchObject({ size: bytes.length, contentType: 'video/mp4' });

      const download = await storage.presignedDownloadUrl(key, {
        expiresInSeconds: 300,
        filename: 'clip été.mp4',
      });
      const got = await fetch(new URL(download.url, getOrigin?.()));
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('video/mp4');
      expect(got.headers.get('content-disposition')).toBe(
        `attachment; filename="clip _t_.mp4"; filename*=UTF-8''clip%20%C3%A9t%C3%A9.mp4`,
      );
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it('refuses an upload larger than its address allows, and keeps nothing of it (issue 29)', async () => {
      const storage = getStorage();
      const key = `${prefix()}/upload/large.mp4`;
      const upload = await storage.presignedUploadUrl(key, {
        contentType: 'video/mp4',
        expiresInSeconds: 300,
        maxBytes: 64 * 1024,
        contentLength: 10_000,
      });
      const put = await fetch(new URL(upload.url, getOrigin?.()), {
        method: upload.method,
        headers: upload.headers,
        body: new Uint8Array(64 * 1024 + 1),
      });
      // The local store: 413 past the signed size; S3: 403, the length is not the signed one.
      expect([403, 413]).toContain(put.status);
      await put.arrayBuffer();
      expect(await storage.headObject(key)).toBeNull();
    });

    it('describes itself and reports its health without secrets', async () => {
      const storage = getStorage();
      expect(storage.describe().kind).toBe(storage.kind);
      const health = await storage.health();
      expect(health.status).toBe('up');
      expect(health.detail).toBeTruthy();
    });
  });
}
