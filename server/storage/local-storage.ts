// The local-disk adapter (the default, no configuration): objects under `DATA_DIR/storage/objects/<key>`, each one's
// content type beside it in `DATA_DIR/storage/meta/<key>.json`. A write streams into `storage/tmp/` and is renamed
// into place, so a reader never sees half a file and a refused or broken upload leaves nothing behind. An upload
// address withdrawn by `revokeUploadUrl` leaves an empty marker in `DATA_DIR/storage/revoked/<key>`. Upload and
// download addresses are the app's own (`/api/storage/…`, routes.ts), signed with HMAC-SHA256 (url-signer.ts), and
// same-origin paths: the page uses them at the address it was opened at, whatever PUBLIC_URL says (issue 27).
import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ComponentState } from '../../common/contracts/health';
import { attachmentDisposition, cleanFilename } from './content-disposition';
import { assertValidKey, assertValidPrefix, keyToPath } from './keys';
import {
  checkContentType,
  checkExpiry,
  DEFAULT_CONTENT_TYPE,
  StorageUsageError,
  uploadLimit,
  type DownloadUrlOptions,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStorage,
  type ObjectStream,
  type ObjectSummary,
  type PresignedDownload,
  type PresignedUpload,
  type PutObjectOptions,
  type UploadUrlOptions,
} from './object-storage';
import { createUrlSigner, type SignatureProblem, type SignedDownload, type SignedUpload } from './url-signer';

/** Where the app serves the local store's signed addresses (mounted in server/app.ts). */
export const STORAGE_ROUTE_PATH = '/api/storage';

/** A body went past the size it was allowed; the partial file is already removed. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

export type LocalStorageOptions = {
  /** `DATA_DIR/storage`. Created on first write, never at start. */
  rootDir: string;
  /**
   * Put before the signed addresses' paths. Unset (the app): none, so addresses are same-origin paths
   * (`/api/storage/…`) that work at whatever address the page was opened (issue 27); a test may give an origin.
   */
  baseUrl?: string;
  /** The HMAC key for signed addresses (derived from the auth secret, read from the database on first use). */
  getSigningKey: () => Promise<Buffer>;
  now?: () => number;
};

export type LocalStorage = ObjectStorage & {
  readonly kind: 'local';
  /** Checks a signed upload address's fields; undefined when it holds. */
  checkUpload(fields: SignedUpload, sig: string): Promise<SignatureProblem | undefined>;
  checkDownload(fields: SignedDownload, sig: string): Promise<SignatureProblem | undefined>;
  /** Streams `body` into the object, refusing (ObjectTooLargeError) as soon as it passes `maxBytes`. */
  writeObject(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes: number },
  ): Promise<number>;
  /** The Content-Disposition of a download under `name`. */
  dispositionOf(name: string): string;
  /** Whether the upload addresses of `key` were withdrawn (`revokeUploadUrl`). */
  isUploadRevoked(key: string): Promise<boolean>;
};

type Meta = { contentType: string };

