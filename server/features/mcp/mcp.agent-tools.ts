// The MCP server's own tool (issue 33): `list_stores`, the caller's stores, with the id every other tool takes as
// `storeId` (a cloud store by its Store Manager id, a demo store by its hash).
import { agentTool, type AgentTool } from '../../agent-tools/agent-tools';

const listStoresTool = agentTool({
  name: 'list_stores',
  title: 'List stores',
  description:
    "Your stores: the cloud stores of your Store Manager (id = the Store Manager's id) and your demo stores (id = the store hash). Every other tool takes one of these ids as storeId.",
  access: 'read',
  input: {},
  run: async (_args, context) => ({ stores: await context.stores() }),
});

/** The MCP server's own tool: `list_stores`. */
export function mcpAgentTools(): AgentTool[] {
  return [listStoresTool];
}
