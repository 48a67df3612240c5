// Issue 29: the 100 MB limit of the H.265 converter held where the file is stored, on the local store and on S3 (s3rver
// behind a gate that checks presigned signatures as S3 does, s3-signature-gate.ts: s3rver checks none). An upload
// address is given for the exact size the browser announced (at most 100 MB), and the store itself refuses a body of
// any other size: the local store while it streams (413), S3 by the signed Content-Length (403
// SignatureDoesNotMatch). A file that is larger all the same when the conversion is asked for (put there another way)
// is refused then, with the spec's message, and deleted.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  H265_MAX_BYTES,
  H265_UPLOAD_URL_PATH,
  fileTooLargeMessage,
  h265UploadUrlResponseSchema,
} from '../../../common/contracts/video-h265-converter';
import { makeClip } from '../../../e2e/fixtures/video-clips';
import { TestClient } from '../../test/accounts';
import { startTestServer, type TestServer } from '../../test/harness';
import { S3RVER_KEYS, s3Env, startS3rver, type RunningS3rver } from '../../test/s3rver';
import { startSignatureGate, type SignatureGate } from '../../storage/s3-signature-gate';
import { createS3Storage, type S3Storage } from '../../storage/s3-storage';
import { convert, postAnswer, status, upload } from './test-helpers';

/** A file 1 MiB over the limit: 101.00 MB in the spec's message. */
const OVER = H265_MAX_BYTES + 1024 * 1024;
const OVER_MESSAGE = 'File too large. Maximum size is 100MB. Your file is 101.00MB.';