export function createLocalStorage(options: LocalStorageOptions): LocalStorage {
  const now = options.now ?? Date.now;
  const root = path.resolve(options.rootDir);
  const objectsDir = path.join(root, 'objects');
  const metaDir = path.join(root, 'meta');
  const tmpDir = path.join(root, 'tmp');
  const revokedDir = path.join(root, 'revoked');
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  let signer: Promise<ReturnType<typeof createUrlSigner>> | undefined;
  const getSigner = () => {
    // Made once; a failure (database down) is retried on the next call.
    const pending = (signer ??= options.getSigningKey().then(createUrlSigner));
    pending.catch(() => {
      if (signer === pending) signer = undefined;
    });
    return pending;
  };

  /** The file of `key` under `dir`, checked to stay inside it (the key rules already forbid `..`). */
  const fileOf = (dir: string, key: string, suffix = '') => {
    assertValidKey(key);
    const file = path.join(dir, ...key.split('/')) + suffix;
    if (!file.startsWith(dir + path.sep))
      throw new StorageUsageError(`Invalid storage key ${JSON.stringify(key)}`);
    return file;
  };

  async function readMeta(key: string): Promise<Meta> {
    try {
      const meta = JSON.parse(await readFile(fileOf(metaDir, key, '.json'), 'utf8')) as Partial<Meta>;
      return { contentType: typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE };
    } catch {
      return { contentType: DEFAULT_CONTENT_TYPE };
    }
  }

  /** Writes a temporary file then renames it into place; removes it on any failure. Answers the bytes written. */
  async function write(
    key: string,
    body: Readable,
    contentType: string,
    check: { maxBytes?: number; exactLength?: number },
  ): Promise<number> {
    const target = fileOf(objectsDir, key);
    const metaFile = fileOf(metaDir, key, '.json');
    checkContentType(contentType);
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    let written = 0;
    const limit = check.maxBytes ?? check.exactLength;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        written += chunk.length;
        if (limit !== undefined && written > limit) callback(new ObjectTooLargeError(limit));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      if (check.exactLength !== undefined && written !== check.exactLength) {
        throw new StorageUsageError(`The body held ${written} bytes, not the ${check.exactLength} announced`);
      }
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(path.dirname(metaFile), { recursive: true });
      await rename(tmp, target);
      const metaTmp = path.join(tmpDir, `${randomUUID()}.json`);
      await writeFile(metaTmp, JSON.stringify({ contentType } satisfies Meta), { mode: 0o600 });
      await rename(metaTmp, metaFile);
      return written;
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  /** Removes the empty folders left above `file`, up to `top` (best effort: another write may be filling one). */
  async function pruneEmptyParents(file: string, top: string) {
    for (let dir = path.dirname(file); dir.startsWith(top + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
    }
  }

  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<ObjectSummary> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) {
        yield* walk(full, `${key}/`);
      } else if (entry.isFile()) {
        try {
          const info = await stat(full);
          yield { key, size: info.size, lastModified: info.mtime };
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    }
  }

  const storage: LocalStorage = {
    kind: 'local',

    async putObject(key: string, body: ObjectBody, options: PutObjectOptions) {
      if (body instanceof Readable) {
        if (options.contentLength === undefined) {
          throw new StorageUsageError('putObject: a stream needs its contentLength');
        }
        await write(key, body, options.contentType, { exactLength: options.contentLength });
        return;
      }
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      if (options.contentLength !== undefined && options.contentLength !== bytes.byteLength) {
        throw new StorageUsageError(
          `contentLength ${options.contentLength} is not the body's ${bytes.byteLength}`,
        );
      }
      await write(key, Readable.from([bytes]), options.contentType, { exactLength: bytes.byteLength });
    },

    async getObjectStream(key): Promise<ObjectStream | null> {
      let handle;
      try {
        handle = await open(fileOf(objectsDir, key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const meta = await readMeta(key);
        return {
          size: info.size,
          contentType: meta.contentType,
          lastModified: info.mtime,
          body: handle.createReadStream(),
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async headObject(key): Promise<ObjectInfo | null> {
      try {
        const info = await stat(fileOf(objectsDir, key));
        if (!info.isFile()) return null;
        return { size: info.size, contentType: (await readMeta(key)).contentType, lastModified: info.mtime };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async deleteObject(key) {
      const file = fileOf(objectsDir, key);
      const metaFile = fileOf(metaDir, key, '.json');
      try {
        if ((await stat(file)).isDirectory()) return;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      await rm(file, { force: true });
      await rm(metaFile, { force: true });
      await pruneEmptyParents(file, objectsDir);
      await pruneEmptyParents(metaFile, metaDir);
    },

    async *listObjects(prefix) {
      assertValidPrefix(prefix);
      // Walk from the deepest folder the prefix names, keep the keys that start with it.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
      const start = folder === '' ? objectsDir : path.join(objectsDir, ...folder.slice(0, -1).split('/'));
      for await (const summary of walk(start, folder)) {
        if (summary.key.startsWith(prefix)) yield summary;
      }
    },

    async deleteOlderThan(prefix, before) {
      const old: string[] = [];
      for await (const summary of storage.listObjects(prefix)) {
        if (summary.lastModified.getTime() < before.getTime()) old.push(summary.key);
      }
      for (const key of old) await storage.deleteObject(key);
      // Markers of withdrawn upload addresses under the prefix: an address outlives its marker's use by its expiry.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
      const markers = folder === '' ? revokedDir : path.join(revokedDir, ...folder.slice(0, -1).split('/'));
      for await (const marker of walk(markers, folder)) {
        if (marker.key.startsWith(prefix) && marker.lastModified.getTime() < before.getTime()) {
          const file = fileOf(revokedDir, marker.key);
          await rm(file, { force: true });
          await pruneEmptyParents(file, revokedDir);
        }
      }
      // Temporary files of uploads cut off by a crash are swept with the rest.
      for await (const leftover of walk(tmpDir, '')) {
        if (leftover.lastModified.getTime() < before.getTime())
          await rm(path.join(tmpDir, leftover.key), { force: true });
      }
      return old.length;
    },

    async presignedUploadUrl(key, options: UploadUrlOptions): Promise<PresignedUpload> {
      assertValidKey(key);
      checkContentType(options.contentType);
      checkExpiry(options.expiresInSeconds);
      const max = uploadLimit(options);
      const expires = Math.floor(now() / 1000) + options.expiresInSeconds;
      const fields = { key, expires, type: options.contentType, max };
      const sig = (await getSigner()).signUpload(fields);
      const query = new URLSearchParams({
        expires: String(expires),
        type: fields.type,
        max: String(max),
        sig,
      });
      return {
        url: `${baseUrl}${STORAGE_ROUTE_PATH}/upload/${keyToPath(key)}?${query.toString()}`,
        method: 'PUT',
        headers: { 'Content-Type': options.contentType },
        expiresAt: new Date(expires * 1000),
      };
    },

    async presignedDownloadUrl(key, options: DownloadUrlOptions): Promise<PresignedDownload> {
      assertValidKey(key);
      checkExpiry(options.expiresInSeconds);
      const expires = Math.floor(now() / 1000) + options.expiresInSeconds;
      const name = cleanFilename(options.filename);
      const sig = (await getSigner()).signDownload({ key, expires, name });
      const query = new URLSearchParams({ expires: String(expires), name, sig });
      return {
        url: `${baseUrl}${STORAGE_ROUTE_PATH}/download/${keyToPath(key)}?${query.toString()}`,
        expiresAt: new Date(expires * 1000),
      };
    },

    async revokeUploadUrl(key) {
      const file = fileOf(revokedDir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, '');
    },

    async isUploadRevoked(key) {
      try {
        await stat(fileOf(revokedDir, key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    describe: () => ({ kind: 'local' }),

    async health(): Promise<ComponentState> {
      // The folder is made on first write: until then, the nearest folder that exists must let us make it.
      let dir = root;
      for (;;) {
        try {
          await access(dir, constants.W_OK | constants.X_OK);
          return { status: 'up', detail: 'local disk, writable' };
        } catch (error) {
          const parent = path.dirname(dir);
          if (!isMissing(error) || parent === dir) {
            return { status: 'down', detail: 'local disk: DATA_DIR/storage is not writable' };
          }
          dir = parent;
        }
      }
    },

    async checkUpload(fields, sig) {
      return (await getSigner()).checkUpload(fields, sig, now());
    },

    async checkDownload(fields, sig) {
      return (await getSigner()).checkDownload(fields, sig, now());
    },

    writeObject: (key, body, options) =>
      write(key, body, options.contentType, { maxBytes: options.maxBytes }),

    dispositionOf: (name) => attachmentDisposition(cleanFilename(name)),
  };
  return storage;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
