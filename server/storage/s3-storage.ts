// The S3 adapter (when S3_BUCKET is set): AWS SDK v3 against AWS or any S3-compatible server (S3_ENDPOINT). Uploads
// and downloads go straight between the browser and the bucket through presigned PUT and GET addresses; the bucket
// must allow the app's origin in its CORS rules for the browser's PUT (README). Checksums are computed only when an
// operation requires them (`WHEN_REQUIRED`): a presigned PUT then carries no checksum the browser cannot send. A PUT
// address is signed for one exact Content-Length (and type), which the browser sends as the file's size: the bucket
// itself refuses any other size (issue 29), since a presigned PUT cannot carry a size range.
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ComponentState } from '../../common/contracts/health';
import { attachmentDisposition, cleanFilename } from './content-disposition';
import { assertValidKey, assertValidPrefix } from './keys';
import {
  checkContentType,
  checkExpiry,
  DEFAULT_CONTENT_TYPE,
  StorageUsageError,
  uploadLimit,
  type ObjectInfo,
  type ObjectStorage,
  type ObjectSummary,
} from './object-storage';

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** An S3-compatible server's address; unset: AWS. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, a role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
};

export type S3Storage = ObjectStorage & { readonly kind: 's3'; readonly client: S3Client };

/** HeadBucket's time limit in the health report (the health check itself gives up at 2 s). */
const HEALTH_TIMEOUT_MS = 1_500;
/** DeleteObjects takes at most this many keys at once. */
const DELETE_BATCH = 1_000;

export function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  };
}

/**
 * The origin the browser sends the bucket's uploads to (for the CSP's `connect-src`), as the SDK itself resolves it:
 * virtual-hosted (`https://bucket.s3.region.amazonaws.com`) or path-style (the endpoint's origin).
 */
export function s3BucketOrigin(client: S3Client, config: S3StorageConfig): string {
  const endpoint = client.config.endpointProvider({
    Bucket: config.bucket,
    Region: config.region,
    ...(config.endpoint ? { Endpoint: config.endpoint } : {}),
    ForcePathStyle: config.forcePathStyle,
    UseFIPS: false,
    UseDualStack: false,
    Accelerate: false,
  });
  return endpoint.url.origin;
}

