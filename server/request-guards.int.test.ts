// Issue 26, points 7 and 8: every string the API takes (the decoded path, the query, a JSON or form body, Better
// Auth's routes included) is refused with 400 when it holds a NUL character, which PostgreSQL cannot store in text
// (it was a 500), and a JSON body nested deeper than 64 levels is refused before any route clones or walks it (a
// widget configuration 5,000 levels deep overflowed the stack: 500). Bodies that are not JSON pass untouched.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_WIDGETS_PATH } from '../common/contracts/import-widgets';
import { user } from './db/schema';
import { parseEnv } from './env';
import { loadAuthSecret } from './features/auth/secret';
import { createStorage } from './storage/create-storage';
import { TestClient } from './test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from './test/harness';
import { DEMO_STORE, homePageImport, storeCall } from './test/store-tools';

const NUL_REFUSED = {
  status: 400,
  body: { error: 'Text may not contain the NUL character (\\u0000).', code: 'invalid_text' },
};
const TOO_DEEP = {
  status: 400,
  body: { error: 'The JSON is nested too deeply: at most 64 levels are accepted.', code: 'json_too_deep' },
};

async function answer(res: Response): Promise<{ status: number; body: unknown }> {
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: text };
  }
}

/** `levels` objects nested in each other (`{"a":{"a":…}}`), the innermost holding `leaf`. */
function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe.each(testDatabaseKinds())('text and nesting of requests on %s', (kind) => {
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bct-guards-'));
    server = await startTestServer(kind, { DATA_DIR: dataDir, TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const postJson = (client: TestClient, route: string, json: unknown, method = 'POST') =>
    client.request(route, { method, json });

  it('refuses a NUL in the decoded path with 400 invalid_text (a job id reached PostgreSQL: 500)', async () => {
    const visitor = new TestClient(server);
    expect(await answer(await visitor.request('/api/jobs/%00'))).toEqual(NUL_REFUSED);
    expect(await answer(await visitor.request('/api/jobs/abc%00def/events'))).toEqual(NUL_REFUSED);
    expect(await answer(await visitor.request('/api/jobs/%00/cancel', { method: 'POST' }))).toEqual(
      NUL_REFUSED,
    );
    // A path without one still reaches the route.
    expect(await answer(await visitor.request('/api/jobs/abc'))).toEqual({
      status: 404,
      body: { error: 'This job was not found', code: 'job_not_found' },
    });
  });

  it('refuses a NUL in a query value or name with 400 invalid_text', async () => {
    const visitor = new TestClient(server);
    expect(await answer(await visitor.request('/api/convert-h265/status?s3Key=uploads%2Fa%00b'))).toEqual(
      NUL_REFUSED,
    );
    expect(await answer(await server.request('/api/dev/outbox?to=a%00b%40example.com'))).toEqual(NUL_REFUSED);
    expect(await answer(await visitor.request('/api/jobs?active%00=1'))).toEqual(NUL_REFUSED);
    expect(await answer(await visitor.request('/api/auth/verify-email?token=x%00'))).toEqual(NUL_REFUSED);
    expect(await answer(await visitor.request('/api/jobs?active=1'))).toEqual({
      status: 200,
      body: { jobs: [] },
    });
  });

  it('refuses a NUL in any string of a JSON body, keys included, with 400 invalid_text', async () => {
    const visitor = new TestClient(server);
    // An s3Key and a file name (both reached PostgreSQL: 500).
    expect(
      await answer(
        await postJson(visitor, '/api/convert-h265', { s3Key: 'uploads/a\u0000b', filename: 'a.mp4' }),
      ),
    ).toEqual(NUL_REFUSED);
    expect(
      await answer(
        await postJson(visitor, '/api/convert-h265/upload-url', {
          filename: 'clip\u0000.mp4',
          contentType: 'video/mp4',
          size: 1000,
        }),
      ),
    ).toEqual(NUL_REFUSED);
    // Deep inside a body, in an array, and in a key.
    expect(
      await answer(await postJson(visitor, '/api/anything', { list: [1, { deeper: ['ok', 'n\u0000'] }] })),
    ).toEqual(NUL_REFUSED);
    expect(await answer(await postJson(visitor, '/api/anything', { 'na\u0000me': 'x' }))).toEqual(
      NUL_REFUSED,
    );
    expect(await answer(await postJson(visitor, '/api/anything', 'a bare \u0000 string'))).toEqual(
      NUL_REFUSED,
    );
  });

  it("refuses a NUL in Better Auth's sign-up (JSON or form) and in the profile name, and stores nothing", async () => {
    const email = `nul-${kind}@example.com`;
    const client = new TestClient(server);
    expect(
      await answer(await client.signUp({ name: 'Null\u0000Byte', email, password: 'secret-pass-1' })),
    ).toEqual(NUL_REFUSED);
    // Better Auth also takes its sign-up as a form: the same rule applies to its fields.
    const form = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Null\u0000Byte', email, password: 'secret-pass-1' }).toString(),
    });
    expect(await answer(form)).toEqual(NUL_REFUSED);
    expect(await server.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);

    expect((await client.signUp({ name: 'Plain', email, password: 'secret-pass-1' })).status).toBe(200);
    expect(
      await answer(await postJson(client, '/api/auth/profile', { name: 'Re\u0000named' }, 'PUT')),
    ).toEqual(NUL_REFUSED);
    expect((await client.session())?.user.name).toBe('Plain');
  });

  it('leaves bodies that are not JSON alone: a signed upload stores bytes and JSON text as sent', async () => {
    // An unknown route with a binary body full of NULs answers its 404, not invalid_text.
    const binary = await server.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', origin: server.url },
      body: new Uint8Array([0, 1, 0, 2, 0]),
    });
    expect(await answer(binary)).toEqual({
      status: 404,
      body: { error: 'No API route for POST /api/anything', code: 'not_found' },
    });

    // The object store's own upload route (/api/storage/*) takes any bytes, even JSON with a NUL, nested deep.
    const storage = createStorage(parseEnv({ DATA_DIR: dataDir }), {
      getAppSecret: () => loadAuthSecret(server.database.db, undefined),
    });
    /** PUTs `body` to a signed upload address for `key`; the answer as the store gives it. */
    const putSigned = async (key: string, contentType: string, maxBytes: number, body: BodyInit) => {
      const upload = await storage.presignedUploadUrl(key, { contentType, expiresInSeconds: 60, maxBytes });
      return answer(await server.request(upload.url, { method: 'PUT', headers: upload.headers, body }));
    };
    const video = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0, 0]);
    expect(await putSigned('guards/clip.mp4', 'video/mp4', 1000, video)).toEqual({
      status: 200,
      body: { key: 'guards/clip.mp4', size: video.length },
    });

    const text = JSON.stringify(nested(100, 'a\u0000b'));
    expect(await putSigned('guards/data.json', 'application/json', 10_000, text)).toEqual({
      status: 200,
      body: { key: 'guards/data.json', size: Buffer.byteLength(text) },
    });
    const download = await storage.presignedDownloadUrl('guards/data.json', {
      expiresInSeconds: 60,
      filename: 'data.json',
    });
    expect(await (await server.request(download.url)).text()).toBe(text);
  });

  it('refuses a widget configuration nested 5,000 levels deep with 400 json_too_deep (was a stack overflow: 500)', async () => {
    const templates = await storeCall<{ data: { uuid: string }[] }>(
      server,
      'sandbox-demo',
      'GET',
      '/v3/content/widget-templates',
    );
    const templateUuid = templates.body.data[0]?.uuid;
    expect(templateUuid).toBeDefined();
    const body = {
      store: DEMO_STORE,
      pages: [
        homePageImport([
          {
            type: 'widget',
            uuid: 'deep-1',
            name: 'Deep',
            widget_template_uuid: templateUuid,
            configuration: 'DEEP',
          },
        ]),
      ],
    };
    // Written as text: JSON.stringify itself overflows the stack on such a value.
    const text = JSON.stringify(body).replace('"DEEP"', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000));
    expect(text.length).toBeGreaterThan(30_000);
    expect(text.length).toBeLessThan(40_000);
    const res = await server.request(IMPORT_WIDGETS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: text,
    });
    expect(await answer(res)).toEqual(TOO_DEEP);
    // The sandbox store a visitor reaches with their demo token refuses it too, as BigCommerce refuses a bad body.
    const direct = await server.request('/sandbox/stores/sandbox-demo/v3/content/widgets', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': DEMO_STORE.accessToken },
      body: `{"name":"Deep","widget_template_uuid":"${templateUuid}","widget_configuration":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    });
    expect(await answer(direct)).toMatchObject({
      status: 422,
      body: {
        status: 422,
        title: 'JSON data is missing or invalid',
        errors: { body: 'The JSON is nested more than 64 levels deep.' },
      },
    });
  });

  it('accepts 64 levels of objects and arrays and refuses 65, on any route (Better Auth too)', async () => {
    const visitor = new TestClient(server);
    expect(await answer(await postJson(visitor, '/api/anything', nested(64)))).toEqual({
      status: 404,
      body: { error: 'No API route for POST /api/anything', code: 'not_found' },
    });
    expect(await answer(await postJson(visitor, '/api/anything', nested(65)))).toEqual(TOO_DEEP);
    const arrays = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;
    expect((await answer(await postJson(visitor, '/api/anything', arrays(64)))).status).toBe(404);
    expect(await answer(await postJson(visitor, '/api/anything', arrays(65)))).toEqual(TOO_DEEP);
    expect(
      await answer(
        await postJson(visitor, '/api/auth/sign-in/email', {
          email: 'x@example.com',
          password: 'secret-pass-1',
          extra: nested(70),
        }),
      ),
    ).toEqual(TOO_DEEP);
  });
});
