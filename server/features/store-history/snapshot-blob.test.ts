import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { blobContent, blobKey } from './snapshot-blob';

describe('a snapshot blob', () => {
  it('is kept where blobs already stored are found: snapshots/<owner digest>/<hash>.json.gz', () => {
    const hash = 'a'.repeat(64);
    expect(blobKey('user:1', hash)).toMatch(/^snapshots\/[0-9a-f]{32}\/a{64}\.json\.gz$/);
    // sha256("user:1"), first 32 hex digits: the digest of every blob written so far.
    expect(blobKey('user:1', hash)).toBe(`snapshots/abc3a47b8ad18b855c687d9ca2c6091e/${hash}.json.gz`);
    expect(blobKey('user:2', hash)).not.toBe(blobKey('user:1', hash));
  });

  it('holds the canonical JSON, hashed and measured, and comes back the same through gzip', () => {
    const content = blobContent({ name: 'Mug', id: 7, tags: ['a', 'é'] });
    expect(content.text).toBe('{"id":7,"name":"Mug","tags":["a","é"]}');
    expect(content.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(content.bytes).toBe(Buffer.byteLength(content.text));
    expect(blobContent({ tags: ['a', 'é'], id: 7, name: 'Mug' }).hash).toBe(content.hash);
    expect(JSON.parse(gunzipSync(gzipSync(content.text)).toString('utf8'))).toEqual({
      id: 7,
      name: 'Mug',
      tags: ['a', 'é'],
    });
  });
});
