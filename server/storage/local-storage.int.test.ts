// The local store through the real server over HTTP: the adapter contract, then what the app's own signed addresses
// must refuse (expired, tampered, too large while streaming, traversal) and the clean-up by file time.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../common/contracts/health';
import { parseEnv } from '../env';
import { loadAuthSecret } from '../features/auth/secret';
import { startTestServer, testDatabaseKinds, type TestServer } from '../test/harness';
import { waitFor } from '../test/wait-for';
import { createStorage } from './create-storage';
import type { ObjectStorage } from './object-storage';
import { describeStorageContract } from './storage-contract';

type Answer = { status: number; body: string; sent: number };

const codeOf = (body: string) => (JSON.parse(body) as { code?: string }).code;

/** A PUT over a raw socket: `chunked` streams `chunk` until the server answers (or `limit` bytes went). */
function rawPut(
  url: string,
  headers: Record<string, string>,
  body: { chunked: { chunk: Buffer; limit: number } } | { headersOnly: true },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = http.request({
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: 'PUT',
      headers,
    });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sent });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if ('headersOnly' in body) {
      req.flushHeaders();
      return;
    }
    const { chunk, limit } = body.chunked;
    const pump = () => {
      while (!answered && sent < limit) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** A request with the path sent as written (fetch would normalise `..`). */
function rawRequest(
  method: string,
  base: string,
  rawPath: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(base);
    const req = http.request({ host: target.hostname, port: target.port, path: rawPath, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(method === 'PUT' ? 'escape' : undefined);
  });
}

describe.each(testDatabaseKinds())('local object storage through the app on %s', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let storage: ObjectStorage;
  /** Another instance on the same database and folder whose clock is two hours behind: its addresses are expired. */
  let pastStorage: ObjectStorage;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bct-storage-'));
    server = await startTestServer(kind, { DATA_DIR: dataDir });
    const env = parseEnv({ DATA_DIR: dataDir });
    const deps = { getAppSecret: () => loadAuthSecret(server.database.db, undefined) };
    storage = createStorage(env, deps);
    pastStorage = createStorage(env, { ...deps, now: () => Date.now() - 2 * 3_600_000 });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  describeStorageContract(
    `local (${kind})`,
    () => storage,
    () => server.url,
  );

  /** The local store's addresses are same-origin paths (issue 27): a browser resolves them against the page. */
  const fetchHere = (input: string | URL, init?: RequestInit) => fetch(new URL(input, server.url), init);
  const tmpFiles = () => readdir(path.join(dataDir, 'storage', 'tmp')).catch(() => []);
  const uploadUrl = (key: string, maxBytes = 64 * 1024) =>
    storage.presignedUploadUrl(key, { contentType: 'video/mp4', expiresInSeconds: 300, maxBytes });
  const errorOf = async (res: Response) => (await res.json()) as { error: string; code: string };

  it('reports the storage component in the health report', async () => {
    const res = await server.request('/api/health');
    const body = healthResponseSchema.parse(await res.json());
    expect(body.components.storage).toMatchObject({ status: 'up', detail: 'local disk, writable' });
  });

  it('serves a download as an attachment, HEAD without a body, and 404 once the file is gone', async () => {
    const key = 'dl/report.mp4';
    await storage.putObject(key, Buffer.from('0123456789'), { contentType: 'video/mp4' });
    const { url } = await storage.presignedDownloadUrl(key, { expiresInSeconds: 60, filename: 'report.mp4' });
    // A same-origin path, never PUBLIC_URL's address: the page may be opened at any address (issue 27).
    expect(url).toMatch(/^\/api\/storage\/download\/dl\/report\.mp4\?expires=\d+&name=report\.mp4&sig=/);
    expect((await uploadUrl('dl/next.mp4')).url).toMatch(/^\/api\/storage\/upload\/dl\/next\.mp4\?/);
    const head = await fetchHere(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    expect(head.headers.get('content-disposition')).toContain('attachment; filename="report.mp4"');
    expect(head.headers.get('cache-control')).toBe('private, no-store');
    const get = await fetchHere(url);
    expect(await get.text()).toBe('0123456789');
    await storage.deleteObject(key);
    const gone = await fetchHere(url);
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toEqual({ error: 'This file is no longer available', code: 'not_found' });
  });

  it('refuses expired upload and download addresses with 403 link_expired', async () => {
    const key = 'expired/a.mp4';
    const upload = await pastStorage.presignedUploadUrl(key, {
      contentType: 'video/mp4',
      expiresInSeconds: 3_600,
      maxBytes: 1000,
    });
    const put = await fetchHere(upload.url, { method: 'PUT', headers: upload.headers, body: 'abc' });
    expect(put.status).toBe(403);
    expect(await errorOf(put)).toEqual({
      error: 'This upload link has expired. Please ask for a new one.',
      code: 'link_expired',
    });
    expect(await storage.headObject(key)).toBeNull();

    await storage.putObject(key, 'abc', { contentType: 'video/mp4' });
    const download = await pastStorage.presignedDownloadUrl(key, {
      expiresInSeconds: 3_600,
      filename: 'a.mp4',
    });
    const get = await fetchHere(download.url);
    expect(get.status).toBe(403);
    expect((await errorOf(get)).code).toBe('link_expired');
  });

  it('refuses a tampered signature, key, type, limit or expiry with 403 link_invalid, and a wrong Content-Type', async () => {
    const upload = await uploadUrl('tamper/a.mp4', 1000);
    const url = new URL(upload.url, server.url);
    const variants: Array<[string, (u: URL) => void, string?]> = [
      ['signature', (u) => u.searchParams.set('sig', `${u.searchParams.get('sig')!.slice(0, -2)}AA`)],
      ['key', (u) => (u.pathname = u.pathname.replace('tamper/a.mp4', 'tamper/b.mp4'))],
      ['type', (u) => u.searchParams.set('type', 'text/html'), 'text/html'],
      ['max', (u) => u.searchParams.set('max', '1000000')],
      ['expires', (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60))],
      ['no signature', (u) => u.searchParams.delete('sig')],
      ['a repeated field', (u) => u.searchParams.append('max', '1')],
    ];
    for (const [what, change, type] of variants) {
      const changed = new URL(url);
      change(changed);
      const res = await fetchHere(changed, {
        method: 'PUT',
        headers: { 'Content-Type': type ?? 'video/mp4' },
        body: 'abc',
      });
      expect(res.status, what).toBe(403);
      expect((await errorOf(res)).code, what).toBe('link_invalid');
    }
    const wrongType = await fetchHere(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/html' },
      body: 'abc',
    });
    expect(wrongType.status).toBe(403);
    expect(await errorOf(wrongType)).toEqual({
      error: 'This upload link is not valid: the Content-Type header must be video/mp4',
      code: 'link_invalid',
    });
    const download = new URL(
      (await storage.presignedDownloadUrl('tamper/a.mp4', { expiresInSeconds: 60, filename: 'a' })).url,
      server.url,
    );
    download.searchParams.set('name', 'evil.html');
    expect((await fetchHere(download)).status).toBe(403);
    expect(await storage.headObject('tamper/a.mp4')).toBeNull();
    expect(await storage.headObject('tamper/b.mp4')).toBeNull();
  });

  it('answers 413 while a chunked body streams past the limit, and leaves no file', async () => {
    const key = 'big/stream.mp4';
    const upload = await uploadUrl(key, 64 * 1024);
    const limit = 64 * 1024 * 1024;
    const answer = await rawPut(
      new URL(upload.url, server.url).href,
      { 'content-type': 'video/mp4' },
      {
        chunked: { chunk: randomBytes(16 * 1024), limit },
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'The file is larger than this upload link allows (65536 bytes)',
      code: 'payload_too_large',
    });
    // Answered long before the whole body went: the limit is enforced while streaming.
    expect(answer.sent).toBeLessThan(limit / 2);
    expect(await storage.headObject(key)).toBeNull();
    expect(await tmpFiles()).toEqual([]);
  });

  it('accepts a chunked body exactly at the limit', async () => {
    const key = 'big/exact.mp4';
    const upload = await uploadUrl(key, 64 * 1024);
    const answer = await rawPut(
      new URL(upload.url, server.url).href,
      { 'content-type': 'video/mp4' },
      {
        chunked: { chunk: randomBytes(16 * 1024), limit: 64 * 1024 },
      },
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ key, size: 64 * 1024 });
    expect((await storage.headObject(key))?.size).toBe(64 * 1024);
  });

  it('refuses a Content-Length over the limit up front, before any of the body is sent', async () => {
    const key = 'big/declared.mp4';
    const upload = await uploadUrl(key, 64 * 1024);
    const answer = await rawPut(
      new URL(upload.url, server.url).href,
      { 'content-type': 'video/mp4', 'content-length': String(64 * 1024 * 1024) },
      { headersOnly: true },
    );
    expect(answer.status).toBe(413);
    expect(answer.sent).toBe(0);
    expect(codeOf(answer.body)).toBe('payload_too_large');
    expect(await storage.headObject(key)).toBeNull();
    // A refused address is answered without waiting for its body either.
    const expired = await pastStorage.presignedUploadUrl(key, {
      contentType: 'video/mp4',
      expiresInSeconds: 60,
      maxBytes: 1024 ** 3,
    });
    const refused = await rawPut(
      new URL(expired.url, server.url).href,
      { 'content-type': 'video/mp4', 'content-length': String(1024 ** 3) },
      { headersOnly: true },
    );
    expect(refused.status).toBe(403);
    expect(codeOf(refused.body)).toBe('link_expired');
  });

  it('removes the partial file when the uploader goes away mid-body', async () => {
    const key = 'big/abandoned.mp4';
    const upload = await uploadUrl(key, 1024 * 1024);
    const target = new URL(upload.url, server.url);
    const req = http.request({
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
    });
    req.on('error', () => {});
    req.write(randomBytes(32 * 1024));
    // Wait until the server has started the temporary file, then hang up.
    await waitFor(tmpFiles, {
      what: 'the temporary file',
      until: (files) => files.length > 0,
      intervalMs: 20,
    });
    expect((await tmpFiles()).length).toBe(1);
    req.destroy();
    await waitFor(tmpFiles, {
      what: 'the temporary file to be removed',
      until: (files) => files.length === 0,
      intervalMs: 20,
    });
    expect(await tmpFiles()).toEqual([]);
    expect(await storage.headObject(key)).toBeNull();
  });

  it('refuses keys that climb out of the folder, whatever the encoding', async () => {
    const upload = new URL((await uploadUrl('safe/a.mp4')).url, server.url);
    const query = upload.search;
    for (const rawPath of [
      `/api/storage/upload/..%2F..%2Fescape.txt${query}`,
      `/api/storage/upload/safe%2F..%2F..%2F..%2Fescape.txt${query}`,
      `/api/storage/upload/a%5C..%5Cescape.txt${query}`,
      `/api/storage/upload/%2Fetc%2Fescape.txt${query}`,
      `/api/storage/upload/.hidden${query}`,
      `/api/storage/upload/a%00b${query}`,
    ]) {
      const res = await rawRequest('PUT', server.url, rawPath);
      expect(res.status, rawPath).toBe(400);
      expect(codeOf(res.body), rawPath).toBe('invalid_input');
    }
    // `..` and `%2e%2e` segments are resolved by the URL parser before any route: they never reach storage.
    for (const rawPath of [
      `/api/storage/upload/../../escape.txt${query}`,
      `/api/storage/upload/%2e%2e/%2e%2e/escape.txt${query}`,
    ]) {
      const res = await rawRequest('PUT', server.url, rawPath);
      expect(res.status, rawPath).toBe(404);
    }
    const res = await rawRequest(
      'GET',
      server.url,
      '/api/storage/download/..%2F..%2Fstore-token.key?expires=1&name=a&sig=x',
    );
    expect(res.status).toBe(400);
    const everywhere = [dataDir, path.join(dataDir, 'storage'), path.join(dataDir, 'storage', 'objects')];
    for (const dir of everywhere) expect(await readdir(dir).catch(() => []), dir).not.toContain('escape.txt');
  });

  it('deletes by file time: objects under the prefix older than the date, and old leftovers of broken uploads', async () => {
    const old = new Date(Date.now() - 2 * 86_400_000);
    await storage.putObject('sweep/old.mp4', 'x', { contentType: 'video/mp4' });
    await storage.putObject('sweep/new.mp4', 'y', { contentType: 'video/mp4' });
    await storage.putObject('other/old.mp4', 'z', { contentType: 'video/mp4' });
    await utimes(path.join(dataDir, 'storage', 'objects', 'sweep', 'old.mp4'), old, old);
    await utimes(path.join(dataDir, 'storage', 'objects', 'other', 'old.mp4'), old, old);
    const tmp = path.join(dataDir, 'storage', 'tmp');
    await mkdir(tmp, { recursive: true });
    await writeFile(path.join(tmp, 'crashed-upload'), 'partial');
    await utimes(path.join(tmp, 'crashed-upload'), old, old);
    await writeFile(path.join(tmp, 'in-flight-upload'), 'partial');

    const dayAgo = new Date(Date.now() - 86_400_000);
    expect(await storage.deleteOlderThan('sweep/', dayAgo)).toBe(1);
    expect(await storage.headObject('sweep/old.mp4')).toBeNull();
    expect(await storage.headObject('sweep/new.mp4')).not.toBeNull();
    expect(await storage.headObject('other/old.mp4')).not.toBeNull();
    expect(await tmpFiles()).toEqual(['in-flight-upload']);
    await rm(path.join(tmp, 'in-flight-upload'));
  });
});
