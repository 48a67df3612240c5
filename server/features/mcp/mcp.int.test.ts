// The MCP server over Streamable HTTP (issue 33), driven by the SDK's own client against the app and its sandbox:
// the tools listed, reads answered from the store, the app's messages as tool errors (never a 500), and the token
// rules (wrong, revoked; another user's store unreachable).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKENS_PATH,
  accessTokenPath,
  createAccessTokenResponseSchema,
} from '../../../common/contracts/access-tokens';
import { MCP_PATH } from '../../../common/contracts/mcp';
import { USER_STORES_PATH } from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import { type TestClient, useUsersTestServer } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';

type ToolAnswer = {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
};

describe.each(testDatabaseKinds())('the MCP server on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'mcp');

  async function tokenOf(client: TestClient, scope: 'read' | 'write' = 'read') {
    const res = await client.post(ACCESS_TOKENS_PATH, { name: 'test agent', scope });
    expect(res.status).toBe(201);
    return createAccessTokenResponseSchema.parse(await res.json());
  }

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: 'bct-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.server.url}${MCP_PATH}`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  }

  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as ToolAnswer;

  it('lists the tools, the caller’s stores, and dumps a demo product and its categories', async () => {
    const { client: user } = await newUser();
    const { token } = await tokenOf(user);
    const mcp = await connect(token);
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining([
          'list_stores',
          'dump_product',
          'dump_categories',
          'search_products',
          'job_status',
        ]),
      );
      const dumpTool = tools.find((tool) => tool.name === 'dump_product')!;
      expect(dumpTool.inputSchema.required).toEqual(['storeId', 'searchValue']);
      expect(dumpTool.annotations?.readOnlyHint).toBe(true);

      const listed = await call(mcp, 'list_stores', {});
      expect(listed.isError).toBeUndefined();
      const stores = (
        listed.structuredContent as { stores: { id: string; name: string; storeHash: string }[] }
      ).stores;
      expect(stores.map((store) => store.name)).toEqual(['Harbour & Pine Demo', 'Harbour & Pine (empty)']);
      const demo = stores[0]!;
      expect(demo.id).toMatch(/^sandbox-demo-[a-z2-7]{16}$/);
      expect(JSON.parse(listed.content[0]!.text!)).toEqual(listed.structuredContent);

      const product = await call(mcp, 'dump_product', {
        storeId: demo.id,
        searchValue: 77,
        fields: ['sku', 'nope'],
      });
      expect(product.isError).toBeUndefined();
      expect(product.structuredContent).toMatchObject({ id: 77, missingFields: ['nope'] });
      const direct = await app.server.request(`/sandbox/stores/sandbox-demo/v3/catalog/products/77`, {
        headers: { 'X-Auth-Token': 'demo-token' },
      });
      const seed = ((await direct.json()) as { data: { name: string; sku: string } }).data;
      expect(product.structuredContent!.summary).toMatchObject({ name: seed.name, sku: seed.sku });
      const summary = product.structuredContent!.summary as { sku: string };
      expect(product.structuredContent!.fields).toEqual({ sku: summary.sku });

      const found = await call(mcp, 'search_products', { storeId: demo.id, query: summary.sku });
      const products = (found.structuredContent as { products: { id: number; sku: string }[] }).products;
      expect(products.map((p) => [p.id, p.sku])).toEqual([[77, summary.sku]]);

      const categories = await call(mcp, 'dump_categories', { storeId: demo.id, limit: 5 });
      const page = categories.structuredContent as {
        total: number;
        categories: { id: number; path: string }[];
        nextOffset: number | null;
      };
      expect(page.categories).toHaveLength(5);
      expect(page.total).toBeGreaterThan(5);
      expect(page.nextOffset).toBe(5);
    } finally {
      await mcp.close();
    }
  });

  it('answers bad arguments, an unknown store and a missing product with the app’s message as a tool error', async () => {
    const { client: user } = await newUser();
    const { token } = await tokenOf(user);
    const mcp = await connect(token);
    try {
      const stores = (await call(mcp, 'list_stores', {})).structuredContent as { stores: { id: string }[] };
      const demo = stores.stores[0]!.id;
      const cases: [string, Record<string, unknown>, string, string][] = [
        [
          'dump_product',
          { storeId: demo, searchValue: 'abc' },
          ERROR_CODES.invalidInput,
          'Product ID must be a positive whole number',
        ],
        [
          'dump_product',
          { storeId: demo, searchValue: 999999 },
          ERROR_CODES.productNotFound,
          'No product with ID 999999 was found in this store',
        ],
        [
          'dump_product',
          { searchValue: 77 },
          ERROR_CODES.invalidInput,
          'storeId: Invalid input: expected string, received undefined',
        ],
        [
          'dump_categories',
          { storeId: 'someone-elses', treeId: 1 },
          ERROR_CODES.storeNotFound,
          'No store with the id "someone-elses" among your stores. Call list_stores for their ids.',
        ],
        ['job_status', { jobId: 'not-a-job' }, ERROR_CODES.jobNotFound, 'This job was not found'],
        ['no_such_tool', {}, ERROR_CODES.notFound, 'No tool named no_such_tool'],
      ];
      for (const [name, args, code, message] of cases) {
        const answer = await call(mcp, name, args);
        expect(answer.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
        expect(answer.structuredContent?.code).toBe(code);
        expect(String(answer.structuredContent?.error)).toContain(message);
        expect(answer.content[0]!.text).toBe(answer.structuredContent!.error);
      }
    } finally {
      await mcp.close();
    }
  });

  it('reaches only the token owner’s cloud stores', async () => {
    const owner = await newUser();
    const other = await newUser();
    const saved = await other.client.post(USER_STORES_PATH, {
      stores: [
        {
          id: 'other-store',
          name: 'Other Shop',
          storeHash: 'abc123',
          accessToken: 'other-token',
          clientId: 'c',
          createdAt: '2026-03-01T10:00:00.000Z',
        },
      ],
    });
    expect(saved.status).toBe(200);
    const mine = await owner.client.post(USER_STORES_PATH, {
      stores: [
        {
          id: 'my-store',
          name: 'My Shop',
          storeHash: 'def456',
          accessToken: 'my-token',
          clientId: 'c',
          createdAt: '2026-03-01T10:00:00.000Z',
        },
      ],
    });
    expect(mine.status).toBe(200);
    const mcp = await connect((await tokenOf(owner.client)).token);
    try {
      const stores = (await call(mcp, 'list_stores', {})).structuredContent as {
        stores: { id: string; name: string }[];
      };
      expect(stores.stores[0]).toEqual({ id: 'my-store', name: 'My Shop', storeHash: 'def456' });
      expect(stores.stores.map((store) => store.id)).not.toContain('other-store');
      const refused = await call(mcp, 'dump_categories', { storeId: 'other-store' });
      expect(refused.structuredContent?.code).toBe(ERROR_CODES.storeNotFound);
    } finally {
      await mcp.close();
    }
  });

  it('refuses a missing, wrong or revoked token with 401 before any tool runs', async () => {
    const post = (authorization?: string) =>
      app.server.request(MCP_PATH, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    for (const authorization of [undefined, 'Bearer nope', `Bearer bct_${'a'.repeat(43)}`]) {
      const res = await post(authorization);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="bc-toolbox"');
      expect(await res.json()).toEqual({
        error: 'The access token is missing, unknown, revoked or expired. Create one in Profile Settings.',
        code: ERROR_CODES.accessTokenInvalid,
      });
    }
    const { client: user } = await newUser();
    const { id, token } = await tokenOf(user);
    expect((await post(`Bearer ${token}`)).status).toBe(200);
    // Stateless: no stream held open, no session to end.
    for (const method of ['GET', 'DELETE']) {
      const res = await app.server.request(MCP_PATH, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    expect((await user.request(accessTokenPath(id), { method: 'DELETE' })).status).toBe(200);
    expect((await post(`Bearer ${token}`)).status).toBe(401);
    await expect(connect(token)).rejects.toThrow();
  });

  it('serves a desktop client on stdio (npm run mcp) through the running app, with the app’s token rules', async () => {
    const { client: user } = await newUser();
    const { token } = await tokenOf(user);
    const stdio = (env: Record<string, string>) =>
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', 'server/features/mcp/stdio.ts', '--url', app.server.url],
        env: { PATH: process.env.PATH ?? '', ...env },
        stderr: 'pipe',
      });
    const desktop = new Client({ name: 'bct-desktop', version: '1.0.0' });
    await desktop.connect(stdio({ BCT_TOKEN: token }));
    try {
      const listed = (await desktop.callTool({ name: 'list_stores', arguments: {} })) as ToolAnswer;
      const stores = (listed.structuredContent as { stores: { name: string }[] }).stores;
      expect(stores.map((store) => store.name)).toEqual(['Harbour & Pine Demo', 'Harbour & Pine (empty)']);
    } finally {
      await desktop.close();
    }

    // A wrong token: the app's 401 reaches the desktop client as an error, not a hang.
    const refused = new Client({ name: 'bct-desktop', version: '1.0.0' });
    await expect(refused.connect(stdio({ BCT_TOKEN: `bct_${'b'.repeat(43)}` }))).rejects.toThrow(
      /did not answer/,
    );
    await refused.close();

    // No token at all: says how to run it.
    const bare = spawnSync(process.execPath, ['--import', 'tsx', 'server/features/mcp/stdio.ts'], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain(
      'An access token is needed (Profile Settings → Access tokens for AI agents).',
    );
  });
});
