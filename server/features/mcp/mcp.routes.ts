// `/mcp` (issue 33): the MCP server over Streamable HTTP, stateless (every request is answered on its own, so any
// instance behind a load balancer answers any request). A personal access token is the only way in (`Authorization:
// Bearer bct_…`); each token has its own rate limit, counted in the database per JSON-RPC call (a batch of 100 takes
// 100); the token reaches only its owner's cloud stores and demo stores. A browser page of another origin is refused,
// and a NUL or a nesting past 64 levels is refused as `/api` refuses it (./mcp-guards.ts, issue 41).
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono } from 'hono';
import { MAX_MCP_BODY_BYTES, MCP_CALLS_PER_MINUTE, MCP_PATH } from '../../../common/contracts/mcp';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import {
  agentToolRegistry,
  type AgentStore,
  type AgentTool,
  type AgentToolContext,
} from '../../agent-tools/agent-tools';
import type { AgentDumpStore } from '../../agent-tools/agent-dumps';
import type { Db } from '../../db/database';
import { AppError, errorResponse } from '../../errors';
import type { BigCommerceClientFactory } from '../../integrations/bigcommerce';
import type { Logger } from '../../logger';
import type { AccessTokenRepository, TokenOwner } from '../auth/access-tokens';
import { createAttemptCounter } from '../auth/attempts';
import { callsIn, envelopeProblem, isForeignOrigin, readBoundedBody } from './mcp-guards';
import { createMcpServer } from './mcp-server';

/** What the MCP routes need of the app: the tokens, the caller's stores, the clients and the tools. */
export type McpRoutesDeps = {
  db: Db;
  logger: Logger;
  getAccessTokens: () => Promise<AccessTokenRepository>;
  /** The user's cloud stores (credentials unsealed) and demo stores. */
  storesOf: (
    userId: string,
  ) => Promise<{ cloud: (StoreCredentials & { id: string; name: string })[]; demo: StoreCredentials[] }>;
  clients: BigCommerceClientFactory;
  /** Every agent tool, `list_stores` (./mcp.agent-tools.ts) among them (server/agent-tool-list.ts). */
  tools: readonly AgentTool[];
  /** The whole dumps the dump tools keep, read back as MCP resources. */
  dumps: AgentDumpStore;
  /** The app's public address: the one browser origin allowed besides a loopback one. */
  publicUrl: string;
};

const BEARER = /^Bearer\s+(\S+)$/i;

export function mcpRoutes(deps: McpRoutesDeps): Hono {
  const logger = deps.logger.child({ component: 'mcp' });
  const tools = agentToolRegistry(deps.tools);
  const calls = createAttemptCounter(deps.db, { limit: MCP_CALLS_PER_MINUTE, windowSeconds: 60 });
  const publicOrigin = new URL(deps.publicUrl).origin;
  const jsonRpcError = (status: 400 | 403 | 413, code: number, message: string) =>
    new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  const contextOf = (owner: TokenOwner): Omit<AgentToolContext, 'signal' | 'keepDump'> => {
    let loaded: ReturnType<McpRoutesDeps['storesOf']> | undefined;
    const stores = () => (loaded ??= deps.storesOf(owner.userId));
    return {
      userId: owner.userId,
      async stores(): Promise<AgentStore[]> {
        const { cloud, demo } = await stores();
        return [
          ...cloud.map((store) => ({ id: store.id, name: store.name, storeHash: store.storeHash })),
          ...demo.map((store) => ({
            id: store.storeHash,
            name: store.name ?? store.storeHash,
            storeHash: store.storeHash,
          })),
        ];
      },
      async credentials(storeId) {
        const { cloud, demo } = await stores();
        const found =
          cloud.find((store) => store.id === storeId) ?? demo.find((store) => store.storeHash === storeId);
        if (!found) {
          throw new AppError(
            ERROR_CODES.storeNotFound,
            `No store with the id "${storeId.slice(0, 200)}" among your stores. Call list_stores for their ids.`,
          );
        }
        return found;
      },
      client: (credentials) => deps.clients.forStore(credentials, { caller: `mcp:${owner.tokenId}` }),
    };
  };

  return new Hono()
    .on(['GET', 'DELETE'], MCP_PATH, (c) => {
      // Stateless: no session to end (DELETE) and no stream kept open for the server's own messages (GET), so a
      // token cannot hold connections open; the SDK's clients take 405 as "not offered" and go on with POST alone.
      c.header('Allow', 'POST');
      return c.json(
        {
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Method not allowed: this MCP server answers POST only' },
          id: null,
        },
        405,
      );
    })
    .post(MCP_PATH, async (c) => {
      const origin = c.req.header('origin');
      if (isForeignOrigin(origin, c.req.url, publicOrigin)) {
        return errorResponse(
          c,
          ERROR_CODES.csrf,
          `Requests from the page at ${origin?.slice(0, 200)} are refused: /mcp serves AI agents' clients, not other sites' pages.`,
        );
      }
      const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
      const owner = token ? await (await deps.getAccessTokens()).verify(token) : undefined;
      if (!owner) {
        c.header('WWW-Authenticate', 'Bearer realm="bc-toolbox"');
        return errorResponse(
          c,
          ERROR_CODES.accessTokenInvalid,
          'The access token is missing, unknown, revoked or expired. Create one in Profile Settings.',
        );
      }
      // Read once here (the transport is handed the parsed body): how many calls it holds is what the limit counts.
      const read = await readBoundedBody(c.req.raw, MAX_MCP_BODY_BYTES);
      if (read.tooLarge) {
        return jsonRpcError(
          413,
          -32000,
          `The request body is larger than ${MAX_MCP_BODY_BYTES / 1024 / 1024} MB`,
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(read.text);
      } catch {
        return jsonRpcError(400, -32700, 'Parse error: the request body is not valid JSON');
      }
      const wait = await calls.take(`mcp:${owner.tokenId}`, callsIn(body));
      if (wait !== null) {
        c.header('Retry-After', String(wait));
        return errorResponse(
          c,
          ERROR_CODES.tooManyRequests,
          `Too many calls with this access token (${MCP_CALLS_PER_MINUTE} a minute). Please try again in ${wait} seconds.`,
        );
      }
      // JSON-RPC "invalid params": a NUL (PostgreSQL cannot store one) or a nesting past 64 levels outside a tool's
      // arguments; in a tool's arguments the tool answers it as a tool error (mcp-server.ts).
      const problem = envelopeProblem(body);
      if (problem !== undefined) return jsonRpcError(400, -32602, problem);
      const server = createMcpServer(
        tools,
        { scope: owner.scope, context: contextOf(owner), dumps: deps.dumps },
        logger,
      );
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        maxRequestBodySize: MAX_MCP_BODY_BYTES,
      });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw, { parsedBody: body });
      } finally {
        // Stateless: nothing outlives the answer (a JSON answer is complete when handleRequest resolves).
        void server.close();
      }
    });
}
