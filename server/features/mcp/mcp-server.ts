// The MCP server of one request (issue 33): the registry's tools, listed with their JSON Schema and called with the
// app's own validation and messages. A failure is a tool result with `isError` and the app's message (never a
// protocol error, never a stack); a write asked with a read-only token is refused the same way.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import type { AccessTokenScope } from '../../../common/contracts/access-tokens';
import { ERROR_CODES } from '../../../common/errors';
import { APP_VERSION } from '../../../common/version';
import type { AgentTool, AgentToolContext } from '../../agent-tools/agent-tools';
import { AppError, failureOf, inputError } from '../../errors';
import type { Logger } from '../../logger';

export type McpCaller = { scope: AccessTokenScope; context: Omit<AgentToolContext, 'signal'> };

export function createMcpServer(
  tools: ReadonlyMap<string, AgentTool>,
  caller: McpCaller,
  logger: Logger,
): Server {
  const server = new Server(
    { name: 'bc-toolbox', title: 'BC Toolbox', version: APP_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        'Tools over your BigCommerce stores. Call list_stores first: every other tool takes a storeId from it. Writes answer a preview and a confirmation first, and run only when called again with it.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools.values()].map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(z.object(tool.input), { io: 'input' }) as {
        type: 'object';
        properties?: Record<string, object>;
      },
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
      const parsed = z.object(tool.input).safeParse(request.params.arguments ?? {});
      if (!parsed.success) throw inputError(parsed.error);
      // Every BigCommerce request of a dump listens to the signal: more than Node's warning threshold of 10.
      setMaxListeners(1000, extra.signal);
      const result = await tool.run(parsed.data, { ...caller.context, signal: extra.signal });
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (error) {
      const failure = failureOf(error, logger, undefined, extra.signal.aborted);
      return {
        isError: true,
        content: [{ type: 'text', text: failure.message }],
        structuredContent: { error: failure.message, code: failure.code },
      };
    }
  });
  return server;
}
