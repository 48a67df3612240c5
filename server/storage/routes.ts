// The local store's signed addresses, served by the app itself (S3 serves its own):
//   PUT /api/storage/upload/<key>?expires=…&type=…&max=…&sig=…   streams the body to disk, 413 past `max`
//   GET /api/storage/download/<key>?expires=…&name=…&sig=…       streams the file as an attachment named `name`
// Mounted in server/app.ts ahead of `/api`'s 10 MB JSON body limit: an upload's only limit is its signed `max`,
// enforced while the body streams in. A signature is the only credential (no cookie is read, so no CSRF check).
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Hono, type Context } from 'hono';
import { ERROR_CODES } from '../../common/errors';
import { errorResponse } from '../errors';
import { keyProblem } from './keys';
import { ObjectTooLargeError, STORAGE_ROUTE_PATH, type LocalStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';
import type { SignatureProblem } from './url-signer';

export { STORAGE_ROUTE_PATH };

/** A refused upload's body up to this size is read before the answer (see the middleware below). */
const DRAIN_BEFORE_ANSWER_BYTES = 1024 * 1024;

export function isLocalStorage(storage: ObjectStorage): storage is LocalStorage {
  return storage.kind === 'local' && 'writeObject' in storage;
}

/** The routes under STORAGE_ROUTE_PATH; with S3 configured they answer 404 (the bucket serves its own addresses). */
export function storageRoutes(deps: { storage: ObjectStorage }): Hono {
  const app = new Hono();
  const { storage } = deps;
  // A refused upload is answered without reading a large body. The app's drainUnreadBody reads what a route left
  // unread before the answer goes out (so the client sees the answer, not a reset), but here no 10 MB limit bounds
  // it: only a declared body of at most 1 MiB is left to it; any other is locked, and the server discards what still
  // arrives after the answer (@hono/node-server: at most 64 MB or 500 ms, then it closes the connection).
  app.use('*', async (c, next) => {
    await next();
    const body = c.req.raw.body;
    const declared = Number(c.req.header('content-length'));
    const small = Number.isFinite(declared) && declared <= DRAIN_BEFORE_ANSWER_BYTES;
    if (body && !body.locked && !c.req.raw.bodyUsed && !small) body.getReader();
  });
  if (!isLocalStorage(storage)) {
    app.all('*', (c) =>
      errorResponse(
        c,
        ERROR_CODES.notFound,
        'Uploads and downloads go straight to the S3 bucket on this server',
      ),
    );
    return app;
  }

  app.put('/upload/*', async (c) => {
    const key = keyFromPath(c, 'upload');
    if (typeof key !== 'string') return key;
    const q = readQuery(c, ['expires', 'type', 'max', 'sig']);
    if (!q) return invalidLink(c, 'upload', 'it lacks its expiry, type, size limit or signature');
    const fields = { key, expires: Number(q.expires), type: q.type, max: Number(q.max) };
    if (!/^\d{1,15}$/.test(q.expires) || !/^\d{1,15}$/.test(q.max)) {
      return invalidLink(c, 'upload', 'its expiry or size limit is not a number');
    }
    const problem = await storage.checkUpload(fields, q.sig);
    if (problem) return refused(c, 'upload', problem);
    if (await storage.isUploadRevoked(key)) {
      return errorResponse(
        c,
        ERROR_CODES.linkExpired,
        'This upload link has already been used. Please ask for a new one.',
      );
    }
    // As S3 does with a signed Content-Type: the upload must declare the type it was signed for.
    if ((c.req.header('content-type') ?? '').trim() !== fields.type) {
      return invalidLink(c, 'upload', `the Content-Type header must be ${fields.type}`);
    }
    // A declared size over the limit is refused before a byte of the body is read.
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > fields.max) {
      return tooLarge(c, fields.max);
    }
    const body = c.req.raw.body;
    const stream = body
      ? Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>)
      : Readable.from([] as Uint8Array[]);
    try {
      const size = await storage.writeObject(key, stream, { contentType: fields.type, maxBytes: fields.max });
      return c.json({ key, size }, 200);
    } catch (error) {
      if (error instanceof ObjectTooLargeError) return tooLarge(c, fields.max);
      throw error;
    }
  });

  app.get('/download/*', async (c) => {
    const key = keyFromPath(c, 'download');
    if (typeof key !== 'string') return key;
    const q = readQuery(c, ['expires', 'name', 'sig']);
    if (!q) return invalidLink(c, 'download', 'it lacks its expiry, file name or signature');
    if (!/^\d{1,15}$/.test(q.expires)) return invalidLink(c, 'download', 'its expiry is not a number');
    const problem = await storage.checkDownload({ key, expires: Number(q.expires), name: q.name }, q.sig);
    if (problem) return refused(c, 'download', problem);
    const headers = (info: { size: number; contentType: string }) => ({
      'Content-Type': info.contentType,
      'Content-Length': String(info.size),
      'Content-Disposition': storage.dispositionOf(q.name),
      'Cache-Control': 'private, no-store',
    });
    if (c.req.method === 'HEAD') {
      const info = await storage.headObject(key);
      if (!info) return gone(c);
      return c.body(null, 200, headers(info));
    }
    const object = await storage.getObjectStream(key);
    if (!object) return gone(c);
    // The caller leaving stops the read and closes the file.
    c.req.raw.signal.addEventListener('abort', () => object.body.destroy(), { once: true });
    const web = Readable.toWeb(object.body) as unknown as ReadableStream<Uint8Array>;
    return c.body(web, 200, headers(object));
  });

  return app;
}

/** The key after `/upload/` or `/download/`, each part percent-decoded and checked; or the 400 to answer. */
function keyFromPath(c: Context, kind: 'upload' | 'download'): string | Response {
  const pathname = new URL(c.req.url).pathname;
  const marker = `${STORAGE_ROUTE_PATH}/${kind}/`;
  const raw = pathname.startsWith(marker) ? pathname.slice(marker.length) : '';
  let key: string;
  try {
    key = raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    key = '';
  }
  const problem = keyProblem(key);
  if (problem !== undefined)
    return errorResponse(c, ERROR_CODES.invalidInput, `Not a valid storage key: ${problem}`);
  return key;
}

/** The named query parameters, each present exactly once; undefined when one is missing or repeated. */
function readQuery<K extends string>(c: Context, names: readonly K[]): Record<K, string> | undefined {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const values = c.req.queries(name);
    if (values?.length !== 1 || values[0] === undefined) return undefined;
    out[name] = values[0];
  }
  return out;
}

function refused(c: Context, kind: 'upload' | 'download', problem: SignatureProblem): Response {
  if (problem === 'expired') {
    return errorResponse(
      c,
      ERROR_CODES.linkExpired,
      `This ${kind} link has expired. Please ask for a new one.`,
    );
  }
  return invalidLink(c, kind, 'its signature does not match');
}

function invalidLink(c: Context, kind: 'upload' | 'download', why: string): Response {
  return errorResponse(c, ERROR_CODES.linkInvalid, `This ${kind} link is not valid: ${why}`);
}

function tooLarge(c: Context, max: number): Response {
  return errorResponse(
    c,
    ERROR_CODES.payloadTooLarge,
    `The file is larger than this upload link allows (${max} bytes)`,
  );
}

function gone(c: Context): Response {
  return errorResponse(c, ERROR_CODES.notFound, 'This file is no longer available');
}
