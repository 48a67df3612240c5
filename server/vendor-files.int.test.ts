// The video engines' files served by the app itself (issue 16: no CDN), and the page's cross-origin isolation.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

const require = createRequire(import.meta.url);
const coreMtRoot = path.resolve(path.dirname(require.resolve('@ffmpeg/core-mt')), '..', '..');

describe('vendor files and isolation', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'bct-client-'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>BC Toolbox</title>');
    server = await startTestServer('pglite', {}, { clientDir });
  });
  afterAll(async () => {
    await server.stop();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves the multi-thread core from the installed package, typed and cached for a year', async () => {
    const wasm = await server.request('/vendor/ffmpeg/0.12.10/core-mt/ffmpeg-core.wasm');
    expect(wasm.status).toBe(200);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(wasm.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = new Uint8Array(await wasm.arrayBuffer());
    expect(body.byteLength).toBe((await stat(path.join(coreMtRoot, 'dist/esm/ffmpeg-core.wasm'))).size);
    // WebAssembly's magic number.
    expect([...body.subarray(0, 4)]).toEqual([0x00, 0x61, 0x73, 0x6d]);
    for (const [core, name] of [
      ['core-mt', 'ffmpeg-core.js'],
      ['core-mt', 'ffmpeg-core.worker.js'],
      ['core', 'ffmpeg-core.js'],
      ['core', 'ffmpeg-core.wasm'],
    ]) {
      const res = await server.request(`/vendor/ffmpeg/0.12.10/${core}/${name}`);
      expect(res.status, `${core}/${name}`).toBe(200);
      await res.arrayBuffer();
    }
    const js = await server.request('/vendor/ffmpeg/0.12.10/core/ffmpeg-core.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    await js.arrayBuffer();
  });

  it('serves nothing else: other versions, files, cores and paths are 404', async () => {
    for (const url of [
      '/vendor/ffmpeg/0.12.9/core-mt/ffmpeg-core.wasm',
      '/vendor/ffmpeg/0.12.10/core/ffmpeg-core.worker.js',
      '/vendor/ffmpeg/0.12.10/core-mt/package.json',
      '/vendor/ffmpeg/0.12.10/util/index.js',
      '/vendor/ffmpeg/0.12.10/core-mt/..%2F..%2Fpackage.json',
      '/vendor/other',
    ]) {
      const res = await server.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('sends the page cross-origin isolated (COOP same-origin, COEP require-corp)', async () => {
    const res = await server.request('/?tab=video-converter');
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    await res.text();
  });
});
