// The MCP server of one request (issue 33): the registry's tools, listed with their JSON Schema and called with the
// app's own validation and messages. A failure is a tool result with `isError` and the app's message (never a
// protocol error, never a stack); a write asked with a read-only token is refused the same way.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import type { AccessTokenScope } from '../../../common/contracts/access-tokens';
import { ERROR_CODES } from '../../../common/errors';
import { APP_VERSION } from '../../../common/version';
import { AGENT_DUMP_TTL_MS, type AgentDumpLink, type AgentDumpStore } from '../../agent-tools/agent-dumps';
import { toolInputJsonSchema, type AgentTool, type AgentToolContext } from '../../agent-tools/agent-tools';
import { AppError, failureOf, inputError } from '../../errors';
import type { Logger } from '../../logger';
import { argumentsProblem } from './mcp-guards';

export type McpCaller = {
  scope: AccessTokenScope;
  context: Omit<AgentToolContext, 'signal' | 'keepDump'>;
  /** Where the dump tools keep their whole dumps, read back as resources by the caller. */
  dumps: AgentDumpStore;
};

/** JSON-RPC's "resource not found" (the MCP specification's Resources page). */
const RESOURCE_NOT_FOUND = -32002;

export function createMcpServer(
  tools: ReadonlyMap<string, AgentTool>,
  caller: McpCaller,
  logger: Logger,
): Server {
  const server = new Server(
    { name: 'bc-toolbox', title: 'BC Toolbox', version: APP_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: `Tools over your BigCommerce stores. Call list_stores first: every other tool takes a storeId from it. Writes answer a preview and a confirmation first, and run only when called again with it. A dump tool answers a summary and links its whole dump (fullDump.uri, kept ${AGENT_DUMP_TTL_MS / 60_000} minutes) as a resource to read when you need all of it.`,
    },
  );
  // A read-only token is shown only the tools it may call, as github-mcp-server offers only its read tools in read-only
  // mode (`--read-only`, or the `X-MCP-Readonly` header: its docs/server-configuration.md): a model should not be
  // offered what it will be refused (issue 41). A write called by name anyway is still refused below.
  const offered = [...tools.values()].filter((tool) => tool.access === 'read' || caller.scope === 'write');
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: offered.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: toolInputJsonSchema(tool),
      annotations: { title: tool.title, readOnlyHint: tool.access === 'read', openWorldHint: true },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    try {
      const tool = tools.get(request.params.name);
      if (!tool) throw new AppError(ERROR_CODES.notFound, `No tool named ${request.params.name}`);
      if (tool.access === 'write' && caller.scope !== 'write') {
        throw new AppError(
          ERROR_CODES.accessTokenReadOnly,
          'This access token can only read. Create one with the write scope to make changes.',
        );
      }
      const refused = argumentsProblem(request.params.arguments);
      if (refused) throw refused;
      const parsed = z.object(tool.input).safeParse(request.params.arguments ?? {});
      if (!parsed.success) throw inputError(parsed.error);
      // Every BigCommerce request of a dump listens to the signal: more than Node's warning threshold of 10.
      setMaxListeners(1000, extra.signal);
      const kept: AgentDumpLink[] = [];
      const result = await tool.run(parsed.data, {
        ...caller.context,
        signal: extra.signal,
        keepDump: async (dump) => {
          const link = await caller.dumps.keep(caller.context.userId, dump);
          if (link.uri !== null) kept.push(link);
          return link;
        },
      });
      return {
        content: [
          { type: 'text', text: JSON.stringify(result) },
          ...kept.map((link) => ({
            type: 'resource_link' as const,
            uri: link.uri,
            name: link.name,
            description: link.description,
            mimeType: link.mimeType,
            size: link.bytes,
          })),
        ],
        structuredContent: result,
      };
    } catch (error) {
      const failure = failureOf(error, logger, undefined, extra.signal.aborted);
      return {
        isError: true,
        content: [{ type: 'text', text: failure.message }],
        structuredContent: { error: failure.message, code: failure.code },
      };
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: (await caller.dumps.list(caller.context.userId)).map((link) => ({
      uri: link.uri,
      name: link.name,
      description: `${link.description} (until ${link.expiresAt})`,
      mimeType: link.mimeType,
      size: link.bytes,
    })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const dump = await caller.dumps.read(caller.context.userId, request.params.uri);
    if (!dump) {
      throw new McpError(
        RESOURCE_NOT_FOUND,
        `No dump at ${request.params.uri.slice(0, 200)}: it expired (dumps are kept ${AGENT_DUMP_TTL_MS / 60_000} minutes) or is not yours. Call the dump tool again.`,
        { uri: request.params.uri.slice(0, 200) },
      );
    }
    return { contents: [{ uri: dump.uri, mimeType: dump.mimeType, text: dump.text }] };
  });
  return server;
}
