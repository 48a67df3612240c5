// The S3 adapter on s3rver (an S3-compatible server on loopback, started here on a free port): the adapter contract,
// and the app configured for S3 (health, CSP, no local routes). s3rver does not check v4 signatures: a gate in front
// of it (s3-signature-gate.ts) checks presigned addresses as S3 does, so the store refuses an upload of another size
// than the signed one (issue 29); what is signed is also read in s3-presign.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../common/contracts/health';
import { startTestServer, type TestServer } from '../test/harness';
import { S3RVER_KEYS, s3Env, startS3rver, type RunningS3rver } from '../test/s3rver';
import { startSignatureGate, type SignatureGate } from './s3-signature-gate';
import { createS3Storage, type S3Storage, type S3StorageConfig } from './s3-storage';
import { describeStorageContract } from './storage-contract';

const BUCKET = 'bct-test';

describe('S3 object storage on s3rver', () => {
  let s3rver: RunningS3rver;
  let gate: SignatureGate;
  let dir: string;
  let config: S3StorageConfig;
  let storage: S3Storage;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bct-s3rver-'));
    s3rver = await startS3rver(BUCKET, dir);
    gate = await startSignatureGate(s3rver.endpoint, S3RVER_KEYS);
    config = { bucket: BUCKET, endpoint: gate.endpoint, forcePathStyle: true, ...S3RVER_KEYS };
    storage = createS3Storage(config);
  });
  afterAll(async () => {
    storage?.client.destroy();
    await gate?.close();
    await s3rver?.close();
    await rm(dir, { recursive: true, force: true });
  });

  describeStorageContract('s3 (s3rver, signatures checked)', () => storage);

  it('refuses a presigned PUT whose size or type is not the signed one, as S3 does', async () => {
    const key = 'gate/clip.mp4';
    const upload = await storage.presignedUploadUrl(key, {
      contentType: 'video/mp4',
      expiresInSeconds: 60,
      maxBytes: 1000,
      contentLength: 100,
    });
    const put = (bytes: number, headers = upload.headers) =>
      fetch(upload.url, { method: 'PUT', headers, body: new Uint8Array(bytes) });
    for (const refused of [await put(101), await put(99), await put(100, { 'Content-Type': 'text/html' })]) {
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    expect(await storage.headObject(key)).toBeNull();
    // The gate is no wall: the signed size and type pass.
    expect((await put(100)).status).toBe(200);
    expect(await storage.headObject(key)).toMatchObject({ size: 100, contentType: 'video/mp4' });
  });

  it('deletes more than one page of old objects', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `many/${String(i).padStart(2, '0')}`);
    await Promise.all(keys.map((key) => storage.putObject(key, key, { contentType: 'text/plain' })));
    expect(await storage.deleteOlderThan('many/', new Date(Date.now() + 60_000))).toBe(12);
    for await (const item of storage.listObjects('many/')) throw new Error(`left: ${item.key}`);
  });

  it('reports a missing bucket as down, with a reason and no secret', async () => {
    const missing = createS3Storage({ ...config, bucket: 'no-such-bucket' });
    const health = await missing.health();
    missing.client.destroy();
    expect(health.status).toBe('down');
    expect(health.detail).toMatch(
      /^s3 bucket no-such-bucket at 127\.0\.0\.1:\d+: the bucket does not exist$/,
    );
  });

  describe('the app configured for S3', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('pglite', s3Env(BUCKET, config.endpoint!));
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('reports the bucket in the health report (HeadBucket)', async () => {
      const body = healthResponseSchema.parse(await (await server.request('/api/health')).json());
      expect(body.components.storage).toMatchObject({
        status: 'up',
        detail: `s3 bucket ${BUCKET} at ${new URL(config.endpoint!).host}`,
      });
      expect(JSON.stringify(body)).not.toContain('S3RVER');
    });

    it("allows the bucket's origin in the CSP's connect-src", async () => {
      const csp = (await server.request('/api/health')).headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`connect-src 'self' ${new URL(config.endpoint!).origin}`);
    });

    it('leaves uploads and downloads to the bucket: the local routes answer 404', async () => {
      const res = await server.request('/api/storage/upload/a.mp4?expires=1&type=video%2Fmp4&max=1&sig=x', {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4' },
        body: 'abc',
      });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('not_found');
    });
  });
});

describe('the app with no storage configuration', () => {
  it("keeps connect-src to 'self'", async () => {
    const server = await startTestServer('pglite');
    try {
      const csp = (await server.request('/api/health')).headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/connect-src 'self';/);
    } finally {
      await server.stop();
    }
  });
});
