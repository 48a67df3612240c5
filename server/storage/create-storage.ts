// Picks the object store from the configuration: the S3 API when S3_BUCKET is set, else local disk in
// DATA_DIR/storage (no configuration needed). server/services.ts makes one per app; server/app.ts reads
// `storageConnectSources` for the CSP (the browser PUTs uploads straight to the bucket).
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../env';
import { createLocalStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';
import { deriveStorageKey } from './url-signer';
import { createS3Storage, s3BucketOrigin, s3ClientConfig, type S3StorageConfig } from './s3-storage';

export type StorageEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

export type StorageDeps = {
  /** The app secret the local store's signing key is derived from (BETTER_AUTH_SECRET or the generated one, read
   * from the database on first use): any instance on the same database checks the others' addresses. */
  getAppSecret: () => Promise<string>;
  now?: () => number;
};

export function s3ConfigOf(env: StorageEnv): S3StorageConfig | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

export function createStorage(env: StorageEnv, deps: StorageDeps): ObjectStorage {
  const s3 = s3ConfigOf(env);
  const now = deps.now ? { now: deps.now } : {};
  if (s3) return createS3Storage(s3, now);
  return createLocalStorage({
    rootDir: path.join(env.DATA_DIR, 'storage'),
    getSigningKey: async () => deriveStorageKey(await deps.getAppSecret()),
    ...now,
  });
}

/** The CSP `connect-src` sources uploads need beyond 'self': the bucket's origin when S3 is configured. */
export function storageConnectSources(env: StorageEnv): string[] {
  const s3 = s3ConfigOf(env);
  if (!s3) return [];
  const client = new S3Client(s3ClientConfig(s3));
  try {
    return [s3BucketOrigin(client, s3)];
  } finally {
    client.destroy();
  }
}
