// What the H.265 converter's integration tests share: a caller that asks for an upload address, PUTs the file where it
// was told and asks for the conversion, as the screen does (test-only).
import { readdir, readFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import {
  CONVERT_H265_PATH,
  H265_CANCEL_PATH,
  H265_STATUS_PATH,
  H265_UPLOAD_URL_PATH,
  h265UploadUrlResponseSchema,
  type H265StatusResponse,
  type H265UploadUrlResponse,
} from '../../../common/contracts/video-h265-converter';
import type { TestClient } from '../../test/accounts';

const exec = promisify(execFile);

export type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

async function answer(res: Response): Promise<Answer> {
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

/** Asks for an upload address and PUTs the file there; answers the key. */
export async function upload(
  client: TestClient,
  file: string,
  options: { contentType?: string; filename?: string } = {},
): Promise<string> {
  return (await uploadTo(client, file, options)).s3Key;
}

/** As `upload`, answering the address too (to try it again). */
export async function uploadTo(
  client: TestClient,
  file: string,
  options: { contentType?: string; filename?: string } = {},
): Promise<H265UploadUrlResponse> {
  const bytes = await readFile(file);
  const contentType = options.contentType ?? 'video/mp4';
  const res = await client.post(H265_UPLOAD_URL_PATH, {
    filename: options.filename ?? 'clip.mp4',
    contentType,
    size: bytes.length,
  });
  if (res.status !== 200) throw new Error(`upload-url ${res.status}: ${await res.text()}`);
  const address = h265UploadUrlResponseSchema.parse(await res.json());
  const put = await fetch(new URL(address.uploadUrl, client.origin), {
    method: 'PUT',
    headers: address.headers,
    body: new Uint8Array(bytes),
  });
  if (put.status !== 200) throw new Error(`PUT ${put.status}: ${await put.text()}`);
  return address;
}

/** PUTs bytes to an address already used; answers the status and the error's code and message. */
export async function putAgain(
  client: TestClient,
  address: H265UploadUrlResponse,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<{ status: number; code?: string; error?: string }> {
  const res = await fetch(new URL(address.uploadUrl, client.origin), {
    method: 'PUT',
    headers: address.headers,
    body: bytes,
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string; error?: string };
  return { status: res.status, ...body };
}

export async function convert(client: TestClient, s3Key: string, filename = 'clip.mp4'): Promise<Answer> {
  return answer(await client.post(CONVERT_H265_PATH, { s3Key, filename }));
}

export async function cancel(client: TestClient, s3Key: string): Promise<Answer> {
  return answer(await client.post(H265_CANCEL_PATH, { s3Key }));
}

export async function status(client: TestClient, s3Key: string): Promise<H265StatusResponse> {
  const res = await client.request(`${H265_STATUS_PATH}?s3Key=${encodeURIComponent(s3Key)}`);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  return (await res.json()) as H265StatusResponse;
}

/**
 * The caller of instances in child processes (no TestClient there): asks `origin` for an upload address, PUTs `file`
 * there and keeps the session cookie; answers the key and calls that carry the cookie to whichever instance.
 */
export async function uploadToInstance(
  origin: string,
  file: string,
  filename: string,
): Promise<{
  s3Key: string;
  post: (app: { url: string }, route: string, body: unknown) => Promise<Response>;
  statusOn: (app: { url: string }) => Promise<H265StatusResponse>;
}> {
  const bytes = await readFile(file);
  const asked = await fetch(`${origin}${H265_UPLOAD_URL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filename, contentType: 'video/mp4', size: bytes.length }),
  });
  if (asked.status !== 200) throw new Error(`upload-url ${asked.status}: ${await asked.text()}`);
  const cookie = asked.headers.get('set-cookie')?.split(';')[0] ?? '';
  const address = h265UploadUrlResponseSchema.parse(await asked.json());
  const put = await fetch(new URL(address.uploadUrl, origin), {
    method: 'PUT',
    headers: address.headers,
    body: new Uint8Array(bytes),
  });
  if (put.status !== 200) throw new Error(`PUT ${put.status}: ${await put.text()}`);
  return {
    s3Key: address.s3Key,
    post: (app, route, body) =>
      fetch(`${app.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      }),
    statusOn: async (app) =>
      (await (
        await fetch(`${app.url}${H265_STATUS_PATH}?s3Key=${encodeURIComponent(address.s3Key)}`, {
          headers: { cookie },
        })
      ).json()) as H265StatusResponse,
  };
}

export async function postAnswer(client: TestClient, path: string, json: unknown): Promise<Answer> {
  return answer(await client.post(path, json));
}

/** The row id inside an upload key (`h265/uploads/<id>/<name>`). */
export function conversionIdOf(s3Key: string): string {
  const id = s3Key.split('/')[2];
  if (!id) throw new Error(`not an upload key: ${s3Key}`);
  return id;
}

/** Kills the ffmpeg converting `id` (its work folder is named after it); answers how many processes were killed. */
export async function killFfmpegOf(id: string): Promise<number> {
  try {
    const { stdout } = await exec('pgrep', ['-f', `bct-h265-${id}`]);
    const pids = stdout.split('\n').filter(Boolean).map(Number);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    return pids.length;
  } catch {
    return 0;
  }
}

/** The ffmpeg processes converting `id` (their arguments name its work folder): their process ids. */
export async function ffmpegOf(id: string): Promise<number[]> {
  try {
    const { stdout } = await exec('pgrep', ['-f', `bct-h265-${id}`]);
    return stdout.split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The work folders of `id`'s attempts left in the temporary folder (the input and the partial output live there). */
export async function workDirsOf(id: string): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith(`bct-h265-${id}-`));
}

/**
 * Polls `check` every 100 ms until it answers true, for at most `ms`; answers whether it did. The limit is the net
 * under a hang, not the time the event takes: a machine busy with other work takes several times longer (issue 43).
 */
export async function eventually(check: () => Promise<boolean>, ms = 120_000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
