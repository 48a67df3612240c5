// Tests only: an AI agent of a signed-in test user, the SDK's own client over Streamable HTTP with a personal access
// token of the given scope, made through the app's API as Profile Settings makes one.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ACCESS_TOKENS_PATH, createAccessTokenResponseSchema } from '../../../common/contracts/access-tokens';
import { DEMO_STORES_PATH, demoStoresResponseSchema } from '../../../common/contracts/demo-stores';
import { jobPath, jobResponseSchema } from '../../../common/contracts/jobs';
import { MCP_PATH } from '../../../common/contracts/mcp';
import { expect } from 'vitest';
import type { TestClient } from '../../test/accounts';
import { waitFor } from '../../test/wait-for';

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

/** A tool's answer as the tests read it: an error flag and the structured content. */
export type ToolAnswer = { isError?: boolean; structuredContent?: Record<string, unknown> };

/** Calls a tool with the SDK's client. */
export const callTool = async (agent: Client, name: string, args: Record<string, unknown>) =>
  (await agent.callTool({ name, arguments: args })) as ToolAnswer;

/** A call to a sandbox store's API through the app (the effect of a write, read back; or a change made by hand). */
export function sandboxStoreApi(
  app: { server: { request: (path: string, init?: RequestInit) => Promise<Response> } },
  demo: () => { storeHash: string; accessToken: string },
) {
  return async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await app.server.request(`/sandbox/stores/${demo().storeHash}${path}`, {
      ...init,
      headers: { 'X-Auth-Token': demo().accessToken, 'Content-Type': 'application/json' },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  };
}

/** The user's own demo store (`sandbox-demo-…`), as an agent names it (`id` its hash). */
export async function demoStoreOf(
  user: TestClient,
): Promise<{ id: string; storeHash: string; accessToken: string; name: string }> {
  const { stores } = demoStoresResponseSchema.parse(await (await user.post(DEMO_STORES_PATH)).json());
  const full = stores.find((one) => one.storeHash.startsWith('sandbox-demo-'))!;
  return { id: full.storeHash, ...full };
}

/** Waits for the user's job to end, answering it as `GET /api/jobs/{id}` does. */
export function jobEndOf(user: () => TestClient) {
  return (id: string) =>
    waitFor(
      async () => {
        const { job } = jobResponseSchema.parse(await (await user().request(jobPath(id))).json());
        return ['done', 'failed', 'cancelled'].includes(job.state) ? job : null;
      },
      { what: `job ${id} to end` },
    );
}
