// The configuration an MCP client needs to reach this app (issue 44): the README's snippets for Claude Code, Cursor
// and VS Code, with the app's own address and the caller's token (or a placeholder before one is made).

export const MCP_CLIENTS = ['claude-code', 'cursor', 'vscode', 'header'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** What stands for the token in a snippet before one is made (a token starts with `bct_`). */
export const TOKEN_PLACEHOLDER = 'bct_…';

/** The header every client sends. */
export function authorizationLine(token: string): string {
  return `Authorization: Bearer ${token}`;
}

/** A value for a POSIX shell, single-quoted when it holds anything but the safe characters. */
function shellWord(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The text to paste for `client`: a command (Claude Code), a JSON file (Cursor, VS Code) or the header alone. */
export function mcpSnippet(client: McpClient, address: string, token: string): string {
  const headers = { Authorization: `Bearer ${token}` };
  switch (client) {
    case 'claude-code':
      return `claude mcp add --transport http bc-toolbox ${shellWord(address)} --header ${shellWord(authorizationLine(token))}`;
    case 'cursor':
      return JSON.stringify({ mcpServers: { 'bc-toolbox': { url: address, headers } } }, null, 2);
    case 'vscode':
      return JSON.stringify({ servers: { 'bc-toolbox': { type: 'http', url: address, headers } } }, null, 2);
    case 'header':
      return authorizationLine(token);
  }
}
