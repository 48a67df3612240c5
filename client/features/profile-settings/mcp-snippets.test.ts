import { describe, expect, it } from 'vitest';
import { authorizationLine, mcpSnippet, TOKEN_PLACEHOLDER } from './mcp-snippets';

const ADDRESS = 'https://tools.example.com/mcp';

describe('mcpSnippet', () => {
  it('gives Claude Code a command with the address and the header, quoted for the shell', () => {
    expect(mcpSnippet('claude-code', ADDRESS, 'bct_abc-DEF_1')).toBe(
      "claude mcp add --transport http bc-toolbox https://tools.example.com/mcp --header 'Authorization: Bearer bct_abc-DEF_1'",
    );
  });

  it('gives Cursor and VS Code the JSON their mcp.json files read', () => {
    expect(JSON.parse(mcpSnippet('cursor', ADDRESS, 'bct_x'))).toEqual({
      mcpServers: { 'bc-toolbox': { url: ADDRESS, headers: { Authorization: 'Bearer bct_x' } } },
    });
    expect(JSON.parse(mcpSnippet('vscode', ADDRESS, 'bct_x'))).toEqual({
      servers: { 'bc-toolbox': { type: 'http', url: ADDRESS, headers: { Authorization: 'Bearer bct_x' } } },
    });
  });

  it('gives other clients the header line, and a placeholder before a token is made', () => {
    expect(mcpSnippet('header', ADDRESS, TOKEN_PLACEHOLDER)).toBe('Authorization: Bearer bct_…');
    expect(authorizationLine('bct_y')).toBe('Authorization: Bearer bct_y');
  });

  it('quotes an address a shell would split', () => {
    expect(mcpSnippet('claude-code', "http://host/it's mcp", 'bct_z')).toBe(
      "claude mcp add --transport http bc-toolbox 'http://host/it'\\''s mcp' --header 'Authorization: Bearer bct_z'",
    );
  });
});
