// The MCP server (issue 33): Streamable HTTP at `/mcp` on the app, for AI agents presenting a personal access token
// (`Authorization: Bearer bct_…`, see ./access-tokens.ts).
export const MCP_PATH = '/mcp';
/** Calls per token per minute: every JSON-RPC message counts, each of a batch too, tool calls and listings alike. */
export const MCP_CALLS_PER_MINUTE = 120;
/** The largest JSON-RPC body the endpoint reads. */
export const MAX_MCP_BODY_BYTES = 1024 * 1024;
