// The one way to keep files (STYLE.md §5, issue 17): an object store with presigned, expiring upload and download
// addresses, modelled on Outline's `server/storage/files/BaseStorage.ts`. Two adapters: local disk under
// `DATA_DIR/storage` (the default; the app serves its own signed addresses, `routes.ts`) and the S3 API when
// `S3_BUCKET` is set (`s3-storage.ts`). `createStorage` (create-storage.ts) picks one.
import type { Readable } from 'node:stream';
import type { ComponentState } from '../../common/contracts/health';

/** What a write takes: bytes, text (UTF-8), or a stream of known length (S3 needs the length up front). */
export type ObjectBody = Uint8Array | string | Readable;

export type PutObjectOptions = {
  contentType: string;
  /** Required for a stream; checked for bytes and text. */
  contentLength?: number;
};

export type ObjectInfo = {
  size: number;
  contentType: string;
  lastModified: Date;
};

export type ObjectSummary = { key: string; size: number; lastModified: Date };

export type ObjectStream = ObjectInfo & { body: Readable };

export type PresignedUpload = {
  /** S3: the bucket's absolute address. Local: a same-origin path (`/api/storage/upload/…`), never PUBLIC_URL's. */
  url: string;
  method: 'PUT';
  /** Headers the uploader must send as they are (the content type is part of the signature). */
  headers: Record<string, string>;
  expiresAt: Date;
};

/** `url` as PresignedUpload's: absolute to the bucket, or a same-origin path. */
export type PresignedDownload = { url: string; expiresAt: Date };

export type UploadUrlOptions = {
  contentType: string;
  expiresInSeconds: number;
  /**
   * The largest upload accepted. The local store refuses more while streaming (413). A presigned S3 PUT cannot carry
   * a range, so the S3 adapter needs `contentLength` (the browser knows the file's size) and refuses to sign without
   * it: S3 then accepts exactly that many bytes (403 SignatureDoesNotMatch for any other length; issue 29).
   */
  maxBytes: number;
  /** The exact size to accept (at most `maxBytes`): signed into the address. Required by S3. */
  contentLength?: number;
};

export type DownloadUrlOptions = {
  expiresInSeconds: number;
  /** The name the browser saves the file under (Content-Disposition: attachment). */
  filename: string;
};

export type StorageDescription =
  | { kind: 'local' }
  | { kind: 's3'; bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean };

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  putObject(key: string, body: ObjectBody, options: PutObjectOptions): Promise<void>;
  /** The object's bytes as a stream, with its size and type; null when there is no such object. */
  getObjectStream(key: string): Promise<ObjectStream | null>;
  /** The object's size, type and time; null when there is no such object. */
  headObject(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; nothing happens when there is none. */
  deleteObject(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a plain string prefix, as S3 reads it). */
  listObjects(prefix: string): AsyncIterable<ObjectSummary>;
  /** Deletes the objects under `prefix` last written before `before`; answers how many went. */
  deleteOlderThan(prefix: string, before: Date): Promise<number>;
  presignedUploadUrl(key: string, options: UploadUrlOptions): Promise<PresignedUpload>;
  presignedDownloadUrl(key: string, options: DownloadUrlOptions): Promise<PresignedDownload>;
  /**
   * Refuses every later upload through the addresses already given for `key` (issue 26: an upload address is not
   * used again once its file has been taken). Local: a marker the upload route checks, swept by `deleteOlderThan`
   * with the key's prefix. S3: a presigned PUT cannot be withdrawn, so nothing happens; it ends at its expiry, which
   * callers keep short.
   */
  revokeUploadUrl(key: string): Promise<void>;
  /** Where the files go, without secrets. */
  describe(): StorageDescription;
  /** The health report's `storage` component: local, whether the folder is writable; S3, a HeadBucket. */
  health(): Promise<ComponentState>;
}

/** The type of an object written without one. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Presigned addresses live between one second and seven days (S3's own limit). */
export const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

/** The largest object an upload address may allow: 5 GiB, a single S3 PUT's limit. */
export const MAX_UPLOAD_BYTES = 5 * 1024 ** 3;

/** A caller's mistake (a bad key, a missing length, an out-of-range expiry): a programming error, not user input. */
export class StorageUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUsageError';
  }
}

export function checkExpiry(expiresInSeconds: number): void {
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_EXPIRES_SECONDS) {
    throw new StorageUsageError(`expiresInSeconds must be a whole number from 1 to ${MAX_EXPIRES_SECONDS}`);
  }
}

/** The size an upload address allows: `contentLength` when given, else `maxBytes`; both bounded. */
export function uploadLimit(options: UploadUrlOptions): number {
  const { maxBytes, contentLength } = options;
  if (!Number.isInteger(maxBytes) || maxBytes < 1 || maxBytes > MAX_UPLOAD_BYTES) {
    throw new StorageUsageError(`maxBytes must be a whole number from 1 to ${MAX_UPLOAD_BYTES}`);
  }
  if (contentLength === undefined) return maxBytes;
  if (!Number.isInteger(contentLength) || contentLength < 0 || contentLength > maxBytes) {
    throw new StorageUsageError(`contentLength must be a whole number from 0 to maxBytes (${maxBytes})`);
  }
  return contentLength;
}

/** A content type as sent in a header: `type/subtype` with optional parameters, printable ASCII, bounded. */
export function checkContentType(contentType: string): void {
  if (
    contentType.length > 200 ||
    !/^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=("[^"\\\r\n]*"|[A-Za-z0-9!#$&^_.+-]+))*$/.test(
      contentType,
    )
  ) {
    throw new StorageUsageError(`Not a valid content type: ${JSON.stringify(contentType.slice(0, 80))}`);
  }
}
