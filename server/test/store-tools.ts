// Integration-test helpers for the store tools (dump-product, dump-categories, dump-widgets…): their requests over
// HTTP and the app's built-in sandbox store `sandbox-demo` (sandbox README: demo stores).
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { z } from 'zod';
import type { ToolFailure } from '../../common/contracts/tool-result';
import { startTestServer, type DatabaseKind, type TestServer } from './harness';

export type Json = Record<string, unknown>;

/** The demo store as the client sends it in `storeCredentials` (the whole stored object). */
export const DEMO_STORE = {
  id: 'demo-1',
  name: 'Demo',
  storeHash: 'sandbox-demo',
  accessToken: 'demo-token',
  clientId: 'c',
};

/** The app's other built-in sandbox store, `sandbox-empty` (no catalogue, no widgets), as the client sends it. */
export const EMPTY_STORE = {
  ...DEMO_STORE,
  id: 'empty-1',
  storeHash: 'sandbox-empty',
  accessToken: 'empty-token',
};

/** A page of an Import Widgets request: the home page of a channel (1 unless told), `children` in home_below_menu. */
export const homePageImport = (children: unknown[], channelId: unknown = 1) => ({
  template_file: 'pages/home',
  entity_id: null,
  channel_id: channelId,
  regions: [{ name: 'home_below_menu', children }],
});

/** The built-in sandbox stores a test may call directly. */
export type SandboxStoreHash = 'sandbox-demo' | 'sandbox-empty';

/**
 * A call to a sandbox store's BigCommerce API with its token (`body` sent as JSON when given): the status and the
 * JSON answer (`null` when the answer is empty), whatever the status.
 */
export async function storeCall<T = Json>(
  server: TestServer,
  hash: SandboxStoreHash,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await server.request(`/sandbox/stores/${hash}${path}`, {
    method,
    headers: {
      'X-Auth-Token': hash === 'sandbox-demo' ? DEMO_STORE.accessToken : EMPTY_STORE.accessToken,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

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
/** The body of a 200 answer that is not in the tools' envelope (the search routes' `{products}`). */
export function okBody<T>(answer: { status: number; body: unknown }, schema: z.ZodType<T>): T {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  return schema.parse(answer.body);
}

export function toolData<T>(
  answer: { status: number; body: unknown },
  schema: z.ZodType<{ success: true; data: T } | ToolFailure>,
): T {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  const parsed = schema.parse(answer.body);
  if (!parsed.success) throw new Error(parsed.error);
  return parsed.data;
}

/** A call to the sandbox control API of a built-in store: `/reset`, `/settings`, `/stats`. */
export function sandboxControl(
  server: TestServer,
  hash: SandboxStoreHash,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return server.request(`/sandbox/__control/stores/${hash}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A call to the sandbox control API of the demo store: `/reset`, `/settings`, `/stats`. */
export function demoControl(server: TestServer, path: string, init: RequestInit = {}): Promise<Response> {
  return sandboxControl(server, 'sandbox-demo', path, init);
}

/**
 * A built-in store back to its generated data; with `settings`, those control settings on top (a large `quota`, so
 * that only the faults a test asks for happen).
 */
export async function resetSandboxStore(
  server: TestServer,
  hash: SandboxStoreHash,
  settings?: Json,
): Promise<void> {
  await sandboxControl(server, hash, '/reset', { method: 'POST' });
  if (settings)
    await sandboxControl(server, hash, '/settings', { method: 'PUT', body: JSON.stringify(settings) });
}

/** The demo store back to its generated data, with the control `settings` on top (see resetSandboxStore). */
export function resetDemoStore(server: TestServer, settings?: Json): Promise<void> {
  return resetSandboxStore(server, 'sandbox-demo', settings);
}

/** GET on the demo store's BigCommerce API through the sandbox, with its token: the JSON answer (must be a 200). */
export async function demoGet<T = Json>(server: TestServer, path: string): Promise<T> {
  const res = await server.request(`/sandbox/stores/sandbox-demo${path}`, {
    headers: { 'X-Auth-Token': 'demo-token', Accept: 'application/json' },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/**
 * The app for one store tool's tests on one database kind: started before them, stopped after, the demo store reset
 * before each test (with `settings` on top, a large quota by default, so that only the faults a test asks for
 * happen). `server` is the running app once the tests run.
 */
export function useToolTestServer(
  kind: DatabaseKind,
  settings: Json | undefined = { quota: 100_000 },
  /** The app's environment on top of the tests' (e.g. `SNAPSHOT_PAGE_PROBES`). */
  env: Record<string, string> = {},
) {
  let running: TestServer | undefined;
  const current = (): TestServer => {
    if (!running) throw new Error('the test server is not started yet');
    return running;
  };
  beforeAll(async () => {
    running = await startTestServer(kind, env);
  });
  afterAll(async () => {
    await running?.stop();
  });
  beforeEach(async () => {
    await resetDemoStore(current(), settings);
  });
  return {
    get server() {
      return current();
    },
    /** GET on the demo store's API through the sandbox (must answer 200). */
    sandbox: <T = Json>(path: string) => demoGet<T>(current(), path),
    /** The demo store's control API: `/reset`, `/settings`, `/stats`. */
    control: (path: string, init?: RequestInit) => demoControl(current(), path, init),
    post: (path: string, body: unknown, headers?: Record<string, string>) =>
      postJson(current(), path, body, headers),
  };
}
