// `/mcp` against an attacker (issue 41, points 3, 7 and 8, and the read-only listing): every JSON-RPC call of a batch
// takes one of the token's 120 a minute; a foreign browser Origin is refused with 403 while a request without one is
// served; a NUL or a nesting past 64 levels answers a tool error that names it (never "internal"); a read-only token
// is offered only the tools it may call.
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKENS_PATH, createAccessTokenResponseSchema } from '../../../common/contracts/access-tokens';
import { MCP_CALLS_PER_MINUTE, MCP_PATH } from '../../../common/contracts/mcp';
import { ERROR_CODES } from '../../../common/errors';
import { type TestClient, useUsersTestServer } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { callTool, connectTestAgent } from './mcp-test-agent';

const PUBLIC_ORIGIN = 'https://tools.example.com';
const NUL = 'Text may not contain the NUL character (\\u0000).';

describe.each(testDatabaseKinds())('the MCP guards on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'mcp-guards', { PUBLIC_URL: PUBLIC_ORIGIN });

  const tokenOf = async (client: TestClient, scope: 'read' | 'write' = 'read') => {
    const res = await client.post(ACCESS_TOKENS_PATH, { name: 'agent', scope });
    expect(res.status).toBe(201);
    return createAccessTokenResponseSchema.parse(await res.json()).token;
  };

  const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    app.server.request(MCP_PATH, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    });

  const listing = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });

  it('counts every call of a batch against the token’s calls a minute', async () => {
    const { client } = await newUser();
    const token = await tokenOf(client);
    const batch = Array.from({ length: 100 }, (_, index) => listing(index + 1));
    const first = await post(token, batch);
    expect(first.status).toBe(200);
    const answers = (await first.json()) as { id: number }[];
    expect(answers.map((answer) => answer.id)).toEqual(batch.map((message) => message.id));

    // 100 taken: 20 more fit, the 21st does not, whether alone or in a batch.
    const second = await post(token, batch.slice(0, MCP_CALLS_PER_MINUTE - 100));
    expect(second.status).toBe(200);
    const third = await post(token, listing(1));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toMatchObject({
      code: ERROR_CODES.tooManyRequests,
      error: expect.stringContaining(`(${MCP_CALLS_PER_MINUTE} a minute)`) as string,
    });
    // Another token of the same user has its own count.
    expect((await post(await tokenOf(client), listing(1))).status).toBe(200);
  });

  it('refuses a foreign Origin with 403, and serves no Origin, the public origin and a loopback page', async () => {
    const { client } = await newUser();
    const token = await tokenOf(client);
    const refused = await post(token, listing(1), { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: ERROR_CODES.csrf,
      error:
        "Requests from the page at https://evil.example are refused: /mcp serves AI agents' clients, not other sites' pages.",
    });
    // Refused before the token is even looked at: a page cannot learn whether a token is good.
    expect((await post('bct_nope', listing(1), { origin: 'https://evil.example' })).status).toBe(403);

    expect((await post(token, listing(1))).status).toBe(200);
    expect((await post(token, listing(2), { origin: PUBLIC_ORIGIN })).status).toBe(200);
    // The test server answers at 127.0.0.1: a page of this machine's own address is served.
    expect((await post(token, listing(3), { origin: app.server.url })).status).toBe(200);
  });

  it('answers a NUL or too deep a nesting in a tool’s arguments with a tool error naming it', async () => {
    const { client } = await newUser();
    const agent = await connectTestAgent(app.server.url, client, 'read');
    try {
      const withNul = await callTool(agent, 'job_status', { jobId: 'job\u0000id' });
      expect(withNul.isError).toBe(true);
      expect(withNul.structuredContent).toEqual({ error: NUL, code: ERROR_CODES.invalidText });

      let deep: unknown = 'bottom';
      for (let level = 0; level < 100; level++) deep = { next: deep };
      const tooDeep = await callTool(agent, 'dump_product', { storeId: 'x', searchValue: 1, fields: deep });
      expect(tooDeep.isError).toBe(true);
      expect(tooDeep.structuredContent).toEqual({
        error: 'The JSON is nested too deeply: at most 64 levels are accepted.',
        code: ERROR_CODES.jsonTooDeep,
      });
    } finally {
      await agent.close();
    }
    // Outside a tool's arguments (a resource's uri), the whole request is refused as invalid params.
    const token = await tokenOf(client);
    const res = await post(token, {
      jsonrpc: '2.0',
      id: 7,
      method: 'resources/read',
      params: { uri: 'bct://dumps/\u0000' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32602, message: NUL }, id: null });
  });

  it('lists only the read tools to a read-only token, and every tool to a write token', async () => {
    const { client } = await newUser();
    const reader = await connectTestAgent(app.server.url, client, 'read');
    const writer = await connectTestAgent(app.server.url, client, 'write');
    try {
      const readable = (await reader.listTools()).tools;
      const writable = (await writer.listTools()).tools;
      const writes = writable.filter((tool) => tool.annotations?.readOnlyHint === false).map((t) => t.name);
      expect(writes).toEqual(
        expect.arrayContaining([
          'copy_description',
          'reset_page_title',
          'import_product',
          'restore_snapshot',
        ]),
      );
      expect(readable.map((tool) => tool.name)).toEqual(
        writable.filter((tool) => !writes.includes(tool.name)).map((tool) => tool.name),
      );
      expect(readable.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      // Still refused when called by name anyway.
      const refused = await callTool(reader, 'reset_page_title', { storeId: 'x', targetOption: 'all' });
      expect(refused.structuredContent?.code).toBe(ERROR_CODES.accessTokenReadOnly);
    } finally {
      await reader.close();
      await writer.close();
    }
  });
});
