// An agent's access ends when its person's does (issue 41, points 1 and 2): a token is refused while its user is
// banned (an MCP client already connected included), and is gone after a password reset or a password change that
// signs out the other sessions; a change that keeps the other sessions keeps the tokens.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKENS_PATH, createAccessTokenResponseSchema } from '../../../common/contracts/access-tokens';
import {
  adminUserTokenPath,
  adminUserTokensPath,
  adminUserTokensResponseSchema,
  auditLogResponseSchema,
} from '../../../common/contracts/admin-users';
import { ERROR_CODES } from '../../../common/errors';
import { MCP_PATH } from '../../../common/contracts/mcp';
import { linkIn, signUpVerified, startSmtpSink, TestClient, type SmtpSink } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { callTool, connectTestAgent } from '../mcp/mcp-test-agent';

const PASSWORD = 'secret-1';
const ADMIN_EMAIL = 'token-boss@example.com';

describe.each(testDatabaseKinds())('a token’s lifetime on %s', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: TestClient;
  let counter = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(kind, {
      SMTP_URL: sink.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      AUTH_RATE_LIMIT: '100',
    });
    admin = new TestClient(server);
    await signUpVerified(admin, sink, { name: 'Boss', email: ADMIN_EMAIL, password: PASSWORD });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
  });

  const verifiedUser = async () => {
    const client = new TestClient(server);
    const email = `agent-owner-${++counter}@example.com`;
    await signUpVerified(client, sink, { name: 'Owner', email, password: PASSWORD });
    const session = await client.session();
    return { client, email, id: session!.user.id };
  };

  const tokenOf = async (client: TestClient, scope: 'read' | 'write' = 'write') => {
    const res = await client.post(ACCESS_TOKENS_PATH, { name: 'agent', scope });
    expect(res.status).toBe(201);
    return createAccessTokenResponseSchema.parse(await res.json()).token;
  };

  /** The status `/mcp` answers the token with (200 served, 401 refused). */
  const mcpStatus = async (token: string) =>
    (
      await server.request(MCP_PATH, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      })
    ).status;

  it('refuses a banned user’s token at once, an open MCP session’s included, and serves it again once unbanned', async () => {
    const owner = await verifiedUser();
    const agent = await connectTestAgent(server.url, owner.client, 'write');
    try {
      const before = await callTool(agent, 'list_stores', {});
      expect(before.isError).toBeUndefined();

      const banned = await admin.post('/api/auth/admin/ban-user', { userId: owner.id, banReason: 'abuse' });
      expect(banned.status).toBe(200);
      // The session the agent opened before the ban: its next call is refused (401), never served.
      await expect(callTool(agent, 'list_stores', {})).rejects.toThrow(/401|access token/i);
      // A new token cannot be made either: the ban signed the user out.
      const again = await owner.client.post(ACCESS_TOKENS_PATH, { name: 'again', scope: 'read' });
      expect(again.status).toBe(401);

      expect((await admin.post('/api/auth/admin/unban-user', { userId: owner.id })).status).toBe(200);
      const after = await callTool(agent, 'list_stores', {});
      expect(after.isError).toBeUndefined();
    } finally {
      await agent.close();
    }
  });

  it('refuses a token whose ban has not expired, and serves it once the ban has', async () => {
    const owner = await verifiedUser();
    const token = await tokenOf(owner.client);
    expect(await mcpStatus(token)).toBe(200);
    const banned = await admin.post('/api/auth/admin/ban-user', { userId: owner.id, banExpiresIn: 3600 });
    expect(banned.status).toBe(200);
    expect(await mcpStatus(token)).toBe(401);
    // The ban's end moved into the past (as an hour later): the token speaks again.
    await server.database.db.execute(
      sql`update "user" set ban_expires = now() - interval '1 minute' where id = ${owner.id}`,
    );
    expect(await mcpStatus(token)).toBe(200);
  });

  it('ends every token of the account after a password reset', async () => {
    const owner = await verifiedUser();
    const tokens = [await tokenOf(owner.client, 'write'), await tokenOf(owner.client, 'read')];
    for (const token of tokens) expect(await mcpStatus(token)).toBe(200);

    const stranger = new TestClient(server);
    const asked = await stranger.post('/api/auth/request-password-reset', {
      email: owner.email,
      redirectTo: '/auth/reset-password',
    });
    expect(asked.status).toBe(200);
    const mail = await sink.waitFor((m) => m.to === owner.email && /reset/i.test(m.subject));
    const resetToken = /reset-password\/([^?\s]+)/.exec(linkIn(mail))?.[1];
    const reset = await stranger.post('/api/auth/reset-password', {
      token: resetToken,
      newPassword: 'recovered-9',
    });
    expect(reset.status).toBe(200);

    for (const token of tokens) expect(await mcpStatus(token)).toBe(401);
    const listed = await owner.client.request(ACCESS_TOKENS_PATH);
    // The reset signed the old session out too: sign in with the new password and see no token left.
    expect(listed.status).toBe(401);
    expect((await owner.client.signIn(owner.email, 'recovered-9')).status).toBe(200);
    expect(await (await owner.client.request(ACCESS_TOKENS_PATH)).json()).toEqual({ tokens: [] });
  });

  it('ends the tokens after a password change that signs out other sessions, and keeps them after one that does not', async () => {
    const owner = await verifiedUser();
    const kept = await tokenOf(owner.client);
    const changed = await owner.client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'second-pass-2',
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect(await mcpStatus(kept)).toBe(200);

    const revoked = await owner.client.post('/api/auth/change-password', {
      currentPassword: 'second-pass-2',
      newPassword: 'third-pass-3',
      revokeOtherSessions: true,
    });
    expect(revoked.status).toBe(200);
    expect(await mcpStatus(kept)).toBe(401);
    // The session that made the change is kept, and sees no token left.
    expect(await (await owner.client.request(ACCESS_TOKENS_PATH)).json()).toEqual({ tokens: [] });
  });

  it('ends the tokens when an admin sets a new password for the user', async () => {
    const owner = await verifiedUser();
    const token = await tokenOf(owner.client);
    const set = await admin.post('/api/auth/admin/set-user-password', {
      userId: owner.id,
      newPassword: 'admin-chosen-4',
    });
    expect(set.status).toBe(200);
    expect(await mcpStatus(token)).toBe(401);
  });

  it('lets an admin see any user’s tokens with their last use, and revoke one at once (audited)', async () => {
    const owner = await verifiedUser();
    const created = await owner.client.post(ACCESS_TOKENS_PATH, { name: 'Claude Desktop', scope: 'write' });
    const { id, token } = createAccessTokenResponseSchema.parse(await created.json());
    expect(await mcpStatus(token)).toBe(200);

    // Another plain user may not look.
    const nosy = await verifiedUser();
    const refused = await nosy.client.request(adminUserTokensPath(owner.id));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: ERROR_CODES.forbidden });

    const listed = await admin.request(adminUserTokensPath(owner.id));
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain(token);
    const { tokens } = adminUserTokensResponseSchema.parse(JSON.parse(text));
    expect(tokens).toEqual([expect.objectContaining({ id, name: 'Claude Desktop', scope: 'write' })]);
    expect(Date.now() - Date.parse(tokens[0]!.lastUsedAt!)).toBeLessThan(5 * 60_000);

    const revoked = await admin.request(adminUserTokenPath(owner.id, id), { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(await mcpStatus(token)).toBe(401);
    const again = await admin.request(adminUserTokenPath(owner.id, id), { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      error: 'This access token was not found',
      code: ERROR_CODES.accessTokenNotFound,
    });

    const log = auditLogResponseSchema.parse(
      await (await admin.request('/api/admin/audit-log?limit=100')).json(),
    );
    const entry = log.entries.find((one) => one.action === 'user.access_token.revoke');
    expect(entry).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      targetId: owner.id,
      detail: { tokenId: id, name: 'Claude Desktop', scope: 'write' },
    });
  });
});
