// Integration-test helpers for the store tools (dump-product, dump-categories, dump-widgets…): their requests over
// HTTP and the app's built-in sandbox store `sandbox-demo` (sandbox README: demo stores).
import { expect } from 'vitest';
import type { z } from 'zod';
import type { ToolFailure } from '../../common/contracts/tool-result';
import type { TestServer } from './harness';

export type Json = Record<string, unknown>;

/** The demo store as the client sends it in `storeCredentials` (the whole stored object). */
export const DEMO_STORE = {
  id: 'demo-1',
  name: 'Demo',
  storeHash: 'sandbox-demo',
  accessToken: 'demo-token',
  clientId: 'c',
};

/** POSTs `body` as JSON: the status and the JSON answer. */
export async function postJson(
  server: TestServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  const res = await server.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** The `data` of a tool's 200 success answer, read with the tool's response contract; anything else fails. */
export function toolData<T>(
  answer: { status: number; body: unknown },
  schema: z.ZodType<{ success: true; data: T } | ToolFailure>,
): T {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  const parsed = schema.parse(answer.body);
  if (!parsed.success) throw new Error(parsed.error);
  return parsed.data;
}

/** A call to the sandbox control API of the demo store: `/reset`, `/settings`, `/stats`. */
export function demoControl(server: TestServer, path: string, init: RequestInit = {}): Promise<Response> {
  return server.request(`/sandbox/__control/stores/sandbox-demo${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The demo store back to its generated data; with `settings`, those control settings on top (a large `quota`, so that
 * only the faults a test asks for happen).
 */
export async function resetDemoStore(server: TestServer, settings?: Json): Promise<void> {
  await demoControl(server, '/reset', { method: 'POST' });
  if (settings) await demoControl(server, '/settings', { method: 'PUT', body: JSON.stringify(settings) });
}

/** GET on the demo store's BigCommerce API through the sandbox, with its token: the JSON answer (must be a 200). */
export async function demoGet<T = Json>(server: TestServer, path: string): Promise<T> {
  const res = await server.request(`/sandbox/stores/sandbox-demo${path}`, {
    headers: { 'X-Auth-Token': 'demo-token', Accept: 'application/json' },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}
