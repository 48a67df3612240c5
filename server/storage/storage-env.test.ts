import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env';
import { createStorage } from './create-storage';

const deps = { getAppSecret: () => Promise.resolve('x'.repeat(48)) };

function problems(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('storage configuration', () => {
  it('is local disk with no configuration', () => {
    const env = parseEnv({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_REGION).toBe('us-east-1');
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
    const storage = createStorage(env, deps);
    expect(storage.kind).toBe('local');
    expect(storage.describe()).toEqual({ kind: 'local' });
  });

  it('is the S3 API when S3_BUCKET is set, described without secrets', () => {
    const env = parseEnv({
      S3_BUCKET: 'bct-videos',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://user:pw@s3.example.com/',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'very-secret',
      S3_FORCE_PATH_STYLE: 'on',
    });
    const storage = createStorage(env, deps);
    expect(storage.kind).toBe('s3');
    expect(storage.describe()).toEqual({
      kind: 's3',
      bucket: 'bct-videos',
      region: 'auto',
      endpoint: 'https://s3.example.com',
      forcePathStyle: true,
    });
    expect(JSON.stringify(storage.describe())).not.toMatch(/very-secret|AKID|pw/);
  });

  it('lists S3 variables set without a bucket, a lone key, and bad values; never echoes the secret', () => {
    expect(problems({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      'S3_ENDPOINT: is set but S3_BUCKET is not (set both, or neither) (got "http://127.0.0.1:9000")',
    ]);
    expect(problems({ S3_BUCKET: 'bk1', S3_SECRET_ACCESS_KEY: 'hush-hush' })).toEqual([
      'S3_ACCESS_KEY_ID: must be set with its pair (both keys, or neither)',
    ]);
    const bad = problems({
      S3_BUCKET: '../x',
      S3_ENDPOINT: 'ftp://x',
      S3_FORCE_PATH_STYLE: 'maybe',
      S3_REGION: 'a b',
    });
    expect(bad.map((p) => p.split(':')[0]).sort()).toEqual([
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_FORCE_PATH_STYLE',
      'S3_REGION',
    ]);
    expect(
      problems({ S3_BUCKET: 'bk1', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: ' ' }).join('\n'),
    ).not.toContain('hush');
  });
});
