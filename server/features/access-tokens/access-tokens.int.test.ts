// Personal access tokens over HTTP (issue 33): create (shown once), list (never the secret), revoke; the cap taken in
// one step under concurrent requests; verification of a live, an unknown, a revoked and an expired token.
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKENS_PATH,
  MAX_ACCESS_TOKENS_PER_USER,
  accessTokenPath,
  createAccessTokenResponseSchema,
  listAccessTokensResponseSchema,
} from '../../../common/contracts/access-tokens';
import { ERROR_CODES } from '../../../common/errors';
import { user } from '../../db/schema';
import { errorSchema, TestClient, useUsersTestServer } from '../../test/accounts';
import { createTestDatabase, testDatabaseKinds } from '../../test/harness';
import { createAccessTokenRepository } from '../auth/access-tokens';

describe.each(testDatabaseKinds())('access tokens on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'tokens');

  it('creates a token shown once, lists it without the secret, and revokes it', async () => {
    const { client } = await newUser();
    const created = await client.post(ACCESS_TOKENS_PATH, {
      name: 'Claude Desktop',
      scope: 'write',
      expiresInDays: 7,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { id, token } = createAccessTokenResponseSchema.parse(await created.json());
    expect(token).toMatch(/^bct_[A-Za-z0-9_-]{43}$/);

    const listed = listAccessTokensResponseSchema.parse(
      await (await client.request(ACCESS_TOKENS_PATH)).json(),
    );
    expect(listed.tokens).toHaveLength(1);
    const [summary] = listed.tokens;
    expect(summary).toMatchObject({ id, name: 'Claude Desktop', scope: 'write', lastUsedAt: null });
    const days = (Date.parse(summary!.expiresAt) - Date.parse(summary!.createdAt)) / 86_400_000;
    expect(days).toBe(7);
    expect(JSON.stringify(listed)).not.toContain(token);

    const revoked = await client.request(accessTokenPath(id), { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ success: true });
    const again = await client.request(accessTokenPath(id), { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(errorSchema.parse(await again.json())).toMatchObject({
      code: ERROR_CODES.accessTokenNotFound,
      error: 'This access token was not found',
    });
    const empty = listAccessTokensResponseSchema.parse(
      await (await client.request(ACCESS_TOKENS_PATH)).json(),
    );
    expect(empty.tokens).toEqual([]);
  });

  it('refuses a caller without a session, bad bodies with the field’s message, and another user’s token', async () => {
    const anonymous = new TestClient(app.server);
    const refused = await anonymous.post(ACCESS_TOKENS_PATH, { name: 'x', scope: 'read' });
    expect(refused.status).toBe(401);
    expect((await anonymous.request(ACCESS_TOKENS_PATH)).status).toBe(401);

    const { client } = await newUser();
    const cases: [unknown, string][] = [
      [{ scope: 'read' }, 'Name is required'],
      [{ name: '  ', scope: 'read' }, 'Name is required'],
      [{ name: 'x'.repeat(101), scope: 'read' }, 'Name must be at most 100 characters'],
      [{ name: 'a', scope: 'admin' }, "Scope must be 'read' or 'write'"],
      [{ name: 'a', scope: 'read', expiresInDays: 0 }, 'expiresInDays must be at least 1'],
      [{ name: 'a', scope: 'read', expiresInDays: 366 }, 'expiresInDays must be at most 365'],
      [{ name: 'a', scope: 'read', expiresInDays: 1.5 }, 'expiresInDays must be a whole number of days'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post(ACCESS_TOKENS_PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorSchema.parse(await res.json()).error).toBe(message);
    }

    const owner = await newUser();
    const created = createAccessTokenResponseSchema.parse(
      await (await owner.client.post(ACCESS_TOKENS_PATH, { name: 'mine', scope: 'read' })).json(),
    );
    expect((await client.request(accessTokenPath(created.id), { method: 'DELETE' })).status).toBe(404);
    const still = listAccessTokensResponseSchema.parse(
      await (await owner.client.request(ACCESS_TOKENS_PATH)).json(),
    );
    expect(still.tokens.map((t) => t.id)).toEqual([created.id]);
  });

  it(`holds at most ${MAX_ACCESS_TOKENS_PER_USER} tokens per user, even when asked all at once`, async () => {
    const { client } = await newUser();
    const answers = await Promise.all(
      Array.from({ length: MAX_ACCESS_TOKENS_PER_USER + 5 }, (_, i) =>
        client.post(ACCESS_TOKENS_PATH, { name: `t${i}`, scope: 'read' }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ACCESS_TOKENS_PER_USER);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const refused = answers.find((res) => res.status === 409)!;
    expect(errorSchema.parse(await refused.json()).code).toBe(ERROR_CODES.tooManyAccessTokens);
  });
});

describe('verifying a token (PGlite)', () => {
  it('knows a live token’s owner and scope, notes its use, and refuses an unknown, revoked or expired one', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const at = new Date();
      await database.db.insert(user).values({
        id: 'u1',
        name: 'U',
        email: 'u@example.com',
        emailVerified: true,
        createdAt: at,
        updatedAt: at,
      });
      const tokens = createAccessTokenRepository(database.db);
      // Now, not a fixed day: `list` reads the live tokens by the real clock, so a
      // fixed date made this test fail once that day's token had expired (issue 43).
      const now = new Date();
      const live = await tokens.create('u1', { name: 'a', scope: 'read', expiresInDays: 1 }, now);
      expect(await tokens.verify(live.token, now)).toEqual({ tokenId: live.id, userId: 'u1', scope: 'read' });
      const [row] = await tokens.list('u1');
      expect(row?.lastUsedAt).toBe(now.toISOString());

      expect(await tokens.verify(`${live.token.slice(0, -1)}x`, now)).toBeUndefined();
      expect(await tokens.verify('not a token', now)).toBeUndefined();
      // A day later it has expired.
      expect(await tokens.verify(live.token, new Date(now.getTime() + 86_400_001))).toBeUndefined();

      const revoked = await tokens.create('u1', { name: 'b', scope: 'write', expiresInDays: 30 }, now);
      expect(await tokens.revoke('u1', revoked.id)).toBe(true);
      expect(await tokens.verify(revoked.token, now)).toBeUndefined();
    } finally {
      await database.dispose();
    }
  });
});
