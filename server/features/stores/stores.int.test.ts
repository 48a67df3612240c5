import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getUserStoresResponseSchema,
  saveUserStoresResponseSchema,
  testConnectionResultSchema,
  type CloudStore,
} from '../../../common/contracts/stores';
import { userStore } from '../../db/schema';
import {
  errorSchema,
  signedUpUser,
  signUpVerified,
  TestClient,
  useMailingTestServer,
} from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { createStoreRepository } from './repository';
import { createTokenCipher, STORE_TOKEN_KEY_FILE } from '../../token-cipher';
import { ERROR_CODES } from '../../../common/errors';

const PASSWORD = 'secret-1';
const ADMIN_EMAIL = 'stores-boss@example.com';
const STORES = '/api/user/stores';
const TEST_CONNECTION = '/api/user/stores/test-connection';

let storeCounter = 0;
function buildStore(overrides: Partial<CloudStore> = {}): CloudStore {
  const n = ++storeCounter;
  return {
    id: `store-${n}`,
    name: `Shop ${n}`,
    storeHash: `abc${n}`,
    accessToken: `token-${randomBytes(6).toString('hex')}`,
    clientId: `client-${n}`,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe.each(testDatabaseKinds())('user stores on %s', (kind) => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bct-stores-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  // Started after the data folder is made, stopped before it is removed.
  const app = useMailingTestServer(kind, () => ({
    DATA_DIR: dataDir,
    TRUSTED_PROXIES: '127.0.0.1',
    ADMIN_EMAILS: ADMIN_EMAIL,
  }));
  let counter = 0;
  const newEmail = (label: string) => `${label}-${++counter}@example.com`;

  const signedIn = (label: string) =>
    signedUpUser(app.server, { name: label, email: newEmail(label), password: PASSWORD });
  const listOf = async (client: TestClient) => {
    const res = await client.request(STORES);
    expect(res.status).toBe(200);
    return getUserStoresResponseSchema.parse(await res.json()).stores;
  };

  it('answers 401 to a visitor on both GET and POST, and writes nothing', async () => {
    const visitor = new TestClient(app.server);
    const get = await visitor.request(STORES);
    expect(get.status).toBe(401);
    expect(errorSchema.parse(await get.json()).code).toBe('unauthorized');
    const post = await visitor.post(STORES, { stores: [buildStore()] });
    expect(post.status).toBe(401);
    expect(await app.server.database.db.select().from(userStore)).toEqual([]);
  });

  it('starts empty, keeps what is posted in order, and replaces the whole list on the next POST', async () => {
    const { client } = await signedIn('owner');
    expect(await listOf(client)).toEqual([]);

    const stores = [buildStore(), buildStore({ storeHash: 'sandbox-demo' }), buildStore()];
    const saved = await client.post(STORES, { stores });
    expect(saved.status).toBe(200);
    expect(saveUserStoresResponseSchema.parse(await saved.json()).stores).toEqual(stores);
    expect(await listOf(client)).toEqual(stores);

    const replacement = [stores[2]!, buildStore()];
    expect((await client.post(STORES, { stores: replacement })).status).toBe(200);
    expect(await listOf(client)).toEqual(replacement);

    expect((await client.post(STORES, { stores: [] })).status).toBe(200);
    expect(await listOf(client)).toEqual([]);
  });

  it('keeps the first store of each store hash', async () => {
    const { client } = await signedIn('dedupe');
    const first = buildStore({ storeHash: 'dup1', name: 'First' });
    const second = buildStore({ storeHash: 'dup1', name: 'Second' });
    const other = buildStore();
    const saved = await client.post(STORES, { stores: [first, other, second] });
    expect(saveUserStoresResponseSchema.parse(await saved.json()).stores).toEqual([first, other]);
    expect((await listOf(client)).map((s) => s.name)).toEqual(['First', other.name]);
  });

  it('refuses a bad list with 400 naming the store and the field, and changes nothing', async () => {
    const { client } = await signedIn('validate');
    const kept = [buildStore()];
    await client.post(STORES, { stores: kept });

    const cases: [unknown, string][] = [
      [
        { stores: [buildStore(), buildStore({ name: 'Bad Hash', storeHash: 'ABC/../x' })] },
        'Store 2 ("Bad Hash"): Store Hash must be',
      ],
      [
        { stores: [buildStore({ name: 'No Token', accessToken: ' ' })] },
        'Store 1 ("No Token"): API Token is required',
      ],
      [
        { stores: [buildStore({ name: 'No Client', clientId: '' })] },
        'Store 1 ("No Client"): Client ID is required',
      ],
      [{ stores: [{ ...buildStore(), name: undefined }] }, 'Store 1: Store Name is required'],
      [
        { stores: [buildStore({ name: 'When', createdAt: 'yesterday' })] },
        'Store 1 ("When"): createdAt must be an ISO date-time',
      ],
      [{ stores: ['x'] }, 'Store 1: must be an object'],
      [{ stores: 'all of them' }, 'stores must be a list of stores'],
      [{}, 'stores must be a list of stores'],
      [{ stores: Array.from({ length: 201 }, () => buildStore()) }, 'At most 200 stores can be synced'],
    ];
    for (const [body, expected] of cases) {
      const res = await client.post(STORES, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = errorSchema.parse(await res.json());
      expect(error.code).toBe(ERROR_CODES.invalidStore);
      expect(error.error).toContain(expected);
    }
    const malformed = await client.request(STORES, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"stores": [',
    });
    expect(malformed.status).toBe(400);
    expect(await listOf(client)).toEqual(kept);
  });

  it('keeps each user’s list private: nobody reads or overwrites another user’s stores', async () => {
    const alice = await signedIn('alice');
    const bob = await signedIn('bob');
    const aliceStores = [buildStore({ storeHash: 'shared1' }), buildStore()];
    const bobStores = [buildStore({ storeHash: 'shared1', name: 'Bob’s copy' })];
    await alice.client.post(STORES, { stores: aliceStores });
    expect(await listOf(bob.client)).toEqual([]);
    await bob.client.post(STORES, { stores: bobStores });
    expect(await listOf(alice.client)).toEqual(aliceStores);
    expect(await listOf(bob.client)).toEqual(bobStores);
    await bob.client.post(STORES, { stores: [] });
    expect(await listOf(alice.client)).toEqual(aliceStores);
  });

  it('keeps access tokens encrypted at rest, bound to their user, with a key file only the owner can read', async () => {
    const { client, id } = await signedIn('secret');
    const stores = [buildStore({ accessToken: 'very-secret-token-1234' }), buildStore()];
    await client.post(STORES, { stores });

    const rows = await app.server.database.db.select().from(userStore).where(eq(userStore.userId, id));
    expect(rows).toHaveLength(2);
    for (const [i, row] of rows.entries()) {
      const token = stores[i]!.accessToken;
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.accessTokenEncrypted).toMatch(/^v1:/);
    }
    const key = await stat(path.join(dataDir, STORE_TOKEN_KEY_FILE));
    expect(key.mode & 0o777).toBe(0o600);

    // A ciphertext copied onto another user's row does not decrypt (the user id is the associated data).
    const other = await signedIn('thief');
    await app.server.database.db.insert(userStore).values({ ...rows[0]!, id: 'copied', userId: other.id });
    const stolen = await other.client.request(STORES);
    expect(stolen.status).toBe(500);
    expect(errorSchema.parse(await stolen.json()).code).toBe(ERROR_CODES.storeKeyMismatch);
    expect(await listOf(client)).toEqual(stores);
  });

  it('says plainly when the stored tokens no longer decrypt (the key changed), and a new sync heals it', async () => {
    const { client, id } = await signedIn('rotated');
    const foreign = createStoreRepository(app.server.database.db, createTokenCipher(randomBytes(32)));
    await foreign.replace(id, [buildStore()]);
    const res = await client.request(STORES);
    expect(res.status).toBe(500);
    expect(errorSchema.parse(await res.json())).toMatchObject({
      code: ERROR_CODES.storeKeyMismatch,
      error: expect.stringContaining('cannot be read') as unknown,
    });
    const fresh = [buildStore()];
    expect((await client.post(STORES, { stores: fresh })).status).toBe(200);
    expect(await listOf(client)).toEqual(fresh);
  });

  it('while an admin impersonates, reads and writes only the impersonated user’s list', async () => {
    const admin = new TestClient(app.server);
    await signUpVerified(admin, app.sink, { name: 'Boss', email: ADMIN_EMAIL, password: PASSWORD });
    const adminStores = [buildStore({ name: 'Admin own' })];
    await admin.post(STORES, { stores: adminStores });

    const viewed = await signedIn('viewed');
    const viewedStores = [buildStore({ name: 'Viewed own' })];
    await viewed.client.post(STORES, { stores: viewedStores });

    expect((await admin.post('/api/auth/admin/impersonate-user', { userId: viewed.id })).status).toBe(200);
    expect(await listOf(admin)).toEqual(viewedStores);
    const added = [...viewedStores, buildStore({ name: 'Added while viewing' })];
    expect((await admin.post(STORES, { stores: added })).status).toBe(200);
    expect(await listOf(viewed.client)).toEqual(added);

    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
    expect(await listOf(admin)).toEqual(adminStores);
  });

  it('removes a user’s stores with the user', async () => {
    const { client, id } = await signedIn('leaving');
    await client.post(STORES, { stores: [buildStore()] });
    const { user } = await import('../../db/schema');
    await app.server.database.db.delete(user).where(eq(user.id, id));
    expect(await app.server.database.db.select().from(userStore).where(eq(userStore.userId, id))).toEqual([]);
  });

  describe('test connection (sandbox on loopback)', () => {
    const testConnection = async (body: unknown, client = new TestClient(app.server)) => {
      const res = await client.post(TEST_CONNECTION, body);
      return { status: res.status, body: testConnectionResultSchema.parse(await res.json()) };
    };

    it('answers the store’s name and domain for good credentials, to visitors too', async () => {
      const { status, body } = await testConnection({ storeHash: 'sandbox-demo', accessToken: 'demo-token' });
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        data: {
          name: 'Harbour & Pine Demo',
          domain: 'sandbox-demo.example-store.com',
          secureUrl: 'https://sandbox-demo.example-store.com',
          scopes: [
            { scope: 'information', access: 'read-only', granted: true },
            { scope: 'products', access: 'modify', granted: true },
            { scope: 'content', access: 'modify', granted: true },
            { scope: 'channels', access: 'read-only', granted: true },
          ],
        },
      });
      const wrapped = await testConnection({
        storeCredentials: {
          storeHash: 'sandbox-empty',
          accessToken: 'empty-token',
          clientId: 'x',
          name: 'E',
        },
      });
      expect(wrapped.body).toMatchObject({
        success: true,
        data: { domain: 'sandbox-empty.example-store.com' },
      });
    });

    it('tells which scopes the tools need are missing, and changes nothing in the store', async () => {
      const created = await app.server.request('/sandbox/__control/stores', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          hash: 'sandbox-scopes',
          token: 'full-token',
          readOnlyToken: 'read-only-token',
          kind: 'demo',
        }),
      });
      expect(created.status).toBe(201);
      const { status, body } = await testConnection({
        storeHash: 'sandbox-scopes',
        accessToken: 'read-only-token',
      });
      expect(status).toBe(200);
      expect(body.success && body.data.scopes).toEqual([
        { scope: 'information', access: 'read-only', granted: true },
        { scope: 'products', access: 'modify', granted: false },
        { scope: 'content', access: 'modify', granted: false },
        { scope: 'channels', access: 'read-only', granted: true },
      ]);
      const stats = (await (
        await app.server.request('/sandbox/__control/stores/sandbox-scopes/stats')
      ).json()) as {
        data: { productWrites: Record<string, number>; byRoute: Record<string, number> };
      };
      expect(stats.data.productWrites).toEqual({});
      const templates = (await (
        await app.server.request('/sandbox/stores/sandbox-scopes/v3/content/widget-templates?limit=250', {
          headers: { 'X-Auth-Token': 'full-token' },
        })
      ).json()) as { meta: { pagination: { total: number } } };
      // The full token's probe leaves the templates as they were too.
      await testConnection({ storeHash: 'sandbox-scopes', accessToken: 'full-token' });
      const after = (await (
        await app.server.request('/sandbox/stores/sandbox-scopes/v3/content/widget-templates?limit=250', {
          headers: { 'X-Auth-Token': 'full-token' },
        })
      ).json()) as { meta: { pagination: { total: number } } };
      expect(after.meta.pagination.total).toBe(templates.meta.pagination.total);
    });

    it('says in plain words that the token is wrong', async () => {
      const { status, body } = await testConnection({ storeHash: 'sandbox-demo', accessToken: 'nope' });
      expect(status).toBe(200);
      expect(body).toEqual({
        success: false,
        code: 'bc_unauthorized',
        error:
          'BigCommerce rejected the API token (401). Check that the store hash and the access token are right and that the API account still exists.',
      });
    });

    it('says in plain words that no store has the hash', async () => {
      const { status, body } = await testConnection({
        storeHash: 'sandbox-nowhere',
        accessToken: 'demo-token',
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        success: false,
        code: 'store_not_found',
        error:
          'Store not found: no BigCommerce store answers to the store hash "sandbox-nowhere". Check the Store Hash.',
      });
    });

    it('refuses a body without valid credentials with 400, naming the field', async () => {
      const cases: [unknown, string][] = [
        [{ storeHash: 'Bad Hash!', accessToken: 't' }, 'Store Hash must be'],
        [{ storeHash: 'sandbox-demo' }, 'API Token is required'],
        [{ storeCredentials: { accessToken: 't' } }, 'Store Hash is required'],
      ];
      for (const [body, expected] of cases) {
        const result = await testConnection(body);
        expect(result.status).toBe(400);
        expect(result.body).toMatchObject({ success: false, code: 'invalid_input' });
        expect(result.body.success === false && result.body.error).toContain(expected);
      }
    });
  });
});
