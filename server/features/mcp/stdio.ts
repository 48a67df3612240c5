// `npm run mcp -- --token bct_… [--url http://localhost:3000]` (issue 33): the MCP server for desktop clients that
// start a command and talk to it on stdio. It holds no tool of its own: every message goes to a running app's `/mcp`
// with the token, and every answer comes back, so the app's rules (the token's owner, scope and rate limit) apply.
// The token may also come from BCT_TOKEN (kept out of the process list), the address from BCT_URL.
import { parseArgs } from 'node:util';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MCP_PATH } from '../../../common/contracts/mcp';

const USAGE = 'Usage: npm run mcp -- --token bct_… [--url http://localhost:3000] (or BCT_TOKEN, BCT_URL)';

function options(): { token: string; url: URL } | string {
  let values: { token?: string | undefined; url?: string | undefined };
  try {
    ({ values } = parseArgs({ options: { token: { type: 'string' }, url: { type: 'string' } } }));
  } catch (error) {
    return `${error instanceof Error ? error.message : String(error)}\n${USAGE}`;
  }
  const token = values.token ?? process.env.BCT_TOKEN;
  if (!token) return `An access token is needed (Profile Settings → Access tokens for AI agents).\n${USAGE}`;
  const base = values.url ?? process.env.BCT_URL ?? 'http://localhost:3000';
  try {
    return { token, url: new URL(MCP_PATH, base) };
  } catch {
    return `Not an address: ${base}\n${USAGE}`;
  }
}

async function main(): Promise<void> {
  const chosen = options();
  if (typeof chosen === 'string') {
    process.stderr.write(`${chosen}\n`);
    process.exit(2);
  }
  const app = new StreamableHTTPClientTransport(chosen.url, {
    requestInit: { headers: { Authorization: `Bearer ${chosen.token}` } },
  });
  const desktop = new StdioServerTransport();
  app.onmessage = (message) => void desktop.send(message);
  app.onerror = (error) => process.stderr.write(`bc-toolbox mcp: ${error.message}\n`);
  desktop.onmessage = (message: JSONRPCMessage) => {
    app.send(message).catch((error: unknown) => {
      const text = error instanceof Error ? error.message : String(error);
      process.stderr.write(`bc-toolbox mcp: ${chosen.url.href}: ${text}\n`);
      // A request the app never answered still gets an answer, so the desktop client does not wait forever.
      if (isJSONRPCRequest(message)) {
        void desktop.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32000, message: `BC Toolbox at ${chosen.url.origin} did not answer: ${text}` },
        });
      }
    });
  };
  desktop.onclose = () => void app.close().finally(() => process.exit(0));
  await app.start();
  await desktop.start();
}

await main();
