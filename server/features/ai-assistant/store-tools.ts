// The model's tools over the store the user picked in the chat (issue 18; one registry since issue 33): the agent-tool
// registry's read tools that take a `storeId` (server/agent-tools/, the same definitions and input schemas the MCP
// server offers), so a tool added once appears in both. The picked store is the only one they reach: `storeId` is
// left out of the schema the model sees and filled in with it, and the context resolves no other store. Nothing that
// writes is ever given to the model. They go through the same BigCommerce client and scheduler as every tool (sharing
// the store's quota fairly). Each answer is a JSON text of at most MAX_TOOL_OUTPUT_CHARS; a failure is answered as
// `{error, code}` with the app's message, which the model can read and explain.
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import type { AgentTool, AgentToolContext } from '../../agent-tools/agent-tools';
import { AppError, failureOf, inputError } from '../../errors';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import type { Logger } from '../../logger';

export const MAX_TOOL_OUTPUT_CHARS = 6_000;

/** The registry's tools the assistant is given: those that only read and take a store. */
export function storeReadTools(tools: Iterable<AgentTool>): AgentTool[] {
  return [...tools].filter((one) => one.access === 'read' && 'storeId' in one.input);
}

export type PickedStore = {
  userId: string;
  credentials: StoreCredentials;
  /** The picked store's client (its scheduler shared with the app's other callers). */
  client: BigCommerceClient;
  signal: AbortSignal;
  logger: Logger;
};

/** The registry's context for the picked store: it is the caller's only store, by its hash. */
function pickedStoreContext(picked: PickedStore): AgentToolContext {
  const { storeHash } = picked.credentials;
  return {
    userId: picked.userId,
    stores: () => Promise.resolve([{ id: storeHash, name: picked.credentials.name ?? storeHash, storeHash }]),
    credentials: (storeId) =>
      storeId === storeHash
        ? Promise.resolve(picked.credentials)
        : Promise.reject(
            new AppError(ERROR_CODES.storeNotFound, 'Only the store picked in the chat can be read'),
          ),
    client: () => picked.client,
    signal: picked.signal,
  };
}

/** The Vercel AI SDK tools of the registry's store read tools, over the store picked in the chat. */
export function createStoreTools(tools: Iterable<AgentTool>, picked: PickedStore): ToolSet {
  const context = pickedStoreContext(picked);
  const set: ToolSet = {};
  for (const agentTool of storeReadTools(tools)) {
    set[agentTool.name] = tool({
      description: agentTool.description,
      inputSchema: z.object(agentTool.input).omit({ storeId: true }),
      execute: async (args: Record<string, unknown>) => {
        try {
          const parsed = z
            .object(agentTool.input)
            .safeParse({ ...args, storeId: picked.credentials.storeHash });
          if (!parsed.success) throw inputError(parsed.error);
          return bounded(await agentTool.run(parsed.data, context));
        } catch (error) {
          const failure = failureOf(error, picked.logger, undefined, picked.signal.aborted);
          return bounded({ error: failure.message, code: failure.code });
        }
      },
    });
  }
  return set;
}

/** A tool's answer as JSON, cut to MAX_TOOL_OUTPUT_CHARS (the model is told when it was cut). */
export function bounded(value: object): string {
  const text = JSON.stringify(value);
  if (text.length <= MAX_TOOL_OUTPUT_CHARS) return text;
  return `${text.slice(0, MAX_TOOL_OUTPUT_CHARS)}… (cut: the answer was ${text.length} characters)`;
}
