// A bucket on s3rver (an S3-compatible server on loopback, on a free port), for the tests of the S3 storage and of the
// tools that keep their files there. s3rver checks no signatures: put `s3-signature-gate.ts` in front where it matters.
import S3rver from 's3rver';

/** The keys s3rver accepts. */
export const S3RVER_KEYS = { region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type RunningS3rver = { endpoint: string; close(): Promise<void> };

/** Starts s3rver with one bucket, keeping its objects in `directory`. */
export async function startS3rver(bucket: string, directory: string): Promise<RunningS3rver> {
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3rver.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => s3rver.close() };
}

/** The app's env for `bucket` at `endpoint` (path-style addresses, s3rver's keys). */
export function s3Env(bucket: string, endpoint: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'on',
    S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
  };
}
