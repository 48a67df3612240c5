// The tools the toolbox offers AI agents (issue 33): one registry, so a tool defined once serves the MCP server (and,
// next, the in-app AI Assistant). A feature defines its tools beside its routes, with the contract's fields as the
// input; the composition root (server/services.ts) gathers them; this platform piece imports no feature.
//
// A tool's arguments are its API body with `storeId` in place of the credentials: the context resolves a store id to
// the caller's own store (a cloud store by its Store Manager id, or one of the caller's demo stores by its hash), so a
// token never reaches another user's store.
import { z } from 'zod';
import type { StoreCredentials } from '../../common/contracts/stores';
import type { BigCommerceClient } from '../integrations/bigcommerce';
import type { AgentDumpInput, AgentDumpLink, AgentDumpRefusal } from './agent-dumps';

/** One of the caller's stores as a tool lists it: the id to pass as `storeId`, its name and hash. */
export type AgentStore = { id: string; name: string; storeHash: string };

export type AgentToolContext = {
  /** The caller's user id. */
  userId: string;
  /** The caller's stores (cloud stores first, then their demo stores). */
  stores(): Promise<AgentStore[]>;
  /** The credentials of one of the caller's stores; a `store_not_found` AppError for any other id. */
  credentials(storeId: string): Promise<StoreCredentials>;
  /** The store's BigCommerce client, sharing the store's scheduler fairly with the app's other callers. */
  client(credentials: StoreCredentials): BigCommerceClient;
  /** Aborts when the caller goes away. */
  signal: AbortSignal;
  /**
   * Keeps a tool's whole dump for the caller and answers its link (over MCP a resource the agent reads when it needs
   * all of it; server/agent-tools/agent-dumps.ts), or why it was not kept. Absent where nothing is kept (the in-app AI
   * Assistant): the tool then answers without a link.
   */
  keepDump?: (dump: AgentDumpInput) => Promise<AgentDumpLink | AgentDumpRefusal>;
};

export type AgentToolAccess = 'read' | 'write';

export type AgentTool<Shape extends z.ZodRawShape = z.ZodRawShape> = {
  /** snake_case, as the issue names it (`dump_product`). */
  name: string;
  title: string;
  description: string;
  access: AgentToolAccess;
  /** The arguments' fields (zod), shown to the agent as JSON Schema. */
  input: Shape;
  /** The structured result (a plain object); a failure is thrown as an AppError or a BigCommerceError. */
  run(args: z.infer<z.ZodObject<Shape>>, context: AgentToolContext): Promise<Record<string, unknown>>;
};

/** Types a tool's definition (the arguments' type follows its `input`). */
export function agentTool<Shape extends z.ZodRawShape>(tool: AgentTool<Shape>): AgentTool {
  return tool;
}

/** The registry: every tool once, by name (a second tool of the same name is a programming error). */
export function agentToolRegistry(tools: readonly AgentTool[]): ReadonlyMap<string, AgentTool> {
  const byName = new Map<string, AgentTool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new Error(`Two agent tools are named ${tool.name}`);
    byName.set(tool.name, tool);
  }
  return byName;
}

/** A tool's arguments as agents are shown them: the JSON Schema of its input. */
export function toolInputJsonSchema(tool: AgentTool): {
  type: 'object';
  properties?: Record<string, object>;
} {
  return z.toJSONSchema(z.object(tool.input), { io: 'input' }) as {
    type: 'object';
    properties?: Record<string, object>;
  };
}