export function createS3Storage(config: S3StorageConfig, options: { now?: () => number } = {}): S3Storage {
  const now = options.now ?? Date.now;
  const client = new S3Client(s3ClientConfig(config));
  const Bucket = config.bucket;

  async function* listObjects(prefix: string): AsyncGenerator<ObjectSummary> {
    assertValidPrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket,
          Prefix: prefix,
          ...(ContinuationToken ? { ContinuationToken } : {}),
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key === undefined) continue;
        yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',
    client,

    async putObject(key, body, options) {
      assertValidKey(key);
      checkContentType(options.contentType);
      if (body instanceof Readable && options.contentLength === undefined) {
        throw new StorageUsageError('putObject: a stream needs its contentLength');
      }
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      if (
        !(bytes instanceof Readable) &&
        options.contentLength !== undefined &&
        options.contentLength !== bytes.byteLength
      ) {
        throw new StorageUsageError(
          `contentLength ${options.contentLength} is not the body's ${bytes.byteLength}`,
        );
      }
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: options.contentType,
          ContentLength: bytes instanceof Readable ? options.contentLength : bytes.byteLength,
        }),
      );
    },

    async getObjectStream(key) {
      assertValidKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(res.Body instanceof Readable)) throw new Error('The S3 answer carried no readable body');
        return { body: res.Body, ...infoOf(res) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async headObject(key) {
      assertValidKey(key);
      try {
        return infoOf(await client.send(new HeadObjectCommand({ Bucket, Key: key })));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async deleteObject(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    listObjects,

    // A presigned PUT cannot be withdrawn (the bucket checks only its signature and expiry): see ObjectStorage.
    revokeUploadUrl: (key) => {
      assertValidKey(key);
      return Promise.resolve();
    },

    async deleteOlderThan(prefix, before) {
      const old: string[] = [];
      for await (const item of listObjects(prefix)) {
        if (item.lastModified.getTime() < before.getTime()) old.push(item.key);
      }
      for (let start = 0; start < old.length; start += DELETE_BATCH) {
        const batch = old.slice(start, start + DELETE_BATCH);
        const res = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = res.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `S3 refused to delete ${failed.length} object(s), e.g. ${first?.Key ?? '?'}: ${first?.Code ?? 'unknown'}`,
          );
        }
      }
      return old.length;
    },

    async presignedUploadUrl(key, options) {
      assertValidKey(key);
      checkContentType(options.contentType);
      checkExpiry(options.expiresInSeconds);
      const limit = uploadLimit(options);
      // Without the exact length nothing would hold the upload to `maxBytes`: S3 checks no size range on a PUT.
      if (options.contentLength === undefined || limit < 1) {
        throw new StorageUsageError(
          'An S3 upload address needs the exact contentLength (at least 1 byte): S3 holds a presigned PUT to the ' +
            'signed Content-Length, and to no maximum',
        );
      }
      const signingDate = new Date(now());
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket, Key: key, ContentType: options.contentType, ContentLength: limit }),
        {
          expiresIn: options.expiresInSeconds,
          signingDate,
          // The presigner leaves the content type and length unsigned by default: both are signed, so S3 refuses a
          // body of another type or size (SignatureDoesNotMatch).
          signableHeaders: new Set(['content-type', 'content-length']),
        },
      );
      return {
        url,
        method: 'PUT',
        headers: { 'Content-Type': options.contentType },
        expiresAt: new Date(signingDate.getTime() + options.expiresInSeconds * 1000),
      };
    },

    async presignedDownloadUrl(key, options) {
      assertValidKey(key);
      checkExpiry(options.expiresInSeconds);
      const signingDate = new Date(now());
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: attachmentDisposition(cleanFilename(options.filename)),
        }),
        { expiresIn: options.expiresInSeconds, signingDate },
      );
      return { url, expiresAt: new Date(signingDate.getTime() + options.expiresInSeconds * 1000) };
    },

    describe: () => ({
      kind: 's3',
      bucket: Bucket,
      region: config.region,
      endpoint: config.endpoint ? withoutCredentials(config.endpoint) : undefined,
      forcePathStyle: config.forcePathStyle,
    }),

    async health(): Promise<ComponentState> {
      const where = `s3 bucket ${Bucket}${config.endpoint ? ` at ${new URL(config.endpoint).host}` : ` (${config.region})`}`;
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
        });
        return { status: 'up', detail: where };
      } catch (error) {
        return { status: 'down', detail: `${where}: ${describeS3Error(error)}` };
      }
    },
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** A short reason for the health report: the S3 error's name and status, never its request details. */
function describeS3Error(error: unknown): string {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  const status = e?.$metadata?.httpStatusCode;
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError')
    return `no answer within ${HEALTH_TIMEOUT_MS} ms`;
  if (status === 404) return 'the bucket does not exist';
  if (status === 403) return 'access denied (check the keys and the bucket policy)';
  if (status === 301) return 'the bucket is in another region (check S3_REGION)';
  return [e?.name ?? 'error', status !== undefined ? `HTTP ${status}` : undefined].filter(Boolean).join(', ');
}

function withoutCredentials(endpoint: string): string {
  const url = new URL(endpoint);
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/+$/, '');
}

/** An object's size, type and time as S3 answers them in GetObject and HeadObject. */
function infoOf(res: { ContentLength?: number; ContentType?: string; LastModified?: Date }): ObjectInfo {
  return {
    size: res.ContentLength ?? 0,
    contentType: res.ContentType ?? DEFAULT_CONTENT_TYPE,
    lastModified: res.LastModified ?? new Date(0),
  };
}
