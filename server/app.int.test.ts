import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../common/contracts/health';
import { startTestServer, testDatabaseKinds, type TestServer } from './test/harness';

describe.each(testDatabaseKinds())('server on %s', (kind) => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'bct-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>BC Toolbox</title><div id="root"></div>',
    );
    await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startTestServer(kind, {}, { clientDir });
  });
  afterAll(async () => {
    await server.stop();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('reports health with the version and the database state', async () => {
    const res = await server.request('/api/health');
    expect(res.status).toBe(200);
    const body = healthResponseSchema.parse(await res.json());
    expect(body.status).toBe('ok');
    expect(body.version).toBe('1.0.0');
    expect(body.components.database).toMatchObject({ status: 'up', detail: kind });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await server.request('/api/does-not-exist?x=1');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: 'No API route for GET /api/does-not-exist',
      code: 'not_found',
    });
  });

  it('answers a malformed JSON body with 400 and a clear error, never a stack trace', async () => {
    const res = await server.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"stores": [',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; code: string };
    expect(body.code).toBe('malformed_json');
    expect(body.error).toMatch(/^The request body is not valid JSON/);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a body over 10 MB with 413 JSON', async () => {
    const res = await server.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(10 * 1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'The request body is larger than 10 MB',
      code: 'payload_too_large',
    });
  });

  it('sends security headers and a request id on every response', async () => {
    for (const p of ['/api/health', '/api/missing', '/', '/assets/app-abc123.js']) {
      const res = await server.request(p);
      expect(res.headers.get('content-security-policy'), p).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy'), p).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('x-request-id'), p).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('serves the shell for client routes and hashed assets with long caching', async () => {
    for (const p of ['/', '/?tab=dump-product', '/auth/login', '/auth/register']) {
      const res = await server.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toContain('<div id="root"></div>');
    }
    const asset = await server.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await server.request('/assets/missing.js')).status).toBe(404);
  });
});
