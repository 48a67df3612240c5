// Tests only: an AI agent of a signed-in test user, the SDK's own client over Streamable HTTP with a personal access
// token of the given scope, made through the app's API as Profile Settings makes one.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ACCESS_TOKENS_PATH, createAccessTokenResponseSchema } from '../../../common/contracts/access-tokens';
import { MCP_PATH } from '../../../common/contracts/mcp';
import type { TestClient } from '../../test/accounts';

export async function connectTestAgent(
  appUrl: string,
  client: TestClient,
  scope: 'read' | 'write' = 'read',
): Promise<Client> {
  const created = await client.post(ACCESS_TOKENS_PATH, { name: `agent ${scope}`, scope });
  const { token } = createAccessTokenResponseSchema.parse(await created.json());
  const agent = new Client({ name: 'bct-test', version: '1.0.0' });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(`${appUrl}${MCP_PATH}`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return agent;
}