/** Asks for an upload address for `size` bytes. */
async function addressFor(client: TestClient, size: number) {
  const res = await client.post(H265_UPLOAD_URL_PATH, {
    filename: 'big.mp4',
    contentType: 'video/mp4',
    size,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return h265UploadUrlResponseSchema.parse(await res.json());
}

/** PUTs `bytes` to an address as the browser does; answers the status and the body's text. */
async function putTo(
  client: TestClient,
  address: { uploadUrl: string; headers: Record<string, string> },
  bytes: Uint8Array<ArrayBuffer>,
) {
  const res = await fetch(new URL(address.uploadUrl, client.origin), {
    method: 'PUT',
    headers: address.headers,
    body: bytes,
  });
  return { status: res.status, text: await res.text() };
}

describe('the H.265 upload limit on the local store', () => {
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bct-h265-limit-'));
    server = await startTestServer('pglite', { DATA_DIR: dataDir, TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const objectFile = (key: string) => path.join(dataDir, 'storage', 'objects', ...key.split('/'));

  it('gives an address only for a size of at most 100 MB, and asks for it', async () => {
    const guest = new TestClient(server);
    const ask = (body: Record<string, unknown>) =>
      postAnswer(guest, H265_UPLOAD_URL_PATH, { filename: 'a.mp4', contentType: 'video/mp4', ...body });
    expect(await ask({})).toMatchObject({
      status: 400,
      body: { code: 'invalid_input', message: expect.stringContaining('size is required') as string },
    });
    expect(await ask({ size: OVER })).toMatchObject({
      status: 413,
      body: { code: 'file_too_large', message: OVER_MESSAGE },
    });
  });

  it('refuses, while it arrives, a body larger than the address was given for', async () => {
    const guest = new TestClient(server);
    const address = await addressFor(guest, H265_MAX_BYTES);
    const refused = await putTo(guest, address, new Uint8Array(OVER));
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'payload_too_large' });
    expect(existsSync(objectFile(address.s3Key))).toBe(false);
    // An address asked for a small file takes no larger one either.
    const clip = await readFile(await makeClip({ width: 320, height: 240, seconds: 1 }));
    const small = await addressFor(guest, 1000);
    expect((await putTo(guest, small, new Uint8Array(clip))).status).toBe(413);
    expect(existsSync(objectFile(small.s3Key))).toBe(false);
    expect(await convert(guest, small.s3Key)).toMatchObject({
      status: 409,
      body: { code: 'upload_missing' },
    });
  });

  it('refuses, when the conversion is asked for, a file that grew past 100 MB after its address was given', async () => {
    const guest = new TestClient(server);
    const clip = await makeClip({ width: 320, height: 240, seconds: 1 });
    const s3Key = await upload(guest, clip, { filename: 'grown.mp4' });
    // Written straight into the store, as nothing the app serves would let it.
    await mkdir(path.dirname(objectFile(s3Key)), { recursive: true });
    await writeFile(objectFile(s3Key), new Uint8Array(OVER));
    const answer = await convert(guest, s3Key, 'grown.mp4');
    expect(answer).toMatchObject({
      status: 413,
      body: { success: false, code: 'file_too_large', message: OVER_MESSAGE, error: OVER_MESSAGE },
    });
    expect(fileTooLargeMessage(OVER)).toBe(OVER_MESSAGE);
    expect(existsSync(objectFile(s3Key))).toBe(false);
    // Ended, not waiting: asking again answers the same, and the status says why.
    expect(await convert(guest, s3Key, 'grown.mp4')).toMatchObject({
      status: 413,
      body: { code: 'file_too_large', message: OVER_MESSAGE },
    });
    expect(await status(guest, s3Key)).toMatchObject({ state: 'failed', message: OVER_MESSAGE });
  });
});

describe('the H.265 upload limit on S3 (s3rver, signatures checked)', () => {
  const BUCKET = 'bct-h265-limit';
  let s3rver: RunningS3rver;
  let gate: SignatureGate;
  let direct: S3Storage;
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bct-h265-limit-s3-'));
    s3rver = await startS3rver(BUCKET, path.join(dir, 'bucket'));
    gate = await startSignatureGate(s3rver.endpoint, S3RVER_KEYS);
    // The bucket itself, bypassing the app and its addresses.
    direct = createS3Storage({
      bucket: BUCKET,
      endpoint: s3rver.endpoint,
      forcePathStyle: true,
      ...S3RVER_KEYS,
    });
    server = await startTestServer('pglite', { DATA_DIR: dir, ...s3Env(BUCKET, gate.endpoint) });
  });
  afterAll(async () => {
    await server?.stop();
    direct?.client.destroy();
    await gate?.close();
    await s3rver?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is refused by the bucket: a body larger than the signed size never lands', async () => {
    const guest = new TestClient(server);
    const address = await addressFor(guest, H265_MAX_BYTES);
    expect(address.uploadUrl.startsWith(`${gate.endpoint}/${BUCKET}/h265/uploads/`)).toBe(true);
    expect(new URL(address.uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );
    const refused = await putTo(guest, address, new Uint8Array(OVER));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(await direct.headObject(address.s3Key)).toBeNull();
    expect(await convert(guest, address.s3Key)).toMatchObject({
      status: 409,
      body: { code: 'upload_missing' },
    });
    // The file the address was asked for lands, and converts.
    const clip = await makeClip({ width: 320, height: 240, seconds: 1 });
    const s3Key = await upload(guest, clip, { filename: 'fits.mp4' });
    expect((await direct.headObject(s3Key))?.size).toBe((await readFile(clip)).length);
    const converted = await convert(guest, s3Key, 'fits.mp4');
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
  }, 360_000);

  it('refuses, when the conversion is asked for, a file put in the bucket past 100 MB after its address was given', async () => {
    const guest = new TestClient(server);
    const clip = await makeClip({ width: 320, height: 240, seconds: 1 });
    const s3Key = await upload(guest, clip, { filename: 'grown.mp4' });
    await direct.putObject(s3Key, new Uint8Array(OVER), { contentType: 'video/mp4' });
    expect((await direct.headObject(s3Key))?.size).toBe(OVER);
    expect(await convert(guest, s3Key, 'grown.mp4')).toMatchObject({
      status: 413,
      body: { success: false, code: 'file_too_large', message: OVER_MESSAGE },
    });
    expect(await direct.headObject(s3Key)).toBeNull();
  });
});
